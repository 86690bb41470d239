import { ZMyTicketsListInput, ZMyTicketUpdateInput } from "../../../../shared/schemas/my-tickets";
import { organiserProcedure, router } from "../../../trpc/init";
import { listMyTickets } from "./list";
import { updateMyTicket } from "./update";

/** My Tickets (issue 22 item 2, decision 026): the organiser's ticket categories and their quick changes. */
export const myTicketsRouter = router({
  /** Every category with price, sale window, state, sold, held and left; filtered and paged. */
  list: organiserProcedure("createTickets", "updateTickets")
    .input(ZMyTicketsListInput)
    .query(({ ctx, input }) => listMyTickets(ctx.database.db, ctx.organiserId, input)),
  /** Price (future sales), quantity, sale end and visibility of one category. */
  update: organiserProcedure("updateTickets")
    .input(ZMyTicketUpdateInput)
    .mutation(({ ctx, input }) => updateMyTicket(ctx.database.db, ctx.organiserId, input)),
});
