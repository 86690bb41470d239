import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * "Event sold out" mails sent (decision 013, moved after the sale in issue 25): one row per scope
 * (an event date, or a season) whose owner was told it is sold out. The check after sales adds it
 * with its mail and removes it when places come back, so each sell-out is told once.
 */
export const soldOutNotices = pgTable("sold_out_notices", {
  scopeId: uuid().primaryKey(),
  notifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
