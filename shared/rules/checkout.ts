import type { ParticipantField } from "../schemas/events";
import type { HeldPart } from "./ticket-selection";

/**
 * The tickets of a checkout (SPEC §5 /checkout): how a cart's held places become tickets and
 * which participant data each ticket carries. The checkout page builds its form from these and
 * the server checks the order against the very same rules.
 */

/** A participant field the organiser asks for on every ticket (SPEC §3 More Options), as the rules read it. */
export type ParticipantRule = Pick<ParticipantField, "key" | "required">;

/** A held seat as the cart lists it, with the plan position it is sorted by. */
export type CartSeat = { key: string; ticketCategoryId: string; blockId: string; rowLabel: string; seatLabel: string };
export type CartItem = { ticketCategoryId: string; areaId: string | null; quantity: number };

/** One ticket of the cart: its held seats (a seated ticket) or its area (a counted one). */
export type CartTicket<C> = { category: C; seats: CartSeat[]; areaId: string | null };

const asNumber = (s: string) => (/^\d+$/.test(s) ? Number(s) : Number.NaN);
const compareLabels = (a: string, b: string) => {
  const na = asNumber(a);
  const nb = asNumber(b);
  return Number.isNaN(na) || Number.isNaN(nb) ? a.localeCompare(b) : na - nb;
};

/**
 * The cart's tickets as the server expects them: held seats of a category in groups of its
 * seats per ticket (plan order: block, row, seat), each counted item as `quantity` tickets of
 * its area. `incomplete` tells that a category lacks seats for its last ticket or is unknown.
 */
export function groupCartTickets<C extends { id: string; seatsPerTicket: number }>(
  cart: { seats: readonly CartSeat[]; items: readonly CartItem[] },
  categories: readonly C[],
  blockIds: readonly string[],
): { tickets: CartTicket<C>[]; incomplete: boolean } {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const blockOrder = new Map(blockIds.map((id, i) => [id, i]));
  const seats = [...cart.seats].sort(
    (a, b) =>
      (blockOrder.get(a.blockId) ?? 0) - (blockOrder.get(b.blockId) ?? 0) ||
      compareLabels(a.rowLabel, b.rowLabel) ||
      compareLabels(a.seatLabel, b.seatLabel),
  );
  const tickets: CartTicket<C>[] = [];
  let incomplete = false;
  const seatsByCategory = new Map<string, CartSeat[]>();
  for (const s of seats) seatsByCategory.set(s.ticketCategoryId, [...(seatsByCategory.get(s.ticketCategoryId) ?? []), s]);
  for (const [categoryId, list] of seatsByCategory) {
    const category = byId.get(categoryId);
    if (!category) {
      incomplete = true;
      continue;
    }
    const per = Math.max(1, category.seatsPerTicket);
    if (list.length % per !== 0) incomplete = true;
    for (let i = 0; i < list.length; i += per) tickets.push({ category, seats: list.slice(i, i + per), areaId: null });
  }
  for (const item of cart.items) {
    const category = byId.get(item.ticketCategoryId);
    if (!category) {
      incomplete = true;
      continue;
    }
    for (let i = 0; i < item.quantity; i++) tickets.push({ category, seats: [], areaId: item.areaId });
  }
  return { tickets, incomplete };
}

/** What one checkout ticket takes for the category rules: its seats, or one counted ticket. */
export function heldPartOf(ticket: { ticketCategoryId: string; seatKeys: readonly string[] }): HeldPart {
  return ticket.seatKeys.length > 0
    ? { categoryId: ticket.ticketCategoryId, places: ticket.seatKeys.length }
    : { categoryId: ticket.ticketCategoryId, tickets: 1 };
}

/**
 * A ticket's participant data as it is stored: the event's fields only, trimmed, empty ones
 * left out. `missing` names the first required field left empty (the order is refused).
 */
export function participantValues(
  fields: readonly ParticipantRule[],
  given: Readonly<Record<string, string | undefined>>,
): { values: Record<string, string>; missing: string | null } {
  const values: Record<string, string> = {};
  let missing: string | null = null;
  for (const f of fields) {
    const value = (given[f.key] ?? "").trim();
    if (value) values[f.key] = value;
    else if (f.required && missing === null) missing = f.key;
  }
  return { values, missing };
}
