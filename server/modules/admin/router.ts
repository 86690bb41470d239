import { z } from "zod";
import { adminProcedure, router } from "../../trpc/init";
import { setOrganiserEnabled } from "../account/disable";
import { adminAuditRouter } from "./audit/router";
import { adminFiguresRouter } from "./figures/router";
import { adminMessagesRouter } from "./messages/router";
import { adminOrganisersRouter } from "./organisers/router";
import { verificationRouter } from "./verification/router";
import { adminWithdrawalsRouter } from "./withdrawals/router";

export const adminRouter = router({
  organisers: adminOrganisersRouter,
  figures: adminFiguresRouter,
  messages: adminMessagesRouter,
  /** Re-enables an organiser account its owner disabled (or disables one). */
  setOrganiserEnabled: adminProcedure
    .input(z.object({ organiserId: z.uuid(), enabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const ended = await setOrganiserEnabled(ctx.database.db, { ...input, adminId: ctx.user.id });
      for (const userId of ended) ctx.sockets.closeUser(userId);
      return { ok: true as const };
    }),
  verification: verificationRouter,
  withdrawals: adminWithdrawalsRouter,
  audit: adminAuditRouter,
});
