import { z } from "zod";
import { organiserProcedure, router } from "../../trpc/init";
import { dateInventory, setSeatsBlocked } from "./service";

export const seatingRouter = router({
  /** SPEC: organisers block seats for an event date (BLOCKED) and unblock them. */
  setBlocked: organiserProcedure("updateEvent", "seatingPlansUpdate")
    .input(
      z.object({
        eventDateId: z.uuid(),
        seatKeys: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}:\d+:\d+$/)).min(1).max(5000),
        blocked: z.boolean(),
      }),
    )
    .mutation(async ({ ctx, input }) => ({ changed: await setSeatsBlocked(ctx.database.db, ctx.organiserId, input) })),

  dateInventory: organiserProcedure("updateEvent", "seatingPlansView", "seatingPlansUpdate")
    .input(z.object({ eventDateId: z.uuid() }))
    .query(({ ctx, input }) => dateInventory(ctx.database.db, ctx.organiserId, input.eventDateId)),
});
