/**
 * Vouchers (issue 19, decision 020): the one place their rules live. The server (checkout,
 * box office, the organiser's forms), the checkout page and the counter all call these; none
 * repeats them. Pure: no clock, no database (the caller passes `now` and the counts).
 *
 * A voucher takes a fixed amount (cents) or a percentage (basis points, 10000 = 100 %) off the
 * tickets it applies to: those of its ticket categories and, when it names blocks or seats,
 * only those on them. The discount is spread over those tickets in proportion to their price
 * (largest remainder, so the shares add up to the cent), and each ticket's VAT is then computed
 * on its discounted price (shared/rules/pricing.ts). Fees are never discounted.
 */

import { parseSeatKey } from "../seating/geometry";
import { priceOrder, type PricedTicket, type SaleFees } from "./pricing";

export const VOUCHER_KINDS = ["fixed", "percent"] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** What the organiser sets (SPEC §3 Voucher status). */
export const VOUCHER_STATUSES = ["active", "inactive"] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** What the list shows (SPEC §4: active, inactive, expired, used, limit reached; and not yet valid). */
export const VOUCHER_STATES = ["active", "inactive", "upcoming", "expired", "used", "limit_reached"] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

/** SPEC §9: the form proposes a validity of 10 days. */
export const VOUCHER_VALIDITY_DAYS = 10;
export const VOUCHER_CODE_MIN = 3;
export const VOUCHER_CODE_MAX = 64;
/** Letters, digits, "-" and "_"; no spaces. Codes are compared in upper case. */
export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
export const MAX_VOUCHER_FIXED_CENTS = 1_000_000;
export const MAX_ORDER_VALUE_CENTS = 100_000_000;
export const MAX_VOUCHER_USES = 1_000_000;
/** One bulk creation makes at most this many codes (one transaction). */
export const MAX_BULK_VOUCHERS = 10_000;
/** Random part of a bulk code: 8 characters without look-alikes. */
export const BULK_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const BULK_CODE_RANDOM_LENGTH = 8;

/** The voucher errors of SPEC §8 (and "total 0", "not valid yet"), each its own code. */
export const VOUCHER_ERRORS = [
  "VOUCHER_CODE_EXISTS",
  "VOUCHER_EVENT_NOT_FOUND",
  "VOUCHER_INVALID",
  "VOUCHER_EXPIRED",
  "VOUCHER_NOT_YET_VALID",
  "VOUCHER_INACTIVE",
  "VOUCHER_LIMIT_REACHED",
  "VOUCHER_ALREADY_USED",
  "VOUCHER_BLOCK_NOT_FOUND",
  "VOUCHER_SEAT_NOT_FOUND",
  "VOUCHER_TICKET_NOT_FOUND",
  "VOUCHER_NOT_FOR_TICKET",
  "VOUCHER_MIN_ORDER",
  "VOUCHER_MAX_ORDER",
  "VOUCHER_TOTAL_ZERO",
  "VOUCHER_LIMIT_BELOW_USES",
] as const;
export type VoucherError = (typeof VOUCHER_ERRORS)[number];

/** A code as stored and compared: trimmed, upper case. Null when it is no possible code. */
export function normaliseVoucherCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  if (code.length < VOUCHER_CODE_MIN || code.length > VOUCHER_CODE_MAX || !VOUCHER_CODE_PATTERN.test(code)) return null;
  return code;
}

/** What a voucher does to an order (the part a buyer's checkout may know). */
export type VoucherTerms = {
  code: string;
  kind: VoucherKind;
  /** Cents (fixed) or basis points (percent). */
  value: number;
  minOrderCents: number;
  maxOrderCents: number;
  ticketCategoryIds: readonly string[];
  /** Empty: every block. */
  blockIds: readonly string[];
  /** Empty: every seat (of the blocks, if any). */
  seatKeys: readonly string[];
};

