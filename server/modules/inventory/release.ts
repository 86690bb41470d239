import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { CounterRow, SeatChangeRow } from "./changes";
import { lockRows } from "./lock-order";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { HELD } from "./statuses";

export type ReleaseStatementInput = {
  scope: { dateIds: string[]; scopeId: string };
  cartId: string;
  secretHash: string;
  seatKeys: string[];
  counts: { tc: string; area: string; quantity: number; spt: number }[];
  fast: boolean;
};

export type ReleaseResult = {
  /** The cart's state when it is the buyer's (null: not found or not theirs); nothing changed unless active. */
  state: string | null;
  expiresAt: Date | null;
  version: number;
  bumped: number;
  freed: (SeatChangeRow & { tc: string | null })[];
  given: { tc: string; area: string; n: number }[];
  counters: CounterRow[];
};

/**
 * A buyer gives back some seats and counted tickets, in one statement (its own transaction).
 * Lock order (decision 009): the cart, then its seats by key, then the counter rows by key;
 * never more is given back than the cart holds (its items and its ledger). Nothing changes
 * when the cart is not the buyer's, not active or expired; the statement reports its state.
 */
export function releaseStatement(input: ReleaseStatementInput): SQL {
  const { scope, cartId } = input;
  return sql`with settings as (select ${input.fast ? sql`set_config('synchronous_commit', 'off', true)` : sql`''`} as v),
    c as (${lockRows(
      sql`select id, state, expires_at, version, secret_hash = ${input.secretHash} and scope_id = ${scope.scopeId} as mine from carts where id = ${cartId}`,
      sql`id`,
      sql`for update`,
    )}),
    ok as (select exists (select 1 from c where mine and state = 'active' and expires_at > now()) and (select v from settings) is not null as ok),
    old as (${lockRows(
      sql`select s.event_date_id, s.seat_key, s.ticket_category_id from seat_inventory s
        where s.hold_id = ${cartId} and s.event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and s.status in ${HELD}
          and s.seat_key = any(${pgArray(input.seatKeys)}::text[]) and (select ok from ok)`,
      sql`s.event_date_id, s.seat_key`,
      sql`for update of s`,
    )}),
    freed as (
      update seat_inventory s set status = 'FREE', hold_id = null, held_until = null, ticket_category_id = null, version = s.version + 1
      from old where s.event_date_id = old.event_date_id and s.seat_key = old.seat_key
      returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s, old.ticket_category_id::text as tc),
    seat_units as (select distinct k, tc from freed),
    -- One row per category and area (a request naming one twice asks for the sum, never twice the ledger).
    req as (select r.tc, r.area, sum(r.quantity)::int as quantity, max(r.spt) as spt
      from jsonb_to_recordset(${JSON.stringify(input.counts)}::jsonb) as r(tc uuid, area text, quantity int, spt int) group by r.tc, r.area),
    given as (
      select i.ticket_category_id as tc, i.area_id as area, least(req.quantity, i.quantity) as n, req.spt
      from cart_items i join req on i.ticket_category_id = req.tc and i.area_id = req.area
      where i.cart_id = ${cartId} and i.quantity > 0 and (select ok from ok)
      for update of i),
    items as (
      update cart_items i set quantity = i.quantity - given.n from given
      where i.cart_id = ${cartId} and i.ticket_category_id = given.tc and i.area_id = given.area
      returning 1),
    units as (
      select k, sum(n)::int as n from (
        select 'ticket:' || tc as k, count(*) as n from seat_units where tc is not null group by tc
        union all select 'attendees', count(*) from seat_units
        union all select 'ticket:' || tc, sum(n * spt) from given group by tc
        union all select 'attendees', sum(n * spt) from given
        union all select 'area:' || area, sum(n * spt) from given where area <> '' group by area) u
      group by k),
    led as (
      select l.counter_key as k, least(l.quantity, units.n) as n from cart_counts l join units on l.counter_key = units.k
      where l.cart_id = ${cartId} and least(l.quantity, units.n) > 0
      order by l.counter_key for update of l),
    ledger as (update cart_counts l set quantity = l.quantity - led.n from led where l.cart_id = ${cartId} and l.counter_key = led.k returning 1),
    lq as (${lockRows(
      sql`select q.counter_key from quota_inventory q join led on q.counter_key = led.k where q.scope_id = ${scope.scopeId} and (select count(*) from old) >= 0`,
      sql`q.counter_key`,
      sql`for update of q`,
    )}),
    uq as (
      update quota_inventory q set held = q.held - led.n, version = q.version + 1 from led
      where q.scope_id = ${scope.scopeId} and q.counter_key = led.k and (select count(*) from lq) >= 0
      returning q.counter_key as k, q.capacity as cap, q.held, q.sold, q.version as v),
    la as (${lockRows(
      sql`select a.area_id from area_inventory a join led on 'area:' || a.area_id = led.k where a.event_date_id = ${scope.scopeId} and (select count(*) from lq) >= 0`,
      sql`a.area_id`,
      sql`for update of a`,
    )}),
    ua as (
      update area_inventory a set held = a.held - led.n, version = a.version + 1 from led
      where a.event_date_id = ${scope.scopeId} and 'area:' || a.area_id = led.k and (select count(*) from la) >= 0
      returning 'area:' || a.area_id as k, a.capacity as cap, a.held, a.sold, a.version as v),
    bump as (
      -- What the cart holds changed: a hold that read it before must read it again.
      update carts set version = version + 1 where id = ${cartId} and (exists (select 1 from old) or exists (select 1 from given where n > 0))
      returning 1)
    select
      (select case when mine then state::text end from c) as state,
      (select expires_at from c) as expires_at,
      (select version from c) as version,
      (select count(*) from bump)::int as bumped,
      (select coalesce(json_agg(json_build_object('d', f.d, 'k', f.k, 'v', f.v, 's', f.s, 'tc', f.tc)), '[]'::json) from freed f) as freed,
      (select coalesce(json_agg(json_build_object('tc', g.tc, 'area', g.area, 'n', g.n)), '[]'::json) from given g where g.n > 0) as given,
      (select coalesce(json_agg(m), '[]'::json) from (select * from uq union all select * from ua) m) as counters,
      (select count(*) from items) + (select count(*) from ledger) + (select count(*) from bump) as written`;
}

export async function runReleaseStatement(db: DbOrTx, input: ReleaseStatementInput): Promise<ReleaseResult> {
  const [row] = await txRows<{ state: string | null; expires_at: string | Date | null; version: number; bumped: number; freed: unknown; given: unknown; counters: unknown }>(
    db,
    releaseStatement(input),
  );
  return {
    state: row?.state ?? null,
    expiresAt: row?.expires_at ? new Date(row.expires_at) : null,
    version: Number(row?.version ?? 0),
    bumped: Number(row?.bumped ?? 0),
    freed: parseJson(row!.freed as ReleaseResult["freed"]),
    given: parseJson(row!.given as ReleaseResult["given"]),
    counters: parseJson(row!.counters as CounterRow[]),
  };
}
