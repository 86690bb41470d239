import { count, eq } from "drizzle-orm";
import { type InventoryBudget, inventoryBudget } from "../../../shared/limits";
import type { SeatingLayout } from "../../../shared/seating/layout";
import { layoutCapacity } from "../../../shared/seating/numbering";
import type { DbOrTx } from "../../db/client";
import { eventDates, eventSeating, organisers } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/**
 * Every path that makes seat inventory checks these budgets at its entry, before it writes:
 * one row per seat and date is what turns a 1.5 KB request into millions of rows.
 */

export async function budgetOf(db: DbOrTx, organiserId: string): Promise<InventoryBudget> {
  const [row] = await db
    .select({ state: organisers.verificationState })
    .from(organisers)
    .where(eq(organisers.id, organiserId))
    .limit(1);
  return inventoryBudget(row?.state === "verified");
}

/** Seats a layout materialises per date (standing areas are one counter row each, not counted). */
export function seatsOf(layout: Pick<SeatingLayout, "blocks">): number {
  return layoutCapacity(layout).fixed;
}

/** PLAN_SEAT_LIMIT when a template has more seats than the organiser may keep in one plan. */
export function assertPlanWithinBudget(budget: InventoryBudget, layout: Pick<SeatingLayout, "blocks">, field = "layout"): void {
  const seats = seatsOf(layout);
  if (seats > budget.seatsPerPlan) {
    throw new AppError("PLAN_SEAT_LIMIT", { field, detail: String(budget.seatsPerPlan), message: `${seats} seats` });
  }
}

/** EVENT_SEAT_DATE_LIMIT when seats × dates of one event exceed the organiser's budget. */
export function assertEventWithinBudget(budget: InventoryBudget, seats: number, dates: number, field: string): void {
  if (seats * dates > budget.seatDatesPerEvent) {
    throw new AppError("EVENT_SEAT_DATE_LIMIT", {
      field,
      detail: String(budget.seatDatesPerEvent),
      message: `${seats} seats x ${dates} dates`,
    });
  }
}

export async function dateCountOf(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(eventDates).where(eq(eventDates.eventId, eventId));
  return row?.n ?? 0;
}

/** The seats per date of an event's seating snapshot (0 for free admission). */
export async function eventSeatsOf(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db.select({ layout: eventSeating.layout }).from(eventSeating).where(eq(eventSeating.eventId, eventId)).limit(1);
  return row ? seatsOf(row.layout) : 0;
}
