import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { returnPlaces } from "../../server/modules/inventory/allocate";
import { checkInventory } from "../../server/modules/inventory/check";
import { lockCarts, setLockTesting } from "../../server/modules/inventory/lock-order";
import { txRows } from "../../server/db/sql";
import { handlePaymentNews } from "../../server/modules/orders/settle";
import { hold, holdBest, release, sweepExpiredCarts } from "../../server/modules/shop/holds";
import { ok } from "./helpers/events";
import { createOrdersApp, type OrdersApp, placeSeatOrder } from "./helpers/orders";
import { blockKeys, type Cart, cartOf, createShopEvent, eventOptions, expireCart, holdVia, seatDealer, seatsAs, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";

/**
 * Decision 009 (pretix-style lock-order test): every path that writes inventory locks the cart,
 * then seats by key, then counters by key (best available too, its seats chosen under SKIP
 * LOCKED). With a pause after every row a statement locks, the paths below interleave at every
 * lock step over the same two counters (the category quota and the attendee limit); any two of
 * them locking in different orders deadlock (Postgres aborts one with 40P01 after
 * deadlock_timeout). The control run breaks the order of the sale and must see that deadlock, so
 * this test can fail.
 */
const PAUSE_SECONDS = 0.03;

let t: OrdersApp;
let shop: ShopEvent;
let dateId: string;
let tc: string;

/** Seats not used by an earlier round: each round works on its own seats, over the same counters. */
const freshSeats = seatDealer(blockKeys("G1", 8, 10));

beforeAll(async () => {
  t = await createOrdersApp();
  // G1's seats are held by key; best available takes G2's (same counters).
  shop = await createShopEvent(t, { layout: gridLayout(2, 8, 10), options: eventOptions({ dailyAttendeeLimit: 1000 }) });
  dateId = shop.dateIds[0]!;
  tc = shop.category("cat1").id;
});
afterEach(() => setLockTesting(null));
afterAll(async () => t.close());

/** SQLSTATEs anywhere in an error's cause chain. */
function sqlStates(err: unknown): string[] {
  const out: string[] = [];
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string") out.push(e.code);
  }
  return out;
}

/** Runs every task at once; the errors they ended with. */
async function together(tasks: (() => Promise<unknown>)[]): Promise<unknown[]> {
  const results = await Promise.allSettled(tasks.map((task) => task()));
  return results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
}

const pay = (orderId: string) => () =>
  handlePaymentNews(t.deps, { provider: "test", eventId: `race:${randomUUID()}`, type: "race.paid", orderId, outcome: "paid" });

/** A buyer holding `n` fresh seats. */
async function holder(n: number): Promise<{ cart: Cart; keys: string[] }> {
  const keys = freshSeats(n);
  const cart = cartOf(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tc, keys) })));
  return { cart, keys };
}

/** A hold through the service (a database error reaches the test as it is, not as an HTTP 500). */
const holdSeats = (keys: string[], cart: Cart | null = null) => () =>
  hold(t.deps, { scopeId: dateId, access: undefined, cart, seats: seatsAs(tc, keys), counts: [] }).then((r) => {
    if (r.status !== "held") throw new Error(`hold of ${keys.join(",")} ended ${r.status}`);
  });

/** Best available of `n` seats in block G2 for a new buyer. */
const holdBestSeats = (n: number) => () =>
  holdBest(t.deps, { scopeId: dateId, cart: null, ticketCategoryId: tc, quantity: n, blockId: "G2" }).then((r) => {
    if (r.status !== "held") throw new Error(`best available of ${n} ended ${r.status}`);
  });

/** A sold order cancelled on its own (as an order change or a refund will): its places go back. */
async function cancelSoldOrder(orderId: string): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const [order] = await txRows<{ cart_id: string }>(tx, sql`select cart_id::text from orders where id = ${orderId}`);
    await lockCarts(tx, [order!.cart_id]);
    await tx.execute(sql`update orders set status = 'cancelled', cancelled_at = now() where id = ${orderId}`);
    await returnPlaces(tx, { orderIds: [orderId] }, new Map());
    await tx.execute(sql`update order_lines set status = 'canceled' where order_id = ${orderId}`);
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("one lock order: cart, seats by key, counters by key (Postgres)", () => {
  it("holds, releases, sales, sweeps and cancellations over the same counters end without a deadlock, an error or any drift", async () => {
    // Set up without pauses: orders waiting for their payment, sold orders, carts to release and to sweep.
    const pending = [];
    for (let i = 0; i < 4; i++) pending.push(await placeSeatOrder(t, dateId, tc, freshSeats(2)));
    const sold = [];
    for (let i = 0; i < 3; i++) {
      const order = await placeSeatOrder(t, dateId, tc, freshSeats(2));
      expect(await pay(order.orderId)()).toBe("handled");
      sold.push(order);
    }
    const releasing = [await holder(2), await holder(2), await holder(3)];
    const expired = [await holder(2), await holder(2)];
    for (const e of expired) await expireCart(t.database, e.cart.id);
    expect(await checkInventory(t.database.db)).toEqual([]);

    setLockTesting({ pauseSeconds: PAUSE_SECONDS });
    const started = Date.now();
    const errors = await together([
      ...pending.map((p) => pay(p.orderId)),
      ...sold.map((s) => () => cancelSoldOrder(s.orderId)),
      ...releasing.slice(0, 2).map((r) => () => release(t.deps, { cart: r.cart, seatKeys: [r.keys[0]!], counts: [], all: false })),
      () => release(t.deps, { cart: releasing[2]!.cart, seatKeys: [], counts: [], all: true }),
      () => sweepExpiredCarts(t.deps),
      // New buyers, one of them taking a seat of an expired cart while the sweeper frees it.
      ...[0, 1, 2].map(() => holdSeats(freshSeats(2))),
      holdSeats([expired[0]!.keys[0]!]),
      // A buyer adding to a cart whose other seat is being released.
      holdSeats(freshSeats(1), releasing[0]!.cart),
      // Buyers asking for the best seats.
      holdBestSeats(2),
      holdBestSeats(2),
      holdBestSeats(1),
    ]);
    setLockTesting(null);

    expect(errors.flatMap(sqlStates)).not.toContain("40P01");
    expect(errors).toEqual([]);
    // The pauses really stretched the run (every path waited on the others at its lock steps).
    expect(Date.now() - started).toBeGreaterThan(PAUSE_SECONDS * 1000 * 5);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("control: with the sale's counters locked in reverse order, the same kind of run deadlocks (the test can fail)", async () => {
    const pending = [];
    for (let i = 0; i < 4; i++) pending.push(await placeSeatOrder(t, dateId, tc, freshSeats(1)));
    setLockTesting({ pauseSeconds: 0.1, breakSaleOrder: true });
    const errors = await together([
      ...pending.map((p) => pay(p.orderId)),
      ...[0, 1, 2, 3].map(() => holdSeats(freshSeats(1))),
    ]);
    setLockTesting(null);
    expect(errors.flatMap(sqlStates)).toContain("40P01");
  });
});
