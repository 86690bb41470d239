import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import {
  INVOICE_KINDS,
  LINE_CANCEL_REASONS,
  LINE_STATUSES,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type BuyerDetails,
  type InvoiceItem,
  type InvoiceParty,
  type InvoiceVatRow,
  type OrderAmounts,
} from "../../../shared/schemas/orders";
import { localeEnum, organisers, planPurchases, users } from "./accounts";
import { events } from "./events";
import { carts } from "./shop";

export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
export const lineStatusEnum = pgEnum("line_status", LINE_STATUSES);
export const paymentMethodEnum = pgEnum("payment_method", PAYMENT_METHODS);
export const orderChannelEnum = pgEnum("order_channel", ORDER_CHANNELS);
export const lineCancelReasonEnum = pgEnum("line_cancel_reason", LINE_CANCEL_REASONS);
export const invoiceKindEnum = pgEnum("invoice_kind", INVOICE_KINDS);

/**
 * An order (SPEC §3 Order). `pending` waits for its payment (the order view says "payment
 * processing"); `valid` is paid (or free); `failed` never got paid (its seats went back);
 * `cancelled` was valid and was cancelled (refunded when paid online).
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What buyers and organisers quote: short, unambiguous. */
    number: text().notNull().unique(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The event date bought for; a season order names the season. */
    scopeId: uuid().notNull(),
    isSeason: boolean().notNull().default(false),
    cartId: uuid().references(() => carts.id, { onDelete: "set null" }),
    /** A resubmitted checkout of the same cart with the same key gets the same order (keys are per cart). */
    idempotencyKey: text().notNull(),
    status: orderStatusEnum().notNull().default("pending"),
    buyer: jsonb().$type<BuyerDetails>().notNull(),
    buyerEmail: text().notNull(),
    locale: localeEnum().notNull().default("de"),
    amounts: jsonb().$type<OrderAmounts>().notNull(),
    totalCents: integer().notNull(),
    paymentMethod: paymentMethodEnum().notNull(),
    /** Where it was sold: the online shop, the box office, a reseller. */
    channel: orderChannelEnum().notNull().default("online"),
    /** The voucher applied (decision 020); its code and discount are in `amounts`. */
    voucherId: uuid(),
    /** The reseller who sold it (channel reseller, decision 022); its orders list and revenue read by it. */
    resellerId: uuid().references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** Lower-case number, buyer name and email: what the organiser's search matches (trigram index). */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(number || ' ' || coalesce(buyer->>'firstName', '') || ' ' || coalesce(buyer->>'lastName', '') || ' ' || buyer_email)`,
      ),
    /** "stripe" or "test" for online payments; null for free orders. */
    provider: text(),
    providerRef: text(),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("orders_cart_idempotency_unique").on(t.cartId, t.idempotencyKey),
    uniqueIndex("orders_provider_ref_unique").on(t.provider, t.providerRef),
    index("orders_event_idx").on(t.eventId, t.status),
    /**
     * The organiser's orders list (issue 16): newest first (and the export's keyset), each filter
     * with the list's order after it, and the other sorts; a filtered count reads one index range.
     */
    index("orders_organiser_idx").on(t.organiserId, t.createdAt, t.id),
    index("orders_organiser_scope_idx").on(t.organiserId, t.scopeId, t.createdAt, t.id),
    index("orders_organiser_event_idx").on(t.organiserId, t.eventId, t.createdAt, t.id),
    index("orders_organiser_status_idx").on(t.organiserId, t.status, t.createdAt, t.id),
    index("orders_organiser_method_idx").on(t.organiserId, t.paymentMethod, t.createdAt),
    index("orders_organiser_channel_idx").on(t.organiserId, t.channel, t.createdAt),
    index("orders_organiser_total_idx").on(t.organiserId, t.totalCents, t.id),
    index("orders_organiser_number_idx").on(t.organiserId, t.number),
    /** The list sorted by buyer (the same expression as its ORDER BY). */
    index("orders_organiser_buyer_idx").on(t.organiserId, sql`lower(coalesce(${t.buyer}->>'lastName', '') || ' ' || coalesce(${t.buyer}->>'firstName', ''))`, t.id),
    index("orders_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("orders_pending_idx").on(t.status, t.createdAt),
    /** The dashboard's periods (decision 023): an organiser's paid orders by the time they were paid. */
    index("orders_organiser_paid_idx").on(t.organiserId, t.paidAt).where(sql`${t.paidAt} is not null`),
    index("orders_voucher_idx").on(t.voucherId).where(sql`${t.voucherId} is not null`),
    index("orders_reseller_idx").on(t.resellerId, t.createdAt).where(sql`${t.resellerId} is not null`),
    /** A reseller's retried sale (same key) finds its order; two at once make one (decision 022). */
    uniqueIndex("orders_reseller_key_unique").on(t.resellerId, t.idempotencyKey).where(sql`${t.resellerId} is not null`),
  ],
);

