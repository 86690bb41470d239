import type { AppDeps } from "../deps";
import { attachmentRenderer } from "./attachments";
import { type DeliverMail, drainOutbox } from "./outbox";
import { smtpTransport } from "./smtp";
import { type MailWorkerOptions, startMailWorkers } from "./workers";

/** How often an idle sender looks for due mails; while mails are due it never waits. */
const IDLE_POLL_MS = 1000;

export type MailSender = { stop: () => Promise<void> };

/**
 * The send-mail job (SMTP_URL set; decision 034): drains the outbox whenever mails are due,
 * several at a time through a pool of SMTP connections. On PostgreSQL the attachments are made
 * and the mails sent by the mail workers (./workers.ts), off this event loop; on embedded
 * PGlite, whose database lives in this thread, here. `stop` claims no more mails, finishes
 * those claimed and closes the connections. `workerOptions`: threads, mails per thread, nice
 * (the defaults suit a server; bench:mail varies them).
 */
export function startMailSender(deps: AppDeps, workerOptions: MailWorkerOptions = {}): MailSender {
  const { config, database, log } = deps;
  const smtpUrl = config.SMTP_URL!;
  const from = config.MAIL_FROM;
  let deliver: DeliverMail;
  let concurrency: number;
  let close: () => Promise<void>;
  if (database.kind === "postgres" && config.DATABASE_URL) {
    const setup = {
      databaseUrl: config.DATABASE_URL,
      appSecret: config.APP_SECRET,
      uploadDir: config.UPLOAD_DIR,
      smtpUrl,
      connections: 4,
      logLevel: config.LOG_LEVEL,
      isProduction: config.isProduction,
    };
    const workers = startMailWorkers(setup, workerOptions);
    deliver = (mail) => workers.send({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, locale: mail.locale, attachments: mail.attachments });
    concurrency = workers.lanes;
    close = () => workers.close();
  } else {
    const transport = smtpTransport(smtpUrl, 4);
    const render = attachmentRenderer(deps);
    deliver = async (mail) => {
      const attachments = await Promise.all(mail.attachments.map((a) => render(a, mail.locale)));
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments });
    };
    concurrency = 4;
    close = async () => transport.close();
  }

  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || stopping.signal.aborted) return;
    running = drainOutbox(database, deliver, log, { concurrency, signal: stopping.signal })
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, job: "send-mail" }, "job failed"),
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(run, IDLE_POLL_MS);
  run();
  return {
    stop: async () => {
      stopping.abort();
      clearInterval(timer);
      await running;
      await close();
    },
  };
}
