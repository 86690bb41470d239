import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organisers, users } from "./accounts";
import { eventDates, events, ticketCategories } from "./events";
import { carts } from "./shop";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * A reseller's details (SPEC §3 Reseller; issue 21, decision 022). The login (email, password,
 * status) is its `users` row (role reseller, `firstName` = the name); this row holds the rest.
 */
export const resellerProfiles = pgTable(
  "reseller_profiles",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    zip: text().notNull(),
    state: text().notNull(),
    country: text().notNull(),
    mobile: text().notNull(),
    ...timestamps,
  },
  (t) => [index("reseller_profiles_organiser_idx").on(t.organiserId)],
);

/**
 * "Assigned events with ticket price": the ticket categories a reseller sells, each at its
 * reseller price (what the buyer pays at the reseller). At least one per assigned event.
 */
export const resellerTickets = pgTable(
  "reseller_tickets",
  {
    resellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketCategoryId: uuid()
      .notNull()
      .references(() => ticketCategories.id, { onDelete: "cascade" }),
    priceCents: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resellerId, t.ticketCategoryId] }),
    index("reseller_tickets_event_idx").on(t.eventId),
    check("reseller_tickets_price", sql`${t.priceCents} >= 0`),
  ],
);

/**
 * What a reseller may sell on one event date (issue 21): seats and counted places held for it by
 * a long-lived cart of its own (`cartId`), so online buyers cannot take them (seats.io's
 * channels). The cart expires at `returnAt`: the sweeper then gives what is unsold back to public
 * sale, like any expired hold. One allocation per reseller and date; it grows and shrinks.
 */
export const resellerAllocations = pgTable(
  "reseller_allocations",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    resellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    eventDateId: uuid()
      .notNull()
      .references(() => eventDates.id, { onDelete: "cascade" }),
    /** The cart holding the allocation; replaced by a new one when a returned allocation is given again. */
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    returnAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("reseller_allocations_reseller_date").on(t.resellerId, t.eventDateId),
    uniqueIndex("reseller_allocations_cart").on(t.cartId),
    index("reseller_allocations_date_idx").on(t.eventDateId),
  ],
);
