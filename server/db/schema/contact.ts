import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
});
