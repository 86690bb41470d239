import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";
import { AppError } from "../../../lib/app-error";
import { recordAdminAction } from "../audit/log";

/**
 * The home page's contact-form messages for admins (issue 23 item 4): listed newest first with a
 * state filter and a search, read (the first read stamps `read_at`), marked handled or reopened
 * (`handled_at`/`handled_by`, audit-logged with before and after in the same transaction).
 */
export type MessageState = "open" | "handled" | "all";

export type MessageSummary = {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The first characters of the message, for the list. */
  preview: string;
  readAt: string | null;
  handledAt: string | null;
};

export type ContactMessage = MessageSummary & {
  phone: string | null;
  industry: string | null;
  websiteUrl: string | null;
  ticketsPerYear: number | null;
  referralSource: string | null;
  message: string;
  handledBy: string | null;
  handledByEmail: string | null;
};

type Row = {
  id: string;
  created_at: Date | string;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  read_at: Date | string | null;
  handled_at: Date | string | null;
};

type FullRow = Row & {
  phone: string | null;
  industry: string | null;
  website_url: string | null;
  tickets_per_year: number | null;
  referral_source: string | null;
  handled_by: string | null;
  handled_by_email: string | null;
};

const PREVIEW_CHARS = 140;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function summary(r: Row): MessageSummary {
  const flat = r.message.replace(/\s+/g, " ").trim();
  return {
    id: r.id,
    createdAt: iso(r.created_at)!,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    preview: flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat,
    readAt: iso(r.read_at),
    handledAt: iso(r.handled_at),
  };
}

function full(r: FullRow): ContactMessage {
  return {
    ...summary(r),
    phone: r.phone,
    industry: r.industry,
    websiteUrl: r.website_url,
    ticketsPerYear: r.tickets_per_year === null ? null : Number(r.tickets_per_year),
    referralSource: r.referral_source,
    message: r.message,
    handledBy: r.handled_by,
    handledByEmail: r.handled_by_email,
  };
}

/** LIKE's wildcards and its escape character, taken literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, "\\$&");

/** A page of messages, newest first, with the counts of unread and open messages (of all, not the page). */
export async function listMessages(
  db: DbOrTx,
  q: { state: MessageState; search: string | null; page: number; pageSize: number },
): Promise<{ entries: MessageSummary[]; total: number; unread: number; open: number }> {
  const words = (q.search ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const conditions = [
    sql`true`,
    ...(q.state === "open" ? [sql`c.handled_at is null`] : q.state === "handled" ? [sql`c.handled_at is not null`] : []),
    ...words.map(
      (w) => sql`lower(c.first_name || ' ' || c.last_name || ' ' || c.email || ' ' || c.message) like ${`%${likeEscape(w)}%`}`,
    ),
  ];
  const rows = await txRows<Row & { total: number | string }>(
    db,
    sql`select c.id, c.created_at, c.first_name, c.last_name, c.email, left(c.message, ${PREVIEW_CHARS * 2}) as message, c.read_at, c.handled_at,
          count(*) over () as total
        from contact_requests c where ${sql.join(conditions, sql` and `)}
        order by c.created_at desc, c.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const [counts] = await txRows<{ unread: number | string; open: number | string; matching: number | string }>(
    db,
    sql`select count(*) filter (where read_at is null) as unread, count(*) filter (where handled_at is null) as open,
          (select count(*) from contact_requests c where ${sql.join(conditions, sql` and `)}) as matching
        from contact_requests`,
  );
  return {
    entries: rows.map(summary),
    // A page past the end has no rows to carry the total: the count says it.
    total: rows.length > 0 ? Number(rows[0]!.total) : Number(counts?.matching ?? 0),
    unread: Number(counts?.unread ?? 0),
    open: Number(counts?.open ?? 0),
  };
}

const FULL = sql`select c.id, c.created_at, c.first_name, c.last_name, c.email, c.message, c.read_at, c.handled_at,
    c.phone, c.industry, c.website_url, c.tickets_per_year, c.referral_source, c.handled_by, u.email as handled_by_email
  from contact_requests c left join users u on u.id = c.handled_by`;

async function fetchMessage(db: DbOrTx, messageId: string): Promise<ContactMessage> {
  const [row] = await txRows<FullRow>(db, sql`${FULL} where c.id = ${messageId}`);
  if (!row) throw new AppError("NOT_FOUND");
  return full(row);
}

/** The whole message; the first read stamps `read_at` (later reads leave it as it was). */
export async function readMessage(db: Db, options: { messageId: string; adminId: string }): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    // The first read is an admin action (nothing an admin does goes unlogged): it is logged once.
    const [first] = await txRows<{ read_at: Date | string }>(
      tx,
      sql`update contact_requests set read_at = now() where id = ${options.messageId} and read_at is null returning read_at`,
    );
    if (first) {
      await recordAdminAction(tx, {
        adminId: options.adminId,
        action: "message.read",
        targetType: "contact_request",
        targetId: options.messageId,
        before: { read: false, readAt: null },
        after: { read: true, readAt: iso(first.read_at) },
      });
    }
    return fetchMessage(tx, options.messageId);
  });
}

/**
 * Marks a message handled (by this admin, now) or reopens it, with its audit entry in the same
 * transaction. Setting the state it already has changes nothing and logs nothing.
 */
export async function setMessageHandled(db: Db, options: { messageId: string; adminId: string; handled: boolean }): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [current] = await txRows<{ handled_at: Date | string | null; handled_by: string | null; read_at: Date | string | null }>(
      tx,
      sql`select handled_at, handled_by, read_at from contact_requests where id = ${options.messageId} for update`,
    );
    if (!current) throw new AppError("NOT_FOUND");
    if ((current.handled_at !== null) === options.handled) return fetchMessage(tx, options.messageId);
    const [row] = await txRows<{ handled_at: Date | string | null; handled_by: string | null }>(
      tx,
      options.handled
        ? sql`update contact_requests set handled_at = now(), handled_by = ${options.adminId}, read_at = coalesce(read_at, now())
              where id = ${options.messageId} returning handled_at, handled_by`
        : sql`update contact_requests set handled_at = null, handled_by = null where id = ${options.messageId} returning handled_at, handled_by`,
    );
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: options.handled ? "message.handle" : "message.reopen",
      targetType: "contact_request",
      targetId: options.messageId,
      before: { handled: current.handled_at !== null, handledAt: iso(current.handled_at), handledBy: current.handled_by },
      after: { handled: row!.handled_at !== null, handledAt: iso(row!.handled_at), handledBy: row!.handled_by },
    });
    return fetchMessage(tx, options.messageId);
  });
}
