import type { RouterOutputs } from "../../../../lib/trpc";

/** A hard ticket as `hardTickets.lookup` answers (event, date, place, category, price, state). */
export type HardTicket = RouterOutputs["hardTickets"]["lookup"];
export type RangeResult = RouterOutputs["hardTickets"]["activateRange"];

/** A ticket's state as the page names it. */
export type TicketState = "inactive" | "active" | "voided" | "cancelled";

export function ticketState(ticket: Pick<HardTicket, "activatedAt" | "voided" | "cancelled">): TicketState {
  if (ticket.voided) return "voided";
  if (ticket.cancelled) return "cancelled";
  return ticket.activatedAt ? "active" : "inactive";
}

/**
 * What the last action gave, shown green, yellow or red: activated now (green), active already
 * (yellow), looked up only (its state: inactive neutral, active green, voided or cancelled red),
 * a range activated, or a refusal (red, its translated message).
 */
export type Outcome =
  | { kind: "activated"; ticket: HardTicket }
  | { kind: "already"; ticket: HardTicket }
  | { kind: "looked"; ticket: HardTicket }
  | { kind: "range"; result: RangeResult; first: HardTicket; last: HardTicket }
  | { kind: "error"; message: string; code: string | null };

export type OutcomeColour = "green" | "yellow" | "red" | "gray";

export function outcomeColour(outcome: Outcome): OutcomeColour {
  switch (outcome.kind) {
    case "activated":
      return "green";
    case "already":
      return "yellow";
    case "range":
      return outcome.result.activated > 0 ? "green" : "yellow";
    case "error":
      return "red";
    case "looked": {
      const state = ticketState(outcome.ticket);
      return state === "active" ? "green" : state === "inactive" ? "gray" : "red";
    }
  }
}

/** The ticket's position in its run: the number after the order number of its reference ("K7M2-X9QD-12" → 12). */
export function positionOf(reference: string): number | null {
  const m = /-(\d{1,4})$/.exec(reference.trim());
  return m ? Number(m[1]) : null;
}

/** How many tickets a range from `first` to `last` (either order) holds, or null for two runs. */
export function rangeSize(first: Pick<HardTicket, "runId" | "reference">, last: Pick<HardTicket, "runId" | "reference">): number | null {
  if (first.runId !== last.runId) return null;
  const a = positionOf(first.reference);
  const b = positionOf(last.reference);
  if (a === null || b === null) return null;
  return Math.abs(a - b) + 1;
}
