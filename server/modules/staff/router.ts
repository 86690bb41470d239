import { eq } from "drizzle-orm";
import { organisers } from "../../db/schema";
import { agentProcedure, router } from "../../trpc/init";

export const staffRouter = router({
  /** The agent's own home: name, organiser and the event they are assigned to. */
  home: agentProcedure.query(async ({ ctx }) => {
    const [organiser] = ctx.user.organiserId
      ? await ctx.database.db
          .select({ name: organisers.name })
          .from(organisers)
          .where(eq(organisers.id, ctx.user.organiserId))
      : [];
    return {
      id: ctx.user.id,
      name: ctx.user.firstName,
      organiserName: organiser?.name ?? null,
      eventId: ctx.user.eventId,
    };
  }),
});
