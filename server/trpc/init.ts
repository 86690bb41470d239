import { initTRPC, TRPCError } from "@trpc/server";
import type { Role } from "../../shared/enums";
import type { AppErrorCode } from "../../shared/errors";
import { canActForOrganiser, isAccountOwner, type Permission } from "../../shared/permissions";
import { AppError } from "../lib/app-error";
import { appCodeFromTrpc, trpcCodeOf } from "./error-codes";
import { transformer } from "./transformer";
import type { z } from "zod";
import { consumeRateLimits, giveBackRateLimits, type RateLimitRule } from "../lib/rate-limit";
import { activeTestProvider } from "../modules/payments/test-provider";
import type { Context } from "./context";

/** Who may call a procedure; every procedure carries it, the router-walking test reads it. */
export type Access =
  | { kind: "public" }
  | { kind: "authed" }
  | { kind: "organiser"; permissions: Permission[] }
  | { kind: "owner" }
  | { kind: "role"; role: Exclude<Role, "organiser" | "team_member"> };

export type Meta = { access: Access };

export type FieldErrors = Record<string, string[]>;

type IssueLike = { path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string };

function fieldErrorsFromIssues(issues: readonly IssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".") || "_form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Dates and Maps survive the wire.
    transformer,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      let appCode: AppErrorCode = appCodeFromTrpc(error.code);
      let fieldErrors: FieldErrors | null = null;
      let detail: string | null = null;
      let retryAfter: number | null = null;
      if (cause instanceof AppError) {
        appCode = cause.code;
        detail = cause.detail ?? null;
        retryAfter = cause.retryAfter ?? null;
        if (cause.field) fieldErrors = { [cause.field]: [cause.code] };
      } else if (error.code !== "INTERNAL_SERVER_ERROR" && cause && Array.isArray((cause as { issues?: unknown }).issues)) {
        // Bad input. (A reply that fails its own .output() schema is our fault: a plain 500.)
        appCode = "VALIDATION";
        fieldErrors = fieldErrorsFromIssues((cause as unknown as { issues: IssueLike[] }).issues);
      }
      const { stack: _stack, ...data } = shape.data;
      return {
        ...shape,
        // Never leak internals: a 500 says only that something went wrong.
        message: error.code === "INTERNAL_SERVER_ERROR" || fieldErrors ? appCode : shape.message,
        data: { ...data, appCode, fieldErrors, detail, retryAfter },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

/** Turns AppErrors thrown by services into tRPC errors with the mapped code. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCodeOf(cause.code), message: cause.code, cause });
  }
  return result;
});

/** Over a WebSocket, every call runs with the session as it stands now, not as it was at connect. */
const currentSession = t.middleware(async ({ ctx, next }) => {
  if (!ctx.currentAuth) return next();
  return next({ ctx: { ...ctx, auth: await ctx.currentAuth() } });
});

const base = t.procedure.use(appErrors).use(currentSession);

export const publicProcedure = base.meta({ access: { kind: "public" } });

const requireSession = t.middleware(({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: "UNAUTHENTICATED" });
  return next({ ctx: { ...ctx, auth: ctx.auth, user: ctx.auth.user } });
});

export const authed = base.use(requireSession).meta({ access: { kind: "authed" } });

/**
 * Organisers act with every right; team members with any one of `permissions`. The context
 * gains `organiserId`, the tenant every query of the procedure must filter by.
 */
export function organiserProcedure(...permissions: [Permission, ...Permission[]]) {
  return base
    .use(requireSession)
    .use(({ ctx, next }) => {
      if (!canActForOrganiser(ctx.user, permissions)) throw new TRPCError({ code: "FORBIDDEN", message: "FORBIDDEN" });
      return next({ ctx: { ...ctx, organiserId: ctx.user.organiserId! } });
    })
    .meta({ access: { kind: "organiser", permissions } });
}

/**
 * The organiser account's owner only (role organiser), never a team member whatever its rights:
 * payment details, team management and disabling the account (decision 013).
 */
export const ownerProcedure = base
  .use(requireSession)
  .use(({ ctx, next }) => {
    if (!isAccountOwner(ctx.user)) throw new TRPCError({ code: "FORBIDDEN", message: "FORBIDDEN" });
    return next({ ctx: { ...ctx, organiserId: ctx.user.organiserId! } });
  })
  .meta({ access: { kind: "owner" } });

function roleProcedure<R extends "reseller" | "agent" | "admin">(role: R) {
  return base
    .use(requireSession)
    .use(({ ctx, next }) => {
      if (ctx.user.role !== role) throw new TRPCError({ code: "FORBIDDEN", message: "FORBIDDEN" });
      return next({ ctx });
    })
    .meta({ access: { kind: "role", role } });
}

export const resellerProcedure = roleProcedure("reseller");
export const agentProcedure = roleProcedure("agent");
export const adminProcedure = roleProcedure("admin");

/**
 * Public, and knows who asks: `previewOrganiserId` is the organiser whose unpublished events
 * the caller may see (its organiser or a team member with event rights), else null.
 */
export const viewerProcedure = publicProcedure.use(({ ctx, next }) => {
  const user = ctx.auth?.user;
  const mayPreview = user !== undefined && canActForOrganiser(user, ["createEvent", "updateEvent"]);
  return next({ ctx: { ...ctx, previewOrganiserId: mayPreview ? user.organiserId : null } });
});

/** The built-in test provider's page: NOT_FOUND wherever it may not take payments (beside Stripe, production). */
export const testPaymentProcedure = publicProcedure.use(({ ctx, next }) => {
  const testProvider = activeTestProvider(ctx);
  if (!testProvider) throw new AppError("NOT_FOUND");
  return next({ ctx: { ...ctx, testProvider } });
});

/**
 * Public procedures (knowing the viewer) that count every call against the windows `rules` names (per address,
 * account, ...), after the input is parsed and before the handler runs: a refused call does
 * nothing but answer TOO_MANY_REQUESTS.
 */
export function rateLimitedProcedure<TSchema extends z.ZodType>(
  schema: TSchema,
  rules: (input: z.output<TSchema>, call: { ip: string }) => RateLimitRule[],
  options: { countFailuresOnly?: boolean } = {},
) {
  return viewerProcedure.input(schema).use(async ({ ctx, input, next }) => {
    const taken = rules(input as z.output<TSchema>, { ip: ctx.ip });
    await consumeRateLimits(ctx.database, taken);
    const result = await next();
    // Counted first (parallel guesses all count), given back when the call succeeded.
    if (options.countFailuresOnly && result.ok) await giveBackRateLimits(ctx.database, taken);
    return result;
  });
}
