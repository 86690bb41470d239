import { and, eq, inArray, lt, ne } from "drizzle-orm";
import type { Locale, Role } from "../../../shared/enums";
import type { PermissionSet } from "../../../shared/permissions";
import type { DbOrTx } from "../../db/client";
import { organisers, sessions, users } from "../../db/schema";
import { createIdSecretToken, secretMatchesHash, splitIdSecretToken } from "../../lib/crypto";

export const SESSION_COOKIE = "session";
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Activity refreshes a session at most once an hour ... */
const REFRESH_INTERVAL_MS = HOUR_MS;
/** ... and never beyond this age: a bounded refresh. */
const ABSOLUTE_LIFETIME_MS = 30 * DAY_MS;

export type SessionUser = {
  id: string;
  role: Role;
  email: string | null;
  username: string | null;
  firstName: string;
  lastName: string;
  locale: Locale;
  organiserId: string | null;
  permissions: Partial<PermissionSet> | null;
  eventId: string | null;
};

export type SessionInfo = { id: string; expiresAt: Date; refreshed: boolean };

export type SessionOptions = { inactivityDays: number; now?: Date };

function nextExpiry(createdAt: Date, now: Date, inactivityDays: number): Date {
  return new Date(Math.min(now.getTime() + inactivityDays * DAY_MS, createdAt.getTime() + ABSOLUTE_LIFETIME_MS));
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  options: SessionOptions,
): Promise<{ token: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const { id, token, secretHash } = createIdSecretToken();
  const expiresAt = nextExpiry(now, now, options.inactivityDays);
  await db.insert(sessions).values({ id, secretHash, userId, createdAt: now, lastVerifiedAt: now, expiresAt });
  return { token, expiresAt };
}

/** Stamps a successful login (the event staff list shows the last one); a new session alone is no login. */
export async function recordLogin(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

/**
 * Resolves a session token to its user, or null when the token is unknown, forged, expired
 * or the account is no longer active. Refreshes the inactivity window at most hourly.
 */
export async function validateSessionToken(
  db: DbOrTx,
  token: string,
  options: SessionOptions,
): Promise<{ session: SessionInfo; user: SessionUser } | null> {
  const parts = splitIdSecretToken(token);
  if (!parts) return null;
  const now = options.now ?? new Date();
  const [row] = await db
    .select({
      session: sessions,
      user: {
        id: users.id,
        role: users.role,
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        locale: users.locale,
        organiserId: users.organiserId,
        permissions: users.permissions,
        eventId: users.eventId,
        status: users.status,
      },
      organiserDisabledAt: organisers.disabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organisers, eq(organisers.id, users.organiserId))
    .where(eq(sessions.id, parts.id))
    .limit(1);
  if (!row || !secretMatchesHash(parts.secret, row.session.secretHash)) return null;
  // A disabled organiser account ends the sessions of everybody of it (owner, team, staff, resellers).
  if (row.session.expiresAt.getTime() <= now.getTime() || row.user.status !== "active" || row.organiserDisabledAt !== null) {
    await db.delete(sessions).where(eq(sessions.id, parts.id));
    return null;
  }
  let expiresAt = row.session.expiresAt;
  let refreshed = false;
  if (now.getTime() - row.session.lastVerifiedAt.getTime() >= REFRESH_INTERVAL_MS) {
    expiresAt = nextExpiry(row.session.createdAt, now, options.inactivityDays);
    refreshed = true;
    await db.update(sessions).set({ lastVerifiedAt: now, expiresAt }).where(eq(sessions.id, parts.id));
  }
  const { status: _status, ...user } = row.user;
  return { session: { id: parts.id, expiresAt, refreshed }, user };
}

export async function invalidateSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Password change, deactivation and account disable end every session of the user (but `keep`); returns the ended ids. */
export async function invalidateUserSessions(db: DbOrTx, userId: string, options: { keep?: string } = {}): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(options.keep ? and(eq(sessions.userId, userId), ne(sessions.id, options.keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** Disabling an organiser account ends the sessions of every user of it; returns those users. */
export async function invalidateOrganiserSessions(db: DbOrTx, organiserId: string): Promise<string[]> {
  const members = db.select({ id: users.id }).from(users).where(eq(users.organiserId, organiserId));
  const ended = await db.delete(sessions).where(inArray(sessions.userId, members)).returning({ userId: sessions.userId });
  return [...new Set(ended.map((s) => s.userId))];
}

export async function deleteExpiredSessions(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(sessions).where(and(lt(sessions.expiresAt, now)));
}
