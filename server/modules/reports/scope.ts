import { type SQL, sql } from "drizzle-orm";
import { ORDERS_TIME_ZONE } from "../../../shared/schemas/organiser-orders";
import type { ReportResult } from "../../../shared/schemas/reports";
import type { DbOrTx } from "../../db/client";
import { pgArray, txRows } from "../../db/sql";
import { AppError } from "../../lib/app-error";
import { COUNTED } from "../dashboard/figures";

/**
 * What one report reads (decision 025): the caller's organiser, the period as instants (from the
 * first day's midnight in ORDERS_TIME_ZONE up to the midnight after the last day) and, when an
 * event is chosen, the events whose orders count: the event itself, and for a season the season
 * (its season tickets) and its events (their single tickets).
 */
export type ReportScope = {
  organiserId: string;
  from: Date;
  /** Exclusive: midnight after the period's last day. */
  until: Date;
  eventId: string | null;
  /** The chosen event and, for a season, its events; null: every event of the organiser. */
  eventIds: string[] | null;
  now: Date;
};

/** The chosen event and a season's events, or NOT_FOUND (another organiser's event looks missing). */
export async function eventScope(db: DbOrTx, organiserId: string, eventId: string): Promise<string[]> {
  const rows = await txRows<{ id: string; type: string }>(
    db,
    // Only a season's events carry its id in season_id (decision 004).
    sql`select e.id::text, e.type::text from events e where e.organiser_id = ${organiserId} and (e.id = ${eventId} or e.season_id = ${eventId})`,
  );
  if (!rows.some((r) => r.id === eventId)) throw new AppError("NOT_FOUND", { field: "eventId" });
  return [eventId, ...rows.filter((r) => r.id !== eventId).map((r) => r.id)];
}

/** A timestamp parameter (postgres-js sends a Date only as ISO text with a cast). */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** `column` within the period (index-friendly: a range on the column itself). */
export function inPeriod(column: SQL, scope: ReportScope): SQL {
  return sql`${column} >= ${at(scope.from)} and ${column} < ${at(scope.until)}`;
}

/** An order (alias `o`) of the chosen events, or true. */
export function ofEvents(scope: ReportScope, column: SQL = sql`o.event_id`): SQL {
  return scope.eventIds ? sql`${column} = any(${pgArray(scope.eventIds)}::uuid[])` : sql`true`;
}

/**
 * The counted orders (decision 023: valid, or cancelled after being paid) of the organiser paid
 * in the period, of the chosen events: alias `o`, read by orders_organiser_paid_idx.
 */
export function countedOrders(scope: ReportScope, extra: SQL = sql`true`): SQL {
  return sql`o.organiser_id = ${scope.organiserId} and ${COUNTED} and ${inPeriod(sql`o.paid_at`, scope)} and ${ofEvents(scope)} and ${extra}`;
}

/** The calendar day of an instant in ORDERS_TIME_ZONE, as an SQL date (group by it, write it with `dayText`). */
export const localDay = (column: SQL) => sql`(${column} at time zone ${ORDERS_TIME_ZONE})::date`;
/** The hour an instant falls in, counted in hours since 1970 UTC (plain arithmetic, no time zone). */
export const utcHour = (column: SQL) => sql`floor(extract(epoch from ${column}) / 3600)::int`;
/** An SQL date as text "2026-11-26". */
export const dayText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;
/** The hour of an instant in ORDERS_TIME_ZONE, as SQL text "2026-11-26 18:00". */
export const localHour = (column: SQL) => sql`to_char(${column} at time zone ${ORDERS_TIME_ZONE}, 'YYYY-MM-DD HH24:00')`;

/** A bigint or numeric from the driver (a string on postgres-js) as a number. */
export const num = (v: number | string | null | undefined) => Number(v ?? 0);

/** What each report answers; `runReport` adds the query, the totals and the "no data" check. */
export type ReportBody = Pick<ReportResult, "columns" | "rows" | "chart">;
