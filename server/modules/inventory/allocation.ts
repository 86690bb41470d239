import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { addCounterChanges, addSeatChanges, type Changes } from "./changes";
import { type HoldScope, type HoldStatementInput, runHoldStatement } from "./hold";
import { lockRows } from "./lock-order";
import { runReleaseStatement } from "./release";
import { HELD } from "./statuses";

/**
 * Reseller allocations (decision 022) are long-lived carts: the organiser's allocation is a hold
 * (inventory/hold.ts) into the reseller's allocation cart, a return is a release
 * (inventory/release.ts) or a give-back of the whole cart, and the sweeper gives back what is
 * unsold when the cart expires at its return time. A reseller's sale moves the places it sells
 * out of the allocation cart into a cart of the sale, in the sale's transaction, which the
 * order then completes like any counter sale (orders/settle.ts completeOrder).
 */

export type TransferInput = {
  scope: HoldScope;
  /** The allocation's cart and its secret's hash (the release statement checks it). */
  from: { cartId: string; secretHash: string };
  /** The sale's new cart: created by the hold statement, expiring with the sale's transaction in view. */
  to: { id: string; secretHash: string; ttlSeconds: number };
  seats: { key: string; tc: string; cat: string | null }[];
  /** Counted tickets by category and area ("" without a plan), and the seats each takes. */
  items: { tc: string; area: string; quantity: number; spt: number }[];
  quota: Map<string, number>;
  area: Map<string, number>;
};

export type TransferResult = "moved" | "not_allocated" | "counter_full";

/** Tests only (the control run of reseller-races.test.ts): see `setAllocationTesting`. */
let readThenWrite = false;

/**
 * Tests only: the control run. The sale reads what the allocation holds without its lock, waits
 * a moment, then moves what it asked for even when the allocation no longer holds it all (the
 * rest is taken from public sale), as a read-then-write implementation would. Never set outside tests.
 */
export function setAllocationTesting(options: { readThenWrite?: boolean } | null): void {
  readThenWrite = options?.readThenWrite ?? false;
}

/**
 * Moves seats and counted places from an allocation cart to a sale's cart, all or nothing, in
 * the caller's transaction. Lock order (decision 009): the allocation cart, then the seats by
 * (date, key), then every counter either step touches by key, then the two statements (which
 * find their rows locked already). "not_allocated": the allocation does not hold all of it (sold
 * meanwhile, returned, or never given); "counter_full": a ticket category's own limit is reached.
 * The caller rolls back on anything but "moved".
 */
export async function transferFromAllocation(tx: DbOrTx, input: TransferInput, changes: Changes): Promise<TransferResult> {
  const { scope, from } = input;
  const keys = input.seats.map((s) => s.key);
  if (readThenWrite) return controlTransfer(tx, input, changes);
  const [cart] = await txRows<{ ok: boolean }>(
    tx,
    lockRows(sql`select state = 'active' and expires_at > now() as ok from carts where id = ${from.cartId}`, sql`id`, sql`for update`),
  );
  if (!cart?.ok) return "not_allocated";
  const seats = await txRows<{ tc: string | null }>(
    tx,
    lockRows(
      sql`select s.ticket_category_id::text as tc from seat_inventory s
        where s.event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and s.seat_key = any(${pgArray(keys)}::text[])
          and s.hold_id = ${from.cartId} and s.status in ${HELD}`,
      sql`s.event_date_id, s.seat_key`,
      sql`for update of s`,
    ),
  );
  if (seats.length !== keys.length * scope.dateIds.length) return "not_allocated";
  // Every counter the release gives back to and the hold takes from, locked once in key order.
  const quotaKeys = new Set([...input.quota.keys(), "attendees", ...seats.flatMap((s) => (s.tc ? [`ticket:${s.tc}`] : []))]);
  for (const i of input.items) quotaKeys.add(`ticket:${i.tc}`);
  const areaIds = new Set([...input.area.keys(), ...input.items.flatMap((i) => (i.area ? [i.area] : []))]);
  await tx.execute(
    lockRows(
      sql`select q.counter_key from quota_inventory q where q.scope_id = ${scope.scopeId} and q.counter_key = any(${pgArray([...quotaKeys])}::text[])`,
      sql`q.counter_key`,
      sql`for update of q`,
    ),
  );
  if (areaIds.size > 0) {
    await tx.execute(
      lockRows(
        sql`select a.area_id from area_inventory a where a.event_date_id = ${scope.scopeId} and a.area_id = any(${pgArray([...areaIds])}::text[])`,
        sql`a.area_id`,
        sql`for update of a`,
      ),
    );
  }

  const released = await runReleaseStatement(tx, {
    scope,
    cartId: from.cartId,
    secretHash: from.secretHash,
    seatKeys: keys,
    counts: input.items,
    fast: false,
  });
  const given = new Map(released.given.map((g) => [`${g.tc}|${g.area}`, Number(g.n)]));
  const allGiven = input.items.every((i) => given.get(`${i.tc}|${i.area}`) === i.quantity);
  if (released.freed.length !== keys.length * scope.dateIds.length || !allGiven) return "not_allocated";

  const hold: HoldStatementInput = {
    scope,
    cart: { ...input.to, client: null },
    seats: input.seats,
    items: input.items.map((i) => ({ tc: i.tc, area: i.area, quantity: i.quantity })),
    quota: input.quota,
    area: input.area,
    fast: false,
  };
  const held = await runHoldStatement(tx, hold);
  if (!held.cart) return "counter_full";
  addSeatChanges(scope, held.won, changes);
  addCounterChanges(scope.scopeId, held.counters, changes);
  return "moved";
}

