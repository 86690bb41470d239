import type { EventType } from "../../../../shared/enums";
import type { EventStatus } from "../../../../shared/schemas/events";
import type { MyTicketState } from "../../../../shared/schemas/my-tickets";
import { type RuleCategory, saleWindow } from "../../../../shared/rules/ticket-selection";

/**
 * The pure part of My Tickets (decision 026): what one ticket category sells where, its figures
 * from the inventory's counters, and its state from the event's status and the shop's own sale
 * window rule (`saleWindow`, shared/rules/ticket-selection.ts), so the list never decides "on
 * sale" differently from the shop.
 */

export type OverviewEvent = {
  id: string;
  type: EventType;
  status: EventStatus;
  publishedAt: Date | null;
  publicationDate: Date | null;
  timeZone: string;
  seasonSaleEnd: Date | null;
};

/** Where a category sells: one date of its event, or (season tickets) the season as a whole. */
export type OverviewScope = {
  scopeId: string;
  kind: "date" | "season";
  /** The date's start and end; a season's first and last date of its events (null without any). */
  startsAt: Date | null;
  endsAt: Date | null;
  /** The date as the shop's rules read it (a season: from its first date until its sale end). */
  saleDate: { startsAt: Date; endsAt: Date; timeZone: string };
  /** A season without dates sells nothing (the shop's `scopeOnSale`). */
  sells: boolean;
};

/** A quota counter `ticket:<id>` of one scope, in places. */
export type CounterPlaces = { capacity: number; held: number; sold: number };

export type ScopeFigures = {
  /** Tickets the organiser offers for this scope (the daily quantity). */
  quantity: number;
  sold: number;
  held: number;
  /** Tickets still to sell: none once the scope's sale is over or its event cancelled. */
  left: number;
  state: MyTicketState;
  saleStart: Date | null;
  saleEnd: Date;
};

type Category = RuleCategory & { dailyQuantity: number; seatsPerTicket: number };

/** When the category's sale starts: its own time, else the event's release (or planned release). */
export function resolvedSaleStart(event: OverviewEvent, category: Pick<RuleCategory, "saleStartMode" | "saleStartAt">): Date | null {
  if (category.saleStartMode === "at") return category.saleStartAt;
  if (event.publishedAt) return event.publishedAt;
  return event.status === "scheduled" ? event.publicationDate : null;
}

/**
 * The latest a sale may end ("until the event ends"): the last date's end; for a season the end
 * of its season-ticket sales (what the shop sells it until). Null when there is no date yet.
 */
export function eventSaleEnd(event: OverviewEvent, scopes: readonly OverviewScope[]): Date | null {
  if (event.type === "SEASONAL" && scopes.every((s) => !s.sells)) return event.seasonSaleEnd;
  const ends = scopes.filter((s) => s.sells).map((s) => s.saleDate.endsAt.getTime());
  return ends.length > 0 ? new Date(Math.max(...ends)) : null;
}

function stateOfScope(event: OverviewEvent, window: { start: Date | null; end: Date }, scope: OverviewScope, soldOut: boolean, now: Date): MyTicketState {
  if (event.status === "cancelled") return "cancelled";
  if (event.status === "draft") return "draft";
  if (event.status === "scheduled") return "scheduled";
  if (now.getTime() >= window.end.getTime()) return "ended";
  if (!scope.sells || !window.start || now.getTime() < window.start.getTime()) return "scheduled";
  // Places held in carts are not sold yet (the shop's "sold out" reads them as free too).
  return soldOut ? "sold_out" : "on_sale";
}

/** One scope of a category: its figures from the counter (none yet: nothing held or sold) and its state. */
export function scopeFigures(event: OverviewEvent, category: Category, scope: OverviewScope, counter: CounterPlaces | undefined, now: Date): ScopeFigures {
  const perTicket = category.seatsPerTicket;
  const capacity = counter?.capacity ?? category.dailyQuantity * perTicket;
  const held = counter?.held ?? 0;
  const sold = counter?.sold ?? 0;
  const releasedAt = event.status === "published" ? event.publishedAt : null;
  const window = saleWindow(category, { releasedAt, date: scope.saleDate });
  const state = stateOfScope(event, window, scope, sold >= capacity, now);
  const open = state !== "ended" && state !== "cancelled";
  return {
    quantity: category.dailyQuantity,
    sold: Math.ceil(sold / perTicket),
    held: Math.ceil(held / perTicket),
    left: open ? Math.max(0, Math.floor((capacity - held - sold) / perTicket)) : 0,
    state,
    saleStart: event.status === "published" ? window.start : resolvedSaleStart(event, category),
    saleEnd: window.end,
  };
}

/**
 * Why nothing about the event's tickets may change any more, or null: cancelled (final), or
 * over (published and its last date ended; a season: its season-ticket sales ended).
 */
export function closedReason(event: OverviewEvent, scopes: readonly OverviewScope[], now: Date): "cancelled" | "over" | null {
  if (event.status === "cancelled") return "cancelled";
  if (event.status !== "published") return null;
  if (event.type === "SEASONAL") return event.seasonSaleEnd && event.seasonSaleEnd.getTime() <= now.getTime() ? "over" : null;
  const ends = scopes.flatMap((s) => (s.endsAt ? [s.endsAt.getTime()] : []));
  return ends.length > 0 && Math.max(...ends) <= now.getTime() ? "over" : null;
}

/** The precedence of scope states in a category's state: on sale anywhere wins, then sold out, then later. */
const PRECEDENCE: MyTicketState[] = ["on_sale", "sold_out", "scheduled", "ended"];

/** The state of a category over its scopes: the event's status first, then the most open scope. */
export function categoryState(event: OverviewEvent, scopes: readonly Pick<ScopeFigures, "state">[]): MyTicketState {
  if (event.status === "cancelled") return "cancelled";
  if (event.status === "draft") return "draft";
  if (event.status === "scheduled") return "scheduled";
  for (const state of PRECEDENCE) if (scopes.some((s) => s.state === state)) return state;
  // Published without a date to sell (a season without events yet).
  return "scheduled";
}
