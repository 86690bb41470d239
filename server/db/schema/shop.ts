import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CART_STATES } from "../../../shared/schemas/shop";
import { events } from "./events";

export const cartStateEnum = pgEnum("cart_state", CART_STATES);

/**
 * A buyer's cart for one event date (or one season): the hold id of its seats and the owner of
 * its counted places. Anonymous buyers prove ownership with a secret only its hash is kept of.
 * All its holds expire together at `expiresAt`; the buyer may extend once.
 */
export const carts = pgTable(
  "carts",
  {
    id: uuid().primaryKey().defaultRandom(),
    secretHash: text().notNull(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The event date the cart buys for; a season cart uses the season's id. */
    scopeId: uuid().notNull(),
    isSeason: boolean().notNull().default(false),
    state: cartStateEnum().notNull().default("active"),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    extended: boolean().notNull().default(false),
    /** Who opened the cart (decision 011): the client's address and its device cookie's id, for the hold limits. */
    clientAddress: text(),
    deviceId: text(),
    /** Bumped by every change of what the cart holds: a hold checks the cart is still as it read it. */
    version: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("carts_expiry_idx").on(t.state, t.expiresAt),
    index("carts_active_address_idx").on(t.clientAddress).where(sql`${t.state} = 'active'`),
    index("carts_active_device_idx").on(t.deviceId).where(sql`${t.state} = 'active'`),
  ],
);

/**
 * Counters that limit sales by number (ARCHITECTURE: "Counters for free seating and quotas"):
 * per event date (or season) one row per ticket category (`ticket:<id>`, its daily quantity)
 * and one for the daily attendee limit (`attendees`). Held and sold never exceed the capacity.
 */
export const quotaInventory = pgTable(
  "quota_inventory",
  {
    scopeId: uuid().notNull(),
    counterKey: text().notNull(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    capacity: integer().notNull(),
    held: integer().notNull().default(0),
    sold: integer().notNull().default(0),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.scopeId, t.counterKey] }),
    check("quota_inventory_bounds", sql`${t.held} >= 0 and ${t.sold} >= 0 and ${t.held} + ${t.sold} <= ${t.capacity}`),
  ],
);

/**
 * The counter units a cart holds (its ledger): `area:<blockId>` rows of area_inventory and
 * `ticket:<id>` / `attendees` rows of quota_inventory, in places (a ticket for two persons takes
 * two). Releasing a cart gives back exactly these; nothing is recomputed from other tables.
 */
export const cartCounts = pgTable(
  "cart_counts",
  {
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    counterKey: text().notNull(),
    quantity: integer().notNull(),
    /**
     * Sold by the cart's order, still counted as held: a sale that sells exactly what its cart
     * held leaves the counter alone (held + sold unchanged) and marks the row; the fold
     * (inventory/fold.ts) moves it from held to sold and deletes it (decision 035 item 9).
     */
    sold: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.counterKey] }),
    check("cart_counts_positive", sql`${t.quantity} >= 0`),
    index("cart_counts_sold_idx").on(t.cartId).where(sql`${t.sold}`),
  ],
);

/**
 * Tickets a cart holds by number (free-seating areas, events without a plan): the checkout turns
 * them into order lines. Seats are not here: a held seat names its cart and ticket category.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    ticketCategoryId: uuid().notNull(),
    /** The standing block, or "" for an event without a seating plan. */
    areaId: text().notNull().default(""),
    quantity: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.ticketCategoryId, t.areaId] }), check("cart_items_positive", sql`${t.quantity} >= 0`)],
);
