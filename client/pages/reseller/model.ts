import { groupCartTickets } from "../../../shared/rules/checkout";
import { priceOrder } from "../../../shared/rules/pricing";
import type { CounterPaymentMethod } from "../../../shared/schemas/boxoffice";
import type { SeatInfo } from "../../components/Shop/model";
import type { SeatFeed } from "../../hooks/use-seat-feed";
import type { RouterOutputs } from "../../lib/trpc";

/** The reseller's area (issue 21): what the screens read from `resellers.*`, and the sale's arithmetic. */
export type AllocationSummary = RouterOutputs["resellers"]["allocations"][number];
export type ResellerAllocation = RouterOutputs["resellers"]["allocation"];
export type ResellerCategory = ResellerAllocation["categories"][number];
export type ResellerSale = RouterOutputs["resellers"]["sell"];
export type ResellerOrder = RouterOutputs["resellers"]["orders"]["items"][number];

/** The methods a reseller takes for a sale with a total above 0 (free of charge: when the total is 0). */
export const RESELLER_SALE_METHODS = ["cash", "card", "other"] as const satisfies readonly CounterPaymentMethod[];
export type ResellerSaleMethod = (typeof RESELLER_SALE_METHODS)[number];

export type Buyer = { firstName: string; lastName: string; email: string };
export const NO_BUYER: Buyer = { firstName: "", lastName: "", email: "" };

/**
 * The screen's own selection (a reseller has no holds: the allocation is reserved for it and the
 * sale takes the places from it in one step): seats with their ticket category, and counted
 * tickets per category and area.
 */
export type Selection = { seats: ReadonlyMap<string, string>; counts: ReadonlyMap<string, number> };
export const EMPTY_SELECTION: Selection = { seats: new Map(), counts: new Map() };

/** The key of a counted allocation entry (area "" for an event without a plan). */
export const placeKey = (tc: string, area: string) => `${tc}|${area}`;

/** Seats and places still in an allocation, together. */
export const leftOf = (a: Pick<AllocationSummary, "seatsLeft" | "placesLeft">) => a.seatsLeft + a.placesLeft.reduce((n, p) => n + p.quantity, 0);

/** The reseller's ticket categories that may sell a seat of this seating category. */
export function categoriesForSeat(categories: readonly ResellerCategory[], seatingCategoryId: string | null): ResellerCategory[] {
  return categories.filter((c) => c.seatingCategoryId === null || c.seatingCategoryId === seatingCategoryId);
}

/**
 * Whether a seat may be chosen: the allocation still holds it (it appears as held in the live
 * feed, because the allocation's cart holds it). A seat the feed shows as sold or free is gone.
 */
export function isSellableSeat(key: string, allocated: ReadonlySet<string>, feed: SeatFeed): boolean {
  if (!allocated.has(key)) return false;
  if (!feed.ready) return true;
  const s = feed.seats.get(key)?.s ?? "FREE";
  return s === "PAYMENT_PENDING" || s === "SEASON_BLOCKED";
}

/**
 * The selection as `resellers.sell` takes its tickets: seats of a category grouped per ticket
 * (its seats per ticket, in plan order, as the server groups them), counted tickets per area.
 * `incomplete`: a category lacks seats for its last ticket.
 */
export function saleTickets(allocation: ResellerAllocation, selection: Selection, index: ReadonlyMap<string, SeatInfo>) {
  const seats = [...selection.seats].map(([key, tc]) => {
    const info = index.get(key);
    return { key, ticketCategoryId: tc, blockId: info?.blockId ?? key.split(":")[0]!, rowLabel: info?.rowLabel ?? "", seatLabel: info?.seatLabel ?? "" };
  });
  const items = [...selection.counts]
    .filter(([, n]) => n > 0)
    .map(([k, quantity]) => {
      const [tc, area] = k.split("|") as [string, string];
      return { ticketCategoryId: tc, areaId: area === "" ? null : area, quantity };
    });
  const blocks = (allocation.layout?.blocks ?? []).map((b) => b.id);
  const grouped = groupCartTickets({ seats, items }, allocation.categories, blocks);
  return {
    incomplete: grouped.incomplete,
    tickets: grouped.tickets.map((tk) => ({ ticketCategoryId: tk.category.id, seatKeys: tk.seats.map((s) => s.key), areaId: tk.areaId, bookingOptions: [], participant: {} })),
    categories: grouped.tickets.map((tk) => tk.category),
  };
}

/** The sale's total at the reseller's prices, as the server prices it (a counter sale without fees). */
export function saleTotalCents(categories: readonly ResellerCategory[], vatRateBp: number): number {
  const priced = priceOrder(
    // The reseller's price as it is, as the server takes it (writeOrder: reseller prices per category).
    categories.map((c) => ({ priceCents: c.priceCents, optionCents: [], chargeable: c.kind === "chargeable" })),
    vatRateBp,
    { channel: "box_office", boxOfficeFeeCents: 0 },
  );
  return priced.amounts.totalCents;
}

/** The tickets PDF of one of the reseller's orders (valid orders only), in the screen's language. */
export function ticketsPdfUrl(orderId: string, locale: string): string {
  return `/api/reseller/orders/${orderId}/tickets.pdf?lang=${locale.startsWith("de") ? "de" : "en"}`;
}

/** A plausible email address (the server checks it exactly). */
export const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);
