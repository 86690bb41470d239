import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";

/**
 * The dashboard home's sums over a span of time (decision 023): counted orders paid in
 * [from, to), their ticket lines not canceled by category name, and the refunds done in
 * [from, to) of the organiser's counted orders. A period is its closed days (kept in
 * dashboard_figure_cache) plus today, read live: the home never reads a year of lines per view.
 */

/** An order that counts (decision 023): valid, or valid once and cancelled later (it was paid). */
export const COUNTED = sql`(o.status = 'valid' or (o.status = 'cancelled' and o.paid_at is not null))`;

export type FigureSums = {
  orders: number;
  paidCents: number;
  refundedCents: number;
  byType: { name: string; tickets: number; cents: number; boFees: number }[];
};

type Row = {
  orders: number | string | null;
  paid: number | string | null;
  refunded: number | string | null;
  by_type: { name: string; tickets: number; cents: number; bo_fees: number }[] | string | null;
};

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The sums of [from, to) (null: unbounded) in one statement. */
export async function figuresBetween(db: DbOrTx, organiserId: string, from: Date | null, to: Date | null): Promise<FigureSums> {
  const paidIn = sql.join([from ? sql`o.paid_at >= ${at(from)}` : sql`true`, to ? sql`o.paid_at < ${at(to)}` : sql`true`], sql` and `);
  const doneIn = sql.join([from ? sql`r.done_at >= ${at(from)}` : sql`true`, to ? sql`r.done_at < ${at(to)}` : sql`true`], sql` and `);
  // A span's orders read their lines through the order index (`= any(array(...))` keeps the
  // planner from hashing every line of the table); all time reads every line once.
  const linesOf = from
    ? sql`join order_lines l on l.order_id = c.id and l.order_id = any(array(select id from counted)) and l.status <> 'canceled'`
    : sql`join order_lines l on l.order_id = c.id and l.status <> 'canceled'`;
  const [row] = await txRows<Row>(
    db,
    sql`with counted as materialized (
          select o.id, o.total_cents, coalesce((o.amounts->>'boxOfficeFeeCents')::int, 0) as bo_fee
          from orders o where o.organiser_id = ${organiserId} and ${COUNTED} and o.paid_at is not null and ${paidIn}
        )
        select (select count(*) from counted) as orders, (select coalesce(sum(total_cents), 0) from counted) as paid,
          (select coalesce(sum(r.amount_cents), 0) from refunds r join orders o on o.id = r.order_id
            where o.organiser_id = ${organiserId} and ${COUNTED} and r.status = 'done' and ${doneIn}) as refunded,
          (select coalesce(json_agg(json_build_object('name', name, 'tickets', tickets, 'cents', cents, 'bo_fees', bo_fees) order by cents desc, name), '[]'::json)
            from (select l.category_name as name, count(*)::int as tickets, sum(l.total_cents)::bigint as cents,
                    sum(case when l.total_cents > 0 then c.bo_fee else 0 end)::bigint as bo_fees
                  from counted c ${linesOf}
                  group by l.category_name) x) as by_type`,
  );
  const raw = typeof row?.by_type === "string" ? (JSON.parse(row.by_type) as Exclude<Row["by_type"], string>) : row?.by_type;
  return {
    orders: Number(row?.orders ?? 0),
    paidCents: Number(row?.paid ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
    byType: (raw ?? []).map((t) => ({ name: t.name, tickets: Number(t.tickets), cents: Number(t.cents), boFees: Number(t.bo_fees) })),
  };
}

/** Two spans' sums together (types by name, the larger sales first). */
export function addSums(a: FigureSums, b: FigureSums): FigureSums {
  const byName = new Map(a.byType.map((t) => [t.name, { ...t }]));
  for (const t of b.byType) {
    const x = byName.get(t.name);
    if (x) Object.assign(x, { tickets: x.tickets + t.tickets, cents: x.cents + t.cents, boFees: x.boFees + t.boFees });
    else byName.set(t.name, { ...t });
  }
  return {
    orders: a.orders + b.orders,
    paidCents: a.paidCents + b.paidCents,
    refundedCents: a.refundedCents + b.refundedCents,
    byType: [...byName.values()].sort((x, y) => y.cents - x.cents || x.name.localeCompare(y.name)),
  };
}

/**
 * The moment from which changes can be missing from sums read now: the start of the oldest
 * transaction still running on the database (a sale, refund or cancellation stamps its rows with
 * its own start and may commit after the sums are read), or now.
 */
export async function stampNow(db: DbOrTx): Promise<Date> {
  const [row] = await txRows<{ stamp: Date | string }>(
    db,
    sql`select least(now(), coalesce((select min(xact_start) from pg_stat_activity
          where datname = current_database() and state <> 'idle' and xact_start is not null), now())) as stamp`,
  );
  return new Date(row!.stamp);
}

/**
 * The sums of [from, cutoff) (`cutoff` = today's midnight), kept per organiser and period. Kept
 * sums are used while nothing they cover changed after their stamp: no order of the organiser
 * paid before the cutoff, no refund of its orders done before it, no ticket of its orders paid
 * before it cancelled (a date change cancels the old ticket too). Else they are read again.
 */
export async function closedDaysFigures(db: DbOrTx, organiserId: string, period: string, from: Date | null, cutoff: Date): Promise<FigureSums> {
  const [kept] = await txRows<{ figures: FigureSums | string; stamp: Date | string }>(
    db,
    sql`select figures, stamp from dashboard_figure_cache where organiser_id = ${organiserId} and period = ${period} and cutoff = ${at(cutoff)}`,
  );
  if (kept && !(await changedSince(db, organiserId, new Date(kept.stamp), cutoff))) {
    return typeof kept.figures === "string" ? (JSON.parse(kept.figures) as FigureSums) : kept.figures;
  }
  const stamp = await stampNow(db);
  const sums = await figuresBetween(db, organiserId, from, cutoff);
  await db.execute(sql`
    insert into dashboard_figure_cache (organiser_id, period, cutoff, stamp, figures)
    values (${organiserId}, ${period}, ${at(cutoff)}, ${at(stamp)}, ${JSON.stringify(sums)}::jsonb)
    on conflict (organiser_id, period) do update set cutoff = excluded.cutoff, stamp = excluded.stamp, figures = excluded.figures`);
  return sums;
}

/**
 * Whether anything before `cutoff` changed since `stamp` (the times as values, so each check reads
 * its index from `stamp` on: few rows, however many orders the organiser has).
 */
async function changedSince(db: DbOrTx, organiserId: string, stamp: Date, cutoff: Date): Promise<boolean> {
  const [row] = await txRows<{ changed: boolean }>(
    db,
    sql`select exists(select 1 from orders o where o.organiser_id = ${organiserId} and o.paid_at >= ${at(stamp)} and o.paid_at < ${at(cutoff)})
          or exists(select 1 from refunds r join orders o on o.id = r.order_id
                    where r.status = 'done' and r.done_at >= ${at(stamp)} and r.done_at < ${at(cutoff)} and o.organiser_id = ${organiserId})
          or exists(select 1 from order_lines l join orders o on o.id = l.order_id
                    where l.cancelled_at >= ${at(stamp)} and l.cancelled_at is not null and o.organiser_id = ${organiserId} and o.paid_at < ${at(cutoff)}) as changed`,
  );
  return row?.changed === true;
}
