import { eq } from "drizzle-orm";
import { organisers } from "../../db/schema";
import { resellerProcedure, router } from "../../trpc/init";

export const resellersRouter = router({
  /** The reseller's own home: who they sell for. Allocations arrive with the resellers work. */
  home: resellerProcedure.query(async ({ ctx }) => {
    const [organiser] = ctx.user.organiserId
      ? await ctx.database.db
          .select({ name: organisers.name })
          .from(organisers)
          .where(eq(organisers.id, ctx.user.organiserId))
      : [];
    return { name: `${ctx.user.firstName} ${ctx.user.lastName}`.trim(), organiserName: organiser?.name ?? null };
  }),
});
