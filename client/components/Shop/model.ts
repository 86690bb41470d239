import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";
import { remainingTickets, type RuleCategory, type RuleContext, type Selection } from "../../../shared/rules/ticket-selection";
import type { SeatingLayout } from "../../../shared/seating/layout";
import { blockSeats } from "../../../shared/seating/numbering";
import type { SeatFeed } from "../../hooks/use-seat-feed";

type Outputs = inferRouterOutputs<AppRouter>;
export type ShopScopeData = Outputs["shop"]["scope"];
export type ShopCategory = ShopScopeData["categories"][number];
export type CartData = Outputs["shop"]["cart"];

export type SeatInfo = { key: string; blockId: string; blockName: string; rowLabel: string; seatLabel: string; categoryId: string | null };

/** Every sellable seat of a plan by key, with its printed labels and category. */
export function seatIndex(layout: SeatingLayout | null): Map<string, SeatInfo> {
  const index = new Map<string, SeatInfo>();
  for (const block of layout?.blocks ?? []) {
    if (block.kind !== "seated") continue;
    for (const seat of blockSeats(block)) {
      if (!seat.isActive) continue;
      index.set(seat.key, { key: seat.key, blockId: block.id, blockName: block.name, rowLabel: seat.rowLabel, seatLabel: seat.seatLabel, categoryId: seat.categoryId });
    }
  }
  return index;
}

/** Seats per seating category (null: seats without a category). */
export function seatTotals(index: Map<string, SeatInfo>): Map<string | null, number> {
  const totals = new Map<string | null, number>();
  for (const seat of index.values()) totals.set(seat.categoryId, (totals.get(seat.categoryId) ?? 0) + 1);
  return totals;
}

const left = (feed: SeatFeed, key: string): number | null => {
  const c = feed.counters.get(key);
  return c ? c.cap - c.held - c.sold : null;
};

/**
 * Tickets left per category, as the server counts them (its quota, the attendee limit and the
 * free seats or places of its seating category), live from the seat feed once it is ready.
 */
export function liveRemaining(
  scope: ShopScopeData,
  feed: SeatFeed,
  index: Map<string, SeatInfo>,
  totals: Map<string | null, number>,
): Map<string, number> {
  if (!feed.ready) return new Map(Object.entries(scope.remaining));
  const taken = new Map<string | null, number>();
  for (const seat of feed.seats.values()) {
    if (seat.s === "FREE") continue;
    const info = index.get(seat.k);
    if (info) taken.set(info.categoryId, (taken.get(info.categoryId) ?? 0) + 1);
  }
  const areas = (scope.layout?.blocks ?? []).filter((b) => b.kind === "standing");
  const out = new Map<string, number>();
  for (const c of scope.categories) {
    let seats: number | null = null;
    if (scope.layout) {
      seats = 0;
      for (const [cat, total] of totals) if (!c.seatingCategoryId || cat === c.seatingCategoryId) seats += total - (taken.get(cat) ?? 0);
      for (const area of areas) {
        if (c.seatingCategoryId && area.categoryId !== c.seatingCategoryId) continue;
        seats += Math.max(0, left(feed, `area:${area.id}`) ?? 0);
      }
    }
    const attendees = scope.dailyAttendeeLimit !== null ? (left(feed, "attendees") ?? scope.dailyAttendeeLimit) : null;
    out.set(c.id, remainingTickets(c, { quota: left(feed, `ticket:${c.id}`) ?? c.dailyQuantity * c.seatsPerTicket, attendees, seats }));
  }
  return out;
}

/** The cart as the rules module sees it: tickets and places per category. */
export function cartSelection(cart: CartData | undefined, categories: ShopCategory[]): Selection {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const places = new Map<string, number>();
  for (const s of cart?.seats ?? []) places.set(s.ticketCategoryId, (places.get(s.ticketCategoryId) ?? 0) + 1);
  for (const i of cart?.items ?? []) places.set(i.ticketCategoryId, (places.get(i.ticketCategoryId) ?? 0) + i.quantity * (byId.get(i.ticketCategoryId)?.seatsPerTicket ?? 1));
  const selection = new Map<string, { tickets: number; places: number }>();
  for (const [id, p] of places) selection.set(id, { places: p, tickets: Math.ceil(p / (byId.get(id)?.seatsPerTicket ?? 1)) });
  return selection;
}

export function ruleContext(scope: ShopScopeData, remaining: ReadonlyMap<string, number>, now: Date): RuleContext {
  return {
    now,
    channel: "online",
    releasedAt: scope.releasedAt,
    date: { startsAt: scope.startsAt ?? now, endsAt: scope.saleEndsAt, timeZone: scope.timeZone },
    remaining,
  };
}

export const asRule = (c: ShopCategory): RuleCategory => c;

/** The price of a cart in cents (seats and counted tickets; booking options come at checkout). */
export function cartTotal(cart: CartData | undefined, categories: ShopCategory[]): number {
  const byId = new Map(categories.map((c) => [c.id, c]));
  let cents = 0;
  const seatsPer = new Map<string, number>();
  for (const s of cart?.seats ?? []) seatsPer.set(s.ticketCategoryId, (seatsPer.get(s.ticketCategoryId) ?? 0) + 1);
  for (const [id, n] of seatsPer) {
    const c = byId.get(id);
    if (c) cents += Math.ceil(n / c.seatsPerTicket) * c.priceCents;
  }
  for (const i of cart?.items ?? []) cents += i.quantity * (byId.get(i.ticketCategoryId)?.priceCents ?? 0);
  return cents;
}
