import { type SQL, sql } from "drizzle-orm";
import { lockRows } from "./lock-order";
import { FOR_GOOD } from "./statuses";

/**
 * `seat_inventory.lone` (decision 031): a seat whose neighbours in its row are each sold,
 * season-sold, blocked or not there can only be sold alone, so best available of two or more
 * leaves it out of its search. Best available marks such seats as it meets them
 * (inventory/hold-best.ts); a seat freed by a cancellation or an unblock clears the mark of the
 * seats next to it here, in the same statement, so a pair it makes again is found again.
 */

/** A seat key's row and seat index (`block:row:seat`) of row `alias` of seat_inventory (its block id may hold colons). */
export function keyPart(alias: string, part: 1 | 2): SQL {
  return sql.raw(`split_part(substr(${alias}.seat_key, length(${alias}.block_id) + 2), ':', ${part})::int`);
}

/** The key of seat index `x` in row `r` of block `b`. */
export function keyAt(b: SQL, r: SQL, x: SQL): SQL {
  return sql`${b} || ':' || (${r})::text || ':' || (${x})::text`;
}

/**
 * The seats marked lone next to the seats of `freed` (a subquery of `event_date_id`, `seat_key`,
 * `block_id`; keys are `block:row:seat`), still free or held, locked in key order after the
 * caller's own seats and before any counter (decision 009). `mine`: the caller's own seats (same
 * columns), left out: a statement updates each row once.
 */
export function loneNeighbours(freed: SQL, mine: SQL = freed): SQL {
  return lockRows(
    sql`select n.event_date_id, n.seat_key from seat_inventory n join (
        select f.event_date_id, ${keyAt(sql`f.block_id`, keyPart("f", 1), sql`${keyPart("f", 2)} + d.o`)} as k
        from ${freed} f cross join (values (-1), (1)) as d(o)) m on n.event_date_id = m.event_date_id and n.seat_key = m.k
      where n.lone and n.status not in ${FOR_GOOD}
        and not exists (select 1 from ${mine} o where o.event_date_id = n.event_date_id and o.seat_key = n.seat_key)`,
    sql`n.event_date_id, n.seat_key`,
    sql`for update of n`,
  );
}

/** Clears the mark of the seats `near` (a CTE locked by `loneNeighbours`). */
export function clearLone(near: SQL): SQL {
  return sql`update seat_inventory t set lone = false from ${near} l where t.event_date_id = l.event_date_id and t.seat_key = l.seat_key returning 1`;
}
