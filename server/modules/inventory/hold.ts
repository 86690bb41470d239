import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { CounterRow, SeatChangeRow } from "./changes";
import { lockRows } from "./lock-order";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { HELD, TAKEABLE } from "./statuses";

/** What a hold statement needs of the scope it holds in (a date, or a season and its dates). */
export type HoldScope = { kind: "date" | "season"; dateIds: string[]; scopeId: string; event: { id: string } };

export type HoldStatementInput = {
  scope: HoldScope;
  /** An existing cart at the version read, or a new one the statement creates (shop/cart.ts `createCart`). */
  cart: { id: string; version: number } | { id: string; secretHash: string; ttlSeconds: number; client: { address: string; device: string | null } | null };
  seats: { key: string; tc: string; cat: string | null }[];
  /** Counted tickets (standing areas, events without a plan) added to the cart. */
  items: { tc: string; area: string; quantity: number }[];
  /** Counter units by quota key (`ticket:<id>`, `attendees`) and by standing area id. */
  quota: Map<string, number>;
  area: Map<string, number>;
  /** Holds never wait on a disk flush (a hold lost in a database crash is re-checked at payment). */
  fast: boolean;
};

export type HoldStatementResult = {
  /** The cart, when the statement held everything; otherwise nothing changed. */
  cart: { expires_at: string | Date; extended: boolean; version: number } | null;
  won: SeatChangeRow[];
  /** Seats (date, key) free and not locked when the statement ran. */
  avail: { d: string; k: string }[];
  /** Counter keys with room for their part of the request. */
  fits: string[];
  counters: CounterRow[];
};

/**
 * The hold statement (ARCHITECTURE "Seat inventory and holds"): one statement, its own
 * transaction, takes every requested seat that is free (or whose hold expired) on every date of
 * the scope, skipping locked rows, and the counter units of the request (ticket quotas, daily
 * attendee limit, standing areas), and writes the cart's ledger; it changes anything only when
 * all of it is there and the cart is still as read (its version), otherwise nothing.
 *
 * Lock order (decision 009): the cart, then the seats by key (SKIP LOCKED: never waits), then
 * the counter rows by key, all before the first write, so whether each has room is known first.
 */
export function holdStatement(input: HoldStatementInput): SQL {
  const { scope } = input;
  const seatKeys = input.seats.map((x) => x.key);
  return holdWith(input, {
    expected: input.seats.length * scope.dateIds.length,
    seats: sql`req as (select r.key, r.cat, r.tc from jsonb_to_recordset(${JSON.stringify(input.seats)}::jsonb) as r(key text, cat text, tc uuid)),
    want as (${lockRows(
      sql`select s.event_date_id, s.seat_key, req.tc from seat_inventory s join req on s.seat_key = req.key
        where s.event_date_id = any(${pgArray(scope.dateIds)}::uuid[])
          -- The keys again as an array: the primary key finds them even before the fresh
          -- inventory has statistics (a join alone is planned as a scan of the whole date).
          and s.seat_key = any(${pgArray(seatKeys)}::text[])
          and (req.cat is null or s.category_id = req.cat)
          and ${TAKEABLE}
          and exists (select 1 from lc)`,
      sql`s.event_date_id, s.seat_key`,
      sql`for update of s skip locked`,
    )})`,
  });
}

/**
 * How a hold finds its seats: CTEs (after `lc`, the cart's lock) that end in
 * `want(event_date_id, seat_key, tc)`, the seats it takes, locked; `expected` rows of `want` are
 * needed for the hold to go ahead; `report` adds columns to the statement's one result row.
 */
export type SeatStep = { seats: SQL; expected: number; report?: SQL };

/**
 * The hold statement with its seats found by `step`: the hold statement above, and best
 * available's (./hold-best.ts), which chooses the seats it locks. Everything after the seats —
 * counters, the cart and its version, ledger, items — is this one text.
 */
