import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { VOUCHER_KINDS, VOUCHER_STATUSES } from "../../../shared/rules/voucher";
import { organisers } from "./accounts";
import { events } from "./events";
import { orders } from "./orders";
import { carts } from "./shop";

export const voucherKindEnum = pgEnum("voucher_kind", VOUCHER_KINDS);
export const voucherStatusEnum = pgEnum("voucher_status", VOUCHER_STATUSES);
export const voucherUseStateEnum = pgEnum("voucher_use_state", ["reserved", "redeemed", "released"]);

/**
 * A voucher (SPEC §3, issue 19, decision 020) of an event or a season (`eventId` names either;
 * a season's voucher works on its events too). `usedCount` counts paid orders, `reservedCount`
 * checkouts holding a use; both change only with the voucher's row locked, and the check
 * constraint makes a use beyond `maxUses` impossible even for a faulty caller.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Upper case; unique per event or season (and checked against the season's events on creation). */
    code: text().notNull(),
    kind: voucherKindEnum().notNull(),
    /** Cents (fixed) or basis points (percent). */
    value: integer().notNull(),
    minOrderCents: integer().notNull().default(0),
    maxOrderCents: integer().notNull(),
    /** Null: unlimited. */
    maxUses: integer(),
    usedCount: integer().notNull().default(0),
    reservedCount: integer().notNull().default(0),
    ticketCategoryIds: jsonb().$type<string[]>().notNull().default([]),
    /** Empty: every block of the plan. */
    blockIds: jsonb().$type<string[]>().notNull().default([]),
    /** Empty: every seat. */
    seatKeys: jsonb().$type<string[]>().notNull().default([]),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validUntil: timestamp({ withTimezone: true }).notNull(),
    description: text().notNull().default(""),
    status: voucherStatusEnum().notNull().default("active"),
    /** The codes made by one bulk creation share it (their CSV export). */
    batchId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("vouchers_event_code_unique").on(t.eventId, t.code),
    index("vouchers_organiser_idx").on(t.organiserId, t.createdAt, t.id),
    index("vouchers_batch_idx").on(t.batchId),
    check("vouchers_value_range", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check("vouchers_order_range", sql`${t.minOrderCents} >= 0 and ${t.maxOrderCents} >= ${t.minOrderCents}`),
    check("vouchers_validity", sql`${t.validUntil} > ${t.validFrom}`),
    check(
      "vouchers_uses_within_limit",
      sql`${t.usedCount} >= 0 and ${t.reservedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} + ${t.reservedCount} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * One use of a voucher: reserved by a cart when the buyer applies the code (or the counter
 * sells), redeemed when its order is paid, released when the payment fails, the cart expires or
 * the order is cancelled. A cart and an order hold at most one live use.
 */
export const voucherUses = pgTable(
  "voucher_uses",
  {
    id: uuid().primaryKey().defaultRandom(),
    voucherId: uuid()
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    cartId: uuid().references(() => carts.id, { onDelete: "set null" }),
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    state: voucherUseStateEnum().notNull().default("reserved"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("voucher_uses_cart_live_unique").on(t.cartId).where(sql`${t.state} <> 'released'`),
    uniqueIndex("voucher_uses_order_live_unique").on(t.orderId).where(sql`${t.state} <> 'released'`),
    index("voucher_uses_voucher_idx").on(t.voucherId, t.state),
    /** The sweeper's look for reservations whose cart ended. */
    index("voucher_uses_reserved_idx").on(t.createdAt).where(sql`${t.state} = 'reserved'`),
  ],
);
