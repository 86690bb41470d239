import { type SQL, sql } from "drizzle-orm";
import type { OrderChannel, OrderStatus, PaymentMethod } from "../../../../shared/schemas/orders";
import {
  ORDERS_TIME_ZONE,
  type OrderFilter,
  type OrderFilterInput,
  type OrderListInput,
  type OrderSort,
  ZOrderFilter,
  ZOrderListInput,
} from "../../../../shared/schemas/organiser-orders";
import type { DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";
import type { AppDeps } from "../../../deps";
import { verifyTicketCode } from "../ticket-code";

/**
 * The organiser's orders list (issue 16, SPEC §2 "Orders"): every order of the organiser across
 * its events, filtered, searched, sorted and paged in the database. The CSV export
 * (server/http/order-export.ts) uses the same filter (`orderFilterSql`).
 */

export type OrderListRow = {
  id: string;
  number: string;
  createdAt: Date;
  status: OrderStatus;
  channel: OrderChannel;
  /** Channel reseller: who sold it (decision 022). */
  resellerName: string | null;
  paymentMethod: PaymentMethod;
  buyerName: string;
  buyerEmail: string;
  eventId: string;
  eventName: string;
  scopeId: string;
  isSeason: boolean;
  /** The event date's start, or the season's first date (null: a season without dates). */
  startsAt: Date | null;
  /** Ticket lines not canceled. */
  tickets: number;
  totalCents: number;
  /** Ticket lines checked in. */
  checkedIn: number;
};

export type OrderListPage = { rows: OrderListRow[]; total: number; page: number; pageSize: number };

/** LIKE's wildcards and its escape character, taken literally. */
function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Order numbers are "K7M2-X9QD"; typed without the dash they are found too. */
const UNDASHED_NUMBER = /^[a-z0-9]{8}$/;

/** A search that looks like a ticket code ("T1.<id>.<mac>"): verified, never matched as text. */
const TICKET_CODE_SHAPE = /^t1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/i;

function searchSql(secret: string, search: string): SQL | null {
  const trimmed = search.trim();
  if (!trimmed) return null;
  if (TICKET_CODE_SHAPE.test(trimmed)) {
    const lineId = verifyTicketCode(secret, trimmed);
    // A forged or altered code finds nothing (and says nothing about which part was wrong).
    if (!lineId) return sql`false`;
    return sql`o.id = (select l.order_id from order_lines l where l.id = ${lineId})`;
  }
  // Every word must appear in the number, the buyer's name or email (trigram index on search_text).
  const words = trimmed.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  return sql.join(
    words.map((word) => {
      const like = sql`o.search_text like ${`%${likeEscape(word)}%`}`;
      if (!UNDASHED_NUMBER.test(word)) return like;
      const dashed = `${word.slice(0, 4)}-${word.slice(4)}`;
      return sql`(${like} or o.search_text like ${`%${dashed}%`})`;
    }),
    sql` and `,
  );
}

/** The where clause of the list and the export: the organiser's orders matching `filter` (alias `o`). */
export function orderFilterSql(secret: string, organiserId: string, filter: OrderFilter): SQL {
  const where: SQL[] = [sql`o.organiser_id = ${organiserId}`];
  if (filter.eventId) where.push(sql`o.event_id = ${filter.eventId}`);
  if (filter.scopeId) where.push(sql`o.scope_id = ${filter.scopeId}`);
  // Calendar days in ORDERS_TIME_ZONE: from its midnight, up to the next day's midnight after `to`.
  if (filter.from) where.push(sql`o.created_at >= (${filter.from}::date)::timestamp at time zone ${ORDERS_TIME_ZONE}`);
  if (filter.to) where.push(sql`o.created_at < (${filter.to}::date + 1)::timestamp at time zone ${ORDERS_TIME_ZONE}`);
  if (filter.status) where.push(sql`o.status = ${filter.status}::order_status`);
  if (filter.paymentMethod) where.push(sql`o.payment_method = ${filter.paymentMethod}::payment_method`);
  if (filter.channel) where.push(sql`o.channel = ${filter.channel}::order_channel`);
  const search = searchSql(secret, filter.search);
  if (search) where.push(search);
  return sql.join(where, sql` and `);
}

/**
 * The sort keys of each column (alias `o`), all in the chosen direction and ended by id: a
 * stable order, read from an index of the organiser's orders (schema: orders_organiser_*).
 * Statuses sort in their life order (pending, valid, failed, cancelled), then by date.
 */
const SORT_SQL: Record<OrderSort, SQL[]> = {
  createdAt: [sql`o.created_at`],
  number: [sql`o.number`],
  buyer: [sql`lower(coalesce(o.buyer->>'lastName', '') || ' ' || coalesce(o.buyer->>'firstName', ''))`],
  total: [sql`o.total_cents`],
  status: [sql`o.status`, sql`o.created_at`],
};

function orderBySql(sort: OrderSort, direction: "asc" | "desc"): SQL {
  const dir = sql.raw(direction === "asc" ? "asc" : "desc");
  return sql.join(
    [...SORT_SQL[sort], sql`o.id`].map((key) => sql`${key} ${dir}`),
    sql`, `,
  );
}

/** The event date's start, or for a season the first date of its events. */
export const STARTS_AT_SQL = sql`case when o.is_season
  then (select min(sd.starts_at) from event_dates sd join events se on se.id = sd.event_id where se.season_id = o.scope_id)
  else (select d.starts_at from event_dates d where d.id = o.scope_id) end`;

type RawRow = {
  id: string;
  number: string;
  created_at: Date | string;
  status: OrderStatus;
  channel: OrderChannel;
  reseller_name: string | null;
  payment_method: PaymentMethod;
  first_name: string | null;
  last_name: string | null;
  buyer_email: string;
  event_id: string;
  event_name: string;
  scope_id: string;
  is_season: boolean;
  starts_at: Date | string | null;
  tickets: number | string;
  total_cents: number | string;
  checked_in: number | string;
};

function toRow(r: RawRow): OrderListRow {
  return {
    id: r.id,
    number: r.number,
    createdAt: new Date(r.created_at),
    status: r.status,
    channel: r.channel,
    resellerName: r.reseller_name ?? null,
    paymentMethod: r.payment_method,
    buyerName: [r.first_name, r.last_name].filter(Boolean).join(" "),
    buyerEmail: r.buyer_email,
    eventId: r.event_id,
    eventName: r.event_name,
    scopeId: r.scope_id,
    isSeason: r.is_season,
    startsAt: r.starts_at === null ? null : new Date(r.starts_at),
    tickets: Number(r.tickets),
    totalCents: Number(r.total_cents),
    checkedIn: Number(r.checked_in),
  };
}

/**
 * One page of the organiser's orders, newest first unless sorted otherwise. The page's ids are
 * chosen first (the filter and the sort on the orders alone, by index); their event, date and
 * ticket counts are read for those rows only.
 */
export async function listOrders(deps: AppDeps, organiserId: string, input: OrderListInput): Promise<OrderListPage> {
  const parsed = ZOrderListInput.parse(input);
  const db = deps.database.db;
  const where = orderFilterSql(deps.config.APP_SECRET, organiserId, parsed);
  const orderBy = orderBySql(parsed.sort, parsed.direction);
  const offset = (parsed.page - 1) * parsed.pageSize;
  const [rows, counted] = await Promise.all([
    txRows<RawRow>(
      db,
      sql`select o.id::text, o.number, o.created_at, o.status::text as status, o.channel::text as channel, o.payment_method::text as payment_method,
            (select u.first_name from users u where u.id = o.reseller_id) as reseller_name,
            o.buyer->>'firstName' as first_name, o.buyer->>'lastName' as last_name, o.buyer_email,
            o.event_id::text, e.name as event_name, o.scope_id::text, o.is_season, ${STARTS_AT_SQL} as starts_at,
            coalesce(l.tickets, 0) as tickets, o.total_cents, coalesce(l.checked_in, 0) as checked_in
          from (select o.id from orders o where ${where} order by ${orderBy} limit ${parsed.pageSize} offset ${offset}) page
          join orders o on o.id = page.id
          join events e on e.id = o.event_id
          left join lateral (
            select (count(*) filter (where ol.status <> 'canceled'))::int as tickets, (count(*) filter (where ol.status = 'checked_in'))::int as checked_in
            from order_lines ol where ol.order_id = o.id
          ) l on true
          order by ${orderBy}`,
    ),
    txRows<{ n: number | string }>(db, sql`select count(*)::int as n from orders o where ${where}`),
  ]);
  return { rows: rows.map(toRow), total: Number(counted[0]?.n ?? 0), page: parsed.page, pageSize: parsed.pageSize };
}

export type OrderFilterOptions = {
  events: { id: string; name: string; isSeason: boolean; dates: { id: string; startsAt: Date }[] }[];
};

/**
 * What the list's filter selects offer: the organiser's events (newest first; drafts only when
 * they have orders) with their dates (latest first). A season is chosen as the season itself.
 */
export async function orderFilterOptions(db: DbOrTx, organiserId: string): Promise<OrderFilterOptions> {
  const events = await txRows<{ id: string; name: string; is_season: boolean }>(
    db,
    sql`select e.id::text, e.name, e.type = 'SEASONAL' as is_season from events e
        where e.organiser_id = ${organiserId} and (e.status <> 'draft' or exists (select 1 from orders o where o.event_id = e.id))
        order by e.created_at desc, e.id desc`,
  );
  const dates = await txRows<{ id: string; event_id: string; starts_at: Date | string }>(
    db,
    sql`select d.id::text, d.event_id::text, d.starts_at from event_dates d where d.organiser_id = ${organiserId} order by d.starts_at desc, d.id desc`,
  );
  const byEvent = new Map<string, { id: string; startsAt: Date }[]>();
  for (const d of dates) {
    const list = byEvent.get(d.event_id) ?? [];
    list.push({ id: d.id, startsAt: new Date(d.starts_at) });
    byEvent.set(d.event_id, list);
  }
  return { events: events.map((e) => ({ id: e.id, name: e.name, isSeason: e.is_season, dates: e.is_season ? [] : (byEvent.get(e.id) ?? []) })) };
}

// ---------------------------------------------------------------- the export's rows

export type OrderExportRow = OrderListRow & { buyerPhone: string | null; buyerCompany: string | null; discountCents: number; voucherCode: string | null };

type ExportRaw = RawRow & { phone: string | null; company: string | null; cursor_at: string; discount_cents: number | string | null; voucher_code: string | null };

export type ExportCursor = { createdAt: string; id: string };

/**
 * The next `limit` orders matching `filter` after `cursor`, newest first (keyset on created_at
 * and id: each batch is found by index, however far the export has come). `cursor` carries
 * created_at as Postgres text so microseconds survive the round trip.
 */
export async function exportBatch(
  deps: AppDeps,
  organiserId: string,
  filter: OrderFilterInput,
  cursor: ExportCursor | null,
  limit: number,
): Promise<{ rows: OrderExportRow[]; next: ExportCursor | null }> {
  const parsed = ZOrderFilter.parse(filter);
  const where = orderFilterSql(deps.config.APP_SECRET, organiserId, parsed);
  const after = cursor ? sql`and (o.created_at, o.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``;
  const raw = await txRows<ExportRaw>(
    deps.database.db,
    sql`select o.id::text, o.number, o.created_at, o.created_at::text as cursor_at, o.status::text as status, o.channel::text as channel,
          o.payment_method::text as payment_method, o.buyer->>'firstName' as first_name, o.buyer->>'lastName' as last_name, o.buyer_email,
          (select u.first_name from users u where u.id = o.reseller_id) as reseller_name,
          o.buyer->>'phone' as phone, o.buyer->>'company' as company,
          coalesce((o.amounts->>'discountCents')::int, 0) as discount_cents, o.amounts->>'voucherCode' as voucher_code,
          o.event_id::text, e.name as event_name, o.scope_id::text, o.is_season, ${STARTS_AT_SQL} as starts_at,
          coalesce(l.tickets, 0) as tickets, o.total_cents, coalesce(l.checked_in, 0) as checked_in
        from (select o.id from orders o where ${where} ${after} order by o.created_at desc, o.id desc limit ${limit}) page
        join orders o on o.id = page.id
        join events e on e.id = o.event_id
        left join lateral (
          select (count(*) filter (where ol.status <> 'canceled'))::int as tickets, (count(*) filter (where ol.status = 'checked_in'))::int as checked_in
          from order_lines ol where ol.order_id = o.id
        ) l on true
        order by o.created_at desc, o.id desc`,
  );
  const last = raw.at(-1);
  return {
    rows: raw.map((r) => ({
      ...toRow(r),
      buyerPhone: r.phone,
      buyerCompany: r.company,
      discountCents: Number(r.discount_cents ?? 0),
      voucherCode: r.voucher_code,
    })),
    next: last && raw.length === limit ? { createdAt: last.cursor_at, id: last.id } : null,
  };
}
