import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { LOCALES } from "../enums";
import { MAX_PRICE_CENTS } from "../rules/money";
import { PASSWORD_MAX, PASSWORD_MIN, ZEmail } from "./auth";
import { ZName } from "./account";
import { COUNTER_PAYMENT_METHODS, ZCounterBuyer } from "./boxoffice";
import { V } from "./messages";
import { ZCheckoutTicket } from "./orders";
import { text } from "./text";

/**
 * Resellers (SPEC §3 Reseller, §5 reseller form; issue 21, decision 022): the organiser's owner
 * creates them with the events and ticket categories they sell at their reseller price, and
 * allocates seats or places per event date; the reseller sells from its allocation at
 * /reseller-dash.
 */

/** Resellers per organiser, events per reseller, categories per event: far above real use, below abuse. */
export const RESELLER_LIMIT = 500;
export const RESELLER_EVENTS_MAX = 100;
export const RESELLER_TICKETS_MAX = 100;
/** Seats or places one allocation request moves (a whole stand of a stadium fits). */
export const ALLOCATION_SEATS_MAX = 5_000;
export const ALLOCATION_PLACES_MAX = 100_000;

const required = (max: number) => text().trim().min(1, V.required).max(max, V.maxLength);
const SPECIAL_CHAR = /[^A-Za-z0-9\s]/;

/** SPEC §5: at least 8 characters with at least one special character. */
export const ZResellerPassword = text()
  .min(1, V.required)
  .min(PASSWORD_MIN, V.passwordMin)
  .max(PASSWORD_MAX, V.maxLength)
  .regex(SPECIAL_CHAR, V.passwordSpecial);

/** A ticket category the reseller sells, at its price for the reseller's buyers (gross, cents). */
export const ZResellerTicket = z.object({
  ticketCategoryId: z.uuid(V.required),
  priceCents: z.number(V.number).int(V.number).min(0, V.priceNegative).max(MAX_PRICE_CENTS, V.number),
});

export const ZResellerEvent = z.object({
  eventId: z.uuid(V.required),
  tickets: z.array(ZResellerTicket).min(1, V.ticketsRequired).max(RESELLER_TICKETS_MAX, V.maxLength),
});

const ZResellerEvents = z
  .array(ZResellerEvent)
  .min(1, V.eventsRequired)
  .max(RESELLER_EVENTS_MAX, V.maxLength)
  .superRefine((events, ctx) => {
    const seen = new Set<string>();
    events.forEach((e, i) => {
      if (seen.has(e.eventId)) ctx.addIssue({ code: "custom", path: [i, "eventId"], message: V.duplicate });
      seen.add(e.eventId);
      const tickets = new Set<string>();
      e.tickets.forEach((t, j) => {
        if (tickets.has(t.ticketCategoryId)) ctx.addIssue({ code: "custom", path: [i, "tickets", j, "ticketCategoryId"], message: V.duplicate });
        tickets.add(t.ticketCategoryId);
      });
    });
  });

/** The reseller's details (SPEC §3), all required (SPEC §5). */
const details = {
  name: ZName,
  address: required(200),
  city: required(100),
  zip: required(20),
  state: required(100),
  country: z.enum(COUNTRY_CODES, V.required),
  mobile: required(40).refine((v) => /^\+?[0-9 ()/.-]{5,40}$/.test(v), V.phone),
  email: ZEmail,
  events: ZResellerEvents,
};

export const ZResellerCreate = z
  .object({ ...details, password: ZResellerPassword, confirmPassword: text().min(1, V.required) })
  .refine((v) => v.password === v.confirmPassword, { message: V.passwordsMismatch, path: ["confirmPassword"] });
export type TResellerCreate = z.input<typeof ZResellerCreate>;

/** Editing: the same fields; the password is changed apart (ZResellerPasswordReset). */
export const ZResellerUpdate = z.object({ id: z.uuid(), ...details });
export type TResellerUpdate = z.input<typeof ZResellerUpdate>;

