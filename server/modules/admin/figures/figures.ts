import { sql } from "drizzle-orm";
import { ORDERS_TIME_ZONE } from "../../../../shared/schemas/organiser-orders";
import type { DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";
import { dayOf, midnightIn } from "../../dashboard/days";
import { COUNTED } from "../../dashboard/figures";
import { ONLINE } from "../../wallet/ledger";

/**
 * The platform's figures for admins (issue 23 item 3), over every organiser:
 * - organisers: registered (all organiser accounts) and new in the period (created in it);
 * - events on sale now: published events of an enabled organiser with a date still to start;
 * - tickets sold: ticket lines not canceled of the counted orders (decision 023) paid in the period;
 * - gross volume: those orders' totals less the refunds done in the period (of counted orders),
 *   as the dashboard home counts an organiser's gross sales;
 * - platform fees: the service fees (decision 024: `amounts.feesCents`, online orders only; box
 *   office and reseller sales carry none) of those orders less the fees refunds done in the
 *   period gave back (`refunds.fee_cents`).
 * The same facts bucketed by calendar day (7d, 30d) or month (365d, all) in Europe/Berlin make the
 * chart's series, and the totals are the series' sums: the chart and the cards cannot disagree.
 * Two statements: the money facts per bucket, the organiser and event counts.
 */

export const PLATFORM_PERIODS = ["7d", "30d", "365d", "all"] as const;
export type PlatformPeriod = (typeof PLATFORM_PERIODS)[number];
export type Granularity = "day" | "month";

export type SeriesPoint = {
  /** "2026-11-26" (a day) or "2026-11" (a month) in Europe/Berlin. */
  bucket: string;
  tickets: number;
  grossCents: number;
  feesCents: number;
};

export type PlatformFigures = {
  period: PlatformPeriod;
  /** The period's first instant (midnight in Berlin); null: all time. */
  from: string | null;
  granularity: Granularity;
  organisers: number;
  newOrganisers: number;
  eventsOnSale: number;
  tickets: number;
  /** Paid in the period less `refundedCents`. */
  grossCents: number;
  refundedCents: number;
  feesCents: number;
  series: SeriesPoint[];
};

/** Calendar days in Berlin, today included: "7d" is today and the six days before. */
const PERIOD_DAYS: Record<Exclude<PlatformPeriod, "all">, number> = { "7d": 7, "30d": 30, "365d": 365 };

/** Where a period starts: midnight in Berlin `days - 1` calendar days before today (null: all time). */
export function platformPeriodStart(period: PlatformPeriod, now = new Date()): Date | null {
  if (period === "all") return null;
  const [y, m, d] = dayOf(now).split("-").map(Number);
  return midnightIn(y!, m!, d! - (PERIOD_DAYS[period] - 1), ORDERS_TIME_ZONE);
}

/** Every day ("YYYY-MM-DD") or month ("YYYY-MM") from `first` to `last`, both included. */
export function bucketKeys(first: string, last: string, granularity: Granularity): string[] {
  const [y, m, d] = first.split("-").map(Number);
  const keys: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    const at = granularity === "day" ? new Date(Date.UTC(y!, m! - 1, d! + i)) : new Date(Date.UTC(y!, m! - 1 + i, 1));
    const key = at.toISOString().slice(0, granularity === "day" ? 10 : 7);
    if (key > last) break;
    keys.push(key);
  }
  return keys;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

type BucketRow = { bucket: string; tickets: number | string; paid: number | string; refunded: number | string; fees: number | string };

export async function platformFigures(db: DbOrTx, period: PlatformPeriod, now = new Date()): Promise<PlatformFigures> {
  const from = platformPeriodStart(period, now);
  const granularity: Granularity = period === "7d" || period === "30d" ? "day" : "month";
  const format = granularity === "day" ? "YYYY-MM-DD" : "YYYY-MM";
  const paidIn = from ? sql`o.paid_at >= ${at(from)}` : sql`true`;
  const doneIn = from ? sql`r.done_at >= ${at(from)}` : sql`true`;
  const rows = await txRows<BucketRow>(
    db,
    sql`with counted as materialized (
          select o.id, o.paid_at, o.total_cents, case when ${ONLINE} then coalesce((o.amounts->>'feesCents')::int, 0) else 0 end as fee
          from orders o where ${COUNTED} and o.paid_at is not null and ${paidIn}
        ), facts as (
          select c.paid_at as happened_at, l.n as tickets, c.total_cents::bigint as paid, 0::bigint as refunded, c.fee::bigint as fee
          from counted c cross join lateral (select count(*)::bigint as n from order_lines l where l.order_id = c.id and l.status <> 'canceled') l
          union all
          select r.done_at, 0, 0, r.amount_cents, case when ${ONLINE} then -r.fee_cents else 0 end
          from refunds r join orders o on o.id = r.order_id
          where ${COUNTED} and r.status = 'done' and r.done_at is not null and ${doneIn}
        )
        select to_char(happened_at at time zone ${ORDERS_TIME_ZONE}, ${format}) as bucket, sum(tickets)::bigint as tickets,
          sum(paid)::bigint as paid, sum(refunded)::bigint as refunded, sum(fee)::bigint as fees
        from facts group by 1 order by 1`,
  );
  const [counts] = await txRows<{ organisers: number | string; new_organisers: number | string; on_sale: number | string }>(
    db,
    sql`select (select count(*) from organisers) as organisers,
          (select count(*) from organisers where ${from ? sql`created_at >= ${at(from)}` : sql`true`}) as new_organisers,
          (select count(*) from events e join organisers g on g.id = e.organiser_id
            where e.status = 'published' and g.disabled_at is null
              and exists (select 1 from event_dates d where d.event_id = e.id and d.starts_at > now())) as on_sale`,
  );

  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const today = dayOf(now);
  const last = granularity === "day" ? today : today.slice(0, 7);
  const first = from ? dayOf(from) : (rows[0]?.bucket ?? last);
  // Every bucket of the period, empty ones too, and any a fact fell in outside it (a clock ahead).
  const keys = [...new Set([...bucketKeys(granularity === "day" ? first : `${first.slice(0, 7)}-01`, last, granularity), ...byBucket.keys()])].sort();
  const series = keys.map((bucket) => {
    const r = byBucket.get(bucket);
    return { bucket, tickets: Number(r?.tickets ?? 0), grossCents: Number(r?.paid ?? 0) - Number(r?.refunded ?? 0), feesCents: Number(r?.fees ?? 0) };
  });
  const sum = (f: (r: BucketRow) => number | string) => rows.reduce((a, r) => a + Number(f(r)), 0);
  return {
    period,
    from: from ? from.toISOString() : null,
    granularity,
    organisers: Number(counts?.organisers ?? 0),
    newOrganisers: Number(counts?.new_organisers ?? 0),
    eventsOnSale: Number(counts?.on_sale ?? 0),
    tickets: sum((r) => r.tickets),
    grossCents: sum((r) => r.paid) - sum((r) => r.refunded),
    refundedCents: sum((r) => r.refunded),
    feesCents: sum((r) => r.fees),
    series,
  };
}
