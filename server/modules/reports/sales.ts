import { type SQL, sql } from "drizzle-orm";
import { ORDER_CHANNELS, PAYMENT_METHODS } from "../../../shared/schemas/orders";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import { dayOf, dayStart } from "../dashboard/days";
import { keepDays, salesDayRows, type Span, ticketDayRows } from "./day-cache";
import { dayText, num, ofEvents, type ReportBody, type ReportScope } from "./scope";

/**
 * The sales and tickets reports (decision 025), with the dashboard's definitions (decision 023):
 * counted orders by the time they were paid, refunds by the time they were done, revenue = lines
 * not canceled + the box office fee of each such line with a total above 0.
 */

export type SalesView = "day" | "channel" | "method";

/** How a kept or live row (alias `d`) is grouped per view. */
const KEY: Record<SalesView, SQL> = {
  day: dayText(sql`d.day`),
  channel: sql`d.channel`,
  method: sql`d.payment_method`,
};

/** Channels and methods in their declared order (a day sorts as text). */
const RANK: Record<SalesView, readonly string[] | null> = { day: null, channel: ORDER_CHANNELS, method: PAYMENT_METHODS };

type SalesRow = {
  k: string;
  orders: number | string | null;
  tickets: number | string | null;
  paid: number | string | null;
  refunds: number | string | null;
  fees: number | string | null;
  lines: number | string | null;
  bo: number | string | null;
};

/**
 * The period's rows of a kept table (days before the first read live) and, from that day on,
 * the same rows read live (decision 025c): alias `d`.
 */
async function periodRows(db: DbOrTx, scope: ReportScope, table: "report_sales_days" | "report_ticket_days", live: (span: Span) => SQL): Promise<SQL> {
  const fromDay = dayOf(scope.from);
  const liveFrom = await keepDays(db, scope.organiserId, fromDay, dayOf(scope.until));
  const kept = sql`select * from ${sql.raw(table)} where organiser_id = ${scope.organiserId} and day >= ${fromDay}::date and day < ${liveFrom}::date`;
  const liveStart = dayStart(liveFrom);
  const span = { from: liveStart > scope.from ? liveStart : scope.from, until: scope.until };
  if (span.from >= span.until) return kept;
  return sql`${kept} union all select ${scope.organiserId}::uuid, * from (${live(span)}) live`;
}

/**
 * Sales per day, channel or payment method: orders and paid amounts of counted orders paid in
 * the period; refunds done in the period (of counted orders of the chosen events); gross = paid −
 * refunds; service fees as sold (`amounts.feesCents`: a cancelled ticket's fee comes back in its
 * refund); tickets, box office fees and revenue of the lines not canceled. Sums of kept days and
 * of the days read live (decision 025c).
 */
export async function salesReport(db: DbOrTx, scope: ReportScope, view: SalesView): Promise<ReportBody> {
  const rows = await txRows<SalesRow>(
    db,
    sql`select ${KEY[view]} as k, sum(d.orders) as orders, sum(d.tickets) as tickets, sum(d.paid_cents) as paid, sum(d.refunds_cents) as refunds,
          sum(d.fees_cents) as fees, sum(d.lines_cents) as lines, sum(d.bo_cents) as bo
        from (${await periodRows(db, scope, "report_sales_days", (span) => salesDayRows(scope.organiserId, span))}) d
        where ${ofEvents(scope, sql`d.event_id`)}
        group by 1 order by 1`,
  );
  const rank = RANK[view];
  if (rank) rows.sort((a, b) => rank.indexOf(a.k) - rank.indexOf(b.k));
  return {
    columns: [
      { key: view, kind: view === "day" ? "day" : "text" },
      { key: "orders", kind: "count" },
      { key: "tickets", kind: "count" },
      { key: "paidCents", kind: "cents" },
      { key: "refundsCents", kind: "cents" },
      { key: "grossCents", kind: "cents" },
      { key: "serviceFeesCents", kind: "cents" },
      { key: "boxOfficeFeesCents", kind: "cents" },
      { key: "revenueCents", kind: "cents" },
    ],
    rows: rows.map((r) => ({
      [view]: r.k,
      orders: num(r.orders),
      tickets: num(r.tickets),
      paidCents: num(r.paid),
      refundsCents: num(r.refunds),
      grossCents: num(r.paid) - num(r.refunds),
      serviceFeesCents: num(r.fees),
      boxOfficeFeesCents: num(r.bo),
      revenueCents: num(r.lines) + num(r.bo),
    })),
    chart: { type: view === "day" ? "line" : "bar", index: view, series: ["grossCents", "revenueCents"] },
  };
}

type TicketRow = {
  event: string;
  category: string;
  sold: number | string;
  cancelled: number | string;
  list: number | string | null;
  discount: number | string | null;
  lines: number | string | null;
  bo: number | string | null;
};

/**
 * Tickets per event and category of the counted orders paid in the period: sold (lines not
 * canceled), cancelled (lines canceled, except a date change's replaced line: its ticket lives on
 * in the new one), the sold lines' list price (price and options) and discounts, their box office
 * fees and revenue (list − discounts + box office fees).
 */
export async function ticketsReport(db: DbOrTx, scope: ReportScope): Promise<ReportBody> {
  const rows = await txRows<TicketRow>(
    db,
    sql`select e.name as event, x.category, x.sold, x.cancelled, x.list, x.discount, x.lines, x.bo
        from (
          select d.event_id, d.category_name as category, sum(d.sold) as sold, sum(d.cancelled) as cancelled, sum(d.list_cents) as list,
            sum(d.discount_cents) as discount, sum(d.lines_cents) as lines, sum(d.bo_cents) as bo
          from (${await periodRows(db, scope, "report_ticket_days", (span) => ticketDayRows(scope.organiserId, span))}) d
          where ${ofEvents(scope, sql`d.order_event_id`)}
          group by d.event_id, d.category_name
          having sum(d.shown) > 0
        ) x join events e on e.id = x.event_id
        order by e.name, e.id, x.category`,
  );
  return {
    columns: [
      { key: "event", kind: "text" },
      { key: "category", kind: "text" },
      { key: "sold", kind: "count" },
      { key: "cancelled", kind: "count" },
      { key: "listCents", kind: "cents" },
      { key: "discountCents", kind: "cents" },
      { key: "boxOfficeFeesCents", kind: "cents" },
      { key: "revenueCents", kind: "cents" },
    ],
    rows: rows.map((r) => ({
      event: r.event,
      category: r.category,
      sold: num(r.sold),
      cancelled: num(r.cancelled),
      listCents: num(r.list),
      discountCents: num(r.discount),
      boxOfficeFeesCents: num(r.bo),
      revenueCents: num(r.lines) + num(r.bo),
    })),
    chart: { type: "bar", index: "category", series: ["sold"] },
  };
}
