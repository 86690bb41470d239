import { and, eq, inArray } from "drizzle-orm";
import { expandSchedule, ScheduleError } from "../../../shared/rules/recurrence";
import type { ExpandedDate, Schedule } from "../../../shared/rules/schedule-types";
import type { DbOrTx } from "../../db/client";
import { eventDates, eventSeating } from "../../db/schema";
import { syncCounters } from "../inventory/counters";
import { materialiseInventory } from "../inventory/materialise";
import { AppError } from "../../lib/app-error";
import type { EventRow } from "./access";
import { isReleased } from "../../../shared/rules/event-status";

export function expandOrThrow(schedule: Schedule): ExpandedDate[] {
  try {
    return expandSchedule(schedule);
  } catch (err) {
    if (err instanceof ScheduleError) throw new AppError("INVALID_SCHEDULE", { field: "schedule", message: err.code });
    throw err;
  }
}

/**
 * Makes the event's stored dates match its schedule. A draft's dates are replaced freely. Once
 * published (or scheduled), dates can only be added: an existing date may carry sold tickets,
 * so moving or removing one is refused with DATES_LOCKED (SPEC §4).
 */
export async function syncEventDates(tx: DbOrTx, event: EventRow, schedule: Schedule): Promise<void> {
  const expanded = expandOrThrow(schedule);
  const existing = await tx.select().from(eventDates).where(eq(eventDates.eventId, event.id));
  const wanted = new Map(expanded.map((d) => [d.startsAt.getTime(), d]));
  const isLocked = isReleased(event.status);

  const stale = existing.filter((d) => {
    const match = wanted.get(d.startsAt.getTime());
    return !match || match.endsAt.getTime() !== d.endsAt.getTime();
  });
  if (isLocked && stale.length > 0) throw new AppError("DATES_LOCKED", { field: "schedule" });
  if (stale.length > 0) {
    await tx.delete(eventDates).where(and(eq(eventDates.eventId, event.id), inArray(eventDates.id, stale.map((d) => d.id))));
  }
  const kept = new Set(existing.filter((d) => !stale.includes(d)).map((d) => d.startsAt.getTime()));
  const added = expanded.filter((d) => !kept.has(d.startsAt.getTime()));
  if (added.length > 0) {
    const inserted = await tx.insert(eventDates).values(
      added.map((d) => ({
        eventId: event.id,
        organiserId: event.organiserId,
        localDate: d.date,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        isAdditional: d.isAdditional,
      })),
    ).returning({ id: eventDates.id });
    // New dates of a seated event get their seat inventory at once.
    const [seating] = await tx.select().from(eventSeating).where(eq(eventSeating.eventId, event.id)).limit(1);
    if (seating) await materialiseInventory(tx, event.id, seating.layout, inserted.map((d) => d.id));
  }
  // Every date is a scope with its own counters, created here (never when the shop reads).
  await syncCounters(tx, event.id);
}
