import { type SQL, sql } from "drizzle-orm";
import { ORPHAN_RANK } from "../../../shared/seating/best-rank";
import type { Db, DbOrTx } from "../../db/client";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { cartLock, type HoldStatementInput, type HoldStatementResult, holdResultOf, holdWith, runHoldStatement } from "./hold";
import { lockRows } from "./lock-order";
import { keyAt, keyPart } from "./lone";
import { FOR_GOOD, FREE_SEAT, HOLD_RAN_OUT, TAKEABLE } from "./statuses";

/**
 * Best available chosen by the database, under its locks (issue 25, decision 031): the seats a
 * buyer gets are chosen and taken in one statement, among the best free seats no one else is
 * taking at that moment, so buyers arriving together get different seats instead of "taken".
 * The rule is shared/seating/best-available.ts's (ranks from ./best-rank.ts); the integration
 * test best-available-db.test.ts holds the two to the same answers.
 */

/** Where best available looks: a ticket category's seats on one date. */
export type BestPool = {
  dateId: string;
  /** The ticket category the seats are held as. */
  tc: string;
  /** The seating category of the seats; null: every category. */
  category: string | null;
  /** Seated blocks in the layout's order (those of `restricted`; ties are broken by place, decision 038). */
  blocks: string[];
  /** Only `blocks` may be used (a chosen block, or online without the box office's blocks). */
  restricted: boolean;
};

/**
 * `limit`: how many of the best free seats not locked by others the statement locks (SKIP
 * LOCKED), in one total order: rank, then place in the layout (`best_order`, decision 038); the
 * last of them is its cut, and every free seat before the cut not locked by others is among them.
 * `wait`: first wait for the locks others hold on the N best free seats and lock those (in key
 * order, decision 009), for a buyer who found every seat left locked by others: it is not passed
 * over again and again.
 */
export type BestInput = Omit<HoldStatementInput, "seats"> & { pool: BestPool; quantity: number; limit: number; wait?: boolean };

export type BestReport = {
  /** The best free seats locked (fewer than `limit`: every free seat not locked by others). */
  seen: number;
  /** The cut: the rank of the last of them (null when none). */
  cut: number | null;
  /** Free seats the statement locked: every one up to the cut not locked by others. */
  pooled: number;
  /** Seats without a rank or place among those locked (an inventory written before ranks or places, being filled). */
  unranked: number;
  /** The rank of the best window of N among the locked seats (null: no run of N). */
  best: number | null;
  /**
   * Whether that window is the best of every free seat not locked by others: every such seat was
   * locked, or every window with a seat after the cut ranks worse or loses the tie-break. A window
   * holding a seat of rank r ranks at least r − (N − 1); one holding a seat after the cut (rank
   * c, place p) ranks at least c − (N − 1), and when it ranks exactly that, its seat has rank c
   * and a place after p, so its first seat's place is after p − (N − 1) (places are consecutive
   * along a row): it loses the tie-break (block, row, first seat, i.e. place) to a window of that
   * rank starting at p − (N − 1) or before. Only a proven window is held.
   */
  proven: boolean;
};

export type BestResult = HoldStatementResult & { best: BestReport };

/**
 * The free seats of the pool (`s`), with their rank, place, block, row and seat index. `runs`: only
 * seats that may be part of a run of two or more (not `lone`; the index without them). `which`:
 * every takeable seat, or only the free ones, or only those whose hold ran out.
 */
function freeSeats(pool: BestPool, extra: SQL = sql``, runs = false, which: "takeable" | "free" | "ran_out" = "takeable"): SQL {
  return sql`select s.event_date_id, s.seat_key, ${pool.tc}::uuid as tc, s.best_rank as rk, s.best_order as o, s.block_id as b,
        ${keyPart("s", 1)} as r, ${keyPart("s", 2)} as x
      from seat_inventory s
      where s.event_date_id = ${pool.dateId}
        ${pool.category === null ? sql`` : sql`and s.category_id = ${pool.category}`}
        and ${which === "free" ? FREE_SEAT : which === "ran_out" ? HOLD_RAN_OUT : TAKEABLE}
        ${pool.restricted ? sql`and s.block_id = any(${pgArray(pool.blocks)}::text[])` : sql``}
        ${runs ? sql`and not s.lone` : sql``}
        ${extra}`;
}

/**
 * Free seats of the pool locked after the cart (`lc`, decision 009): the `limit` first not locked
 * by others (SKIP LOCKED) in the order rank, place (decision 038), every one skipping locked ones
 * without a limit, or with `wait` every one, waiting for the locks of others, in key order.
 *
 * Skipping locks, the free seats and those whose hold ran out are looked up apart (decision 037):
 * the free ones in rank order through the rank index of free seats (seat_inventory_best_free_idx,
 * held seats are not in it, so a search in the middle of an on-sale does not step over the
 * thousands of seats held by buyers paying), the others through the index of holds by their end
 * (few: the sweeper frees them). The `limit` best of both are the `limit` best takeable seats.
 */
