import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { pgArray, txRows } from "../../db/sql";
import { dayOf, dayStart } from "../dashboard/days";
import { COUNTED, stampNow } from "../dashboard/figures";
import { at, localDay } from "./scope";

/**
 * The sales and tickets reports' kept days (decision 025c, tables of server/db/schema/report-days.ts).
 *
 * A day is kept once no transaction that started on it (or before) still runs: the day of the
 * oldest running transaction's start (`stampNow`) and later days are read live. A write to an
 * order, line or refund of an earlier day than its transaction's own marks that day (triggers of
 * migration 0026); `keepDays` reads marked days again before answering. Keeping and reading
 * again happen under a per-organiser advisory lock, marks are taken (deleted) before the days are
 * read, so a mark written by a transaction still running is left for the next report.
 */

/** The orders of [from, until) (instants at midnights), or only of some days of it. */
export type Span = { from: Date; until: Date; days?: readonly string[] };

/** The day after `day` ("2026-11-26" → "2026-11-27"). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

const spanOfDays = (days: readonly string[]): Span => {
  const sorted = [...days].sort();
  return { from: dayStart(sorted[0]!), until: dayStart(nextDay(sorted.at(-1)!)), days: sorted };
};

/** `column` (an instant) within the span. */
const within = (column: SQL, span: Span) =>
  sql`${column} >= ${at(span.from)} and ${column} < ${at(span.until)}${span.days ? sql` and ${localDay(column)} = any(${pgArray(span.days)}::date[])` : sql``}`;

/**
 * The organiser's counted orders paid in the span (alias-free CTE `counted`): each with its day,
 * event, channel, method, amounts. A span of a day or two reads its lines by the order index,
 * a longer one hashes them.
 */
const countedCte = (organiserId: string, span: Span) => sql`counted as materialized (
  select o.id, o.event_id, o.channel::text as channel, o.payment_method::text as payment_method, o.total_cents,
    coalesce((o.amounts->>'feesCents')::int, 0) as fees, coalesce((o.amounts->>'boxOfficeFeeCents')::int, 0) as bo_fee,
    ${localDay(sql`o.paid_at`)} as day
  from orders o where o.organiser_id = ${organiserId} and ${COUNTED} and ${within(sql`o.paid_at`, span)}
)`;

const isNarrow = (span: Span) => span.days !== undefined || span.until.getTime() - span.from.getTime() <= 2 * 86_400_000;
const linesOf = (span: Span) =>
  isNarrow(span)
    ? sql`join order_lines l on l.order_id = c.id and l.order_id = any(array(select id from counted))`
    : sql`join order_lines l on l.order_id = c.id`;

/**
 * The sales report's rows of the span, per day, order event, channel and method (the columns of
 * report_sales_days): counted orders paid that day and their lines not canceled, and the refunds
 * done that day of the organiser's counted orders (decision 025).
 */
export function salesDayRows(organiserId: string, span: Span): SQL {
  return sql`with ${countedCte(organiserId, span)},
    parts as (
      select day, event_id, channel, payment_method, count(*) as orders, sum(total_cents) as paid, sum(fees) as fees,
        0 as tickets, 0 as lines, 0 as bo, 0 as refunds
      from counted group by 1, 2, 3, 4
      union all
      select c.day, c.event_id, c.channel, c.payment_method, 0, 0, 0, count(*), sum(l.total_cents),
        sum(case when l.total_cents > 0 then c.bo_fee else 0 end), 0
      from counted c ${linesOf(span)} and l.status <> 'canceled' group by 1, 2, 3, 4
      union all
      select ${localDay(sql`r.done_at`)}, o.event_id, o.channel::text, o.payment_method::text, 0, 0, 0, 0, 0, 0, sum(r.amount_cents)
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'done' and ${within(sql`r.done_at`, span)} and o.organiser_id = ${organiserId} and ${COUNTED}
        and o.id = any(array(select r2.order_id from refunds r2 where r2.status = 'done' and ${within(sql`r2.done_at`, span)} and r2.order_id is not null))
      group by 1, 2, 3, 4
    )
    select day, event_id, channel, payment_method, sum(orders)::int as orders, sum(paid)::bigint as paid_cents,
      sum(fees)::bigint as fees_cents, sum(tickets)::int as tickets, sum(lines)::bigint as lines_cents, sum(bo)::bigint as bo_cents,
      sum(refunds)::bigint as refunds_cents
    from parts group by 1, 2, 3, 4`;
}

/**
 * The tickets report's rows of the span, per day (the order's payment), order event, ticket event
 * and category (the columns of report_ticket_days).
 */
