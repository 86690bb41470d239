import { Route, Switch } from "wouter";
import { AreaNotFound } from "../../../layout/AreaShell/AreaNotFound";
import { AllocationDatePage, AllocationsPage } from "./allocations";
import { ResellersList } from "./list";
import { EditResellerPage, NewResellerPage } from "./reseller-form";

/**
 * /dashboard/resellers/* (owner only, issue 21): the resellers, their form, and the allocations
 * of seats and places to them per event date.
 */
export default function ResellersArea() {
  return (
    <Switch>
      <Route path="/" component={ResellersList} />
      <Route path="/new" component={NewResellerPage} />
      <Route path="/allocations" component={AllocationsPage} />
      <Route path="/allocations/:eventDateId">{(params) => <AllocationDatePage eventDateId={params.eventDateId} />}</Route>
      <Route path="/:id">{(params) => <EditResellerPage key={params.id} id={params.id} />}</Route>
      <Route component={AreaNotFound} />
    </Switch>
  );
}
