import nodemailer, { type Transporter } from "nodemailer";

/**
 * The SMTP transport of the mail sender: a pool of up to `connections` open connections, each
 * carrying up to 100 mails before it is renewed, so mails go out side by side without a TCP and
 * SMTP handshake each (SMTP_URL's own options, e.g. `?pool=false`, win). A server that stops
 * answering fails the mail within a minute; the outbox retries it later.
 */
export function smtpTransport(url: string, connections: number): Transporter {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    maxMessages: 100,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}
