import type { MessageDescriptor } from "@lingui/core";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Locale } from "../../../../shared/enums";
import { REPORT_VALUE_LABELS } from "../../../../shared/i18n/report-labels";
import { plainHundredths } from "../../../../shared/rules/report-cells";
import { ORDERS_TIME_ZONE } from "../../../../shared/schemas/organiser-orders";
import type { ReportExportParams } from "../../../../shared/schemas/report-exports";
import { type LineStatus, ORDER_CHANNELS, PAYMENT_METHODS } from "../../../../shared/schemas/orders";
import { REPORT_MAX_DAYS } from "../../../../shared/schemas/reports";
import type { Database, DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";
import { csvFormat } from "../../../http/csv-download";
import { i18nFor } from "../../../i18n";
import { AppError } from "../../../lib/app-error";
import { dayStart, daysBetween, isCalendarDay, midnightIn } from "../../dashboard/days";
import { countedOrders, eventScope, type ReportScope } from "../scope";

/**
 * Every ticket line of the organiser's counted orders paid in a period (decisions 023, 025: valid,
 * or cancelled after being paid; by `paid_at`, days in ORDERS_TIME_ZONE, both included), one CSV
 * record each, read in batches of key ranges on (paid_at, id) by orders_organiser_paid_idx: each
 * batch found by the index however far the export has come, memory flat.
 */

/** Orders per batch (their lines are the batch's records, about 2.5 each). */
export const LINES_BATCH_ORDERS = 2000;

/**
 * What an export reads, as the reports read it (decision 025): the period's instants and, with an
 * event chosen, that event and a season's events. A reversed, over-long or impossible period is
 * REPORT_PERIOD_INVALID; another organiser's event NOT_FOUND.
 */
export async function exportScope(db: DbOrTx, organiserId: string, params: ReportExportParams, now = new Date()): Promise<ReportScope> {
  if (!isCalendarDay(params.from) || !isCalendarDay(params.to)) throw new AppError("VALIDATION", { field: isCalendarDay(params.from) ? "to" : "from" });
  const days = daysBetween(params.from, params.to);
  if (days < 1 || days > REPORT_MAX_DAYS) throw new AppError("REPORT_PERIOD_INVALID", { field: "to" });
  const [y, m, d] = params.to.split("-").map(Number);
  return {
    organiserId,
    from: dayStart(params.from),
    until: midnightIn(y!, m!, d! + 1),
    eventId: params.eventId,
    eventIds: params.eventId ? await eventScope(db, organiserId, params.eventId) : null,
    now,
  };
}

/** How many lines the export will write (counted when it is asked for and when the job starts). */
export async function countExportLines(db: DbOrTx, scope: ReportScope): Promise<number> {
  const [row] = await txRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from orders o join order_lines l on l.order_id = o.id where ${countedOrders(scope)}`,
  );
  return Number(row?.n ?? 0);
}

export type LinesCursor = { paidAt: string; orderId: string };

/**
 * One ticket line as the statement answers it, in the CSV's column order (an array: reading a
 * quarter of a million rows as arrays costs the job's process far less than as objects). Postgres
 * has written the times in the language's format ("26.11.2026 18:14" / "2026-11-26 18:14",
 * ORDERS_TIME_ZONE; the date's start empty for a season ticket), the places joined with " / ",
 * the options' names with ", " and their prices summed.
 */
export type ExportLine = [
  number: string,
  paidAt: string,
  channel: string,
  method: string,
  eventName: string,
  startsAt: string,
  category: string,
  places: string,
  priceCents: number,
  options: string,
  optionsCents: number,
  discountCents: number,
  totalCents: number,
  vatRateBp: number,
  vatCents: number,
  status: LineStatus,
  buyerName: string,
  buyerEmail: string,
];

/** to_char patterns of the CSV's times: German "26.11.2026 18:14", English sortable "2026-11-26 18:14" (as csvDateTime writes them). */
const TIME_PATTERN: Record<Locale, string> = { de: "DD.MM.YYYY HH24:MI", en: "YYYY-MM-DD HH24:MI" };

const dialect = new PgDialect();

/** A statement's rows as arrays, on either driver. */
async function arrayRows<T extends unknown[]>(database: Database, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (database.pg) return (await database.pg.unsafe(text, params as never[]).values()) as unknown as T[];
  if (database.pglite) return (await database.pglite.query<T>(text, params, { rowMode: "array" })).rows;
  return (await database.rows<Record<string, unknown>>(query)).map((r) => Object.values(r) as T);
}

/**
 * Where the batches of an export split: the (paid_at, id) of every `every`-th counted order of the
 * period and of the last one, in one scan of orders_organiser_paid_idx. The batches between them
 * are independent key ranges of at most `every` orders, so the job can read the next ones while
 * it writes this one (a few numbers held, however many orders). The last boundary makes the export
 * the period as it was when the job started: an order paid later has a later paid_at.
 */
export async function exportBoundaries(database: Database, scope: ReportScope, every = LINES_BATCH_ORDERS): Promise<LinesCursor[]> {
  const rows = await arrayRows<[string, string]>(
    database,
    sql`select id, paid_at from (
          select o.id::text as id, o.paid_at::text as paid_at, row_number() over (order by o.paid_at, o.id) as rn, count(*) over () as total
          from orders o where ${countedOrders(scope)}
        ) x where rn % ${every} = 0 or rn = total order by rn`,
  );
  return rows.map(([orderId, paidAt]) => ({ orderId, paidAt }));
}

/**
 * The lines of the counted orders in a key range, (after, upTo] on (paid_at, id) with at most
 * `orders` orders (the boundaries' spacing; the limit tells the planner so), oldest paid first, in
 * one statement: the orders straight from orders_organiser_paid_idx, their lines by
 * order_lines_order_idx. Postgres writes the times (to_char: cheaper there than Intl here),
 * places and options as text; the job's process writes the amounts and passes the rest on.
 * Cursors carry paid_at as Postgres text, so microseconds survive the round trip.
 */
export async function exportLinesBatch(
  database: Database,
  scope: ReportScope,
  lang: Locale,
  range: { after: LinesCursor | null; upTo: LinesCursor },
  orders = LINES_BATCH_ORDERS,
): Promise<ExportLine[]> {
  const after = range.after ? sql`(o.paid_at, o.id) > (${range.after.paidAt}::timestamptz, ${range.after.orderId}::uuid)` : sql`true`;
  const upTo = sql`(o.paid_at, o.id) <= (${range.upTo.paidAt}::timestamptz, ${range.upTo.orderId}::uuid)`;
  const time = (column: SQL) => sql`coalesce(to_char(${column} at time zone ${ORDERS_TIME_ZONE}, ${TIME_PATTERN[lang]}), '')`;
  return arrayRows<ExportLine>(
    database,
    sql`with page as materialized (
          select o.id, o.paid_at, o.number, o.channel, o.payment_method, o.buyer, o.buyer_email, o.event_id
          from orders o where ${countedOrders(scope, sql`${after} and ${upTo}`)}
          order by o.paid_at, o.id limit ${orders}
        )
        select p.number, ${time(sql`p.paid_at`)}, p.channel::text, p.payment_method::text, e.name, ${time(sql`d.starts_at`)}, l.category_name,
          case when l.place_labels <> '[]'::jsonb then array_to_string(array(select jsonb_array_elements_text(l.place_labels)), ' / ') else '' end,
          l.price_cents,
          case when l.booking_options <> '[]'::jsonb then (select string_agg(x->>'name', ', ') from jsonb_array_elements(l.booking_options) x) else '' end,
          case when l.booking_options <> '[]'::jsonb then (select sum((x->>'priceCents')::int) from jsonb_array_elements(l.booking_options) x) else 0 end::int,
          l.discount_cents, l.total_cents, l.vat_rate_bp, l.vat_cents, l.status::text,
          concat_ws(' ', nullif(p.buyer->>'firstName', ''), nullif(p.buyer->>'lastName', '')), p.buyer_email
        from page p
        join order_lines l on l.order_id = p.id
        join events e on e.id = l.event_id
        left join event_dates d on d.id = l.scope_id
        order by p.paid_at, p.id, l.created_at, l.id`,
  );
}

/** Column headers of the lines CSV (server-side descriptors; money in EUR, rates in %). */
const H = {
  number: /*i18n*/ { id: "linesCsv.number", message: "Order number" },
  paidAt: /*i18n*/ { id: "linesCsv.paidAt", message: "Paid at" },
  channel: /*i18n*/ { id: "linesCsv.channel", message: "Channel" },
  method: /*i18n*/ { id: "linesCsv.method", message: "Payment method" },
  event: /*i18n*/ { id: "linesCsv.event", message: "Event" },
  date: /*i18n*/ { id: "linesCsv.date", message: "Event date" },
  category: /*i18n*/ { id: "linesCsv.category", message: "Ticket category" },
  place: /*i18n*/ { id: "linesCsv.place", message: "Place" },
  price: /*i18n*/ { id: "linesCsv.price", message: "Price (EUR)" },
  options: /*i18n*/ { id: "linesCsv.options", message: "Booking options" },
  optionsPrice: /*i18n*/ { id: "linesCsv.optionsPrice", message: "Options (EUR)" },
  discount: /*i18n*/ { id: "linesCsv.discount", message: "Discount (EUR)" },
  total: /*i18n*/ { id: "linesCsv.total", message: "Total (EUR)" },
  vatRate: /*i18n*/ { id: "linesCsv.vatRate", message: "VAT rate (%)" },
  vat: /*i18n*/ { id: "linesCsv.vat", message: "VAT (EUR)" },
  status: /*i18n*/ { id: "linesCsv.status", message: "Status" },
  buyerName: /*i18n*/ { id: "linesCsv.buyerName", message: "Buyer" },
  buyerEmail: /*i18n*/ { id: "linesCsv.buyerEmail", message: "Email" },
} satisfies Record<string, MessageDescriptor>;

const LINE_STATUS: Record<LineStatus, MessageDescriptor> = {
  active: /*i18n*/ { id: "linesCsv.status.active", message: "Valid" },
  canceled: /*i18n*/ { id: "linesCsv.status.canceled", message: "Cancelled" },
  checked_in: /*i18n*/ { id: "linesCsv.status.checkedIn", message: "Checked in" },
};

export function linesCsvHeader(lang: Locale): string[] {
  const i18n = i18nFor(lang);
  return Object.values(H).map((h) => i18n._(h));
}

/**
 * A writer of lines CSV records in `lang`: amounts as "12,50" (German) or "12.50", channel,
 * payment method and status translated (each code once), the rest as Postgres wrote it.
 */
export function linesCsvRecord(lang: Locale): (line: ExportLine) => string[] {
  const i18n = i18nFor(lang);
  const { decimal } = csvFormat(lang);
  const money = (cents: number) => plainHundredths(Number(cents), decimal);
  const labels = (kind: string, codes: readonly string[]) =>
    Object.fromEntries(codes.map((code) => [code, REPORT_VALUE_LABELS[`${kind}.${code}`] ? i18n._(REPORT_VALUE_LABELS[`${kind}.${code}`]!) : code])) as Record<string, string>;
  const channel = labels("channel", ORDER_CHANNELS);
  const method = labels("method", PAYMENT_METHODS);
  const status = Object.fromEntries(Object.entries(LINE_STATUS).map(([k, d]) => [k, i18n._(d)])) as Record<LineStatus, string>;
  return (l) => [
    l[0],
    l[1],
    channel[l[2]] ?? l[2],
    method[l[3]] ?? l[3],
    l[4],
    l[5],
    l[6],
    l[7],
    money(l[8]),
    l[9],
    money(l[10]),
    money(l[11]),
    money(l[12]),
    money(l[13]),
    money(l[14]),
    status[l[15]],
    l[16],
    l[17],
  ];
}
