import { z } from "zod";
import { organiserProcedure, publicProcedure, router } from "../../trpc/init";
import { getOrganiserOverview, getPublicProfile } from "./service";

export const accountRouter = router({
  overview: organiserProcedure("viewMainDashboard").query(({ ctx }) =>
    getOrganiserOverview(ctx.database.db, ctx.organiserId),
  ),
  publicProfile: publicProcedure
    .input(z.object({ organiserId: z.uuid() }))
    .query(({ ctx, input }) => getPublicProfile(ctx.database.db, input.organiserId)),
});
