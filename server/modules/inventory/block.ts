import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { lockRows } from "./lock-order";
import { clearLone, loneNeighbours } from "./lone";
import { txRows } from "../../db/sql";

/**
 * Blocks (or unblocks) seats of one event date: only FREE seats become BLOCKED and only BLOCKED
 * seats become FREE; held or sold seats are untouched. The seats are locked by key (decision
 * 009) before they change. Returns the keys that changed.
 */
export async function blockSeats(tx: DbOrTx, input: { eventDateId: string; seatKeys: string[]; blocked: boolean }): Promise<string[]> {
  const from = input.blocked ? "FREE" : "BLOCKED";
  const to = input.blocked ? "BLOCKED" : "FREE";
  const rows = await txRows<{ k: string }>(
    tx,
    sql`with s as (${lockRows(
      sql`select s.event_date_id, s.seat_key, s.block_id from seat_inventory s
        where s.event_date_id = ${input.eventDateId} and s.seat_key in (select jsonb_array_elements_text(${JSON.stringify(input.seatKeys)}::jsonb)) and s.status = ${from}`,
      sql`s.event_date_id, s.seat_key`,
      sql`for update of s`,
    )})${
      input.blocked
        ? sql``
        : sql`,
    -- Seats marked alone next to an unblocked seat may be sold with it (inventory/lone.ts).
    near as (${loneNeighbours(sql`s`)}),
    unlone as (${clearLone(sql`near`)})`
    }
    update seat_inventory t set status = ${to}, version = t.version + 1
    from s where t.event_date_id = s.event_date_id and t.seat_key = s.seat_key and t.status = ${from}
    returning t.seat_key as k`,
  );
  return rows.map((r) => r.k).sort();
}
