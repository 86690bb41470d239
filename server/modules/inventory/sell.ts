import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { addCounterChanges, addSeatChanges, type Changes, type CounterRow, type ScopeChannels, type SeatChangeRow } from "./changes";
import { isSaleOrderBroken, lockRows } from "./lock-order";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { HELD, TAKEABLE } from "./statuses";

export type SellInput = {
  scope: ScopeChannels & { dateIds: string[] };
  orderId: string;
  /** The cart the order was placed from (its holds become the sale); null for a sale without a hold (box office, resellers). */
  cartId: string | null;
  /** Only these lines of the order (a date change sells the new lines on their date); default all not canceled. */
  lineIds?: string[];
};

/** The seat keys of the lines a sale sells (those of `lineIds`, or every line not canceled). */
async function saleKeys(tx: DbOrTx, input: Pick<SellInput, "orderId" | "lineIds">): Promise<string[]> {
  const only = input.lineIds ? sql`and id = any(${pgArray(input.lineIds)}::uuid[])` : sql``;
  const lines = await txRows<{ seat_keys: string[] }>(tx, sql`select seat_keys from order_lines where order_id = ${input.orderId} and status <> 'canceled' ${only}`);
  return lines.flatMap((l) => parseJson(l.seat_keys));
}

/**
 * Turns an order's places into sales, in one statement in the caller's transaction: its seats
 * become SOLD (SEASON_SOLD on a season's dates) pointing at their ticket line, the counters move
 * the cart's ledger out of `held` and the order's places into `sold` (where the cart held exactly
 * the order's places, later: its ledger rows are marked sold for the fold); whatever else the cart
 * held goes back and the cart is checked out. A seat no longer the cart's is taken again if it
 * is free; a counter grows within its capacity. If anything is missing (a seat another buyer
 * took, a counter full), nothing changes and false comes back (the caller refunds).
 *
 * Lock order (decision 009): the cart, then every seat involved by (date, key), then quota
 * counters by key, then area counters by key; all locks before the first write.
 */
export async function sellOrder(tx: DbOrTx, input: SellInput, changes: Changes): Promise<boolean> {
  const rows = await txRows(tx, saleStatement(input, await saleKeys(tx, input)));
  return saleDone(input.scope, rows, changes);
}

/**
 * `sellOrder`'s statement for the lines' seat `keys` (`saleKeys`), for a caller that sends it
 * together with what follows it (orders/settle.ts); `saleDone` reads its result.
 */
