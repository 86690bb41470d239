import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Every administrator action (issue 23 item 5): who, when, what, on which record, and the record
 * before and after. Written in the transaction of the action itself, so an action that happened
 * is always logged and a logged action always happened. Never updated or deleted.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    adminId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** "withdrawal.accept", "withdrawal.refuse", "organiser.disable", "verification.verify", … */
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_audit_log_at_idx").on(t.at), index("admin_audit_log_target_idx").on(t.targetType, t.targetId, t.at)],
);