/**
 * A ticket line (SPEC §3): one ticket, with its seats or place, its price and its state
 * (active, canceled, checked in). The QR code on the ticket carries the signed line id.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    eventId: uuid().notNull(),
    scopeId: uuid().notNull(),
    ticketCategoryId: uuid(),
    categoryName: text().notNull(),
    /** The seats of this ticket (a ticket for two persons has two), empty for counted places. */
    seatKeys: jsonb().$type<string[]>().notNull().default([]),
    /** Printed place: "Block, row, seat" lines, or the standing area's name. */
    placeLabels: jsonb().$type<string[]>().notNull().default([]),
    areaId: text(),
    places: integer().notNull().default(1),
    priceCents: integer().notNull(),
    bookingOptions: jsonb().$type<{ name: string; priceCents: number }[]>().notNull().default([]),
    /** What is paid for the line: price and options less `discountCents` (a voucher's share, decision 020). */
    totalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    vatRateBp: integer().notNull(),
    vatCents: integer().notNull(),
    participant: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: lineStatusEnum().notNull().default("active"),
    checkedInAt: timestamp({ withTimezone: true }),
    /** A hard ticket's activation (issue 20; print.ts hard_ticket_activations): null until scanned after printing. */
    activatedAt: timestamp({ withTimezone: true }),
    /** Why and when the line was canceled (by the organiser, the event's cancellation, a date change, a lost payment). */
    cancelReason: lineCancelReasonEnum(),
    cancelledAt: timestamp({ withTimezone: true }),
    /** After a date change: the line this ticket replaced (its code is refused from then on). */
    replacesLineId: uuid().references((): AnyPgColumn => orderLines.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set by a trigger on every change of the line and of its order's state (migration 0016):
     * check-in devices fetch what changed since their last look (issue 18).
     */
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_scope_changed_idx").on(t.scopeId, t.changedAt),
    index("order_lines_scope_idx").on(t.scopeId, t.status),
    uniqueIndex("order_lines_replaces_unique").on(t.replacesLineId),
    /** Tickets cancelled since a moment (the dashboard's figure cache, decision 023). */
    index("order_lines_cancelled_idx").on(t.cancelledAt).where(sql`${t.cancelledAt} is not null`),
  ],
);

/** Provider events handled, by their id: a webhook delivered twice is handled once. */
export const paymentEvents = pgTable("payment_events", {
  provider: text().notNull(),
  eventId: text().primaryKey(),
  type: text().notNull(),
  orderId: uuid(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const refundStatusEnum = pgEnum("refund_status", ["pending", "done", "failed"]);

/**
 * Refunds to make, written in the transaction that decides them and carried out by a job
 * (a provider call never runs inside a transaction); one per order and one per payment.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Empty for a payment that was not the order's (news naming an order it does not belong to). */
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    /** The ticket lines a partial cancellation refunds; empty for a whole order or a payment. */
    lineIds: jsonb().$type<string[]>().notNull().default([]),
    provider: text().notNull(),
    providerRef: text().notNull(),
    amountCents: integer().notNull(),
    /** The service fees in `amountCents` (the platform's part given back): not debited to the organiser's wallet (decision 024). */
    feeCents: integer().notNull().default(0),
    reason: text().notNull(),
    status: refundStatusEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    providerRefundId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("refunds_due_idx").on(t.status, t.nextAttemptAt),
    index("refunds_order_idx").on(t.orderId),
    /** Refunds done in a period (the dashboard's gross sales, decision 023). */
    index("refunds_done_idx").on(t.doneAt).where(sql`${t.status} = 'done'`),
    /** A payment that was not its order's is refunded once. */
    uniqueIndex("refunds_payment_unique").on(t.provider, t.providerRef).where(sql`${t.orderId} is null`),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Payments of the built-in test provider (a clearly labelled page stands in for the bank): for
 * an order, or for a plan purchase (exactly one of the two).
 */
export const testPayments = pgTable(
  "test_payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid(),
    planPurchaseId: uuid().references(() => planPurchases.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    status: text().notNull().default("open"),
    refundedCents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("test_payments_one_subject", sql`(${t.orderId} is null) <> (${t.planPurchaseId} is null)`)],
);

/**
 * Invoices of paid orders and their credit notes (SPEC §3 Order invoice), issued by the organiser
 * to the buyer. Never edited once issued: a cancellation gets a credit note that refers to the
 * invoice. Numbers are gapless per organiser, kind and year (`invoice_counters`).
 */
export const orderInvoices = pgTable(
  "order_invoices",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: invoiceKindEnum().notNull(),
    /** "RE-2026-00001" (invoice) or "GS-2026-00001" (credit note). */
    number: text().notNull(),
    year: integer().notNull(),
    counter: integer().notNull(),
    /** A credit note's invoice. */
    refersToId: uuid().references((): AnyPgColumn => orderInvoices.id),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dueOn: date({ mode: "string" }).notNull(),
    locale: localeEnum().notNull(),
    seller: jsonb().$type<InvoiceParty>().notNull(),
    recipient: jsonb().$type<InvoiceParty>().notNull(),
    items: jsonb().$type<InvoiceItem[]>().notNull(),
    vat: jsonb().$type<InvoiceVatRow[]>().notNull(),
    /** Gross total, positive for both kinds (a credit note gives it back). */
    totalCents: integer().notNull(),
    /** The ticket lines a credit note is for (empty for an invoice). */
    lineIds: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex("order_invoices_number_unique").on(t.organiserId, t.kind, t.year, t.counter),
    uniqueIndex("order_invoices_one_per_order").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index("order_invoices_order_idx").on(t.orderId),
  ],
);

/** The next invoice or credit-note number per organiser and year, taken under the row's lock (gapless). */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    kind: invoiceKindEnum().notNull(),
    year: integer().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("invoice_counters_pk").on(t.organiserId, t.kind, t.year)],
);