/** Whether it may be used now, and how often it was. */
export type VoucherStanding = {
  status: VoucherStatus;
  validFrom: Date;
  validUntil: Date;
  /** Null: unlimited. */
  maxUses: number | null;
  /** Paid orders that used it. */
  usedCount: number;
  /** Checkouts holding a use (carts and orders waiting for payment). */
  reservedCount: number;
};

/** The state the organiser's list shows. */
export function voucherState(v: VoucherStanding, now: Date): VoucherState {
  if (v.maxUses !== null && v.usedCount >= v.maxUses) return v.maxUses === 1 ? "used" : "limit_reached";
  if (now.getTime() >= v.validUntil.getTime()) return "expired";
  if (v.status === "inactive") return "inactive";
  if (now.getTime() < v.validFrom.getTime()) return "upcoming";
  return "active";
}

/**
 * Why a voucher cannot take a new use now, or null. Counts reservations: a use held by another
 * checkout is not free (the server's conditional update decides the race; this names it).
 */
export function standingError(v: VoucherStanding, now: Date): VoucherError | null {
  if (v.status === "inactive") return "VOUCHER_INACTIVE";
  if (now.getTime() >= v.validUntil.getTime()) return "VOUCHER_EXPIRED";
  if (now.getTime() < v.validFrom.getTime()) return "VOUCHER_NOT_YET_VALID";
  if (v.maxUses !== null && v.usedCount + v.reservedCount >= v.maxUses) {
    // A single-use voucher that was paid with: "already used"; any other full voucher: "limit reached".
    return v.maxUses === 1 && v.usedCount >= 1 ? "VOUCHER_ALREADY_USED" : "VOUCHER_LIMIT_REACHED";
  }
  return null;
}

/** A ticket of the order as the voucher sees it. */
export type VoucherTicket = {
  ticketCategoryId: string;
  /** Its seats (seated tickets; a seat key names its block). */
  seatKeys: readonly string[];
  /** Its standing area (a block of the plan), if counted. */
  areaId: string | null;
  /** Ticket price and booking options, gross, before the discount. */
  grossCents: number;
};

/** Whether a voucher applies to a ticket: its category, and (if named) its block or its seats. */
export function voucherAppliesTo(terms: VoucherTerms, t: VoucherTicket): boolean {
  if (!terms.ticketCategoryIds.includes(t.ticketCategoryId)) return false;
  if (terms.blockIds.length === 0 && terms.seatKeys.length === 0) return true;
  const blocks = t.seatKeys.length > 0 ? t.seatKeys.map((k) => parseSeatKey(k)?.blockId ?? "") : t.areaId ? [t.areaId] : [];
  // Blocks and seats name places: a ticket on a named block, or on named seats, qualifies.
  if (terms.blockIds.length > 0 && blocks.length > 0 && blocks.every((b) => terms.blockIds.includes(b))) return true;
  return terms.seatKeys.length > 0 && t.seatKeys.length > 0 && t.seatKeys.every((k) => terms.seatKeys.includes(k));
}

/**
 * Splits `amount` over `weights` in proportion, to the cent: floors first, then the leftover
 * cents to the largest remainders (ties: the earlier ticket). Sum of the shares = amount.
 */
export function allocateCents(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, w) => a + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / total));
  let left = amount - shares.reduce((a, s) => a + s, 0);
  const order = weights
    .map((w, i) => ({ i, rem: (amount * w) % total }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left--;
  }
  return shares;
}

export type VoucherDiscount =
  | { ok: true; discountCents: number; perTicket: number[] }
  | { ok: false; error: VoucherError };

/**
 * The discount of a voucher on an order's tickets, per ticket. The order value (tickets and
 * booking options, before fees) must be above 0, reach the minimum and not exceed the maximum;
 * at least one ticket must qualify. A percentage is rounded once, half up, on the qualifying
 * tickets' sum; a fixed amount never exceeds that sum.
 */