/** The control run's read-then-write transfer (tests only, `setAllocationTesting`). */
async function controlTransfer(tx: DbOrTx, input: TransferInput, changes: Changes): Promise<TransferResult> {
  const [read] = await txRows<{ n: number }>(tx, sql`select coalesce(sum(quantity), 0)::int as n from cart_items where cart_id = ${input.from.cartId}`);
  const wanted = input.items.reduce((n, i) => n + i.quantity, 0);
  if (Number(read?.n ?? 0) < wanted) return "not_allocated";
  await tx.execute(sql`select pg_sleep(0.05)`);
  await runReleaseStatement(tx, { scope: input.scope, cartId: input.from.cartId, secretHash: input.from.secretHash, seatKeys: [], counts: input.items, fast: false });
  const held = await runHoldStatement(tx, {
    scope: input.scope,
    cart: { ...input.to, client: null },
    seats: [],
    items: input.items.map((i) => ({ tc: i.tc, area: i.area, quantity: i.quantity })),
    quota: input.quota,
    area: input.area,
    fast: false,
  });
  if (!held.cart) return "counter_full";
  addCounterChanges(input.scope.scopeId, held.counters, changes);
  return "moved";
}

/** What an allocation cart holds now: its unsold seats and its counted places per category and area. */
export async function allocationHoldings(db: DbOrTx, cartIds: readonly string[]) {
  if (cartIds.length === 0) return new Map<string, { seats: string[]; items: { tc: string; area: string; quantity: number; name: string }[] }>();
  const [row] = await txRows<{ seats: unknown; items: unknown }>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('c', x.hold_id, 'k', x.seat_key) order by x.seat_key), '[]'::json)
        from (select distinct s.hold_id::text as hold_id, s.seat_key from seat_inventory s
              join carts c on c.id = s.hold_id and c.state = 'active' and c.expires_at > now()
              where s.hold_id = any(${pgArray([...cartIds])}::uuid[]) and s.status in ${HELD}) x) as seats,
      (select coalesce(json_agg(json_build_object('c', i.cart_id, 'tc', i.ticket_category_id, 'area', i.area_id, 'n', i.quantity, 'name', tc.name)), '[]'::json)
        from cart_items i left join ticket_categories tc on tc.id = i.ticket_category_id join carts c on c.id = i.cart_id and c.state = 'active' and c.expires_at > now()
        where i.cart_id = any(${pgArray([...cartIds])}::uuid[]) and i.quantity > 0) as items`,
  );
  const out = new Map<string, { seats: string[]; items: { tc: string; area: string; quantity: number; name: string }[] }>();
  const of = (c: string) => out.get(c) ?? (out.set(c, { seats: [], items: [] }), out.get(c)!);
  for (const s of parseJson(row!.seats as { c: string; k: string }[])) of(s.c).seats.push(s.k);
  for (const i of parseJson(row!.items as { c: string; tc: string; area: string; n: number; name: string | null }[])) {
    of(i.c).items.push({ tc: i.tc, area: i.area, quantity: Number(i.n), name: i.name ?? "" });
  }
  return out;
}
