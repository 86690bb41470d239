import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { isCancelled, isLive } from "../../../shared/rules/event-status";
import type { SeatingLayout } from "../../../shared/seating/layout";
import type { AppDeps } from "../../deps";
import { eventDates, events, eventSeating, ticketCategories } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { sellablePlaces } from "../inventory/materialise";
import { computeRemaining } from "../shop/availability";
import { accessToken, loadScope, scopeOnSale, type ShopScope, type TicketCategoryRow } from "../shop/scope";

/**
 * What the Print area prints for (decision 021): dates of the organiser's published, not
 * cancelled events that have not ended, never a season (a season ticket is not printed here).
 */

/** Seat categories of a plan's sellable seats (a category without one takes any seat). */
function seatCategoriesOf(layout: SeatingLayout | null): { any: boolean; categories: Set<string | null> } {
  if (!layout) return { any: false, categories: new Set() };
  const seats = sellablePlaces(layout).seats;
  return { any: seats.length > 0, categories: new Set(seats.map((s) => s.category)) };
}

/**
 * Whether a category's tickets are seats on the plan (printed by seat: best available or picked)
 * rather than counted places (a standing area, or an event without a plan).
 */
export function isSeatedCategory(layout: SeatingLayout | null, category: Pick<TicketCategoryRow, "seatingCategoryId">, seats = seatCategoriesOf(layout)): boolean {
  if (!layout) return false;
  return category.seatingCategoryId === null ? seats.any : seats.categories.has(category.seatingCategoryId);
}

/**
 * One date the Print area prints for, of the caller's organiser: another organiser's date, a
 * season or an unknown id is NOT_FOUND; a cancelled event EVENT_CANCELLED; a draft, a scheduled
 * event or a date that has ended EVENT_NOT_ON_SALE.
 */
export async function printScope(deps: AppDeps, organiserId: string, scopeId: string): Promise<ShopScope> {
  const scope = await loadScope(deps.database.db, scopeId);
  if (!scope || scope.kind !== "date" || scope.event.organiserId !== organiserId) throw new AppError("NOT_FOUND", { field: "scopeId" });
  if (isCancelled(scope.event.status)) throw new AppError("EVENT_CANCELLED", { field: "scopeId" });
  if (!isLive(scope.event.status) || !scopeOnSale(scope)) throw new AppError("EVENT_NOT_ON_SALE", { field: "scopeId" });
  return scope;
}

/**
 * What the plan picker shows for one date: the box office's view of it (boxoffice/scope.ts
 * counterView) without the counter's settings: the plan, the categories with what is left and
 * whether they print by seat, and an access token for `shop.watch` on a code-protected event
 * (the live seat map: the seats a run takes turn sold at once).
 */
export async function printScopeView(deps: AppDeps, organiserId: string, scopeId: string) {
  const scope = await printScope(deps, organiserId, scopeId);
  const remaining = await computeRemaining(deps.database.db, scope);
  const seats = seatCategoriesOf(scope.layout);
  return {
    scopeId: scope.scopeId,
    kind: "date" as const,
    eventId: scope.event.id,
    eventName: scope.event.name,
    timeZone: scope.event.timeZone,
    startsAt: scope.date.startsAt,
    endsAt: scope.date.endsAt,
    layout: scope.layout,
    access: scope.event.visibility === "code" ? accessToken(deps.config.APP_SECRET, scope.event) : undefined,
    categories: scope.categories.map((c) => ({
      id: c.id,
      name: c.name,
      kind: c.kind,
      priceCents: c.priceCents,
      seatingCategoryId: c.seatingCategoryId,
      seatsPerTicket: c.seatsPerTicket,
      seated: isSeatedCategory(scope.layout, c, seats),
      remaining: remaining.get(c.id) ?? 0,
    })),
  };
}

export type PrintDateEvent = {
  eventId: string;
  eventName: string;
  isSeason: false;
  dates: { scopeId: string; startsAt: Date }[];
  categories: { id: string; name: string; priceCents: number; seated: boolean }[];
};

/** The events and dates the Print area offers, soonest date first; each with its categories. */
export async function printDates(deps: AppDeps, organiserId: string): Promise<PrintDateEvent[]> {
  const db = deps.database.db;
  const dates = await db
    .select({ scopeId: eventDates.id, startsAt: eventDates.startsAt, eventId: events.id, eventName: events.name, seatingMode: events.seatingMode })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(and(eq(events.organiserId, organiserId), eq(events.status, "published"), ne(events.type, "SEASONAL"), gt(eventDates.endsAt, sql`now()`)))
    .orderBy(asc(eventDates.startsAt), asc(eventDates.id))
    .limit(1000);
  const eventIds = [...new Set(dates.map((d) => d.eventId))];
  if (eventIds.length === 0) return [];
  const categories = await db
    .select({ id: ticketCategories.id, eventId: ticketCategories.eventId, name: ticketCategories.name, priceCents: ticketCategories.priceCents, seatingCategoryId: ticketCategories.seatingCategoryId })
    .from(ticketCategories)
    .where(inArray(ticketCategories.eventId, eventIds))
    .orderBy(asc(ticketCategories.sortOrder), asc(ticketCategories.id));
  const planned = dates.filter((d) => d.seatingMode === "template").map((d) => d.eventId);
  const layouts = planned.length
    ? await db.select({ eventId: eventSeating.eventId, layout: eventSeating.layout }).from(eventSeating).where(inArray(eventSeating.eventId, [...new Set(planned)]))
    : [];
  const layoutOf = new Map(layouts.map((l) => [l.eventId, l.layout]));

  const byEvent = new Map<string, PrintDateEvent>();
  for (const d of dates) {
    let entry = byEvent.get(d.eventId);
    if (!entry) {
      const layout = d.seatingMode === "template" ? (layoutOf.get(d.eventId) ?? null) : null;
      const seats = seatCategoriesOf(layout);
      entry = {
        eventId: d.eventId,
        eventName: d.eventName,
        isSeason: false,
        dates: [],
        categories: categories
          .filter((c) => c.eventId === d.eventId)
          .map((c) => ({ id: c.id, name: c.name, priceCents: c.priceCents, seated: isSeatedCategory(layout, c, seats) })),
      };
      byEvent.set(d.eventId, entry);
    }
    entry.dates.push({ scopeId: d.scopeId, startsAt: d.startsAt });
  }
  return [...byEvent.values()];
}
