import { z } from "zod";
import {
  ZAgentLoginInput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZRegisterInput,
  ZResetPasswordInput,
} from "../../../shared/schemas/auth";
import { text } from "../../../shared/schemas/text";
import { consumeRateLimits } from "../../lib/rate-limit";
import type { Context } from "../../trpc/context";
import { publicProcedure, router } from "../../trpc/init";
import {
  checkResetToken,
  registerOrganiser,
  requestPasswordReset,
  resetPassword,
  verifyAgentLogin,
  verifyEmailLogin,
} from "./service";
import { loginRateRules } from "./login-limits";
import { createSession, invalidateSession, type SessionUser } from "./session";
import { signUserInfoToken } from "./user-info-token";

const MINUTE = 60;

/** What the client keeps as `userInfo`: the signed hint and the user it describes. */
function userInfo(ctx: Context, user: SessionUser, expiresAt: Date) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  const token = signUserInfoToken(
    { sub: user.id, role: user.role, name, exp: Math.floor(expiresAt.getTime() / 1000) },
    ctx.config.APP_SECRET,
  );
  return {
    token,
    user: {
      id: user.id,
      role: user.role,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: user.locale,
      organiserId: user.organiserId,
      permissions: user.permissions,
      eventId: user.eventId,
    },
  };
}

async function startSession(ctx: Context, user: SessionUser) {
  const { token, expiresAt } = await createSession(ctx.database.db, user.id, {
    inactivityDays: ctx.config.SESSION_INACTIVITY_DAYS,
  });
  ctx.cookies.set(token, expiresAt);
  return userInfo(ctx, user, expiresAt);
}

export const authRouter = router({
  register: publicProcedure.input(ZRegisterInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimits(ctx.database, [{ key: `register:ip:${ctx.ip}`, limit: 20, windowSeconds: 60 * MINUTE }]);
    await registerOrganiser(ctx.database.db, input, { baseUrl: ctx.config.PUBLIC_BASE_URL });
    return { ok: true as const };
  }),

  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    const email = input.email.toLowerCase();
    await consumeRateLimits(ctx.database, loginRateRules({ kind: "email", name: email }, ctx.ip));
    const user = await verifyEmailLogin(ctx.database.db, email, input.password);
    return startSession(ctx, user);
  }),

  agentLogin: publicProcedure.input(ZAgentLoginInput).mutation(async ({ ctx, input }) => {
    const username = input.username.toLowerCase();
    await consumeRateLimits(ctx.database, loginRateRules({ kind: "agent", name: username }, ctx.ip));
    const user = await verifyAgentLogin(ctx.database.db, username, input.password);
    return startSession(ctx, user);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.auth) {
      await invalidateSession(ctx.database.db, ctx.auth.session.id);
      ctx.sockets.closeSession(ctx.auth.session.id);
    }
    ctx.cookies.clear();
    return { ok: true as const };
  }),

  /** The signed-in user with a fresh hint token, or null. */
  me: publicProcedure.query(({ ctx }) => (ctx.auth ? userInfo(ctx, ctx.auth.user, ctx.auth.session.expiresAt) : null)),

  forgotPassword: publicProcedure.input(ZForgotPasswordInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimits(ctx.database, [
      { key: `forgot:ip:${ctx.ip}`, limit: 10, windowSeconds: 60 * MINUTE },
      { key: `forgot:email:${input.email}`, limit: 5, windowSeconds: 60 * MINUTE },
    ]);
    await requestPasswordReset(ctx.database.db, input.email, { baseUrl: ctx.config.PUBLIC_BASE_URL });
    return { ok: true as const };
  }),

  checkResetToken: publicProcedure
    .input(z.object({ token: text().min(1).max(200) }))
    .query(async ({ ctx, input }) => ({ status: await checkResetToken(ctx.database.db, input.token) })),

  resetPassword: publicProcedure.input(ZResetPasswordInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimits(ctx.database, [{ key: `reset:ip:${ctx.ip}`, limit: 20, windowSeconds: 60 * MINUTE }]);
    const userId = await resetPassword(ctx.database.db, input.token, input.password);
    ctx.sockets.closeUser(userId);
    return { ok: true as const };
  }),
});
