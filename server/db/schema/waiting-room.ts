import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { events } from "./events";

/**
 * A place in an event's on-sale waiting room. `position` is the order of arrival (one sequence
 * for all events: only the order matters); the buyer's browser keeps the token (only its hash is
 * stored) so a reload keeps the place. `admittedAt` is set when the buyer is let in; the
 * admission is good until `admissionExpiresAt`.
 */
export const waitingRoomEntries = pgTable(
  "waiting_room_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    position: bigint({ mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    admittedAt: timestamp({ withTimezone: true }),
    admissionExpiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("waiting_room_queue_idx").on(t.eventId, t.position), index("waiting_room_admitted_idx").on(t.eventId, t.admittedAt)],
);