function poolRows(pool: BestPool, limit: number | undefined, wait = false, extra: SQL = sql``, runs = false): SQL {
  const where = sql`${extra} and exists (select 1 from lc)`;
  if (wait) return lockRows(freeSeats(pool, where, runs), sql`s.event_date_id, s.seat_key`, sql`for update of s`);
  const locked = (which: "free" | "ran_out") => lockRows(freeSeats(pool, where, runs, which), sql`s.best_rank, s.best_order`, sql`for update of s skip locked`, limit);
  const both = sql`select * from (${locked("free")}) f union all select * from (${locked("ran_out")}) o`;
  return limit === undefined ? both : sql`select * from (${both}) t order by t.rk, t.o limit ${limit}`;
}

/**
 * Whether seat `at` of run `e`'s row is free for judging orphans (the committed state). Found by
 * its primary key: the category is compared with IS NOT DISTINCT FROM, which no index serves, so
 * that even a fresh inventory without statistics is not searched through the category's index.
 */
function freeNear(pool: BestPool, at: SQL): SQL {
  return sql`exists (select 1 from seat_inventory s where s.event_date_id = ${pool.dateId}
    and s.seat_key = ${keyAt(sql`e.b`, sql`e.r`, at)}
    ${pool.category === null ? sql`` : sql`and s.category_id is not distinct from ${pool.category}`} and ${TAKEABLE})`;
}

/**
 * Whether seat `at` of seat `i`'s row can only come free by a cancellation or an unblock: sold,
 * season-sold, blocked or not there (the committed state; found by its primary key).
 */
function takenForGood(pool: BestPool, at: SQL): SQL {
  return sql`not exists (select 1 from seat_inventory n where n.event_date_id = ${pool.dateId}
    and n.seat_key = ${keyAt(sql`i.b`, sql`i.r`, at)} and n.status not in ${FOR_GOOD})`;
}

/**
 * The best-available hold statement: locks the cart, then the `limit` first free seats of the pool
 * in the order rank, place (SKIP LOCKED), finds among them the runs of N
 * adjacent seats of one row (islands of consecutive seat indexes), scores every window as the
 * pure rule does — its rank from its end seats, ORPHAN_RANK for each side that leaves one free
 * seat alone (the seats next to a run are looked up) — and, when the best window is proven best,
 * takes exactly it with the hold statement's counters, cart version and ledger (`holdWith`).
 * Otherwise nothing changes and the report tells the caller to look further (a larger limit) or
 * to fall back (no run of N among all free seats).
 */
