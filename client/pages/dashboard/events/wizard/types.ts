import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../server/trpc/router";

export type EventDetail = inferRouterOutputs<AppRouter>["events"]["get"];
export type WizardKind = "event" | "season";

/** What the wizard hands every step. */
export type StepProps = {
  kind: WizardKind;
  /** The saved event; null only on step 1 of a new event. */
  detail: EventDetail | null;
  /** Tell the wizard whether the step has unsaved changes (leave and back guards). */
  onDirtyChange: (dirty: boolean) => void;
  /** After a successful save: `close` returns to the list, otherwise the wizard moves on. */
  onSaved: (result: { eventId: string; close: boolean }) => void;
  /** Goes to the previous step (the wizard asks first when there are unsaved changes). */
  onBack?: (() => void) | undefined;
};
