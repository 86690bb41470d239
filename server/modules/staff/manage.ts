import { and, asc, count, eq, isNull, min, max, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { eventListStatus, isCancelled } from "../../../shared/rules/event-status";
import type { ZStaffCreate, ZStaffUpdate } from "../../../shared/schemas/staff";
import type { Db, DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { checkins, eventDates, events, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashPassword } from "../../lib/password";
import { setSubAccountActive } from "../account/team";
import { invalidateUserSessions } from "../auth/session";
import { getOwnEvent } from "../events/access";

/** Event staff one organiser account may have (a bound, not a plan feature). */
export const STAFF_LIMIT = 500;

const isStaffOf = (organiserId: string) => and(eq(users.organiserId, organiserId), eq(users.role, "agent"));

const STAFF_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  status: users.status,
  eventId: users.eventId,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/**
 * The organiser's event staff, oldest first, with their event's name and how many people they
 * let in (admitted check-ins not undone; a conflict or an undone scan let nobody in).
 */
export async function listStaff(db: DbOrTx, organiserId: string) {
  const admitted = db
    .select({ staffUserId: checkins.staffUserId, n: count().as("n") })
    .from(checkins)
    .where(and(eq(checkins.organiserId, organiserId), eq(checkins.outcome, "admitted"), isNull(checkins.undoneAt)))
    .groupBy(checkins.staffUserId)
    .as("admitted");
  const rows = await db
    .select({ ...STAFF_COLUMNS, eventName: events.name, checkinCount: sql<number>`coalesce(${admitted.n}, 0)`.mapWith(Number) })
    .from(users)
    .leftJoin(events, and(eq(events.id, users.eventId), eq(events.organiserId, organiserId)))
    .leftJoin(admitted, eq(admitted.staffUserId, users.id))
    .where(isStaffOf(organiserId))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows;
}

/**
 * The events staff may be assigned to: every event of the organiser with dates of its own (a
 * season's staff are assigned to one of its events). Cancelled ones come too, marked, so a form
 * can show a staff member's current event; upcoming and running events first, by first date.
 */
export async function listAssignableEvents(db: DbOrTx, organiserId: string, now = new Date()) {
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      type: events.type,
      status: events.status,
      timeZone: events.timeZone,
      firstStartsAt: min(eventDates.startsAt),
      lastEndsAt: max(eventDates.endsAt),
    })
    .from(events)
    .leftJoin(eventDates, eq(eventDates.eventId, events.id))
    .where(and(eq(events.organiserId, organiserId), ne(events.type, "SEASONAL")))
    .groupBy(events.id);
  const listed = rows.map(({ type, ...row }) => {
    const listStatus = eventListStatus({ type, ...row }, now);
    return { ...row, listStatus, isOver: listStatus === "expired" || listStatus === "canceled" };
  });
  // Coming events soonest first (no dates yet: after them), then past ones latest first.
  const firstTime = (e: (typeof listed)[number]) => (e.firstStartsAt?.getTime() ?? Number.MAX_SAFE_INTEGER) * (e.isOver ? -1 : 1);
  return listed.sort((a, b) => Number(a.isOver) - Number(b.isOver) || firstTime(a) - firstTime(b) || a.name.localeCompare(b.name));
}

/** The organiser's own event with dates of its own, not cancelled; refused on the form's event field. */
async function assertAssignable(tx: DbOrTx, organiserId: string, eventId: string): Promise<void> {
  const event = await getOwnEvent(tx, organiserId, eventId).catch((err: unknown) => {
    throw err instanceof AppError ? new AppError(err.code, { field: "eventId" }) : err;
  });
  if (event.type === "SEASONAL") throw new AppError("NOT_FOUND", { field: "eventId" });
  if (isCancelled(event.status)) throw new AppError("EVENT_CANCELLED", { field: "eventId" });
}

function usernameTaken(err: unknown): never {
  if (isUniqueViolation(err, "users_username_unique")) throw new AppError("USERNAME_TAKEN", { field: "username" });
  throw err;
}

/** Creates a staff member, active at once, who signs in with the user name and password given. */
export async function createStaff(db: Db, organiserId: string, input: z.output<typeof ZStaffCreate>, locale: "de" | "en") {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [staff] = await tx.select({ n: count() }).from(users).where(isStaffOf(organiserId));
      if ((staff?.n ?? 0) >= STAFF_LIMIT) throw new AppError("CONFLICT", { field: "username" });
      await assertAssignable(tx, organiserId, input.eventId);
      const [row] = await tx
        .insert(users)
        .values({
          role: "agent",
          status: "active",
          activatedAt: new Date(),
          organiserId,
          eventId: input.eventId,
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          passwordHash,
          locale,
        })
        .returning(STAFF_COLUMNS);
      return row!;
    });
  } catch (err) {
    return usernameTaken(err);
  }
}

/**
 * Changes a staff member's name and event. Keeping a cancelled event is allowed (only the name
 * changes); moving someone to a cancelled event is not. The event holds from their next scan on.
 */
export async function updateStaff(db: Db, organiserId: string, input: z.output<typeof ZStaffUpdate>) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ eventId: users.eventId })
      .from(users)
      .where(and(eq(users.id, input.id), isStaffOf(organiserId)))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND");
    if (current.eventId !== input.eventId) await assertAssignable(tx, organiserId, input.eventId);
    const [row] = await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, eventId: input.eventId })
      .where(and(eq(users.id, input.id), isStaffOf(organiserId)))
      .returning(STAFF_COLUMNS);
    return row!;
  });
}

/** Sets the password the owner typed; every session of the staff member ends (the caller closes its sockets). */
export async function resetStaffPassword(db: Db, organiserId: string, input: { id: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, input.id), isStaffOf(organiserId)))
      .returning({ id: users.id });
    if (!row) throw new AppError("NOT_FOUND");
    await invalidateUserSessions(tx, row.id);
  });
}

/** Activates or deactivates a staff member (SPEC §4); deactivating signs them out at once. */
export function setStaffActive(db: Db, organiserId: string, input: { id: string; active: boolean }): Promise<{ endedSessions: boolean }> {
  return setSubAccountActive(db, organiserId, "agent", input);
}