export function holdBestStatement(input: BestInput): SQL {
  const { pool } = input;
  const n1 = input.quantity - 1;
  const orphan = sql.raw(String(ORPHAN_RANK));
  const limit = input.limit;
  // Two or more seats: seats known to be alone for good are left out of the search.
  const runs = input.quantity >= 2;
  const waited = input.wait
    ? sql`wanted as (select seat_key from (${freeSeats(pool, sql``, runs)} order by s.best_rank, s.best_order limit ${input.quantity}) b),
    waited as (${lockRows(
      sql`select s.seat_key from seat_inventory s where s.event_date_id = ${pool.dateId} and s.seat_key in (select seat_key from wanted) and ${TAKEABLE} and exists (select 1 from lc)`,
      sql`s.event_date_id, s.seat_key`,
      sql`for update of s`,
    )}),`
    : sql``;
  // No other seats of the cut's rank are locked (decision 038: with ranks shared by every block,
  // e.g. 40 seats a rank in the demo stadium's category, that tripled the seats each statement
  // locked): the place breaks the tie, and the proof (BestReport.proven) accounts for it.
  const cut = sql`${waited}
    pool as (${poolRows(pool, limit, false, input.wait ? sql`and (select count(*) from waited) >= 0` : sql``, runs)}),
    last as (select rk, o from pool order by rk desc nulls last, o desc nulls last limit 1),
    cut as (select (select rk from last) as r, (select o from last) as o, count(*)::int as n,
      (count(*) filter (where rk is null or o is null))::int as unranked from pool)`;
  const seats = sql`${cut},
    isl as (select p.*, p.x - row_number() over (partition by p.b, p.r order by p.x) as g from pool p),
    win as (
      select i.b, i.r, i.x as st, i.o as so, lead(i.x, ${n1}::int) over w as en, greatest(i.rk, lead(i.rk, ${n1}::int) over w) - ${n1}::int as sc,
        min(i.x) over v as a, max(i.x) over v as z
      from isl i window w as (partition by i.b, i.r, i.g order by i.x), v as (partition by i.b, i.r, i.g)),
    edges as (select distinct b, r, a, z from win where en is not null),
    nb as (
      select e.b, e.r, e.a, ${freeNear(pool, sql`e.a - 1`)} as l1, ${freeNear(pool, sql`e.a - 2`)} as l2,
        ${freeNear(pool, sql`e.z + 1`)} as r1, ${freeNear(pool, sql`e.z + 2`)} as r2
      from edges e),
    scored as (
      select w.b, w.r, w.st, w.so, w.sc + ${orphan} * (
          case when w.st - w.a >= 2 then 0 when w.st - w.a = 1 then (not nb.l1)::int else (nb.l1 and not nb.l2)::int end
        + case when w.z - w.en >= 2 then 0 when w.z - w.en = 1 then (not nb.r1)::int else (nb.r1 and not nb.r2)::int end) as sc
      from win w join nb on nb.b = w.b and nb.r = w.r and nb.a = w.a
      where w.en is not null and w.sc is not null),
    -- Ties: the place of the window's first seat (block in the layout's order, row, seat).
    choice as (select b, r, st, so, sc from scored order by sc, so limit 1),
    ok as (select c.b, c.r, c.st from choice c, cut p where p.unranked = 0
      and (p.n < ${limit}::int or c.sc < p.r - ${n1}::int or (c.sc = p.r - ${n1}::int and c.so <= p.o - ${n1}::int))),
    want as (select p.event_date_id, p.seat_key, p.tc from pool p join ok c on p.b = c.b and p.r = c.r and p.x between c.st and c.st + ${n1}::int)${
      runs
        ? sql`,
    -- Seats alone among those locked whose neighbours are sold, season-sold, blocked or not there
    -- (the committed state) can only be sold alone until one of those is freed: marked, so that
    -- later searches for two or more leave them out. Locked by this statement, never in \`want\`
    -- (a data-modifying CTE runs whether or not it is read).
    alone as (select i.event_date_id, i.seat_key, i.b, i.r, i.x from (select isl.*, count(*) over (partition by isl.b, isl.r, isl.g) as n from isl) i where i.n = 1),
    lone as (
      update seat_inventory t set lone = true from alone i
      where t.event_date_id = i.event_date_id and t.seat_key = i.seat_key and not t.lone
        and ${takenForGood(pool, sql`i.x - 1`)} and ${takenForGood(pool, sql`i.x + 1`)}
      returning 1)`
        : sql``
    }`;
  const report = sql`(select row_to_json(x) from (
      select p.n as seen, p.r as cut, p.n as pooled, p.unranked, (select sc from choice) as best,
        exists (select 1 from ok) as proven from cut p) x) as best`;
  return holdWith(input, { seats, expected: input.quantity, report });
}

export async function runHoldBestStatement(db: DbOrTx, input: BestInput): Promise<BestResult> {
  const [row] = await txRows<Record<keyof BestResult, unknown>>(db, holdBestStatement(input));
  const best = parseJson(row!.best as BestReport);
  return { ...holdResultOf(row!), best: { ...best, seen: Number(best.seen), pooled: Number(best.pooled), unranked: Number(best.unranked) } };
}

/**
 * Best available when the pool holds no run of N at all (the statement above looked at every
 * free seat): one transaction locks the cart, then every free seat of the pool (SKIP LOCKED, or
 * waiting for others' locks in key order with `wait`), `choose` picks the group among them (the
 * pure rule's fallback, in parts), and the hold statement takes exactly those in the same
 * transaction, so the choice is still made under the locks. `result` is null when `choose` found
 * no group (fewer than N seats left).
 */
export async function holdChosen(
  db: Db,
  input: Omit<BestInput, "limit"> & { wait: boolean },
  choose: (free: string[]) => string[] | null,
): Promise<{ pooled: number; result: HoldStatementResult | null }> {
  return db.transaction(async (tx) => {
    const rows = await txRows<{ k: string }>(tx, sql`with lc as (${cartLock(input.cart)}), pool as (${poolRows(input.pool, undefined, input.wait)}) select seat_key as k from pool`);
    const group = choose(rows.map((r) => r.k));
    if (!group || group.length !== input.quantity) return { pooled: rows.length, result: null };
    const seats = group.map((key) => ({ key, tc: input.pool.tc, cat: input.pool.category }));
    return { pooled: rows.length, result: await runHoldStatement(tx, { ...input, seats }) };
  });
}

/**
 * Free seats of the pool in the committed state, locked by others or not: a buyer who found
 * fewer than N seats to lock waits for the holds in flight when this says more are free.
 * `lone`: only those marked alone for good (left out of searches for two or more).
 */
export async function countFree(db: Db, pool: BestPool, lone = false): Promise<number> {
  const [row] = await txRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from seat_inventory s where s.event_date_id = ${pool.dateId} ${lone ? sql`and s.lone` : sql``}
      ${pool.category === null ? sql`` : sql`and s.category_id = ${pool.category}`} and ${TAKEABLE}
      ${pool.restricted ? sql`and s.block_id = any(${pgArray(pool.blocks)}::text[])` : sql``}`,
  );
  return Number(row?.n ?? 0);
}
