import { sql } from "drizzle-orm";
import { z } from "zod";
import { ORDERS_TIME_ZONE } from "../../../shared/schemas/organiser-orders";
import type { OrderChannel, OrderStatus } from "../../../shared/schemas/orders";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import { TAKEABLE } from "../inventory/statuses";
import { midnightIn } from "./days";
import { addSums, closedDaysFigures, COUNTED, figuresBetween } from "./figures";

/**
 * The dashboard home's figures (issue 22 item 1, decision 023): gross sales, revenue, tickets
 * sold, orders and sales by ticket type for a period, the latest orders, the next event date and
 * the organiser's event dates of a month. Every statement filters by the caller's organiser.
 */

export const HOME_PERIODS = ["today", "7d", "30d", "all"] as const;
export type HomePeriod = (typeof HOME_PERIODS)[number];
export const ZHomeInput = z.strictObject({ period: z.enum(HOME_PERIODS).default("30d") });
export const ZCalendarInput = z.strictObject({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });

/** Calendar days in ORDERS_TIME_ZONE, today included: "7d" is today and the six days before. */
const PERIOD_DAYS: Record<Exclude<HomePeriod, "all">, number> = { today: 1, "7d": 7, "30d": 30 };

/**
 * Where a period starts: midnight in ORDERS_TIME_ZONE, `days - 1` calendar days before today
 * (null: all time). Computed here and passed as a value, so the planner sees the range.
 */
export function periodStart(period: HomePeriod, now = new Date()): Date | null {
  if (period === "all") return null;
  const [y, m, d] = new Intl.DateTimeFormat("sv-SE", { timeZone: ORDERS_TIME_ZONE }).format(now).split("-").map(Number);
  return midnightIn(y!, m!, d! - (PERIOD_DAYS[period] - 1), ORDERS_TIME_ZONE);
}

export type HomeFigures = {
  period: HomePeriod;
  from: Date | null;
  grossCents: number;
  /** Orders paid in the period, less refunds done in the period. */
  paidCents: number;
  refundedCents: number;
  revenueCents: number;
  boxOfficeFeesCents: number;
  tickets: number;
  orders: number;
  byType: { name: string; tickets: number; cents: number }[];
};

/**
 * The figures of a period: its closed days (kept, see `closedDaysFigures`) and today (read live).
 * "today" reads today only.
 */
export async function homeFigures(db: DbOrTx, organiserId: string, period: HomePeriod, now = new Date()): Promise<HomeFigures> {
  const from = periodStart(period, now);
  const today = periodStart("today", now)!;
  const sums =
    period === "today"
      ? await figuresBetween(db, organiserId, today, null)
      : addSums(await closedDaysFigures(db, organiserId, period, from, today), await figuresBetween(db, organiserId, today, null));
  const boxOfficeFeesCents = sums.byType.reduce((a, t) => a + t.boFees, 0);
  const linesCents = sums.byType.reduce((a, t) => a + t.cents, 0);
  return {
    period,
    from,
    grossCents: sums.paidCents - sums.refundedCents,
    paidCents: sums.paidCents,
    refundedCents: sums.refundedCents,
    revenueCents: linesCents + boxOfficeFeesCents,
    boxOfficeFeesCents,
    tickets: sums.byType.reduce((a, t) => a + t.tickets, 0),
    orders: sums.orders,
    byType: sums.byType.map(({ name, tickets, cents }) => ({ name, tickets, cents })),
  };
}

export type RecentOrder = {
  id: string;
  number: string;
  status: OrderStatus;
  channel: OrderChannel;
  buyerName: string;
  eventName: string;
  totalCents: number;
  tickets: number;
  at: Date;
};

/** The last five counted orders, newest first (the organiser's orders index read backwards). */
export async function recentOrders(db: DbOrTx, organiserId: string, limit = 5): Promise<RecentOrder[]> {
  const rows = await txRows<{
    id: string;
    number: string;
    status: OrderStatus;
    channel: OrderChannel;
    first_name: string | null;
    last_name: string | null;
    event_name: string;
    total_cents: number;
    tickets: number;
    at: Date | string;
  }>(
    db,
    sql`select o.id::text, o.number, o.status::text as status, o.channel::text as channel, o.buyer->>'firstName' as first_name, o.buyer->>'lastName' as last_name,
          e.name as event_name, o.total_cents, coalesce(o.paid_at, o.created_at) as at,
          (select count(*)::int from order_lines l where l.order_id = o.id and l.status <> 'canceled') as tickets
        from orders o join events e on e.id = o.event_id
        where o.organiser_id = ${organiserId} and ${COUNTED}
        order by o.created_at desc, o.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    channel: r.channel,
    buyerName: `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim(),
    eventName: r.event_name,
    totalCents: Number(r.total_cents),
    tickets: Number(r.tickets),
    at: new Date(r.at),
  }));
}

