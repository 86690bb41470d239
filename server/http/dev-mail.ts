import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isLoopbackHost } from "../config";
import { z } from "zod";
import type { Database } from "../db/client";
import { outboxMails } from "../db/schema";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/**
 * The outbox holds activation and password-reset links: a reader is an account taker. Only a
 * client on this machine may read it (the socket's own address; no proxy header is trusted).
 */
function isLocalClient(req: FastifyRequest): boolean {
  return isLoopbackHost(req.socket.remoteAddress ?? "");
}

/**
 * Outside production: /dev/mail lists the outbox with each mail's links, /dev/mail/{id} shows
 * one mail as the recipient would see it. This is how a developer "receives" mail without SMTP.
 */
export function registerDevMail(app: FastifyInstance, database: Database): void {
  const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isLocalClient(req)) return reply.code(404).send({ error: "NOT_FOUND" });
  };
  app.get("/dev/mail", { onRequest }, async (req, reply) => {
    const query = z.object({ to: z.string().max(254).optional() }).safeParse(req.query);
    const to = query.success ? query.data.to?.toLowerCase() : undefined;
    const rows = await database.db
      .select()
      .from(outboxMails)
      .where(to ? eq(outboxMails.to, to) : undefined)
      .orderBy(desc(outboxMails.createdAt))
      .limit(200);
    const items = rows
      .map((m) => {
        const links = [...new Set(m.text.match(URL_PATTERN) ?? [])]
          .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
          .join("");
        return `<article data-mail-to="${escapeHtml(m.to)}"><h2><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a></h2>
<p>To <b>${escapeHtml(m.to)}</b> · ${m.createdAt.toISOString()} · ${m.locale} · ${m.status}</p><ul>${links}</ul></article>`;
      })
      .join("<hr>");
    reply.type("text/html; charset=utf-8");
    return `<!doctype html><html><head><meta charset="utf-8"><title>Outbox (${rows.length})</title>
<style>body{font-family:sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem}</style></head>
<body><h1>Outbox</h1><p>Mails the product wrote (newest first). Filter: <code>?to=address</code>.</p>${items || "<p>No mails yet.</p>"}</body></html>`;
  });

  app.get("/dev/mail/:id", { onRequest }, async (req, reply) => {
    const params = z.object({ id: z.uuid() }).safeParse(req.params);
    if (!params.success) return reply.code(404).send({ error: "NOT_FOUND" });
    const [mail] = await database.db.select().from(outboxMails).where(eq(outboxMails.id, params.data.id)).limit(1);
    if (!mail) return reply.code(404).send({ error: "NOT_FOUND" });
    reply.type("text/html; charset=utf-8");
    return mail.html;
  });
}
