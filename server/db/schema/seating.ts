import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ACTIVE_STATUSES, SEAT_STATUSES } from "../../../shared/enums";
import { STADIUM_TYPES, type SeatingLayout } from "../../../shared/seating/layout";
import { organisers } from "./accounts";
import { eventDates, events } from "./events";

export const activeStatusEnum = pgEnum("active_status", ACTIVE_STATUSES);
export const stadiumTypeEnum = pgEnum("stadium_type", STADIUM_TYPES);
export const seatStatusEnum = pgEnum("seat_status", SEAT_STATUSES);

/** A stadium (seating-plan) template of an organiser. Capacities are kept for the list. */
export const stadiumTemplates = pgTable(
  "stadium_templates",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    comment: text(),
    status: activeStatusEnum().notNull().default("ACTIVE"),
    type: stadiumTypeEnum().notNull().default("daily"),
    layout: jsonb().$type<SeatingLayout>().notNull(),
    capacity: integer().notNull().default(0),
    fixedCapacity: integer().notNull().default(0),
    freeCapacity: integer().notNull().default(0),
    /** Optimistic concurrency: a save names the version it edited. */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("stadium_templates_organiser_idx").on(t.organiserId)],
);

/**
 * The snapshot of a template an event uses: later template edits never move a seat someone
 * bought. Inventory rows refer to seats of this snapshot.
 */
export const eventSeating = pgTable("event_seating", {
  eventId: uuid()
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  templateId: uuid().references(() => stadiumTemplates.id, { onDelete: "set null" }),
  layout: jsonb().$type<SeatingLayout>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per seat and event date (ARCHITECTURE "Seat inventory and holds"): holds and sales
 * change these rows with single guarded statements; `version` grows with every change.
 */
export const seatInventory = pgTable(
  "seat_inventory",
  {
    eventDateId: uuid()
      .notNull()
      .references(() => eventDates.id, { onDelete: "cascade" }),
    seatKey: text().notNull(),
    eventId: uuid().notNull(),
    blockId: text().notNull(),
    rowLabel: text().notNull(),
    seatLabel: text().notNull(),
    categoryId: text(),
    status: seatStatusEnum().notNull().default("FREE"),
    holdId: uuid(),
    /** The ticket category the seat is held or sold as (set by the hold). */
    ticketCategoryId: uuid(),
    heldUntil: timestamp({ withTimezone: true }),
    orderLineId: uuid(),
    version: integer().notNull().default(1),
    /**
     * Best-available rank of the seat within its block (lower is better: row, then distance from
     * the row's centre; shared/seating/best-available.ts), written when the inventory is
     * materialised; null until then. Lets the database choose the best free seats under its locks.
     */
    bestRank: integer(),
    /**
     * The seat's place in the layout: seated blocks in the layout's order, then row, then seat
     * index (consecutive along a row). Best available's tie-break among seats of one rank, so
     * that its search locks exactly the seats it looks at, in one total order (decision 038).
     */
    bestOrder: integer(),
    /**
     * The seat can only be sold alone: no seat next to it in its row can ever be free again
     * without a cancellation or an unblock (each is sold, season-sold, blocked or not there).
     * Best available of two or more leaves it out of its search (issue 25, decision 031: such
     * seats piled up among the best ranks late in a sale). A hint written by best available
     * itself, cleared when a seat next to it is freed or unblocked.
     */
    lone: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.eventDateId, t.seatKey] }),
    index("seat_inventory_hold_idx").on(t.holdId),
    index("seat_inventory_status_idx").on(t.eventDateId, t.status),
    // Best available's search in rank order (inventory/hold-best.ts), free seats only: an index
    // of every seat (0028) made each call late in a sale step over every seat sold before it,
    // one of every seat not sold (0030) over the thousands held by buyers paying (decision 037).
    // Seats whose hold ran out are takeable too: they are found by the index of holds below.
    index("seat_inventory_best_free_idx")
      .on(t.eventDateId, t.categoryId, t.bestRank, t.bestOrder)
      .where(sql`${t.status} = 'FREE'`),
    // Best available of two or more seats: the same without seats that can only be sold alone.
    index("seat_inventory_best_free_runs_idx")
      .on(t.eventDateId, t.categoryId, t.bestRank, t.bestOrder)
      .where(sql`${t.status} = 'FREE' and not ${t.lone}`),
    // Held seats by the end of their hold: those whose hold ran out (takeable until the sweeper
    // frees them) without reading every held seat of the date.
    index("seat_inventory_held_until_idx")
      .on(t.eventDateId, t.heldUntil)
      .where(sql`${t.status} in ('PAYMENT_PENDING', 'SEASON_BLOCKED')`),
  ],
);

/** Free-seating areas of an event date: counters, never below zero, never above capacity. */
export const areaInventory = pgTable(
  "area_inventory",
  {
    eventDateId: uuid()
      .notNull()
      .references(() => eventDates.id, { onDelete: "cascade" }),
    areaId: text().notNull(),
    eventId: uuid().notNull(),
    categoryId: text(),
    capacity: integer().notNull(),
    held: integer().notNull().default(0),
    sold: integer().notNull().default(0),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.eventDateId, t.areaId] }),
    check("area_inventory_bounds", sql`${t.held} >= 0 and ${t.sold} >= 0 and ${t.held} + ${t.sold} <= ${t.capacity}`),
  ],
);
