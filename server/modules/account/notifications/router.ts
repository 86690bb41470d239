import { ZNotificationSettings } from "../../../../shared/schemas/account";
import { organiserProcedure, router } from "../../../trpc/init";
import { getNotificationSettings, saveNotificationSettings } from "../notifications";

/** Email notifications tab (organiser profile access): which mails the owner gets. */
export const notificationsRouter = router({
  get: organiserProcedure("orgProfileAccess").query(({ ctx }) => getNotificationSettings(ctx.database.db, ctx.organiserId)),
  save: organiserProcedure("orgProfileAccess")
    .input(ZNotificationSettings)
    .mutation(async ({ ctx, input }) => {
      await saveNotificationSettings(ctx.database.db, { organiserId: ctx.organiserId, settings: input });
      return { ok: true as const };
    }),
});
