import { type SQL, sql } from "drizzle-orm";
import { ORDER_CHANNELS, PAYMENT_METHODS } from "../../../shared/schemas/orders";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import { COUNTED } from "../dashboard/figures";
import { countedOrders, dayText, inPeriod, localDay, num, ofEvents, type ReportBody, type ReportScope, utcHour } from "./scope";

/**
 * The sales and tickets reports (decision 025), with the dashboard's definitions (decision 023):
 * counted orders by the time they were paid, refunds by the time they were done, revenue = lines
 * not canceled + the box office fee of each such line with a total above 0.
 */

export type SalesView = "day" | "channel" | "method";

/**
 * How a counted order (alias `o`) and a done refund (alias `r` of order `o`) are grouped, and how
 * a group's key is written. Days are grouped by the UTC hour first (arithmetic on 100,000 orders;
 * every hour lies in one Berlin day, the zone's offsets being whole hours) and the few hours are
 * then turned into Berlin days: the time zone is looked up per hour, not per order.
 */
const GROUP: Record<SalesView, { order: SQL; refund: SQL; text: SQL }> = {
  day: { order: utcHour(sql`o.paid_at`), refund: utcHour(sql`r.done_at`), text: dayText(localDay(sql`to_timestamp(keys.k * 3600)`)) },
  channel: { order: sql`o.channel`, refund: sql`o.channel`, text: sql`keys.k::text` },
  method: { order: sql`o.payment_method`, refund: sql`o.payment_method`, text: sql`keys.k::text` },
};

/** Channels and methods in their declared order (a day sorts as text). */
const RANK: Record<SalesView, readonly string[] | null> = { day: null, channel: ORDER_CHANNELS, method: PAYMENT_METHODS };

/**
 * The orders of the refunds done in the period (every organiser's, by refunds_done_idx): their
 * orders are then read by primary key, not by scanning the organiser's orders.
 */
const doneRefundOrders = (scope: ReportScope) =>
  sql`select r2.order_id from refunds r2 where r2.status = 'done' and ${inPeriod(sql`r2.done_at`, scope)} and r2.order_id is not null`;

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
 * Sales per day, channel or payment method: orders and paid amounts of counted orders paid in
 * the period; refunds done in the period (of counted orders of the chosen events); gross = paid −
 * refunds; service fees as sold (`amounts.feesCents`: a cancelled ticket's fee comes back in its
 * refund); tickets, box office fees and revenue of the lines not canceled. One statement: the
 * period's orders are read once into a narrow list (the join with their lines then hashes ids
 * and a few numbers, not the orders' JSON).
 */
export async function salesReport(db: DbOrTx, scope: ReportScope, view: SalesView): Promise<ReportBody> {
  const g = GROUP[view];
  const rows = await txRows<SalesRow>(
    db,
    sql`with counted as materialized (
          select o.id, o.total_cents, coalesce((o.amounts->>'feesCents')::int, 0) as fees,
            coalesce((o.amounts->>'boxOfficeFeeCents')::int, 0) as bo_fee, ${g.order} as k
          from orders o where ${countedOrders(scope)}
        ),
        by_order as (select k, count(*) as orders, sum(total_cents) as paid, sum(fees) as fees from counted group by k),
        by_line as (
          select c.k, count(*) as tickets, sum(l.total_cents) as lines, sum(case when l.total_cents > 0 then c.bo_fee else 0 end) as bo
          from counted c join order_lines l on l.order_id = c.id and l.status <> 'canceled' group by c.k
        ),
        by_refund as (
          select ${g.refund} as k, sum(r.amount_cents) as refunds
          from refunds r join orders o on o.id = r.order_id
          where r.status = 'done' and ${inPeriod(sql`r.done_at`, scope)} and o.organiser_id = ${scope.organiserId} and ${COUNTED} and ${ofEvents(scope)}
            and o.id = any(array(${doneRefundOrders(scope)}))
          group by 1
        )
        select ${g.text} as k, sum(bo_.orders) as orders, sum(bl.tickets) as tickets, sum(bo_.paid) as paid, sum(br.refunds) as refunds,
          sum(bo_.fees) as fees, sum(bl.lines) as lines, sum(bl.bo) as bo
        from (select k from by_order union select k from by_refund) keys
          left join by_order bo_ on bo_.k = keys.k left join by_line bl on bl.k = keys.k left join by_refund br on br.k = keys.k
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
    sql`with counted as materialized (
          select o.id, coalesce((o.amounts->>'boxOfficeFeeCents')::int, 0) as bo_fee from orders o where ${countedOrders(scope)}
        )
        select e.name as event, x.category, x.sold, x.cancelled, x.list, x.discount, x.lines, x.bo
        from (
          select l.event_id, l.category_name as category,
            count(*) filter (where l.status <> 'canceled') as sold,
            count(*) filter (where l.status = 'canceled' and l.cancel_reason is distinct from 'date_changed') as cancelled,
            sum(l.total_cents + l.discount_cents) filter (where l.status <> 'canceled') as list,
            sum(l.discount_cents) filter (where l.status <> 'canceled') as discount,
            sum(l.total_cents) filter (where l.status <> 'canceled') as lines,
            sum(c.bo_fee) filter (where l.status <> 'canceled' and l.total_cents > 0) as bo
          from counted c join order_lines l on l.order_id = c.id
          group by l.event_id, l.category_name
          having count(*) filter (where l.status <> 'canceled' or l.cancel_reason is distinct from 'date_changed') > 0
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
