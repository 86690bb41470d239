import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { outboxMails } from "../../../server/db/schema";

export type OutboxMail = typeof outboxMails.$inferSelect;

/** Mails in the outbox, oldest first, optionally only those to one address. */
export async function readOutbox(db: Db, to?: string): Promise<OutboxMail[]> {
  return db
    .select()
    .from(outboxMails)
    .where(to ? eq(outboxMails.to, to) : undefined)
    .orderBy(asc(outboxMails.createdAt));
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** The one link of a mail whose path starts with `pathPrefix`; throws when there is not exactly one. */
export function linkIn(mail: OutboxMail, pathPrefix: string): URL {
  const links = [...new Set(mail.text.match(URL_PATTERN) ?? [])]
    .map((l) => new URL(l))
    .filter((u) => u.pathname.startsWith(pathPrefix));
  if (links.length !== 1) throw new Error(`expected one ${pathPrefix} link in mail "${mail.subject}", found ${links.length}`);
  return links[0]!;
}

/** The last mail to `to`, whose link starts with `pathPrefix`: the token is the rest of the path. */
export async function tokenFromLastMail(db: Db, to: string, pathPrefix: string): Promise<{ mail: OutboxMail; link: URL; token: string }> {
  const mails = await readOutbox(db, to);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = linkIn(mail, pathPrefix);
  return { mail, link, token: decodeURIComponent(link.pathname.slice(pathPrefix.length)) };
}
