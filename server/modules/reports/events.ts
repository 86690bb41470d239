import { sql } from "drizzle-orm";
import { ORDERS_TIME_ZONE } from "../../../shared/schemas/organiser-orders";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";

/** An event or season the reports can be filtered by; its first and last days in ORDERS_TIME_ZONE (null: no dates). */
export type ReportEvent = { id: string; name: string; isSeason: boolean; seasonId: string | null; firstDate: string | null; lastDate: string | null };

/**
 * The organiser's events and seasons for the reports' filter, newest first: a season's days are
 * its events' dates (decision 004). Days as "2026-11-26", the reports' own period format.
 */
export async function reportEvents(db: DbOrTx, organiserId: string): Promise<ReportEvent[]> {
  const rows = await txRows<{ id: string; name: string; is_season: boolean; season_id: string | null; first: string | null; last: string | null }>(
    db,
    sql`select e.id::text, e.name, e.type = 'SEASONAL' as is_season, e.season_id::text,
          to_char(min(d.starts_at) at time zone ${ORDERS_TIME_ZONE}, 'YYYY-MM-DD') as first,
          to_char(max(d.starts_at) at time zone ${ORDERS_TIME_ZONE}, 'YYYY-MM-DD') as last
        from events e
          left join events c on c.season_id = e.id and c.organiser_id = ${organiserId}
          left join event_dates d on d.organiser_id = ${organiserId} and d.event_id = (case when e.type = 'SEASONAL' then c.id else e.id end)
        where e.organiser_id = ${organiserId}
        group by e.id
        order by max(d.starts_at) desc nulls last, e.name, e.id
        limit 1000`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, isSeason: r.is_season === true, seasonId: r.season_id, firstDate: r.first, lastDate: r.last }));
}
