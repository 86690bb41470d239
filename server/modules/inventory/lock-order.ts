import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { pgArray, txRows } from "../../db/sql";

/**
 * The one lock order of every path that writes inventory (docs/decisions/009): the cart (and
 * the order of that cart), then seats by (date, seat key), then quota counters by (scope, key),
 * then area counters by (date, area). Every statement of this module takes its row locks with
 * `lockRows`, so the order is written once.
 */

/** Tests only (the lock-order test): see `setLockTesting`. */
let pauseSeconds = 0;
let brokenSale = false;
let brokenDateChange = false;

export type LockTesting = {
  /** Sleep this long after each row a statement locks (cart, every seat, every counter). */
  pauseSeconds?: number;
  /** The control run: the sale locks its counters in reverse key order (as it did before decision 009), every one (also what its cart held exactly, which a sale leaves to the fold). */
  breakSaleOrder?: boolean;
  /** The control run of date changes: the old date's places go back first whatever the dates' ids. */
  breakDateChangeOrder?: boolean;
};

/**
 * Tests only: widens the window between lock steps so that paths running together interleave
 * at every step, and lets a control run break the order. Never set outside tests.
 */
export function setLockTesting(options: LockTesting | null): void {
  pauseSeconds = options?.pauseSeconds ?? 0;
  brokenSale = options?.breakSaleOrder ?? false;
  brokenDateChange = options?.breakDateChangeOrder ?? false;
}

/**
 * A date change gives back the old date's places and sells the new date's in two statements:
 * in date-id order (decision 009), so two changes in opposite directions never wait on each other
 * in a cycle. True when the old dates come first.
 */
export function oldDatesFirst(oldDateIds: readonly string[], newDateId: string): boolean {
  if (brokenDateChange) return true;
  return oldDateIds.every((d) => d < newDateId);
}

/** Whether the sale's counters go in reverse order (the control run of the lock-order test). */
export function isSaleOrderBroken(): boolean {
  return brokenSale;
}

/**
 * A locking select: `select` (without ORDER BY) locked row by row in `orderBy` order, at most
 * `limit` rows (with SKIP LOCKED: the first `limit` rows not locked by others). With the test
 * pause set, the statement sleeps after each row it locked (the OFFSET keeps the sleep above the
 * lock, where the rows arrive one at a time in order).
 */
export function lockRows(select: SQL, orderBy: SQL, lock: SQL, limit?: number): SQL {
  const limited = limit === undefined ? sql`` : sql` limit ${limit}`;
  if (pauseSeconds <= 0) return sql`${select} order by ${orderBy}${limited} ${lock}`;
  return sql`select * from (${select} order by ${orderBy}${limited} offset 0 ${lock}) paced where pg_sleep(${pauseSeconds})::text = ''`;
}

/** Locks carts (by id, in id order) in the caller's transaction: the first step of every path. */
export async function lockCarts(tx: DbOrTx, cartIds: readonly string[]): Promise<string[]> {
  if (cartIds.length === 0) return [];
  const rows = await txRows<{ id: string }>(
    tx,
    lockRows(sql`select id::text as id from carts where id = any(${pgArray(cartIds)}::uuid[])`, sql`id`, sql`for update`),
  );
  return rows.map((r) => r.id);
}