export function ticketDayRows(organiserId: string, span: Span): SQL {
  return sql`with ${countedCte(organiserId, span)}
    select c.day, c.event_id as order_event_id, l.event_id, l.category_name,
      count(*) filter (where l.status <> 'canceled')::int as sold,
      count(*) filter (where l.status = 'canceled' and l.cancel_reason is distinct from 'date_changed')::int as cancelled,
      count(*) filter (where l.status <> 'canceled' or l.cancel_reason is distinct from 'date_changed')::int as shown,
      coalesce(sum(l.total_cents + l.discount_cents) filter (where l.status <> 'canceled'), 0)::bigint as list_cents,
      coalesce(sum(l.discount_cents) filter (where l.status <> 'canceled'), 0)::bigint as discount_cents,
      coalesce(sum(l.total_cents) filter (where l.status <> 'canceled'), 0)::bigint as lines_cents,
      coalesce(sum(c.bo_fee) filter (where l.status <> 'canceled' and l.total_cents > 0), 0)::bigint as bo_cents
    from counted c ${linesOf(span)}
    group by 1, 2, 3, 4`;
}

/** Reads the span's rows again into both tables (its days' kept rows replaced). */
async function keep(db: DbOrTx, organiserId: string, span: Span): Promise<void> {
  const days = span.days
    ? sql`day = any(${pgArray(span.days)}::date[])`
    : sql`day >= ${dayOf(span.from)}::date and day < ${dayOf(span.until)}::date`;
  await db.execute(sql`delete from report_sales_days where organiser_id = ${organiserId} and ${days}`);
  await db.execute(sql`delete from report_ticket_days where organiser_id = ${organiserId} and ${days}`);
  await db.execute(sql`insert into report_sales_days (organiser_id, day, event_id, channel, payment_method, orders, paid_cents, fees_cents,
      tickets, lines_cents, bo_cents, refunds_cents)
    select ${organiserId}, * from (${salesDayRows(organiserId, span)}) x`);
  await db.execute(sql`insert into report_ticket_days (organiser_id, day, order_event_id, event_id, category_name, sold, cancelled, shown,
      list_cents, discount_cents, lines_cents, bo_cents)
    select ${organiserId}, * from (${ticketDayRows(organiserId, span)}) x`);
}

type Range = { from_day: string; until_day: string };

/**
 * Makes sure the days [fromDay, untilDay) that can be kept are kept and current; answers the day
 * from which the report reads live (fromDay when nothing is kept). Runs inside the report's
 * transaction.
 */
export async function keepDays(db: DbOrTx, organiserId: string, fromDay: string, untilDay: string): Promise<string> {
  const closable = dayOf(await stampNow(db));
  const until = untilDay < closable ? untilDay : closable;
  if (until <= fromDay) return fromDay;
  const readState = async () => {
    const [row] = await txRows<{ from_day: string | null; until_day: string | null; marked: boolean }>(
      db,
      sql`select (select from_day::text from report_day_range where organiser_id = ${organiserId}) as from_day,
            (select until_day::text from report_day_range where organiser_id = ${organiserId}) as until_day,
            exists(select 1 from report_day_marks where organiser_id = ${organiserId}) as marked`,
    );
    return { range: row?.from_day && row.until_day ? ({ from_day: row.from_day, until_day: row.until_day } as Range) : null, marked: row?.marked === true };
  };
  const current = (s: Awaited<ReturnType<typeof readState>>) => !s.marked && s.range && s.range.from_day <= fromDay && s.range.until_day >= until;
  if (current(await readState())) return until;

  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reports:${organiserId}`}))`);
  // Marks first: a day is then read with every change whose mark was taken.
  const marks = await txRows<{ day: string }>(db, sql`delete from report_day_marks where organiser_id = ${organiserId} returning day::text`);
  const { range } = await readState();
  if (!range) {
    await keep(db, organiserId, { from: dayStart(fromDay), until: dayStart(until) });
  } else {
    const stale = [...new Set(marks.map((m) => m.day))].filter((d) => d >= range.from_day && d < range.until_day);
    if (stale.length > 0) await keep(db, organiserId, spanOfDays(stale));
    if (fromDay < range.from_day) await keep(db, organiserId, { from: dayStart(fromDay), until: dayStart(range.from_day) });
    if (until > range.until_day) await keep(db, organiserId, { from: dayStart(range.until_day), until: dayStart(until) });
  }
  const from = range && range.from_day < fromDay ? range.from_day : fromDay;
  const to = range && range.until_day > until ? range.until_day : until;
  await db.execute(sql`insert into report_day_range (organiser_id, from_day, until_day) values (${organiserId}, ${from}::date, ${to}::date)
    on conflict (organiser_id) do update set from_day = excluded.from_day, until_day = excluded.until_day`);
  return until;
}