export const ZResellerPasswordReset = z
  .object({ id: z.uuid(), password: ZResellerPassword, confirmPassword: text().min(1, V.required) })
  .refine((v) => v.password === v.confirmPassword, { message: V.passwordsMismatch, path: ["confirmPassword"] });

export const ZResellerStatus = z.object({ id: z.uuid(), active: z.boolean() });
export const ZResellerRef = z.object({ id: z.uuid() });

/** Counted places of a ticket category (a standing area's block, or "" for an event without a plan). */
export const ZAllocationCount = z.object({
  ticketCategoryId: z.uuid(),
  areaId: text().max(40).default(""),
  quantity: z.number(V.number).int(V.number).min(1, V.positive).max(ALLOCATION_PLACES_MAX, V.number),
});

const seatKeys = z.array(text().min(1).max(60)).max(ALLOCATION_SEATS_MAX, V.maxLength);

/** Counted places, each category and area once (a second row would be the same places again). */
const ZAllocationCounts = z
  .array(ZAllocationCount)
  .max(RESELLER_TICKETS_MAX, V.maxLength)
  .superRefine((counts, ctx) => {
    const seen = new Set<string>();
    counts.forEach((c, i) => {
      const key = `${c.ticketCategoryId}|${c.areaId}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i, "ticketCategoryId"], message: V.duplicate });
      seen.add(key);
    });
  });

/**
 * The organiser gives a reseller seats (picked on the plan) and counted places on one event date;
 * a second call adds to the allocation. `returnAt`: when what is unsold goes back to public sale
 * (default: the date's end). Each seat is held under the category named for it; the reseller sells it
 * as any of its categories for that seat's seating category, at its price (decision 022).
 */
export const ZAllocateInput = z
  .object({
    resellerId: z.uuid(),
    eventDateId: z.uuid(),
    seats: z.array(z.object({ key: text().min(1).max(60), ticketCategoryId: z.uuid() })).max(ALLOCATION_SEATS_MAX, V.maxLength).default([]),
    counts: ZAllocationCounts.default([]),
    returnAt: z.date(V.date).nullable().default(null),
  })
  .refine((v) => v.seats.length + v.counts.length > 0, { message: V.required, path: ["seats"] });
export type TAllocateInput = z.input<typeof ZAllocateInput>;

/** Unsold seats and places handed back to public sale (`all`: everything unsold). */
export const ZAllocationReturnInput = z.object({
  allocationId: z.uuid(),
  all: z.boolean().default(false),
  seats: seatKeys.default([]),
  counts: ZAllocationCounts.default([]),
});

export const ZAllocationReturnAt = z.object({ allocationId: z.uuid(), returnAt: z.date(V.date) });
export const ZAllocationRef = z.object({ allocationId: z.uuid() });
export const ZAllocationListInput = z.object({ eventDateId: z.uuid().optional(), resellerId: z.uuid().optional() });

/** What the reseller may take as payment (no online payment at a reseller). */
export const RESELLER_PAYMENT_METHODS = COUNTER_PAYMENT_METHODS;

/** A sale at the reseller (the counter's input without cart, shift and voucher). */
export const ZResellerSellInput = z.object({
  allocationId: z.uuid(),
  /** Random per sale on the reseller's screen: a double click or a retry gives one order. */
  idempotencyKey: text().min(16).max(100),
  tickets: z.array(ZCheckoutTicket).min(1).max(200),
  paymentMethod: z.enum(RESELLER_PAYMENT_METHODS),
  buyer: ZCounterBuyer.optional(),
  locale: z.enum(LOCALES).default("de"),
});
export type TResellerSellInput = z.input<typeof ZResellerSellInput>;

export const ZResellerOrdersInput = z.object({
  limit: z.number().int().min(1).max(100).default(50),
  /** The `nextBefore` of the previous page: orders after it, newest first (keyset on time and id). */
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}[ T][\d:.]+(Z|[+-]\d{2}(:?\d{2})?)\|[0-9a-f-]{36}$/)
    .optional(),
});