export type NextEvent = {
  dateId: string;
  eventId: string;
  eventName: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  /** Ticket lines of the date not canceled (valid orders). */
  sold: number;
  /** Places free now: free seats and standing places with a plan, else the ticket quotas (capped by the attendee limit); null when unlimited. */
  left: number | null;
};

/** The organiser's next published date that has not ended, with what it sold and has left. */
export async function nextEvent(db: DbOrTx, organiserId: string): Promise<NextEvent | null> {
  const [row] = await txRows<{
    date_id: string;
    event_id: string;
    event_name: string;
    time_zone: string;
    starts_at: Date | string;
    ends_at: Date | string;
    sold: number;
    seats: number | null;
    areas: number | null;
    quotas: number | null;
    attendees: number | null;
  }>(
    db,
    sql`with d as (
          select d.id, d.event_id, e.name, e.time_zone, d.starts_at, d.ends_at
          from event_dates d join events e on e.id = d.event_id
          where d.organiser_id = ${organiserId} and e.organiser_id = ${organiserId} and e.status = 'published' and d.ends_at > now()
          order by d.starts_at, d.id limit 1
        )
        select d.id::text as date_id, d.event_id::text, d.name as event_name, d.time_zone, d.starts_at, d.ends_at,
          (select count(*)::int from order_lines l join orders o on o.id = l.order_id
            where l.scope_id = d.id and l.status <> 'canceled' and o.status = 'valid') as sold,
          (select count(*)::int from seat_inventory s where s.event_date_id = d.id and ${TAKEABLE}) as seats,
          (select sum(a.capacity - a.held - a.sold)::int from area_inventory a where a.event_date_id = d.id) as areas,
          (select sum(q.capacity - q.held - q.sold)::int from quota_inventory q where q.scope_id = d.id and q.counter_key like 'ticket:%') as quotas,
          (select (q.capacity - q.held - q.sold)::int from quota_inventory q where q.scope_id = d.id and q.counter_key = 'attendees') as attendees,
          exists(select 1 from seat_inventory s where s.event_date_id = d.id) or exists(select 1 from area_inventory a where a.event_date_id = d.id) as has_plan
        from d`,
  );
  if (!row) return null;
  const hasPlan = (row as unknown as { has_plan: boolean }).has_plan;
  const base = hasPlan ? Number(row.seats ?? 0) + Number(row.areas ?? 0) : row.quotas === null ? null : Number(row.quotas);
  const attendees = row.attendees === null ? null : Number(row.attendees);
  const left = base === null ? attendees : attendees === null ? base : Math.min(base, attendees);
  return {
    dateId: row.date_id,
    eventId: row.event_id,
    eventName: row.event_name,
    timeZone: row.time_zone,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    sold: Number(row.sold),
    left: left === null ? null : Math.max(0, left),
  };
}

export type CalendarDate = { dateId: string; eventId: string; eventName: string; status: string; timeZone: string; startsAt: Date; endsAt: Date; localDate: string };

/** The organiser's event dates of a month (YYYY-MM in ORDERS_TIME_ZONE, a week either side for the grid), by start. */
export async function calendarDates(db: DbOrTx, organiserId: string, month: string): Promise<CalendarDate[]> {
  const rows = await txRows<{ date_id: string; event_id: string; event_name: string; status: string; time_zone: string; starts_at: Date | string; ends_at: Date | string; local_date: string }>(
    db,
    sql`select d.id::text as date_id, d.event_id::text, e.name as event_name, e.status::text as status, e.time_zone, d.starts_at, d.ends_at,
          to_char(d.starts_at at time zone e.time_zone, 'YYYY-MM-DD') as local_date
        from event_dates d join events e on e.id = d.event_id
        where d.organiser_id = ${organiserId}
          and d.starts_at >= ((${`${month}-01`}::date - 7)::timestamp at time zone ${ORDERS_TIME_ZONE})
          and d.starts_at < (((${`${month}-01`}::date + interval '1 month')::date + 7)::timestamp at time zone ${ORDERS_TIME_ZONE})
        order by d.starts_at, d.id
        limit 500`,
  );
  return rows.map((r) => ({
    dateId: r.date_id,
    eventId: r.event_id,
    eventName: r.event_name,
    status: r.status,
    timeZone: r.time_zone,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    localDate: r.local_date,
  }));
}

/** Everything the home shows for a period (the calendar is asked for by month). */
export async function dashboardHome(db: DbOrTx, organiserId: string, period: HomePeriod) {
  const [figures, recent, next] = await Promise.all([homeFigures(db, organiserId, period), recentOrders(db, organiserId), nextEvent(db, organiserId)]);
  return { figures, recent, next };
}
