import type { TICKET_APPLIES_TO, TICKET_KINDS, TICKET_SALE_END_MODES, TICKET_SALE_START_MODES, TICKET_SELECTABILITY, TICKET_VISIBILITY } from "../schemas/tickets";
import { dateToZonedWallTime, zonedWallTimeToDate } from "./zoned";

/**
 * The rules of a ticket category (SPEC §3 Ticket category, §5 tickets per order), in one pure
 * module: the shop UI shows what they allow and the server enforces them on every hold and at
 * checkout with the very same functions.
 */
export type RuleCategory = {
  id: string;
  kind: (typeof TICKET_KINDS)[number];
  dailyQuantity: number;
  seatsPerTicket: number;
  saleStartMode: (typeof TICKET_SALE_START_MODES)[number];
  saleStartAt: Date | null;
  saleEndMode: (typeof TICKET_SALE_END_MODES)[number];
  saleEndAt: Date | null;
  validityStartTime: string | null;
  validityEndTime: string | null;
  visibility: (typeof TICKET_VISIBILITY)[number];
  selectability: (typeof TICKET_SELECTABILITY)[number];
  conditionCategoryId: string | null;
  minPerOrder: number;
  maxPerOrder: number;
  appliesTo: (typeof TICKET_APPLIES_TO)[number];
};

export type SalesChannel = "online" | "boxoffice";

export type RuleContext = {
  now: Date;
  channel: SalesChannel;
  /** When the event went on sale ("sale starts on event release"); null while unpublished. */
  releasedAt: Date | null;
  /** The date sold (a season: its first date and the end of season-ticket sales). */
  date: { startsAt: Date; endsAt: Date; timeZone: string };
  /** Tickets of each category still available for this date (already the smallest of its limits). */
  remaining: ReadonlyMap<string, number>;
};

/** Tickets (and the seats or places they take) chosen per category. */
export type Selection = ReadonlyMap<string, { tickets: number; places: number }>;

export type CategoryStatus = "available" | "not_yet_on_sale" | "sale_ended" | "sold_out" | "boxoffice_only";

export type SelectionErrorCode =
  | "UNKNOWN_CATEGORY"
  | "BOXOFFICE_ONLY"
  | "NOT_YET_ON_SALE"
  | "SALE_ENDED"
  | "SOLD_OUT"
  | "NOT_SELECTABLE"
  | "BELOW_MIN"
  | "ABOVE_MAX"
  | "NOT_ENOUGH_LEFT"
  | "SEATS_PER_TICKET";

export type SelectionError = { categoryId: string; code: SelectionErrorCode };

/**
 * The validity window of a ticket on its date: from the validity start time to the validity end
 * time on the date's local day (either side defaults to the date's own start or end).
 */
export function validityWindow(category: RuleCategory, date: RuleContext["date"]): { from: Date; until: Date } {
  const day = dateToZonedWallTime(date.startsAt, date.timeZone).slice(0, 10);
  const at = (hhmm: string) => zonedWallTimeToDate(`${day} ${hhmm}`, date.timeZone);
  return {
    from: category.validityStartTime ? at(category.validityStartTime) : date.startsAt,
    until: category.validityEndTime ? at(category.validityEndTime) : date.endsAt,
  };
}

/**
 * When a category is on sale: from the event's release (or the set date) until the end of the
 * date (or the set date), and never after the ticket stops being valid.
 */
export function saleWindow(category: RuleCategory, ctx: Pick<RuleContext, "releasedAt" | "date">): { start: Date | null; end: Date } {
  const start = category.saleStartMode === "at" ? category.saleStartAt : ctx.releasedAt;
  const end = category.saleEndMode === "at" && category.saleEndAt ? category.saleEndAt : ctx.date.endsAt;
  const validUntil = validityWindow(category, ctx.date).until;
  return { start, end: end.getTime() < validUntil.getTime() ? end : validUntil };
}

