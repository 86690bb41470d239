import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BOX_OFFICE_PRINT_FORMATS, type ZReportData } from "../../../shared/schemas/boxoffice";
import { organisers, users } from "./accounts";
import { events } from "./events";
import { orders } from "./orders";

export const boxOfficePrintFormatEnum = pgEnum("box_office_print_format", BOX_OFFICE_PRINT_FORMATS);

/**
 * The box office of an event (issue 17, decision 017): the fee per ticket sold at the counter
 * (gross, the event's VAT) and how its tickets are printed. No row: no fee, A4.
 */
export const boxOfficeSettings = pgTable(
  "box_office_settings",
  {
    eventId: uuid()
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    feeCents: integer().notNull().default(0),
    printFormat: boxOfficePrintFormatEnum().notNull().default("a4"),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("box_office_fee_range", sql`${t.feeCents} >= 0 and ${t.feeCents} <= 100000`)],
);

/**
 * A cashier's shift: opened with the starting cash, closed with the cash counted; the Z-report
 * is frozen into `report` when it closes. One open shift per user (partial unique index).
 */
export const boxOfficeShifts = pgTable(
  "box_office_shifts",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    startingCashCents: integer().notNull(),
    countedCashCents: integer(),
    report: jsonb().$type<ZReportData>(),
  },
  (t) => [
    uniqueIndex("box_office_shifts_one_open").on(t.userId).where(sql`${t.closedAt} is null`),
    index("box_office_shifts_organiser_idx").on(t.organiserId, t.openedAt),
    check("box_office_shifts_cash", sql`${t.startingCashCents} >= 0 and (${t.countedCashCents} is null or ${t.countedCashCents} >= 0)`),
  ],
);

/**
 * A sale at the counter: its order, the shift it belongs to and the cash handed over. The
 * idempotency key is unique per organiser: a double click or a retry finds the same order.
 */
export const boxOfficeSales = pgTable(
  "box_office_sales",
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    shiftId: uuid()
      .notNull()
      .references(() => boxOfficeShifts.id, { onDelete: "cascade" }),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    idempotencyKey: text().notNull(),
    cashGivenCents: integer(),
    changeCents: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("box_office_sales_key_unique").on(t.organiserId, t.idempotencyKey),
    index("box_office_sales_shift_idx").on(t.shiftId, t.createdAt),
  ],
);
