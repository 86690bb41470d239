import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { addCounterChanges, addSeatChanges, type Changes, type CounterRow, type SeatChangeRow } from "./changes";
import { lockUnitCounters } from "./counters";
import { lockRows } from "./lock-order";
import { clearLone, loneNeighbours } from "./lone";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { HELD, SOLD } from "./statuses";

export type GiveBackInput = {
  /** Carts whose whole contents go back: held seats, counted items, every unit of their ledger. */
  cartIds?: string[];
  /** Orders whose sold places go back (their lines not yet canceled): seats free, counters' sold down. */
  orderIds?: string[];
  /** Ticket lines whose sold places go back (a partial cancellation, the old date of a date change). */
  lineIds?: string[];
  /** The carts' state afterwards, unless already finished (`released` by the buyer or a failed payment, `expired` by the sweeper or a lost payment). */
  cartState?: "released" | "expired";
  /** A buyer's own release: only their active cart of this scope (their secret's hash), else nothing changes. */
  owner?: { secretHash: string; scopeId: string };
};

export type GiveBackResult = {
  /** False when `owner` was given and the cart is not theirs, not active or expired: nothing changed. */
  done: boolean;
  /** The cart's state before (for `owner`: null when not found or not theirs). */
  state: string | null;
  expiresAt: Date | null;
  /** Seat keys freed (per key once). */
  freed: string[];
};

type SeatRow = SeatChangeRow & { scope: string; season: boolean };
type CounterScopeRow = CounterRow & { scope: string };

/**
 * Gives back everything of some carts and the sold places of some orders, in one statement in
 * the caller's transaction. Lock order (decision 009): the carts by id, then the ledger rows
 * marked sold and not yet folded of those carts and of the orders' carts, then every seat involved
 * by (date, key), then quota counters by (scope, key), then area counters by (date, area); the
 * writes come after all locks. Used by a buyer's "release all", the expiry sweeper, failed and
 * lost payments (carts), cancellations and refunds of sold orders (orders), and an organiser's
 * cancellation of some tickets or a date change (lines).
 */
