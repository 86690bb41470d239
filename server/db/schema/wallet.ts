import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { WITHDRAWAL_STATUSES } from "../../../shared/schemas/wallet";
import { organisers, users } from "./accounts";
import { orders } from "./orders";

export const withdrawalStatusEnum = pgEnum("withdrawal_status", WITHDRAWAL_STATUSES);
export const chargebackStatusEnum = pgEnum("chargeback_status", ["open", "won", "lost"]);

/**
 * A withdrawal of the organiser's wallet balance to its bank account (SPEC §3 Wallet, §4
 * withdrawal pending / accepted / refused; decision 024). A pending or accepted withdrawal is a
 * debit of the wallet; a refused one gives its amount back. The bank details are copied when it
 * is requested: the payout goes where the organiser said at that moment.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    requestedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    amountCents: integer().notNull(),
    status: withdrawalStatusEnum().notNull().default("pending"),
    /** How it is paid out: a bank transfer (SEPA) to the details below. */
    method: text().notNull().default("bank_transfer"),
    bankName: text(),
    accountNumber: text().notNull(),
    bic: text(),
    /** A request sent twice (a double click, a retry) makes one withdrawal. */
    idempotencyKey: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The bank's reference of an accepted payout. */
    payoutReference: text(),
    /** Why an admin refused it (the organiser reads it). */
    refusalReason: text(),
  },
  (t) => [
    index("withdrawals_organiser_idx").on(t.organiserId, t.requestedAt),
    index("withdrawals_pending_idx").on(t.requestedAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex("withdrawals_key_unique").on(t.organiserId, t.idempotencyKey),
    check("withdrawals_amount_positive", sql`${t.amountCents} > 0`),
    check("withdrawals_decided", sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);

/**
 * A buyer's bank took an online payment back (a dispute). While open or lost it is a debit of the
 * organiser's wallet (the disputed amount less the service fees in it, as a refund is); a dispute
 * won gives it back (decision 024).
 */
export const chargebacks = pgTable(
  "chargebacks",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    providerDisputeId: text().notNull(),
    amountCents: integer().notNull(),
    /** The service fees in the disputed amount: the platform's part, not debited to the organiser. */
    feeCents: integer().notNull().default(0),
    status: chargebackStatusEnum().notNull().default("open"),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chargebacks_dispute_unique").on(t.provider, t.providerDisputeId),
    index("chargebacks_order_idx").on(t.orderId),
    check("chargebacks_amount_positive", sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.feeCents} <= ${t.amountCents}`),
  ],
);