export function holdWith(input: Omit<HoldStatementInput, "seats">, step: SeatStep): SQL {
  const { scope, cart, fast } = input;
  const status = scope.kind === "season" ? "SEASON_BLOCKED" : "PAYMENT_PENDING";
  const q = [...input.quota].map(([k, n]) => ({ k, n })).sort((a, b) => (a.k < b.k ? -1 : 1));
  const a = [...input.area].map(([k, n]) => ({ k, n })).sort((x, y) => (x.k < y.k ? -1 : 1));
  const cartStep =
    "version" in cart
      ? sql`update carts set version = version + 1
            where id = ${cart.id} and version = ${cart.version} and state = 'active' and expires_at > now() and (select ok from ready)
            returning expires_at, extended, version`
      : sql`insert into carts (id, secret_hash, event_id, scope_id, is_season, expires_at, client_address, device_id)
            select ${cart.id}, ${cart.secretHash}, ${scope.event.id}, ${scope.scopeId}, ${scope.kind === "season"}, now() + make_interval(secs => ${cart.ttlSeconds}),
              ${cart.client?.address ?? null}, ${cart.client?.device ?? null}
            where (select ok from ready)
            returning expires_at, extended, version`;
  const enoughSeats = sql`(select count(*) from want) = ${step.expected}`;
  return sql`with settings as (select ${fast ? sql`set_config('synchronous_commit', 'off', true)` : sql`''`} as v),
    lc as (${cartLock(cart)}),
    ${step.seats},
    dq as (select k, n from jsonb_to_recordset(${JSON.stringify(q)}::jsonb) as d(k text, n int)),
    da as (select k, n from jsonb_to_recordset(${JSON.stringify(a)}::jsonb) as d(k text, n int)),
    lq as (${lockRows(
      sql`select q.counter_key as k, q.held + q.sold + dq.n <= q.capacity as fits from quota_inventory q join dq on q.counter_key = dq.k
        where q.scope_id = ${scope.scopeId} and ${enoughSeats}`,
      sql`q.counter_key`,
      sql`for update of q`,
    )}),
    la as (${lockRows(
      sql`select 'area:' || a.area_id as k, a.held + a.sold + da.n <= a.capacity as fits from area_inventory a join da on a.area_id = da.k
        where a.event_date_id = ${scope.scopeId} and ${enoughSeats} and (select count(*) from lq) >= 0`,
      sql`a.area_id`,
      sql`for update of a`,
    )}),
    ready as (
      select ${enoughSeats}
        and (select count(*) from lq where fits) = ${q.length}
        and (select count(*) from la where fits) = ${a.length}
        and (select v from settings) is not null as ok),
    cart as (${cartStep}),
    uq as (
      update quota_inventory q set held = q.held + dq.n, version = q.version + 1 from dq
      where q.scope_id = ${scope.scopeId} and q.counter_key = dq.k and exists (select 1 from cart)
      returning q.counter_key as k, q.capacity as cap, q.held, q.sold, q.version as v),
    ua as (
      update area_inventory a set held = a.held + da.n, version = a.version + 1 from da
      where a.event_date_id = ${scope.scopeId} and a.area_id = da.k and exists (select 1 from cart)
      returning 'area:' || a.area_id as k, a.capacity as cap, a.held, a.sold, a.version as v),
    upd as (
      update seat_inventory s set status = ${status}, hold_id = ${cart.id}, ticket_category_id = want.tc,
        held_until = (select expires_at from cart), version = s.version + 1
      from want
      where s.event_date_id = want.event_date_id and s.seat_key = want.seat_key and exists (select 1 from cart)
      returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s),
    ledger as (
      insert into cart_counts (cart_id, counter_key, quantity)
      select ${cart.id}, x.k, x.n from (select k, n from dq union all select 'area:' || k, n from da) as x
      where exists (select 1 from cart)
      on conflict (cart_id, counter_key) do update set quantity = cart_counts.quantity + excluded.quantity
      returning 1),
    items as (
      insert into cart_items (cart_id, ticket_category_id, area_id, quantity)
      select ${cart.id}, i.tc, i.area, i.quantity from jsonb_to_recordset(${JSON.stringify(input.items)}::jsonb) as i(tc uuid, area text, quantity int)
      where exists (select 1 from cart)
      on conflict (cart_id, ticket_category_id, area_id) do update set quantity = cart_items.quantity + excluded.quantity
      returning 1)
    select
      (select row_to_json(c) from cart c) as cart,
      (select coalesce(json_agg(u), '[]'::json) from upd u) as won,
      (select coalesce(json_agg(json_build_object('d', w.event_date_id, 'k', w.seat_key)), '[]'::json) from want w) as avail,
      (select coalesce(json_agg(f.k), '[]'::json) from (select k from lq where fits union all select k from la where fits) f) as fits,
      (select coalesce(json_agg(m), '[]'::json) from (select * from uq union all select * from ua) m) as counters,
      (select count(*) from ledger) + (select count(*) from items) as written
      ${step.report ? sql`, ${step.report}` : sql``}`;
}

/**
 * The first step of every hold: an existing cart is locked (one row `x`); whether it is still as
 * read is decided at its update. A new cart is inserted by the statement, nothing to lock.
 */
export function cartLock(cart: HoldStatementInput["cart"]): SQL {
  return "version" in cart ? lockRows(sql`select 1 as x from carts where id = ${cart.id}`, sql`id`, sql`for update`) : sql`select 1 as x`;
}

