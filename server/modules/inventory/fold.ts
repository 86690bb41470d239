import { type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, DbOrTx } from "../../db/client";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { addCounterChanges, type Changes, type CounterRow } from "./changes";
import { lockUnitCounters } from "./counters";
import { lockRows } from "./lock-order";

/**
 * The fold (decision 035 item 9): a sale that sells exactly what its cart held leaves the
 * category's counter alone — held + sold does not change, so there is no capacity to check — and
 * marks its cart's ledger rows `sold` (./sell.ts). The fold moves such rows from `held` to
 * `sold` and deletes them, for every sale of a scope since the last fold in one statement: one
 * lock of each counter per fold instead of one per sale, held for one statement without waiting
 * for a disk flush (a fold lost in a crash is done again: the rows are still there).
 *
 * Lock order: the marked ledger rows (SKIP LOCKED: rows a cancellation is giving back, or
 * another fold is moving, are left to it), then quota counters by (scope, key), then area
 * counters by (date, area). A cancellation (./give-back.ts) locks the marked rows of its orders'
 * carts before its seats and counters, so the two never wait on each other in a cycle.
 */
export function foldStatement(scopeIds: string[] | null, fast: boolean): SQL {
  return sql`with settings as (select ${fast ? sql`set_config('synchronous_commit', 'off', true)` : sql`''`} as v),
    marked as (${lockRows(
      sql`select n.cart_id, n.counter_key, n.quantity, c.scope_id from cart_counts n join carts c on c.id = n.cart_id
        where n.sold ${scopeIds ? sql`and c.scope_id = any(${pgArray(scopeIds)}::uuid[])` : sql``} and (select v from settings) is not null`,
      sql`n.cart_id, n.counter_key`,
      sql`for update of n skip locked`,
    )}),
    units as (select scope_id as scope, counter_key as k, sum(quantity)::int as n from marked group by 1, 2),
    ${lockUnitCounters(sql`true`)},
    gone as (
      delete from cart_counts n using marked m where n.cart_id = m.cart_id and n.counter_key = m.counter_key and (select count(*) from la) >= 0
      returning 1),
    uq as (
      -- Never below zero: a counter that drifted is reported by inventory:check, not made worse.
      update quota_inventory q set held = greatest(q.held - u.n, 0), sold = q.sold + u.n, version = q.version + 1
      from units u where u.scope = q.scope_id and u.k = q.counter_key and (select count(*) from la) >= 0
      returning q.scope_id::text as scope, q.counter_key as k, q.capacity as cap, q.held, q.sold, q.version as v),
    ua as (
      update area_inventory a set held = greatest(a.held - u.n, 0), sold = a.sold + u.n, version = a.version + 1
      from units u where u.scope = a.event_date_id and u.k = 'area:' || a.area_id and (select count(*) from la) >= 0
      returning a.event_date_id::text as scope, 'area:' || a.area_id as k, a.capacity as cap, a.held, a.sold, a.version as v)
    select (select count(*) from gone)::int as moved,
      (select coalesce(json_agg(m), '[]'::json) from (select * from uq union all select * from ua) m) as counters`;
}

/**
 * Folds the marked rows of some scopes (null: all) in the caller's transaction or on its own;
 * the counters' changes are noted in `changes`. Returns the number of ledger rows moved.
 */
export async function foldSales(db: DbOrTx, scopeIds: string[] | null, changes: Changes, fast = false): Promise<number> {
  const [row] = await txRows<{ moved: number; counters: unknown }>(db, foldStatement(scopeIds, fast));
  const counters = parseJson((row?.counters ?? []) as (CounterRow & { scope: string })[]);
  for (const scope of new Set(counters.map((c) => c.scope))) addCounterChanges(scope, counters.filter((c) => c.scope === scope), changes);
  return Number(row?.moved ?? 0);
}

type Run = { running: Promise<void>; waiting: { promise: Promise<void>; resolve: () => void } | null };

/**
 * Runs the fold after sales commit, per scope and instance one at a time: a sale that arrives
 * while a fold runs waits for the next one, which covers every sale committed by then, so under
 * load one fold serves many sales. `fold` resolves once a fold that sees the caller's committed
 * sale has finished (or failed: the rows wait for the next fold, or the sweeper's).
 */
export class CounterFold {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly announce: (changes: Changes) => void,
  ) {}

  fold(scopeId: string): Promise<void> {
    const run = this.runs.get(scopeId);
    if (run) {
      if (!run.waiting) {
        let resolve = () => {};
        const promise = new Promise<void>((r) => (resolve = r));
        run.waiting = { promise, resolve };
      }
      return run.waiting.promise;
    }
    const fresh: Run = { running: Promise.resolve(), waiting: null };
    this.runs.set(scopeId, fresh);
    this.start(scopeId, fresh);
    return fresh.running;
  }

  /** Folds every scope's marked rows (the sweeper's tick: rows a crashed instance left behind). */
  async foldAll(): Promise<number> {
    return this.once(null);
  }

  /** Resolves when no fold is running or due (tests; shutting down). */
  async idle(): Promise<void> {
    while (this.runs.size > 0) await Promise.all([...this.runs.values()].map((r) => r.waiting?.promise ?? r.running));
  }

  private start(scopeId: string, run: Run): void {
    run.running = this.once([scopeId]).then(() => {
      const waiting = run.waiting;
      if (!waiting) {
        this.runs.delete(scopeId);
        return;
      }
      run.waiting = null;
      this.start(scopeId, run);
      void run.running.then(waiting.resolve);
    });
  }

  private async once(scopeIds: string[] | null): Promise<number> {
    const changes: Changes = new Map();
    try {
      const moved = await foldSales(this.database.db, scopeIds, changes, this.database.kind === "postgres");
      this.announce(changes);
      return moved;
    } catch (err) {
      this.log.error({ err, scopeIds }, "counter fold failed");
      return 0;
    }
  }
}
