import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { authTokens, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashPassword, verifyPassword } from "../../lib/password";
import { enqueueMail } from "../../mail/outbox";
import { createEmailToken, spendEmailToken } from "../auth/service";
import { invalidateUserSessions } from "../auth/session";

/** How long the link to confirm a new email address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

type UserRow = typeof users.$inferSelect;

async function userWithPassword(db: DbOrTx, userId: string, currentPassword: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED");
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw new AppError("WRONG_PASSWORD", { field: "currentPassword" });
  return user;
}

/** What the login details tab shows of the signed-in user. */
export async function getLoginDetails(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ email: users.email, pendingEmail: users.pendingEmail, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}

/**
 * Sets a new password after checking the current one; every other session of the user ends in
 * the same transaction (the one in use stays). Returns the ended session ids (their sockets close).
 */
export async function changePassword(
  db: Db,
  options: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<string[]> {
  await userWithPassword(db, options.userId, options.currentPassword);
  const passwordHash = await hashPassword(options.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, options.userId));
    // A reset link asked for earlier must not undo the change.
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, options.userId), eq(authTokens.kind, "password_reset"), isNull(authTokens.usedAt)));
    return invalidateUserSessions(tx, options.userId, { keep: options.sessionId });
  });
}

/**
 * Asks to sign in with `newEmail` from now on: the address is kept as pending and a link to
 * confirm it goes to that address (the old one is told). Nothing changes until the link is used.
 */
export async function requestEmailChange(
  db: Db,
  options: { userId: string; currentPassword: string; newEmail: string; baseUrl: string },
): Promise<void> {
  const user = await userWithPassword(db, options.userId, options.currentPassword);
  const newEmail = options.newEmail.toLowerCase();
  if (newEmail === user.email) throw new AppError("CONFLICT", { field: "newEmail" });
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (taken) throw new AppError("EMAIL_TAKEN", { field: "newEmail" });
  await db.transaction(async (tx) => {
    // A new request replaces every earlier link.
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, "email_change"), isNull(authTokens.usedAt)));
    await tx.update(users).set({ pendingEmail: newEmail }).where(eq(users.id, user.id));
    const token = await createEmailToken(tx, user.id, "email_change", EMAIL_CHANGE_TTL_HOURS * 3600_000);
    await enqueueMail(tx, newEmail, user.locale, {
      template: "email_change_confirm",
      name: user.firstName,
      email: newEmail,
      link: `${options.baseUrl}/auth/confirm-email/${token}`,
      hours: EMAIL_CHANGE_TTL_HOURS,
    });
    if (user.email) await enqueueMail(tx, user.email, user.locale, { template: "email_change_notice", name: user.firstName, email: newEmail });
  });
}

/** Withdraws a pending change: its link stops working. */
export async function cancelEmailChange(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, "email_change"), isNull(authTokens.usedAt)));
  });
}

/**
 * The confirmation link: the pending address becomes the login, once. Every session of the
 * user ends (it signs in again with the new address). Returns the user's id.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const row = await spendEmailToken(tx, token, "email_change");
      const [user] = await tx.select({ pendingEmail: users.pendingEmail }).from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user?.pendingEmail) throw new AppError("INVALID_TOKEN");
      await tx.update(users).set({ email: user.pendingEmail, pendingEmail: null }).where(eq(users.id, row.userId));
      await invalidateUserSessions(tx, row.userId);
      return row.userId;
    });
  } catch (err) {
    // Somebody registered the address meanwhile.
    if (isUniqueViolation(err, "users_email_unique")) throw new AppError("EMAIL_TAKEN");
    throw err;
  }
}
