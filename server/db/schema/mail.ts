import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { localeEnum } from "./accounts";

export const mailStatusEnum = pgEnum("mail_status", ["pending", "sent", "failed"]);

export type MailAttachment = { kind: "order_tickets"; orderId: string } | { kind: "order_invoice"; invoiceId: string };

/**
 * Transactional outbox: a mail is written in the same transaction as the change that causes
 * it, rendered in the recipient's language, and sent later by the mail job.
 */
export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    locale: localeEnum().notNull(),
    template: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** Files made when the mail is sent (e.g. the order's tickets as PDF), not stored here. */
    attachments: jsonb().$type<MailAttachment[]>().notNull().default([]),
    /** The order the mail is about (the organiser's order detail lists them). */
    orderId: uuid(),
    status: mailStatusEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** Next time the sender may pick it; also the lease while one instance is sending it. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("outbox_mails_due_idx").on(t.status, t.nextAttemptAt), index("outbox_mails_order_idx").on(t.orderId)],
);
