import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { organisers } from "./accounts";

/**
 * The sales and tickets reports' sums per closed calendar day (decision 025c): a year's report
 * adds up a few thousand kept rows instead of joining a year of orders with their lines. Today is
 * read live. A day is kept from the time no transaction that started on it runs any more; a
 * later change to a kept day (a line cancelled, a refund done or any order, line or refund of an
 * earlier day written) leaves a mark (triggers of migration 0026) and the day is read again.
 */

/** The days kept for an organiser: [from_day, until_day). */
export const reportDayRange = pgTable("report_day_range", {
  organiserId: uuid()
    .primaryKey()
    .references(() => organisers.id, { onDelete: "cascade" }),
  fromDay: date({ mode: "string" }).notNull(),
  untilDay: date({ mode: "string" }).notNull(),
});

/**
 * A kept day that changed after it was kept (written by triggers; as many rows as changes). No
 * foreign key: deleting an organiser deletes its orders, whose triggers still write marks.
 */
export const reportDayMarks = pgTable(
  "report_day_marks",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organiserId: uuid().notNull(),
    day: date({ mode: "string" }).notNull(),
  },
  (t) => [index("report_day_marks_organiser_idx").on(t.organiserId)],
);

/**
 * Per day, order event, channel and payment method: counted orders paid that day with their
 * lines not canceled, and refunds done that day (decision 025: the sales report's definitions).
 */
export const reportSalesDays = pgTable(
  "report_sales_days",
  {
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    eventId: uuid().notNull(),
    channel: text().notNull(),
    paymentMethod: text().notNull(),
    orders: integer().notNull(),
    paidCents: bigint({ mode: "number" }).notNull(),
    feesCents: bigint({ mode: "number" }).notNull(),
    tickets: integer().notNull(),
    linesCents: bigint({ mode: "number" }).notNull(),
    boCents: bigint({ mode: "number" }).notNull(),
    refundsCents: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organiserId, t.day, t.eventId, t.channel, t.paymentMethod] })],
);

/** Per day (the order's payment), order event, ticket event and category: the tickets report's sums. */
export const reportTicketDays = pgTable(
  "report_ticket_days",
  {
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    orderEventId: uuid().notNull(),
    eventId: uuid().notNull(),
    categoryName: text().notNull(),
    sold: integer().notNull(),
    cancelled: integer().notNull(),
    /** Lines shown in the report: not canceled, or canceled other than by a date change. */
    shown: integer().notNull(),
    listCents: bigint({ mode: "number" }).notNull(),
    discountCents: bigint({ mode: "number" }).notNull(),
    linesCents: bigint({ mode: "number" }).notNull(),
    boCents: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organiserId, t.day, t.orderEventId, t.eventId, t.categoryName] })],
);