export async function giveBack(tx: DbOrTx, input: GiveBackInput, changes: Changes): Promise<GiveBackResult> {
  const carts = input.cartIds ?? [];
  const orders = input.orderIds ?? [];
  const lineIds = input.lineIds ?? [];
  if (carts.length === 0 && orders.length === 0 && lineIds.length === 0) return { done: true, state: null, expiresAt: null, freed: [] };
  const owner = input.owner;
  const [row] = await txRows<{ ok: boolean; state: string | null; expires_at: string | Date | null; seats: unknown; counters: unknown }>(
    tx,
    sql`with c as (${lockRows(
      sql`select id, scope_id, is_season, state, expires_at, secret_hash from carts where id = any(${pgArray(carts)}::uuid[])`,
      sql`id`,
      sql`for update`,
    )}),
    ok as (select ${
      owner
        ? sql`exists (select 1 from c where secret_hash = ${owner.secretHash} and scope_id = ${owner.scopeId} and state = 'active' and expires_at > now())`
        : sql`true`
    } as ok),
    lines as (
      select l.id, l.scope_id, o.is_season, l.area_id, l.places, l.ticket_category_id, o.cart_id from order_lines l join orders o on o.id = l.order_id
      where (l.order_id = any(${pgArray(orders)}::uuid[]) or l.id = any(${pgArray(lineIds)}::uuid[])) and l.status <> 'canceled'),
    -- Ledger rows of these carts, and of the orders' carts, that a sale marked sold and the fold
    -- has not moved yet (./fold.ts): still held on their counters. Locked after the carts and
    -- before the seats; a fold that moved them meanwhile leaves none.
    marked as (${lockRows(
      sql`select n.cart_id, n.counter_key, n.quantity, k.scope_id from cart_counts n join carts k on k.id = n.cart_id
        where n.sold and (n.cart_id in (select id from c) or n.cart_id in (select cart_id from lines)) and (select ok from ok)`,
      sql`n.cart_id, n.counter_key`,
      sql`for update of n`,
    )}),
    dates as (
      select d.id from event_dates d where d.id in (select scope_id from lines)
      union select d.id from event_dates d join events e on e.id = d.event_id where e.season_id in (select scope_id from lines where is_season)),
    seats as (${lockRows(
      sql`select s.event_date_id, s.seat_key, s.block_id, s.status, coalesce(c.scope_id, l.scope_id) as scope, coalesce(c.is_season, l.is_season) as season
        from seat_inventory s left join c on c.id = s.hold_id left join lines l on l.id = s.order_line_id
        where ((s.hold_id in (select id from c) and s.status in ${HELD})
          or (s.event_date_id in (select id from dates) and s.order_line_id in (select id from lines) and s.status in ${SOLD}))
          and (select ok from ok) and (select count(*) from marked) >= 0`,
      sql`s.event_date_id, s.seat_key`,
      sql`for update of s`,
    )}),
    -- Seats marked alone next to the sold seats going back may be sold with them again.
    near as (${loneNeighbours(sql`(select * from seats where status in ${SOLD})`, sql`seats`)}),
    units as (
      select scope, k, sum(held)::int as held, sum(sold)::int as sold from (
        select c.scope_id as scope, n.counter_key as k, n.quantity as held, 0 as sold from cart_counts n join c on c.id = n.cart_id where n.quantity > 0 and not n.sold
        -- A marked row is folded here: out of held, into sold (and the lines' places out of sold below).
        union all select scope_id, counter_key, quantity, -quantity from marked
        union all select scope_id, 'ticket:' || ticket_category_id, 0, places from lines where ticket_category_id is not null
        union all select scope_id, 'attendees', 0, places from lines
        union all select scope_id, 'area:' || area_id, 0, places from lines where area_id is not null) u
      where (select ok from ok)
      group by scope, k),
    ${lockUnitCounters(sql`(select count(*) from seats) + (select count(*) from near) >= 0`)},
    freed as (
      update seat_inventory s set status = 'FREE', hold_id = null, held_until = null, ticket_category_id = null, order_line_id = null, version = s.version + 1
      from seats where s.event_date_id = seats.event_date_id and s.seat_key = seats.seat_key
      returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s, seats.scope::text as scope, seats.season),
    uq as (
      -- Never below zero: a counter that drifted is reported by inventory:check, not made worse.
      update quota_inventory q set held = greatest(q.held - u.held, 0), sold = greatest(q.sold - u.sold, 0), version = q.version + 1
      from units u where u.scope = q.scope_id and u.k = q.counter_key and (select count(*) from la) >= 0
      returning q.scope_id::text as scope, q.counter_key as k, q.capacity as cap, q.held, q.sold, q.version as v),
    ua as (
      update area_inventory a set held = greatest(a.held - u.held, 0), sold = greatest(a.sold - u.sold, 0), version = a.version + 1
      from units u where u.scope = a.event_date_id and u.k = 'area:' || a.area_id and (select count(*) from la) >= 0
      returning a.event_date_id::text as scope, 'area:' || a.area_id as k, a.capacity as cap, a.held, a.sold, a.version as v),
    unlone as (${clearLone(sql`near`)}),
    ledger as (
      delete from cart_counts n where (n.cart_id in (select id from c) or (n.cart_id, n.counter_key) in (select cart_id, counter_key from marked))
        and (select ok from ok) returning 1),
    items as (delete from cart_items where cart_id in (select id from c) and (select ok from ok) returning 1),
    ended as (
      -- A finished cart keeps its state.
      update carts set version = version + 1
        ${input.cartState ? sql`, state = case when state in ('active', 'checked_out') then ${input.cartState}::cart_state else state end` : sql``}
      where id in (select id from c) and (select ok from ok) returning 1)
    select (select ok from ok) as ok,
      (select state::text from c ${owner ? sql`where secret_hash = ${owner.secretHash} and scope_id = ${owner.scopeId}` : sql``} limit 1) as state,
      (select expires_at from c limit 1) as expires_at,
      (select coalesce(json_agg(f), '[]'::json) from freed f) as seats,
      (select coalesce(json_agg(m), '[]'::json) from (select * from uq union all select * from ua) m) as counters,
      (select count(*) from ledger) + (select count(*) from items) + (select count(*) from ended) + (select count(*) from unlone) as written`,
  );
  const seats = parseJson(row!.seats as SeatRow[]);
  const counters = parseJson(row!.counters as CounterScopeRow[]);
  const byScope = new Map<string, { season: boolean; rows: SeatRow[] }>();
  for (const s of seats) {
    const entry = byScope.get(s.scope) ?? { season: s.season, rows: [] };
    entry.rows.push(s);
    byScope.set(s.scope, entry);
  }
  for (const [scopeId, entry] of byScope) addSeatChanges({ kind: entry.season ? "season" : "date", scopeId }, entry.rows, changes);
  for (const scope of new Set(counters.map((c) => c.scope))) addCounterChanges(scope, counters.filter((c) => c.scope === scope), changes);
  return {
    done: Boolean(row!.ok),
    state: row!.state ?? null,
    expiresAt: row!.expires_at ? new Date(row!.expires_at) : null,
    freed: [...new Set(seats.map((s) => s.k))].sort(),
  };
}
