import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";
import { selectionPriceCents } from "../../../shared/rules/pricing";
import { remainingPerCategory, type RuleCategory, type RuleContext, type Selection, selectionOfPlaces } from "../../../shared/rules/ticket-selection";
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

/**
 * Tickets left per category, as the server counts them (shared/rules/ticket-selection.ts), live
 * from the seat feed once it is ready.
 */
export function liveRemaining(
  scope: ShopScopeData,
  feed: SeatFeed,
  index: Map<string, SeatInfo>,
  totals: Map<string | null, number>,
): Map<string, number> {
  if (!feed.ready) return new Map(Object.entries(scope.remaining));
  const free = new Map(totals);
  for (const seat of feed.seats.values()) {
    if (seat.s === "FREE") continue;
    const info = index.get(seat.k);
    if (info) free.set(info.categoryId, (free.get(info.categoryId) ?? 0) - 1);
  }
  return remainingPerCategory(scope.categories, {
    counters: new Map([...feed.counters].map(([k, c]) => [k, c.cap - c.held - c.sold])),
    freeSeats: scope.layout ? free : null,
    areas: (scope.layout?.blocks ?? []).filter((b) => b.kind === "standing"),
    attendeeLimit: scope.dailyAttendeeLimit,
  });
}

/** The cart as the rules module sees it: tickets and places per category. */
export function cartSelection(cart: CartData | undefined, categories: ShopCategory[]): Selection {
  return selectionOfPlaces(categories, [
    ...(cart?.seats ?? []).map((s) => ({ categoryId: s.ticketCategoryId, places: 1 })),
    ...(cart?.items ?? []).map((i) => ({ categoryId: i.ticketCategoryId, tickets: i.quantity })),
  ]);
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
  return selectionPriceCents(cartSelection(cart, categories), categories);
}
