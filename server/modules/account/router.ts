import { z } from "zod";
import { organiserProcedure, publicProcedure, router } from "../../trpc/init";
import { accessRouter } from "./access/router";
import { documentsRouter } from "./documents/router";
import { invoicesRouter } from "./invoices/router";
import { notificationsRouter } from "./notifications/router";
import { paymentRouter } from "./payment/router";
import { planRouter } from "./plan/router";
import { profileRouter } from "./profile/router";
import { getOrganiserOverview, getPublicProfile } from "./service";
import { teamRouter } from "./team/router";
import { tutorialRouter } from "./tutorial/router";

export const accountRouter = router({
  overview: organiserProcedure("viewMainDashboard").query(({ ctx }) =>
    getOrganiserOverview(ctx.database.db, ctx.organiserId),
  ),
  publicProfile: publicProcedure
    .input(z.object({ organiserId: z.uuid() }))
    .query(({ ctx, input }) => getPublicProfile(ctx.database.db, input.organiserId)),
  access: accessRouter,
  team: teamRouter,
  profile: profileRouter,
  notifications: notificationsRouter,
  payment: paymentRouter,
  documents: documentsRouter,
  plan: planRouter,
  invoices: invoicesRouter,
  tutorial: tutorialRouter,
});
