import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CHECKIN_OUTCOMES } from "../../../shared/schemas/checkin";
import { organisers, users } from "./accounts";
import { eventDates } from "./events";
import { orderLines } from "./orders";

export const checkinOutcomeEnum = pgEnum("checkin_outcome", CHECKIN_OUTCOMES);

/**
 * Every scan that let somebody in (issue 18, decision 018), kept as history: `admitted` is the
 * one entry of a ticket for a date (a partial unique index guards it: two gates scanning at once
 * get one VALID and one ALREADY CHECKED IN), `conflict` an offline scan that reached the server
 * after another device had admitted the same ticket. Undoing marks the row, it never deletes it.
 */
export const checkins = pgTable(
  "checkins",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    /** The staff member's event (a season ticket is checked in at a child event). */
    eventId: uuid().notNull(),
    eventDateId: uuid()
      .notNull()
      .references(() => eventDates.id, { onDelete: "cascade" }),
    lineId: uuid()
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    orderId: uuid().notNull(),
    staffUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The device that scanned (a random id it keeps) and its label for the yellow verdict. */
    deviceId: text().notNull(),
    deviceLabel: text().notNull(),
    /** One per scan, made by the device: a retried or replayed scan is recognised, never written twice. */
    nonce: text().notNull(),
    outcome: checkinOutcomeEnum().notNull().default("admitted"),
    offline: boolean().notNull().default(false),
    /** When the scan happened (the device's clock for offline scans). */
    scannedAt: timestamp({ withTimezone: true }).notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("checkins_nonce_unique").on(t.nonce),
    uniqueIndex("checkins_line_date_admitted_unique")
      .on(t.lineId, t.eventDateId)
      .where(sql`${t.outcome} = 'admitted' and ${t.undoneAt} is null`),
    index("checkins_date_idx").on(t.eventDateId, t.recordedAt),
    index("checkins_line_idx").on(t.lineId),
    index("checkins_staff_idx").on(t.staffUserId),
  ],
);
