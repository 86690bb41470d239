import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organisers, users } from "./accounts";
import { events, ticketCategories, uploads } from "./events";
import { orderLines, orders, paymentMethodEnum } from "./orders";

/**
 * A print run of hard tickets (issue 20, SPEC §2 "Print area"): `tickets` tickets of one
 * category for one event date, printed in DIN long. Its tickets are the lines of one order
 * (channel `hard_ticket`), whose places the inventory module took off sale when the run was
 * made; a reprint prints the same lines (the same codes); voiding cancels them (codes refused)
 * and gives their places back.
 */
export const printRuns = pgTable(
  "print_runs",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The event date printed for. */
    scopeId: uuid().notNull(),
    ticketCategoryId: uuid().references(() => ticketCategories.id, { onDelete: "set null" }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tickets: integer().notNull(),
    /** The form's key: the same key again returns this run (a double submit prints once). */
    idempotencyKey: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("print_runs_organiser_idx").on(t.organiserId, t.createdAt),
    index("print_runs_order_idx").on(t.orderId),
    uniqueIndex("print_runs_idempotency_unique").on(t.organiserId, t.idempotencyKey),
    check("print_runs_tickets_positive", sql`${t.tickets} > 0`),
  ],
);

/**
 * A hard ticket's activation (issue 20, SPEC §4: activated by scanning its code after
 * printing): who and when, and, when it was sold at activation, the payment method and price.
 * One per ticket line: activating twice keeps the first. `order_lines.activated_at` mirrors it
 * for the door's rule (an inactive hard ticket is refused: NOT ACTIVATED).
 */
export const hardTicketActivations = pgTable(
  "hard_ticket_activations",
  {
    lineId: uuid()
      .primaryKey()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    printRunId: uuid()
      .notNull()
      .references(() => printRuns.id, { onDelete: "cascade" }),
    activatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    activatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Sold at activation (the counter records the method and the price); null: handed out. */
    paymentMethod: paymentMethodEnum(),
    priceCents: integer(),
  },
  (t) => [
    index("hard_ticket_activations_run_idx").on(t.printRunId),
    check("hard_ticket_activations_price", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/**
 * An event's sponsors (SPEC §9: up to 4 logos, JPG or PNG under 5 MB), in their order, printed
 * on hard tickets and on the A4 e-tickets. `position` 0..3.
 */
export const eventSponsors = pgTable(
  "event_sponsors",
  {
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    uploadId: uuid()
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.uploadId] }), check("event_sponsors_position", sql`${t.position} between 0 and 3`)],
);
