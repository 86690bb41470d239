import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZMyTicketUpdateInput } from "../../../../shared/schemas/my-tickets";
import type { Db, DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";
import { eventDates, events, ticketCategories } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import type { EventRow } from "../../events/access";
import { reassertPublishable } from "../../events/lifecycle";
import { syncCounters } from "../../inventory/counters";
import { lockRows } from "../../inventory/lock-order";
import { forgetShopScopes } from "../../shop/scope";
import { closedReason, eventSaleEnd, type OverviewScope, resolvedSaleStart } from "./state";

/**
 * myTickets.update (decision 026): the quick changes that stay safe after sales started, in one
 * transaction: the price (for sales from now on: order lines keep the price they stored), the
 * daily quantity (never below what a date sold or holds, decided under the counters' locks), the
 * sale end and the visibility. A quantity goes the tickets step's way: the category row, then
 * the inventory's `syncCounters` and the publishing gate, and the shop's cache forgets the event.
 */

type UpdateInput = z.output<typeof ZMyTicketUpdateInput>;
type CategoryRow = typeof ticketCategories.$inferSelect;

/** Tests only (the race test's control run): skip the counters' locks, and wait between check and write. */
let testing: { unlocked: boolean; pauseMs: number } = { unlocked: false, pauseMs: 0 };

/** Tests only: `unlocked` reads the counters without locking them (the race it allows is the point). */
export function setQuickChangeTesting(options: { unlocked?: boolean; pauseMs?: number } | null): void {
  testing = { unlocked: options?.unlocked ?? false, pauseMs: options?.pauseMs ?? 0 };
}

/**
 * Refuses a daily quantity below what any date (or the season) of the category has sold or holds
 * in carts. The event's counters are locked first, in the inventory's one lock order (decision
 * 009, `lockRows`: by scope and key, the set `syncCounters` locks next), so a hold or sale of the
 * category waits until this change commits and then finds the new capacity.
 */
async function assertQuantityCovers(tx: DbOrTx, eventId: string, category: CategoryRow, dailyQuantity: number): Promise<void> {
  const select = sql`select q.scope_id, q.counter_key, q.held, q.sold from quota_inventory q where q.event_id = ${eventId}`;
  const locked = testing.unlocked ? sql`${select} order by q.scope_id, q.counter_key` : lockRows(select, sql`q.scope_id, q.counter_key`, sql`for update of q`);
  const rows = await txRows<{ counter_key: string; held: number; sold: number }>(tx, sql`with c as (${locked}) select counter_key, held, sold from c`);
  const needed = Math.max(0, ...rows.filter((r) => r.counter_key === `ticket:${category.id}`).map((r) => Number(r.held) + Number(r.sold)));
  if (testing.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, testing.pauseMs));
  if (dailyQuantity * category.seatsPerTicket < needed) throw new AppError("TICKET_QUANTITY_BELOW_SOLD", { field: "dailyQuantity" });
}

/**
 * The event's row first, as the tickets step and a cancellation lock it: this change waits for
 * them and they for it. FOR NO KEY UPDATE, not FOR UPDATE: a buyer's first hold inserts its cart
 * (and a checkout its order) after locking the counters, and their foreign key takes KEY SHARE on
 * this row; FOR UPDATE would block that while this change waits for the same counters, a
 * deadlock (the race test found it).
 */
async function lockOwnEvent(tx: DbOrTx, organiserId: string, eventId: string): Promise<EventRow> {
  const [event] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organiserId, organiserId)))
    .limit(1)
    .for("no key update");
  if (!event) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
  return event;
}

/** The event's dates as the sale end check reads them (a season: its events' dates). */
async function scopesFor(tx: DbOrTx, event: EventRow): Promise<OverviewScope[]> {
  const dates = await tx
    .select({ id: eventDates.id, startsAt: eventDates.startsAt, endsAt: eventDates.endsAt })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(
      and(
        eq(eventDates.organiserId, event.organiserId),
        eq(events.organiserId, event.organiserId),
        event.type === "SEASONAL" ? eq(events.seasonId, event.id) : eq(eventDates.eventId, event.id),
      ),
    )
    .orderBy(asc(eventDates.startsAt));
  if (event.type === "SEASONAL") {
    const start = dates[0]?.startsAt ?? new Date(0);
    const saleDate = { startsAt: start, endsAt: event.seasonSaleEnd ?? start, timeZone: event.timeZone };
    return [{ scopeId: event.id, kind: "season", startsAt: dates[0]?.startsAt ?? null, endsAt: null, saleDate, sells: dates.length > 0 }];
  }
  return dates.map((d) => ({ scopeId: d.id, kind: "date", startsAt: d.startsAt, endsAt: d.endsAt, saleDate: { startsAt: d.startsAt, endsAt: d.endsAt, timeZone: event.timeZone }, sells: true }));
}

