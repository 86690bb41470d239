import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { areaInventory, eventDates, eventSeating, seatInventory } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { blockSeats } from "../inventory/block";

async function ownDate(db: DbOrTx, organiserId: string, eventDateId: string) {
  const [date] = await db
    .select({ id: eventDates.id, eventId: eventDates.eventId })
    .from(eventDates)
    .where(and(eq(eventDates.id, eventDateId), eq(eventDates.organiserId, organiserId)))
    .limit(1);
  if (!date) throw new AppError("NOT_FOUND");
  return date;
}

/**
 * Blocks (or unblocks) seats of one event date for the organiser (inventory/block.ts: only FREE
 * seats become BLOCKED and only BLOCKED seats become FREE). Returns the keys that changed.
 */
export async function setSeatsBlocked(
  db: Db,
  organiserId: string,
  input: { eventDateId: string; seatKeys: string[]; blocked: boolean },
): Promise<string[]> {
  await ownDate(db, organiserId, input.eventDateId);
  return blockSeats(db, input);
}

/** The organiser's view of one date: the event's plan, every seat's status and the areas' counters. */
export async function dateInventory(db: DbOrTx, organiserId: string, eventDateId: string) {
  const date = await ownDate(db, organiserId, eventDateId);
  const [seating] = await db.select({ layout: eventSeating.layout }).from(eventSeating).where(eq(eventSeating.eventId, date.eventId));
  const seats = await db
    .select({ key: seatInventory.seatKey, status: seatInventory.status, categoryId: seatInventory.categoryId })
    .from(seatInventory)
    .where(eq(seatInventory.eventDateId, eventDateId))
    .orderBy(asc(seatInventory.seatKey));
  const areas = await db
    .select({ areaId: areaInventory.areaId, capacity: areaInventory.capacity, held: areaInventory.held, sold: areaInventory.sold })
    .from(areaInventory)
    .where(eq(areaInventory.eventDateId, eventDateId));
  return { layout: seating?.layout ?? null, seats, areas };
}

/** Seats and places per date of an event (the event dashboard's seat count). */
export async function eventSeatCounts(db: DbOrTx, eventId: string) {
  const [seats] = await db.select({ n: count() }).from(seatInventory).where(eq(seatInventory.eventId, eventId));
  const [areas] = await db
    .select({ n: sql<number>`coalesce(sum(${areaInventory.capacity}), 0)`.mapWith(Number) })
    .from(areaInventory)
    .where(eq(areaInventory.eventId, eventId));
  return { seats: seats?.n ?? 0, standing: areas?.n ?? 0 };
}