export function voucherDiscount(terms: VoucherTerms, tickets: readonly VoucherTicket[]): VoucherDiscount {
  const orderValue = tickets.reduce((a, t) => a + t.grossCents, 0);
  if (orderValue <= 0) return { ok: false, error: "VOUCHER_TOTAL_ZERO" };
  const weights = tickets.map((t) => (voucherAppliesTo(terms, t) ? t.grossCents : 0));
  if (!tickets.some((t) => voucherAppliesTo(terms, t))) return { ok: false, error: "VOUCHER_NOT_FOR_TICKET" };
  if (orderValue < terms.minOrderCents) return { ok: false, error: "VOUCHER_MIN_ORDER" };
  if (orderValue > terms.maxOrderCents) return { ok: false, error: "VOUCHER_MAX_ORDER" };
  const base = weights.reduce((a, w) => a + w, 0);
  if (base <= 0) return { ok: false, error: "VOUCHER_TOTAL_ZERO" };
  const discountCents =
    terms.kind === "percent" ? Math.min(base, Math.floor((base * terms.value * 2 + 10000) / 20000)) : Math.min(base, terms.value);
  return { ok: true, discountCents, perTicket: allocateCents(discountCents, weights) };
}

/** A random bulk code: the prefix (upper case) and 8 random characters, e.g. "SUMMER-K7M2X9QD". */
export function bulkCode(prefix: string, randomIndex: (n: number) => number): string {
  let s = "";
  for (let i = 0; i < BULK_CODE_RANDOM_LENGTH; i++) s += BULK_CODE_ALPHABET[randomIndex(BULK_CODE_ALPHABET.length)];
  return `${prefix.trim().toUpperCase()}${s}`;
}

/** The value as the list shows it: "10 %" or "5,00 €". */
export function voucherValueLabel(kind: VoucherKind, value: number, locale: "de" | "en"): string {
  const tag = locale === "de" ? "de-DE" : "en-GB";
  if (kind === "percent") return new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 }).format(value / 10000);
  return new Intl.NumberFormat(tag, { style: "currency", currency: "EUR" }).format(value / 100);
}

/** A ticket as the checkout and the counter price it: its price and options, and where it is (for the voucher). */
export type VoucherPricedTicket = PricedTicket & {
  ticketCategoryId: string;
  seatKeys: readonly string[];
  areaId: string | null;
};

/**
 * The order's amounts with an applied voucher (decision 020); the server's checkout and sale,
 * the checkout page and the counter all price with this. The voucher's discount per ticket (on
 * each ticket's price and booking options) goes into priceOrder (./pricing.ts), which takes VAT
 * on the discounted price. A voucher that does not apply to these tickets (any more) names its error and gives
 * no discount; without a voucher the amounts are the plain ones.
 */
export function priceWithVoucher(
  tickets: readonly VoucherPricedTicket[],
  vatRateBp: number,
  fees: SaleFees,
  voucher: VoucherTerms | null,
): { priced: ReturnType<typeof priceOrder>; voucherError: VoucherError | null } {
  const plain = tickets.map((t): PricedTicket => ({ priceCents: t.priceCents, optionCents: t.optionCents, chargeable: t.chargeable }));
  if (!voucher || tickets.length === 0) return { priced: priceOrder(plain, vatRateBp, fees), voucherError: null };
  const result = voucherDiscount(
    voucher,
    tickets.map((t) => ({
      ticketCategoryId: t.ticketCategoryId,
      seatKeys: t.seatKeys,
      areaId: t.areaId,
      grossCents: t.priceCents + t.optionCents.reduce((a, b) => a + b, 0),
    })),
  );
  if (!result.ok) return { priced: priceOrder(plain, vatRateBp, fees), voucherError: result.error };
  return {
    priced: priceOrder(
      plain.map((t, i) => ({ ...t, discountCents: result.perTicket[i] ?? 0 })),
      vatRateBp,
      fees,
    ),
    voucherError: null,
  };
}
