import type { MessageDescriptor } from "@lingui/core";
import { sql } from "drizzle-orm";
import type { Locale } from "../../../../shared/enums";
import { REPORT_VALUE_LABELS } from "../../../../shared/i18n/report-labels";
import { plainHundredths, reportDayText } from "../../../../shared/rules/report-cells";
import type { ReportExportParams } from "../../../../shared/schemas/report-exports";
import type { LineStatus } from "../../../../shared/schemas/orders";
import { REPORT_MAX_DAYS } from "../../../../shared/schemas/reports";
import type { DbOrTx } from "../../../db/client";
import { parseJson, txRows } from "../../../db/sql";
import { csvDateTime, csvFormat } from "../../../http/csv-download";
import { i18nFor } from "../../../i18n";
import { AppError } from "../../../lib/app-error";
import { dayStart, daysBetween, isCalendarDay, midnightIn } from "../../dashboard/days";
import { countedOrders, eventScope, type ReportScope } from "../scope";

/**
 * Every ticket line of the organiser's counted orders paid in a period (decisions 023, 025: valid,
 * or cancelled after being paid; by `paid_at`, days in ORDERS_TIME_ZONE, both included), one CSV
 * record each, read in keyset batches of orders on (paid_at, id) by orders_organiser_paid_idx:
 * each batch found by the index however far the export has come, memory flat.
 */

/** Orders read per batch (their lines are the batch's records, about 2.5 each). */
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

export type ExportLine = {
  number: string;
  paidAt: Date;
  channel: string;
  method: string;
  eventName: string;
  startsAt: Date | null;
  category: string;
  places: string[];
  priceCents: number;
  options: { name: string; priceCents: number }[];
  discountCents: number;
  totalCents: number;
  vatRateBp: number;
  vatCents: number;
  status: LineStatus;
  buyerName: string;
  buyerEmail: string;
};

type Raw = {
  order_id: string;
  cursor_at: string;
  number: string;
  paid_at: Date | string;
  channel: string;
  method: string;
  first_name: string | null;
  last_name: string | null;
  buyer_email: string;
  event_name: string;
  line_id: string | null;
  starts_at: Date | string | null;
  category_name: string;
  place_labels: string[] | string;
  price_cents: number;
  booking_options: { name: string; priceCents: number }[] | string;
  discount_cents: number;
  total_cents: number;
  vat_rate_bp: number;
  vat_cents: number;
  line_status: LineStatus;
};

/**
 * The lines of the next `orders` orders after `cursor`, oldest paid first. `cursor` carries
 * paid_at as Postgres text so microseconds survive the round trip; an order without lines still
 * moves the cursor (the left join gives it one empty row, skipped here).
 */
export async function exportLinesBatch(
  db: DbOrTx,
  scope: ReportScope,
  cursor: LinesCursor | null,
  orders = LINES_BATCH_ORDERS,
): Promise<{ rows: ExportLine[]; next: LinesCursor | null }> {
  const after = cursor ? sql`(o.paid_at, o.id) > (${cursor.paidAt}::timestamptz, ${cursor.orderId}::uuid)` : sql`true`;
  const raw = await txRows<Raw>(
    db,
    sql`with page as materialized (
          select o.id, o.paid_at from orders o where ${countedOrders(scope, after)}
          order by o.paid_at, o.id limit ${orders}
        )
        select o.id::text as order_id, o.paid_at::text as cursor_at, o.number, o.paid_at, o.channel::text as channel,
          o.payment_method::text as method, o.buyer->>'firstName' as first_name, o.buyer->>'lastName' as last_name, o.buyer_email,
          e.name as event_name, l.id::text as line_id, d.starts_at, l.category_name, l.place_labels, l.price_cents, l.booking_options,
          l.discount_cents, l.total_cents, l.vat_rate_bp, l.vat_cents, l.status::text as line_status
        from page p
        join orders o on o.id = p.id
        left join order_lines l on l.order_id = o.id
        join events e on e.id = coalesce(l.event_id, o.event_id)
        left join event_dates d on d.id = l.scope_id
        order by p.paid_at, p.id, l.created_at, l.id`,
  );
  const rows: ExportLine[] = [];
  const orderIds = new Set<string>();
  for (const r of raw) {
    orderIds.add(r.order_id);
    if (r.line_id === null) continue;
    rows.push({
      number: r.number,
      paidAt: new Date(r.paid_at),
      channel: r.channel,
      method: r.method,
      eventName: r.event_name,
      startsAt: r.starts_at === null ? null : new Date(r.starts_at),
      category: r.category_name,
      places: parseJson(r.place_labels),
      priceCents: Number(r.price_cents),
      options: parseJson(r.booking_options),
      discountCents: Number(r.discount_cents),
      totalCents: Number(r.total_cents),
      vatRateBp: Number(r.vat_rate_bp),
      vatCents: Number(r.vat_cents),
      status: r.line_status,
      buyerName: [r.first_name, r.last_name].filter(Boolean).join(" "),
      buyerEmail: r.buyer_email,
    });
  }
  const last = raw.at(-1);
  return { rows, next: last && orderIds.size === orders ? { paidAt: last.cursor_at, orderId: last.order_id } : null };
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

/** A writer of lines CSV records in `lang`: German "26.11.2026 18:14" and "12,50", English "2026-11-26 18:14" and "12.50". */
export function linesCsvRecord(lang: Locale): (line: ExportLine) => string[] {
  const i18n = i18nFor(lang);
  const { decimal } = csvFormat(lang);
  const money = (cents: number) => plainHundredths(cents, decimal);
  const when = (d: Date) => reportDayText(csvDateTime.format(d), lang, "csv");
  const label = (key: string, fallback: string) => {
    const d = REPORT_VALUE_LABELS[key];
    return d ? i18n._(d) : fallback;
  };
  return (l) => [
    l.number,
    when(l.paidAt),
    label(`channel.${l.channel}`, l.channel),
    label(`method.${l.method}`, l.method),
    l.eventName,
    l.startsAt ? when(l.startsAt) : "",
    l.category,
    l.places.join(" / "),
    money(l.priceCents),
    l.options.map((o) => o.name).join(", "),
    money(l.options.reduce((a, o) => a + Number(o.priceCents), 0)),
    money(l.discountCents),
    money(l.totalCents),
    money(l.vatRateBp),
    money(l.vatCents),
    i18n._(LINE_STATUS[l.status]),
    l.buyerName,
    l.buyerEmail,
  ];
}
