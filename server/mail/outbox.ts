import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Locale } from "../../shared/enums";
import type { Database, DbOrTx } from "../db/client";
import { type MailAttachment, outboxMails } from "../db/schema";
import { type MailTemplate, renderMail } from "./templates";

/** A claimed mail is leased for this long; a sender that dies lets it be retried after. */
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;

/**
 * Writes a mail to the outbox. Call it with the transaction of the change that causes the
 * mail, so either both land or neither does.
 */
export async function enqueueMail(
  tx: DbOrTx,
  to: string,
  locale: Locale,
  mail: MailTemplate,
  attachments: MailAttachment[] = [],
  /** The order the mail is about: the organiser's order detail lists its mails. */
  orderId: string | null = null,
): Promise<void> {
  // A box office sale without the buyer's email (decision 017) has nobody to write to.
  if (to.trim() === "") return;
  const rendered = renderMail(locale, mail);
  await tx.insert(outboxMails).values({ to, locale, template: mail.template, ...rendered, attachments, orderId });
}

/** Makes the files of a mail when it is sent (e.g. the order's tickets as PDF). */
export type AttachmentRenderer = (attachment: MailAttachment, locale: Locale) => Promise<{ filename: string; content: Buffer; contentType: string }>;

/** Seconds to wait before attempt n+1: 30 s, 1, 2, 4, ... minutes, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Sends the mails that are due. Claiming uses SKIP LOCKED and a lease, so any number of
 * instances can run this at once without sending a mail twice.
 */
export async function sendDueMails(
  database: Database,
  transport: Transporter,
  from: string,
  log: Logger,
  renderAttachment?: AttachmentRenderer,
): Promise<number> {
  const claimed = await database.rows<{ id: string }>(sql`
    update outbox_mails set attempts = attempts + 1, next_attempt_at = now() + ${`${LEASE_SECONDS} seconds`}::interval
    where id in (
      select id from outbox_mails where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at limit 20 for update skip locked)
    returning id`);
  if (claimed.length === 0) return 0;
  const db = database.db;
  const mails = await db
    .select()
    .from(outboxMails)
    .where(inArray(outboxMails.id, claimed.map((c) => c.id)))
    .orderBy(asc(outboxMails.createdAt));
  let sent = 0;
  for (const mail of mails) {
    try {
      const attachments = renderAttachment ? await Promise.all(mail.attachments.map((a) => renderAttachment(a, mail.locale))) : [];
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments });
      await db
        .update(outboxMails)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(outboxMails.id, mail.id));
      sent++;
    } catch (err) {
      const failed = mail.attempts >= MAX_ATTEMPTS;
      log.warn({ err, mailId: mail.id, attempts: mail.attempts }, "mail send failed");
      await db
        .update(outboxMails)
        .set({
          status: failed ? "failed" : "pending",
          lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelaySeconds(mail.attempts) * 1000),
        })
        .where(and(eq(outboxMails.id, mail.id), lte(outboxMails.attempts, MAX_ATTEMPTS + 1)));
    }
  }
  return sent;
}
