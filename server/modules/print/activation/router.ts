import { ZHardTicketActivate, ZHardTicketLookup, ZHardTicketRange } from "../../../../shared/schemas/print-activation";
import { organiserProcedure, router } from "../../../trpc/init";
import { activateHardTicket, activateHardTicketRange, lookupHardTicket } from "./activate";

/**
 * Activation of printed hard tickets (issue 20, decision 021; SPEC §6 printAreaAccess): look a
 * ticket up by its scanned code or typed reference, activate it (optionally sold, with the
 * payment method and price), or activate a run's tickets from a first to a last one. Only the
 * caller's organiser's hard tickets: anything else is HARD_TICKET_NOT_FOUND.
 */
const printArea = organiserProcedure("printAreaAccess");

export const hardTicketsRouter = router({
  lookup: printArea.input(ZHardTicketLookup).query(({ ctx, input }) => lookupHardTicket(ctx, { id: ctx.user.id, organiserId: ctx.organiserId }, input)),
  activate: printArea.input(ZHardTicketActivate).mutation(({ ctx, input }) => activateHardTicket(ctx, { id: ctx.user.id, organiserId: ctx.organiserId }, input)),
  activateRange: printArea.input(ZHardTicketRange).mutation(({ ctx, input }) => activateHardTicketRange(ctx, { id: ctx.user.id, organiserId: ctx.organiserId }, input)),
});