/** Whether a category can be bought in this channel right now, before looking at the cart. */
export function categoryStatus(category: RuleCategory, ctx: RuleContext): CategoryStatus {
  if (ctx.channel === "online" && category.appliesTo === "boxoffice") return "boxoffice_only";
  const window = saleWindow(category, ctx);
  if (!window.start || ctx.now.getTime() < window.start.getTime()) return "not_yet_on_sale";
  if (ctx.now.getTime() >= window.end.getTime()) return "sale_ended";
  if ((ctx.remaining.get(category.id) ?? 0) <= 0) return "sold_out";
  return "available";
}

function conditionMet(category: RuleCategory, mode: "with_other_selected" | "other_sold_out", selection: Selection, ctx: RuleContext): boolean {
  const other = category.conditionCategoryId;
  if (!other) return false;
  if (mode === "with_other_selected") return (selection.get(other)?.tickets ?? 0) > 0;
  return (ctx.remaining.get(other) ?? 0) <= 0;
}

/** "Only visible when another ticket is selected"; Boxoffice-only categories never show online. */
export function isVisible(category: RuleCategory, selection: Selection, ctx: RuleContext): boolean {
  if (ctx.channel === "online" && category.appliesTo === "boxoffice") return false;
  if (category.visibility === "always") return true;
  return conditionMet(category, "with_other_selected", selection, ctx);
}

/** Whether tickets of the category may be added: on sale, visible and its selectability condition met. */
export function isSelectable(category: RuleCategory, selection: Selection, ctx: RuleContext): boolean {
  if (categoryStatus(category, ctx) !== "available") return false;
  if (!isVisible(category, selection, ctx)) return false;
  if (category.selectability === "always") return true;
  return conditionMet(category, category.selectability, selection, ctx);
}

/** How many tickets of the category one order may still take: its maximum, capped by what is left. */
export function maxTickets(category: RuleCategory, ctx: RuleContext): number {
  return Math.max(0, Math.min(category.maxPerOrder, ctx.remaining.get(category.id) ?? 0));
}

/** Tickets a number of places makes (a ticket for 2 persons takes 2 seats; a started ticket counts). */
export function ticketsForPlaces(category: Pick<RuleCategory, "seatsPerTicket">, places: number): number {
  return Math.ceil(places / category.seatsPerTicket);
}

/**
 * Checks a selection against every rule. `stage` "hold" checks what can be known while a buyer
 * is still adding (no minimum, no seats-per-ticket completeness); "order" checks everything.
 * `added` names the categories the current request adds to (only those must be selectable now;
 * what is already held stays valid).
 */
export function validateSelection(
  categories: readonly RuleCategory[],
  selection: Selection,
  ctx: RuleContext,
  options: { stage: "hold" | "order"; added?: ReadonlySet<string> },
): SelectionError[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const errors: SelectionError[] = [];
  for (const [categoryId, chosen] of selection) {
    if (chosen.tickets <= 0 && chosen.places <= 0) continue;
    const category = byId.get(categoryId);
    if (!category) {
      errors.push({ categoryId, code: "UNKNOWN_CATEGORY" });
      continue;
    }
    const mustBeSelectable = options.stage === "order" || !options.added || options.added.has(categoryId);
    if (mustBeSelectable) {
      const status = categoryStatus(category, ctx);
      if (status !== "available" && status !== "sold_out") {
        errors.push({ categoryId, code: STATUS_ERRORS[status] });
        continue;
      }
      // Sold out is fine for what this very cart already holds; remaining excludes it.
      if (!isVisible(category, selection, ctx) || (category.selectability !== "always" && !conditionMet(category, category.selectability, selection, ctx))) {
        errors.push({ categoryId, code: "NOT_SELECTABLE" });
        continue;
      }
    }
    if (chosen.tickets > category.maxPerOrder) errors.push({ categoryId, code: "ABOVE_MAX" });
    else if (options.stage === "order" && chosen.tickets < category.minPerOrder) errors.push({ categoryId, code: "BELOW_MIN" });
    else if (options.stage === "order" && chosen.places !== chosen.tickets * category.seatsPerTicket)
      errors.push({ categoryId, code: "SEATS_PER_TICKET" });
  }
  return errors;
}

