import { z } from "zod";
import {
  ZAgentLoginInput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZRegisterInput,
  ZResetPasswordInput,
} from "../../../shared/schemas/auth";
import { text } from "../../../shared/schemas/text";
import type { Context } from "../../trpc/context";
import { publicProcedure, rateLimitedProcedure, router } from "../../trpc/init";
import {
  checkResetToken,
  registerOrganiser,
  requestPasswordReset,
  resetPassword,
  verifyAgentLogin,
  verifyEmailLogin,
} from "./service";
import { loginRateRules } from "./login-limits";
import { createSession, invalidateSession, recordLogin, type SessionUser } from "./session";
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

/** Every successful login (organiser, team member, event staff) goes through here. */
async function startSession(ctx: Context, user: SessionUser) {
  const { token, expiresAt } = await createSession(ctx.database.db, user.id, {
    inactivityDays: ctx.config.SESSION_INACTIVITY_DAYS,
  });
  await recordLogin(ctx.database.db, user.id);
  ctx.cookies.set(token, expiresAt);
  return userInfo(ctx, user, expiresAt);
}

export const authRouter = router({
  register: rateLimitedProcedure(ZRegisterInput, (_, { ip }) => [{ key: `register:ip:${ip}`, limit: 20, windowSeconds: 60 * MINUTE }]).mutation(async ({ ctx, input }) => {
    await registerOrganiser(ctx.database.db, input, { baseUrl: ctx.config.PUBLIC_BASE_URL });
    return { ok: true as const };
  }),

  // Only failed logins use the windows up (decision 010): an organiser signing in all day is never locked.
  login: rateLimitedProcedure(ZLoginInput, (input, { ip }) => loginRateRules({ kind: "email", name: input.email.toLowerCase() }, ip), { countFailuresOnly: true }).mutation(async ({ ctx, input }) => {
    const user = await verifyEmailLogin(ctx.database.db, input.email.toLowerCase(), input.password);
    return startSession(ctx, user);
  }),

  agentLogin: rateLimitedProcedure(ZAgentLoginInput, (input, { ip }) => loginRateRules({ kind: "agent", name: input.username.toLowerCase() }, ip), {
    countFailuresOnly: true,
  }).mutation(async ({ ctx, input }) => {
    const user = await verifyAgentLogin(ctx.database.db, input.username.toLowerCase(), input.password);
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

  forgotPassword: rateLimitedProcedure(ZForgotPasswordInput, (input, { ip }) => [
    { key: `forgot:ip:${ip}`, limit: 10, windowSeconds: 60 * MINUTE },
    { key: `forgot:email:${input.email}`, limit: 5, windowSeconds: 60 * MINUTE },
  ]).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.database.db, input.email, { baseUrl: ctx.config.PUBLIC_BASE_URL });
    return { ok: true as const };
  }),

  checkResetToken: publicProcedure
    .input(z.object({ token: text().min(1).max(200) }))
    .query(async ({ ctx, input }) => ({ status: await checkResetToken(ctx.database.db, input.token) })),

  resetPassword: rateLimitedProcedure(ZResetPasswordInput, (_, { ip }) => [{ key: `reset:ip:${ip}`, limit: 20, windowSeconds: 60 * MINUTE }]).mutation(async ({ ctx, input }) => {
    const userId = await resetPassword(ctx.database.db, input.token, input.password);
    ctx.sockets.closeUser(userId);
    return { ok: true as const };
  }),
});
