import { z } from "zod";
import { ZChangeEmail, ZChangePassword, ZDisableAccount } from "../../../../shared/schemas/account";
import { text } from "../../../../shared/schemas/text";
import { consumeRateLimits } from "../../../lib/rate-limit";
import type { Context } from "../../../trpc/context";
import { authed, ownerProcedure, publicProcedure, router } from "../../../trpc/init";
import { disableOrganiserAccount } from "../disable";
import { cancelEmailChange, changePassword, confirmEmailChange, getLoginDetails, requestEmailChange } from "../login-details";

/** A stolen session must not become a password oracle: checks of the current password are counted. */
async function countPasswordCheck(ctx: Context, userId: string): Promise<void> {
  await consumeRateLimits(ctx.database, [{ key: `password-check:user:${userId}`, limit: 10, windowSeconds: 3600 }]);
}

/** Login details (every signed-in user, for its own login) and disabling the account (owner). */
export const accessRouter = router({
  loginDetails: authed.query(({ ctx }) => getLoginDetails(ctx.database.db, ctx.user.id)),

  changePassword: authed.input(ZChangePassword).mutation(async ({ ctx, input }) => {
    await countPasswordCheck(ctx, ctx.user.id);
    const ended = await changePassword(ctx.database.db, {
      userId: ctx.user.id,
      sessionId: ctx.auth.session.id,
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
    });
    for (const id of ended) ctx.sockets.closeSession(id);
    return { endedSessions: ended.length };
  }),

  requestEmailChange: authed.input(ZChangeEmail).mutation(async ({ ctx, input }) => {
    await countPasswordCheck(ctx, ctx.user.id);
    await requestEmailChange(ctx.database.db, {
      userId: ctx.user.id,
      currentPassword: input.currentPassword,
      newEmail: input.newEmail,
      baseUrl: ctx.config.PUBLIC_BASE_URL,
    });
    return { ok: true as const };
  }),

  cancelEmailChange: authed.mutation(async ({ ctx }) => {
    await cancelEmailChange(ctx.database.db, ctx.user.id);
    return { ok: true as const };
  }),

  /** The link of the confirmation mail (a page with a button: mail scanners that open links change nothing). */
  confirmEmailChange: publicProcedure.input(z.object({ token: text().min(1).max(200) })).mutation(async ({ ctx, input }) => {
    const userId = await confirmEmailChange(ctx.database.db, input.token);
    ctx.sockets.closeUser(userId);
    if (ctx.auth?.user.id === userId) ctx.cookies.clear();
    return { ok: true as const };
  }),

  disableAccount: ownerProcedure.input(ZDisableAccount).mutation(async ({ ctx, input }) => {
    await countPasswordCheck(ctx, ctx.user.id);
    const ended = await disableOrganiserAccount(ctx.database.db, {
      organiserId: ctx.organiserId,
      userId: ctx.user.id,
      currentPassword: input.currentPassword,
    });
    for (const userId of new Set([...ended, ctx.user.id])) ctx.sockets.closeUser(userId);
    ctx.cookies.clear();
    return { ok: true as const };
  }),
});