const STATUS_ERRORS: Record<Exclude<CategoryStatus, "available" | "sold_out">, SelectionErrorCode> = {
  boxoffice_only: "BOXOFFICE_ONLY",
  not_yet_on_sale: "NOT_YET_ON_SALE",
  sale_ended: "SALE_ENDED",
};

/**
 * Tickets of a category left for a date: the smallest of its daily quantity, the daily attendee
 * limit and (seated categories) the free seats, each counted in places and turned into tickets.
 */
export function remainingTickets(
  category: Pick<RuleCategory, "seatsPerTicket">,
  placesLeft: { quota: number; attendees: number | null; seats: number | null },
): number {
  const places = Math.min(placesLeft.quota, placesLeft.attendees ?? Infinity, placesLeft.seats ?? Infinity);
  return Math.max(0, Math.floor(places / category.seatsPerTicket));
}

/** What a cart or an order takes of one category: seats or places, or whole counted tickets. */
export type HeldPart = { categoryId: string; places: number } | { categoryId: string; tickets: number };

/**
 * The selection a cart or an order makes: places per category (a counted ticket takes its
 * category's seats per ticket) and the tickets they make. A category the catalogue no longer
 * knows counts one place per ticket, so the rules report it instead of dropping it.
 */
export function selectionOfPlaces(categories: Iterable<Pick<RuleCategory, "id" | "seatsPerTicket">>, parts: Iterable<HeldPart>): Map<string, { tickets: number; places: number }> {
  const byId = new Map([...categories].map((c) => [c.id, c]));
  const places = new Map<string, number>();
  for (const part of parts) {
    const n = "places" in part ? part.places : part.tickets * (byId.get(part.categoryId)?.seatsPerTicket ?? 1);
    places.set(part.categoryId, (places.get(part.categoryId) ?? 0) + n);
  }
  const selection = new Map<string, { tickets: number; places: number }>();
  for (const [id, p] of places) selection.set(id, { places: p, tickets: ticketsForPlaces(byId.get(id) ?? { seatsPerTicket: 1 }, p) });
  return selection;
}

/** A ticket category as the availability rule reads it (its seating category: null takes any seat). */
export type AvailabilityCategory = Pick<RuleCategory, "id" | "seatsPerTicket" | "dailyQuantity"> & { seatingCategoryId: string | null };

/** The live inventory of a date or season, however it was read (the server's counters, the client's seat feed). */
export type InventoryLeft = {
  /** Places left per counter key (`ticket:<id>`, `attendees`, `area:<id>`); a missing counter is untouched. */
  counters: ReadonlyMap<string, number>;
  /** Free seats per seating category (null: seats without one); null when the date has no seating plan. */
  freeSeats: ReadonlyMap<string | null, number> | null;
  /** The standing areas of the plan with their seating category. */
  areas: readonly { id: string; categoryId: string | null }[];
  /** The daily attendee limit (a season: its season-ticket limit), null when there is none. */
  attendeeLimit: number | null;
};

/** Tickets left per category: the smallest of its quota, the attendee limit and its free seats or places. */
export function remainingPerCategory(categories: readonly AvailabilityCategory[], inv: InventoryLeft): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of categories) {
    let seats: number | null = null;
    if (inv.freeSeats) {
      seats = 0;
      for (const [cat, n] of inv.freeSeats) if (!c.seatingCategoryId || cat === c.seatingCategoryId) seats += n;
      for (const area of inv.areas) {
        if (c.seatingCategoryId && area.categoryId !== c.seatingCategoryId) continue;
        seats += Math.max(0, inv.counters.get(`area:${area.id}`) ?? 0);
      }
    }
    out.set(
      c.id,
      remainingTickets(c, {
        quota: inv.counters.get(`ticket:${c.id}`) ?? c.dailyQuantity * c.seatsPerTicket,
        attendees: inv.attendeeLimit !== null ? (inv.counters.get("attendees") ?? inv.attendeeLimit) : null,
        seats,
      }),
    );
  }
  return out;
}
