import { Route, Switch, useParams } from "wouter";
import { EventDashboard, EventPreviewPage } from "./detail";
import { EventList } from "./list";
import { EventSeatsPage } from "./seats";
import { EventWizard } from "./wizard";
import type { WizardKind } from "./wizard/types";

function Wizard({ kind }: { kind: WizardKind }) {
  const { id, step } = useParams<{ id?: string; step?: string }>();
  return <EventWizard kind={kind} eventId={id ?? null} step={Number(step ?? 1) || 1} />;
}

function Dashboard({ kind }: { kind: WizardKind }) {
  const { id = "" } = useParams<{ id: string }>();
  return <EventDashboard kind={kind} id={id} />;
}

function Seats() {
  const { id = "", dateId } = useParams<{ id: string; dateId?: string }>();
  return <EventSeatsPage eventId={id} dateId={dateId ?? null} />;
}

function Preview({ kind }: { kind: WizardKind }) {
  const { id = "" } = useParams<{ id: string }>();
  return <EventPreviewPage kind={kind} id={id} />;
}

/** /dashboard/events/* and /dashboard/seasons/*. */
export default function EventsArea({ kind }: { kind: WizardKind }) {
  return (
    <Switch>
      <Route path="/">
        <EventList kind={kind} />
      </Route>
      <Route path="/new">
        <Wizard kind={kind} />
      </Route>
      <Route path="/:id/edit/:step?">
        <Wizard kind={kind} />
      </Route>
      <Route path="/:id/seats/:dateId?">
        <Seats />
      </Route>
      <Route path="/:id/preview">
        <Preview kind={kind} />
      </Route>
      <Route path="/:id">
        <Dashboard kind={kind} />
      </Route>
    </Switch>
  );
}
