import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** Contact form of the home page (SPEC §3 Contact form). */
export const contactRequests = pgTable("contact_requests", {
  id: uuid().primaryKey().defaultRandom(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  phone: text(),
  email: text().notNull(),
  industry: text(),
  websiteUrl: text(),
  ticketsPerYear: integer(),
  referralSource: text(),
  message: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When an admin first opened it (issue 23 item 4); null: unread. */
  readAt: timestamp({ withTimezone: true }),
  /** When an admin marked it handled, and who; null: open. */
  handledAt: timestamp({ withTimezone: true }),
  handledBy: uuid().references(() => users.id, { onDelete: "set null" }),
}, (t) => [index("contact_requests_open_idx").on(t.handledAt, t.createdAt)]);
