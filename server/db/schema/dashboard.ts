import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organisers } from "./accounts";

/**
 * The dashboard home's figures of a period's closed days (decision 023): what the organiser sold
 * from the period's start to today's midnight, kept so the home adds only today's orders. Valid
 * while `cutoff` is today's midnight and nothing before it changed since `stamp` (an order paid, a
 * refund done before the cutoff, a ticket of such an order cancelled): checked on every read.
 */
export const dashboardFigureCache = pgTable(
  "dashboard_figure_cache",
  {
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    period: text().notNull(),
    cutoff: timestamp({ withTimezone: true }).notNull(),
    /** A few minutes before the figures were read: changes after it make them stale. */
    stamp: timestamp({ withTimezone: true }).notNull(),
    figures: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.organiserId, t.period] })],
);
