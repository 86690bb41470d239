import { and, eq, gt, isNull } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import type { z } from "zod";
import type { ZRegisterInput } from "../../../shared/schemas/auth";
import type { Db, DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { authTokens, organisers, users } from "../../db/schema";
import { createIdSecretToken, secretMatchesHash, splitIdSecretToken } from "../../lib/crypto";
import { hashPassword, verifyDummyPassword, verifyPassword } from "../../lib/password";
import { enqueueMail } from "../../mail/outbox";
import { AppError } from "../../lib/app-error";
import { invalidateUserSessions } from "./session";

const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MINUTES = 60;

/** Options every emailing auth service needs: where links point to. */
export type LinkOptions = { baseUrl: string };

type RegisterInput = z.output<typeof ZRegisterInput>;

/**
 * Creates the organiser account, its first user (pending) and the activation mail in one
 * transaction. A taken email is EMAIL_TAKEN on the email field, whoever wins the race.
 */
export async function registerOrganiser(db: Db, input: RegisterInput, options: LinkOptions): Promise<{ userId: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [organiser] = await tx.insert(organisers).values({ name: input.organizerName }).returning({ id: organisers.id });
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          role: "organiser",
          status: "pending",
          firstName: input.firstName,
          lastName: input.lastName,
          locale: input.locale,
          organiserId: organiser!.id,
        })
        .returning({ id: users.id });
      const link = await createEmailToken(tx, user!.id, "activation", ACTIVATION_TTL_MS);
      await enqueueMail(tx, input.email, input.locale, {
        template: "activation",
        name: input.firstName,
        organiser: input.organizerName,
        link: `${options.baseUrl}/api/auth/activate/${link}`,
      });
      return { userId: user!.id };
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_unique")) throw new AppError("EMAIL_TAKEN", { field: "email" });
    throw err;
  }
}

type EmailTokenKind = "activation" | "password_reset" | "email_change";

/** A single-use emailed token of `kind` for the user; returns the `<id>.<secret>` the link carries. */
export async function createEmailToken(tx: DbOrTx, userId: string, kind: EmailTokenKind, ttlMs: number): Promise<string> {
  const { id, token, secretHash } = createIdSecretToken();
  await tx.insert(authTokens).values({ id, secretHash, kind, userId, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** The stored token a link carries (its secret checked), used or not; null when unknown or forged. */
export async function findEmailToken(db: DbOrTx, token: string, kind: EmailTokenKind) {
  const parts = splitIdSecretToken(token);
  if (!parts) return null;
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.id, parts.id), eq(authTokens.kind, kind)))
    .limit(1);
  if (!row || !secretMatchesHash(parts.secret, row.secretHash)) return null;
  return row;
}

export type ActivationResult = "activated" | "already_activated" | "invalid";

/** Activates the account of an emailed link. A second click says "already activated". */
export async function activateAccount(db: Db, token: string): Promise<ActivationResult> {
  return db.transaction(async (tx) => {
    const row = await findEmailToken(tx, token, "activation");
    if (!row) return "invalid";
    const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) return "invalid";
    if (user.status !== "pending") return "already_activated";
    if (row.expiresAt.getTime() <= Date.now()) return "invalid";
    const updated = await tx
      .update(users)
      .set({ status: "active", activatedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.status, "pending")))
      .returning({ id: users.id });
    await tx.update(authTokens).set({ usedAt: new Date() }).where(eq(authTokens.id, row.id));
    return updated.length > 0 ? "activated" : "already_activated";
  });
}

/**
 * Checks a login by email, or by user name for team members created with one (the login form
 * takes either). Unknown accounts cost the same time as known ones.
 */
export async function verifyEmailLogin(db: DbOrTx, login: string, password: string) {
  const name = login.toLowerCase();
  const byEmail = name.includes("@");
  const [row] = await db
    .select({ user: users, organiserDisabledAt: organisers.disabledAt })
    .from(users)
    .leftJoin(organisers, eq(organisers.id, users.organiserId))
    .where(byEmail ? eq(users.email, name) : and(eq(users.username, name), eq(users.role, "team_member")))
    .limit(1);
  return checkCredentials(row?.user, password, row?.organiserDisabledAt ?? null);
}

/** Event staff sign in with their username. */
export async function verifyAgentLogin(db: DbOrTx, username: string, password: string) {
  const [row] = await db
    .select({ user: users, organiserDisabledAt: organisers.disabledAt })
    .from(users)
    .leftJoin(organisers, eq(organisers.id, users.organiserId))
    .where(eq(users.username, username.toLowerCase()))
    .limit(1);
  if (row && row.user.role !== "agent") {
    await verifyDummyPassword(password);
    throw new AppError("INVALID_CREDENTIALS");
  }
  return checkCredentials(row?.user, password, row?.organiserDisabledAt ?? null);
}

async function checkCredentials(user: typeof users.$inferSelect | undefined, password: string, organiserDisabledAt: Date | null) {
  if (!user) {
    await verifyDummyPassword(password);
    throw new AppError("INVALID_CREDENTIALS");
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError("INVALID_CREDENTIALS");
  if (user.status === "pending") throw new AppError("ACCOUNT_NOT_ACTIVATED");
  if (user.status !== "active" || organiserDisabledAt !== null) throw new AppError("ACCOUNT_DISABLED");
  return user;
}

/**
 * Emails a single-use reset link. SPEC §8 wants an unknown email told "email not found";
 * the caller rate-limits this to keep that from becoming an address oracle at scale.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  options: LinkOptions & { locale?: Locale | undefined },
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new AppError("EMAIL_NOT_FOUND", { field: "email" });
  await db.transaction(async (tx) => {
    // A new link replaces every earlier one.
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, "password_reset"), isNull(authTokens.usedAt)));
    const token = await createEmailToken(tx, user.id, "password_reset", RESET_TTL_MINUTES * 60 * 1000);
    await enqueueMail(tx, email, user.locale, {
      template: "password_reset",
      name: user.firstName,
      link: `${options.baseUrl}/auth/reset-password/${token}`,
      minutes: RESET_TTL_MINUTES,
    });
  });
}

/**
 * Spends the single-use token a link carries, in the caller's transaction: INVALID_TOKEN when it
 * is unknown, forged or used, TOKEN_EXPIRED when expired. The guarded update makes it single-use
 * even under concurrent submits. Returns the token's row.
 */
export async function spendEmailToken(tx: DbOrTx, token: string, kind: EmailTokenKind) {
  const row = await findEmailToken(tx, token, kind);
  if (!row || row.usedAt) throw new AppError("INVALID_TOKEN");
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError("TOKEN_EXPIRED");
  const spent = await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .returning({ id: authTokens.id });
  if (spent.length === 0) throw new AppError("INVALID_TOKEN");
  return row;
}

/** Sets the new password, spends the token and ends every session of the user, atomically; returns the user's id. */
export async function resetPassword(db: Db, token: string, password: string): Promise<string> {
  const parts = splitIdSecretToken(token);
  if (!parts) throw new AppError("INVALID_TOKEN");
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await spendEmailToken(tx, token, "password_reset");
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await invalidateUserSessions(tx, row.userId);
    return row.userId;
  });
}

/** Whether a reset link can still be used (the reset page checks before showing the form). */
export async function checkResetToken(db: DbOrTx, token: string): Promise<"valid" | "invalid" | "expired"> {
  const row = await findEmailToken(db, token, "password_reset");
  if (!row || row.usedAt) return "invalid";
  return row.expiresAt.getTime() <= Date.now() ? "expired" : "valid";
}