export async function runHoldStatement(db: DbOrTx, input: HoldStatementInput): Promise<HoldStatementResult> {
  const [row] = await txRows<Record<keyof HoldStatementResult, unknown>>(db, holdStatement(input));
  return holdResultOf(row!);
}

/** The result row of a hold statement (`holdWith`), parsed. */
export function holdResultOf(row: Record<keyof HoldStatementResult, unknown>): HoldStatementResult {
  return {
    cart: parseJson(row.cart as HoldStatementResult["cart"]),
    won: parseJson(row.won as HoldStatementResult["won"]),
    avail: parseJson(row.avail as HoldStatementResult["avail"]),
    fits: parseJson(row.fits as string[]),
    counters: parseJson(row.counters as HoldStatementResult["counters"]),
  };
}

/**
 * Why the seats a hold statement skipped were missing. SKIP LOCKED also skips seats another
 * transaction has locked but may yet give up (a losing hold rolls back), so the committed state
 * decides: seats that do not exist, seats of another seating category, seats really held or
 * sold, and seats that are free but were locked at that moment (`locked`).
 */
export async function missingSeats(db: DbOrTx, dateIds: string[], seats: { key: string; cat: string | null }[]) {
  const rows = await txRows<{ k: string; total: number; fits: number; free: number }>(
    db,
    sql`with req as (select r.key, r.cat from jsonb_to_recordset(${JSON.stringify(seats)}::jsonb) as r(key text, cat text))
        select req.key as k, count(s.seat_key)::int as total,
          count(s.seat_key) filter (where req.cat is null or s.category_id = req.cat)::int as fits,
          count(s.seat_key) filter (where (req.cat is null or s.category_id = req.cat) and ${TAKEABLE})::int as free
        from req left join seat_inventory s on s.seat_key = req.key and s.event_date_id = any(${pgArray(dateIds)}::uuid[])
        group by req.key`,
  );
  const n = dateIds.length;
  const byKey = new Map(rows.map((r) => [r.k, r]));
  const out = { unknown: [] as string[], otherCategory: [] as string[], taken: [] as string[], locked: [] as string[] };
  for (const seat of seats) {
    const r = byKey.get(seat.key);
    if (!r || Number(r.total) < n) out.unknown.push(seat.key);
    else if (Number(r.fits) < n) out.otherCategory.push(seat.key);
    else if (Number(r.free) < n) out.taken.push(seat.key);
    else out.locked.push(seat.key);
  }
  return out;
}

/** Seat keys free on every date of the scope (an expired hold counts as free). */
export async function freeSeatKeys(db: DbOrTx, dateIds: string[], seatingCategory: string | null, blockId?: string): Promise<string[]> {
  const rows = await txRows<{ k: string }>(
    db,
    sql`select s.seat_key as k from seat_inventory s
        where s.event_date_id = any(${pgArray(dateIds)}::uuid[]) and ${TAKEABLE}
          ${seatingCategory ? sql`and s.category_id = ${seatingCategory}` : sql``}
          ${blockId ? sql`and s.block_id = ${blockId}` : sql``}
        group by s.seat_key having count(*) = ${dateIds.length}`,
  );
  return rows.map((r) => r.k);
}

/**
 * A cart's new expiry (`set`: the assignments of `update carts`, e.g. extending or paying) and its
 * held seats' hold with it, in one statement (issue 25: one round trip less per checkout). The
 * cart's row is updated first, then its seats are locked in key order (decision 009: the seats'
 * lock waits for the cart's, `exists (select 1 from c)`). The transaction must have locked the
 * cart before: the seats are read in this statement's snapshot, which would miss the seats of a
 * hold to the cart that committed while the update waited for the cart's lock. Returns the new
 * expiry (null: no such cart).
 */
export async function setCartExpiry(tx: DbOrTx, cartId: string, set: SQL): Promise<Date | null> {
  const [row] = await txRows<{ expires_at: string | Date }>(
    tx,
    sql`with c as (update carts set ${set} where id = ${cartId} returning expires_at),
      s as (${lockRows(
        sql`select s.event_date_id, s.seat_key from seat_inventory s where s.hold_id = ${cartId} and s.status in ${HELD} and exists (select 1 from c)`,
        sql`s.event_date_id, s.seat_key`,
        sql`for update of s`,
      )}),
      moved as (update seat_inventory t set held_until = (select expires_at from c) from s where t.event_date_id = s.event_date_id and t.seat_key = s.seat_key)
    select expires_at from c`,
  );
  return row ? new Date(row.expires_at) : null;
}