/** A cancelled event is final; an event whose dates are all over sells nothing any more. */
function assertStillSelling(event: EventRow, scopes: OverviewScope[], now: Date): void {
  const reason = closedReason(event, scopes, now);
  if (reason === "cancelled") throw new AppError("EVENT_CANCELLED");
  if (reason === "over") throw new AppError("EVENT_NOT_ON_SALE");
}

/** The changed columns of the category, each checked; a field equal to what is stored changes nothing. */
async function changesOf(tx: DbOrTx, event: EventRow, category: CategoryRow, scopes: OverviewScope[], input: UpdateInput) {
  const set: Partial<Pick<CategoryRow, "priceCents" | "dailyQuantity" | "saleEndMode" | "saleEndAt" | "visibility">> = {};
  if (input.priceCents !== undefined && input.priceCents !== category.priceCents) {
    // A free ticket stays free: its type is the tickets step's to change.
    if (category.kind === "free") throw new AppError("VALIDATION", { field: "priceCents" });
    set.priceCents = input.priceCents;
  }
  if (input.visibility !== undefined && input.visibility !== category.visibility) {
    // "Only when another ticket is selected" needs the other ticket, chosen in the tickets step.
    if (input.visibility !== "always" && !category.conditionCategoryId) throw new AppError("VALIDATION", { field: "visibility" });
    set.visibility = input.visibility;
  }
  if (input.saleEndAt === null && category.saleEndMode !== "event_end") {
    set.saleEndMode = "event_end";
    set.saleEndAt = null;
  } else if (input.saleEndAt instanceof Date && (category.saleEndMode !== "at" || category.saleEndAt?.getTime() !== input.saleEndAt.getTime())) {
    const start = resolvedSaleStart(event, category);
    const limit = eventSaleEnd(event, scopes);
    if ((start && input.saleEndAt.getTime() <= start.getTime()) || (limit && input.saleEndAt.getTime() > limit.getTime()))
      throw new AppError("TICKET_SALE_END_INVALID", { field: "saleEndAt" });
    set.saleEndMode = "at";
    set.saleEndAt = input.saleEndAt;
  }
  if (input.dailyQuantity !== undefined && input.dailyQuantity !== category.dailyQuantity) {
    await assertQuantityCovers(tx, event.id, category, input.dailyQuantity);
    set.dailyQuantity = input.dailyQuantity;
  }
  return set;
}

/** Applies a quick change; returns which fields changed (none when everything was as stored). */
export async function updateMyTicket(db: Db, organiserId: string, input: UpdateInput, now = new Date()): Promise<{ changed: string[] }> {
  const result = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ eventId: ticketCategories.eventId })
      .from(ticketCategories)
      .where(and(eq(ticketCategories.id, input.ticketCategoryId), eq(ticketCategories.organiserId, organiserId)))
      .limit(1);
    if (!found) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
    const event = await lockOwnEvent(tx, organiserId, found.eventId);
    const [category] = await tx
      .select()
      .from(ticketCategories)
      .where(and(eq(ticketCategories.id, input.ticketCategoryId), eq(ticketCategories.eventId, event.id), eq(ticketCategories.organiserId, organiserId)))
      .limit(1);
    // Removed by the tickets step meanwhile.
    if (!category) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
    const scopes = await scopesFor(tx, event);
    assertStillSelling(event, scopes, now);
    const set = await changesOf(tx, event, category, scopes, input);
    const changed = Object.keys(set).filter((k) => k !== "saleEndMode");
    if (changed.length === 0) return { eventId: event.id, changed };
    await tx
      .update(ticketCategories)
      .set(set)
      .where(and(eq(ticketCategories.id, category.id), eq(ticketCategories.eventId, event.id), eq(ticketCategories.organiserId, organiserId)));
    if (set.dailyQuantity !== undefined) {
      // Capacities follow where they are decided (decision 009), and a released event must keep
      // passing the publishing gate (its contingent covers what it can sell, decision 014).
      await syncCounters(tx, event.id);
      await reassertPublishable(tx, event.id);
    }
    return { eventId: event.id, changed };
  });
  // As after the tickets step: this instance's shop reads the category again at once.
  if (result.changed.length > 0) forgetShopScopes(result.eventId);
  return { changed: result.changed };
}

