import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Locale } from "../../shared/enums";
import type { Database, DbOrTx } from "../db/client";
import { type MailAttachment, outboxMails } from "../db/schema";
import { type MailTemplate, renderMail } from "./templates";

/** A claimed mail is leased for this long; a sender that dies lets it be retried after. */
export const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;
/** A claimed mail not started within half its lease goes back rather than risk a second sender taking it while it is sent. */
const START_WITHIN_MS = (LEASE_SECONDS * 1000) / 2;

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

export type OutboxMail = typeof outboxMails.$inferSelect;

/** Sends one claimed mail (attachments made, handed to the SMTP server); throws when it could not. */
export type DeliverMail = (mail: OutboxMail) => Promise<void>;

export type DrainOptions = {
  /** Mails being sent at once (default 4). */
  concurrency?: number;
  /** Once aborted no more mails are claimed; those claimed are finished. */
  signal?: AbortSignal;
};

/**
 * Claims up to `limit` due mails, oldest due first: SKIP LOCKED, so senders on any number of
 * instances claim different mails, and a lease (the next attempt's time), so a mail a sender
 * claimed and never finished is claimed again after LEASE_SECONDS. Counts the attempt.
 */
async function claim(database: Database, limit: number): Promise<OutboxMail[]> {
  const due = database.db
    .select({ id: outboxMails.id })
    .from(outboxMails)
    .where(and(eq(outboxMails.status, "pending"), lte(outboxMails.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outboxMails.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await database.db
    .update(outboxMails)
    .set({ attempts: sql`${outboxMails.attempts} + 1`, nextAttemptAt: sql`now() + ${`${LEASE_SECONDS} seconds`}::interval` })
    .where(inArray(outboxMails.id, due))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Marks sent mails in batches (one statement and one commit for up to 50, at most 50 ms
 * later): at an on-sale's pace a commit per mail would cost the database more than the mails.
 */
class SentMarks {
  private ids: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  add(id: string): void {
    this.ids.push(id);
    if (this.ids.length >= 50) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), 50);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ids = this.ids.splice(0);
    if (ids.length === 0) return this.last;
    this.last = this.last.then(() =>
      this.database.db
        .update(outboxMails)
        .set({ status: "sent", sentAt: sql`now()`, lastError: null })
        .where(inArray(outboxMails.id, ids))
        .then(
          () => undefined,
          // Left pending under their lease: sent again when it ends (at least once, never lost).
          (err: unknown) => this.log.error({ err, mails: ids.length }, "sent mails could not be marked"),
        ),
    );
    return this.last;
  }
}

async function markFailed(database: Database, mail: OutboxMail, err: unknown, log: Logger): Promise<void> {
  const failed = mail.attempts >= MAX_ATTEMPTS;
  log.warn({ err, mailId: mail.id, attempts: mail.attempts }, "mail send failed");
  await database.db
    .update(outboxMails)
    .set({
      status: failed ? "failed" : "pending",
      lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
      nextAttemptAt: new Date(Date.now() + retryDelaySeconds(mail.attempts) * 1000),
    })
    .where(and(eq(outboxMails.id, mail.id), lte(outboxMails.attempts, MAX_ATTEMPTS + 1)));
}

/** A claimed mail that was not started goes back: due at once, its attempt not counted. */
async function release(database: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await database.db
    .update(outboxMails)
    .set({ attempts: sql`${outboxMails.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(and(inArray(outboxMails.id, ids), eq(outboxMails.status, "pending")));
}

/**
 * Sends due mails until none is due: `concurrency` at a time, claiming more as soon as the
 * claimed ones are taken (never waiting for a timer while mails are due). Mails made while it
 * runs are sent in the same run. Returns how many were sent.
 */
export async function drainOutbox(database: Database, deliver: DeliverMail, log: Logger, options: DrainOptions = {}): Promise<number> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const marks = new SentMarks(database, log);
  const queue: { mail: OutboxMail; claimedAt: number }[] = [];
  let exhausted = false;
  let claiming: Promise<void> | null = null;
  let sent = 0;
  const refill = () =>
    (claiming ??= (async () => {
      try {
        const claimedAt = Date.now();
        const mails = await claim(database, concurrency);
        if (mails.length === 0) exhausted = true;
        for (const mail of mails) queue.push({ mail, claimedAt });
      } finally {
        claiming = null;
      }
    })());
  const errors: unknown[] = [];
  const lane = async () => {
    try {
      for (;;) {
        const next = queue.shift();
        if (!next) {
          if (exhausted || options.signal?.aborted) return;
          await refill();
          continue;
        }
        if (Date.now() - next.claimedAt > START_WITHIN_MS || options.signal?.aborted) {
          await release(database, [next.mail.id]);
          continue;
        }
        try {
          await deliver(next.mail);
          marks.add(next.mail.id);
          sent++;
        } catch (err) {
          await markFailed(database, next.mail, err, log);
        }
      }
    } catch (err) {
      // The database failed (claiming or marking): the other lanes finish what they hold and the
      // run ends with the error; the mails stay under their lease and are sent after it.
      errors.push(err);
      exhausted = true;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  await marks.flush();
  if (errors.length > 0) throw errors[0];
  return sent;
}

/**
 * Sends the due mails through `transport` in this thread, `renderAttachment` making their
 * files (drainOutbox: claimed with SKIP LOCKED and a lease, so any number of instances can run
 * this at once without sending a mail twice).
 */
export async function sendDueMails(
  database: Database,
  transport: Transporter,
  from: string,
  log: Logger,
  renderAttachment?: AttachmentRenderer,
  options: DrainOptions = {},
): Promise<number> {
  return drainOutbox(
    database,
    async (mail) => {
      const attachments = renderAttachment ? await Promise.all(mail.attachments.map((a) => renderAttachment(a, mail.locale))) : [];
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments });
    },
    log,
    options,
  );
}
