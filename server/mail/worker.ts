import { workerData } from "node:worker_threads";
import type { Transporter } from "nodemailer";
import type { Locale } from "../../shared/enums";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import type { MailAttachment } from "../db/schema";
import { createLogger } from "../logger";
import { attachmentRenderer } from "./attachments";
import type { AttachmentRenderer } from "./outbox";
import { smtpTransport } from "./smtp";

/**
 * A mail worker thread (./workers.ts starts them; ./worker-entry.mjs loads this file): makes a
 * mail's attachments (the tickets and invoice PDFs) and hands the mail to the SMTP server, on
 * its own database connections, SMTP connections and picture cache, so none of it runs on the
 * event loop that serves buyers (decision 034).
 */

export type MailWorkerSetup = {
  databaseUrl: string;
  appSecret: string;
  uploadDir: string;
  /** Null: the worker only renders (tests). */
  smtpUrl: string | null;
  /** SMTP connections of this worker. */
  connections: number;
  logLevel: Config["LOG_LEVEL"];
  isProduction: boolean;
};

export type SendTask = { from: string; to: string; subject: string; text: string; html: string; locale: Locale; attachments: MailAttachment[] };
export type RenderTask = { attachment: MailAttachment; locale: Locale };
export type RenderedFile = { filename: string; contentType: string; content: Uint8Array };

type Worker = { render: AttachmentRenderer; transport: Transporter | null };

let ready: Promise<Worker> | null = null;

/** Opened on the first task: a pool of 2 database connections, the SMTP pool, the logger. */
function worker(): Promise<Worker> {
  ready ??= (async () => {
    const setup = workerData as MailWorkerSetup;
    const log = createLogger({ LOG_LEVEL: setup.logLevel, isProduction: setup.isProduction }).child({ thread: "mail" });
    const database = await openDatabase({ url: setup.databaseUrl, maxConnections: 2 });
    return {
      render: attachmentRenderer({ database, config: { APP_SECRET: setup.appSecret, UPLOAD_DIR: setup.uploadDir }, log }),
      transport: setup.smtpUrl ? smtpTransport(setup.smtpUrl, setup.connections) : null,
    };
  })();
  return ready;
}

/** Makes the mail's attachments and sends it; throws (the outbox retries) when either fails. */
export async function send(task: SendTask): Promise<void> {
  const { render, transport } = await worker();
  if (!transport) throw new Error("this mail worker has no SMTP_URL");
  const attachments = await Promise.all(task.attachments.map((a) => render(a, task.locale)));
  await transport.sendMail({ from: task.from, to: task.to, subject: task.subject, text: task.text, html: task.html, attachments });
}

/** One attachment as the mail would carry it. */
export async function render(task: RenderTask): Promise<RenderedFile> {
  const { render: make } = await worker();
  const file = await make(task.attachment, task.locale);
  return { filename: file.filename, contentType: file.contentType, content: new Uint8Array(file.content) };
}