export function saleStatement(input: SellInput, keys: string[]): SQL {
  const { scope, orderId } = input;
  const cartId = input.cartId ?? "00000000-0000-0000-0000-000000000000";
  const only = input.lineIds ? sql`and id = any(${pgArray(input.lineIds)}::uuid[])` : sql``;
  const expected = keys.length * scope.dateIds.length;
  const status = scope.kind === "season" ? "SEASON_SOLD" : "SOLD";
  const order = isSaleOrderBroken() ? sql`desc` : sql``;
  return sql`with c as (${lockRows(sql`select id from carts where id = ${cartId}`, sql`id`, sql`for update`)}),
    lines as (select id, seat_keys, area_id, places, ticket_category_id from order_lines where order_id = ${orderId} and status <> 'canceled' ${only}),
    req as (select l.id as line, l.ticket_category_id as tc, k.key from lines l cross join lateral jsonb_array_elements_text(l.seat_keys) as k(key)),
    seats as (${lockRows(
      sql`select s.event_date_id, s.seat_key, req.line, req.tc from seat_inventory s left join req on req.key = s.seat_key
        where s.event_date_id = any(${pgArray(scope.dateIds)}::uuid[])
          and ((s.seat_key = any(${pgArray(keys)}::text[]) and ((s.hold_id = ${cartId} and s.status in ${HELD}) or ${TAKEABLE}))
            or (s.hold_id = ${cartId} and s.status in ${HELD}))
          and (select count(*) from c) >= 0`,
      sql`s.event_date_id, s.seat_key`,
      sql`for update of s`,
    )}),
    seats_ok as (select (select count(*) from seats where line is not null) = ${expected} as ok),
    need as (
      select k, sum(n)::int as n from (
        select 'ticket:' || ticket_category_id as k, places as n from lines where ticket_category_id is not null
        union all select 'attendees', places from lines
        union all select 'area:' || area_id, places from lines where area_id is not null) x
      group by k),
    moves as (
      select k, sum(need)::int as need, sum(held)::int as held from (
        select k, n as need, 0 as held from need
        union all select counter_key, 0, quantity from cart_counts where cart_id = ${cartId} and quantity > 0) x
      group by k),
    -- What the cart held exactly (the usual sale): held + sold stays the same, so no capacity is
    -- checked and the counter is not taken here (every buyer of the category needs it); the
    -- ledger row is marked sold and the fold moves it from held to sold after the commit, many
    -- sales at a time (./fold.ts, decision 035 item 9). Other keys change the counter now.
    settled as (select k from moves where need = held and held > 0 and ${!isSaleOrderBroken()}),
    changing as (select * from moves where k not in (select k from settled)),
    lq as (${lockRows(
      sql`select q.counter_key as k, q.held >= m.held and q.held - m.held + q.sold + m.need <= q.capacity as fits
        from quota_inventory q join changing m on m.k = q.counter_key where q.scope_id = ${scope.scopeId} and (select ok from seats_ok)`,
      sql`q.counter_key ${order}`,
      sql`for update of q`,
    )}),
    la as (${lockRows(
      sql`select a.area_id as k, a.held >= m.held and a.held - m.held + a.sold + m.need <= a.capacity as fits
        from area_inventory a join changing m on m.k = 'area:' || a.area_id where a.event_date_id = ${scope.scopeId} and (select count(*) from lq) >= 0`,
      sql`a.area_id ${order}`,
      sql`for update of a`,
    )}),
    ready as (select (select ok from seats_ok) and not exists (select 1 from lq where not fits) and not exists (select 1 from la where not fits) as ok),
    sold as (
      update seat_inventory s set status = ${status}, order_line_id = seats.line, ticket_category_id = seats.tc, hold_id = null, held_until = null, version = s.version + 1
      from seats where s.event_date_id = seats.event_date_id and s.seat_key = seats.seat_key and seats.line is not null and (select ok from ready)
      returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s),
    freed as (
      update seat_inventory s set status = 'FREE', hold_id = null, held_until = null, ticket_category_id = null, version = s.version + 1
      from seats where s.event_date_id = seats.event_date_id and s.seat_key = seats.seat_key and seats.line is null and (select ok from ready)
      returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s),
    uq as (
      update quota_inventory q set held = q.held - m.held, sold = q.sold + m.need, version = q.version + 1
      from changing m where q.scope_id = ${scope.scopeId} and q.counter_key = m.k and (select ok from ready)
      returning q.counter_key as k, q.capacity as cap, q.held, q.sold, q.version as v),
    ua as (
      update area_inventory a set held = a.held - m.held, sold = a.sold + m.need, version = a.version + 1
      from changing m where a.event_date_id = ${scope.scopeId} and 'area:' || a.area_id = m.k and (select ok from ready)
      returning 'area:' || a.area_id as k, a.capacity as cap, a.held, a.sold, a.version as v),
    ledger as (delete from cart_counts where cart_id = ${cartId} and counter_key not in (select k from settled) and (select ok from ready) returning 1),
    marked as (update cart_counts set sold = true where cart_id = ${cartId} and counter_key in (select k from settled) and (select ok from ready) returning 1),
    items as (delete from cart_items where cart_id = ${cartId} and (select ok from ready) returning 1),
    ended as (update carts set state = 'checked_out', version = version + 1 where id = ${cartId} and (select ok from ready) returning 1)
    select (select ok from ready) as ok,
      (select coalesce(json_agg(x), '[]'::json) from (select * from sold union all select * from freed) x) as seats,
      (select coalesce(json_agg(m), '[]'::json) from (select * from uq union all select * from ua) m) as counters,
      (select count(*) from ledger) + (select count(*) from marked) + (select count(*) from items) + (select count(*) from ended) as written`;
}

/** Whether the sale statement sold everything; its seats' and counters' changes noted when it did. */
export function saleDone(scope: ScopeChannels, rows: unknown[], changes: Changes): boolean {
  const row = rows[0] as { ok: boolean; seats: unknown; counters: unknown } | undefined;
  if (!row?.ok) return false;
  addSeatChanges(scope, parseJson(row.seats as SeatChangeRow[]), changes);
  addCounterChanges(scope.scopeId, parseJson(row.counters as CounterRow[]), changes);
  return true;
}
