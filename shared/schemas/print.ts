import { z } from "zod";
import { V } from "./messages";
import { text } from "./text";

/**
 * Print runs of hard tickets (issue 20, decision 021): the organiser picks a date, a ticket
 * category and either a number of tickets (seats chosen best available, or counted places) or
 * the seats themselves on the plan.
 */

/** The most tickets one print run makes (one PDF page each). */
export const MAX_PRINT_RUN_TICKETS = 500;

const count = z.number(V.number).int(V.number).min(1, V.number).max(MAX_PRINT_RUN_TICKETS, V.number);

export const ZCreatePrintRunInput = z
  .object({
    /** Random per form: a double click or a retry after a lost answer makes one run (the run it made is returned). */
    idempotencyKey: text().min(16).max(100),
    scopeId: z.uuid(),
    ticketCategoryId: z.uuid(),
    /** How many tickets (seated categories: the best available seats). */
    count: count.optional(),
    /** Exactly these seats (picked on the plan); a category of N seats per ticket takes them N at a time. */
    seatKeys: z.array(text().min(1).max(60)).min(1, V.required).max(MAX_PRINT_RUN_TICKETS, V.maxLength).optional(),
  })
  .superRefine((input, ctx) => {
    // Exactly one of the two: a number, or the seats.
    if ((input.count === undefined) === (input.seatKeys === undefined)) {
      ctx.addIssue({ code: "custom", message: V.required, path: [input.seatKeys === undefined ? "count" : "seatKeys"] });
    }
  });
export type CreatePrintRunInput = z.input<typeof ZCreatePrintRunInput>;

export const ZPrintScopeRef = z.object({ scopeId: z.uuid() });
export const ZPrintRunRef = z.object({ runId: z.uuid() });
export const ZPrintRunsInput = z.object({ eventId: z.uuid().optional() }).default({});

/** The PDF of a run's tickets (DIN long, one ticket per page); GET it again to reprint (same codes). */
export function printRunPdfUrl(runId: string): string {
  return `/api/print/runs/${runId}/tickets.pdf`;
}
