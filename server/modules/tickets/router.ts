import { z } from "zod";
import { ZTicketCategories } from "../../../shared/schemas/tickets";
import { organiserProcedure, router } from "../../trpc/init";
import { saveTicketCategories } from "./service";

export const ticketsRouter = router({
  /** Step 4 of the event form: the whole list of ticket categories. */
  save: organiserProcedure("createTickets", "updateTickets")
    .input(z.object({ eventId: z.uuid(), categories: ZTicketCategories }))
    .mutation(async ({ ctx, input }) => {
      await saveTicketCategories(ctx.database.db, ctx.organiserId, input.eventId, input.categories);
      return { ok: true as const };
    }),
});
