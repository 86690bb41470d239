import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomUUID } from "node:crypto";
import { txRows } from "../../server/db/sql";
import { blockSeats } from "../../server/modules/inventory/block";
import { type BestReport, runHoldBestStatement } from "../../server/modules/inventory/hold-best";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok, ticketCategory } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { buySeats, linesOf } from "./helpers/orders";
import { cartOf, createShopEvent, holdVia, seatsAs, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { attempt } from "./helpers/trpc";

/**
 * Seats alone for good (decision 031, `seat_inventory.lone`): best available of two or more marks
 * a free seat whose neighbours are sold, blocked or not there, leaves it out of later searches
 * (late in a sale such seats filled the best ranks, and every call looked through them), and a
 * cancellation or an unblock next to it brings it back. One block of 2 rows × 6 seats: row 0's
 * ranks are 5 3 1 1 3 5, row 1's 20 more.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

const TICKETS = [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1", dailyQuantity: 100 })];

async function lone(shop: ShopEvent): Promise<string[]> {
  const rows = await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${shop.dateIds[0]!} and lone order by 1`);
  return rows.map((r) => r.k);
}

async function bestFor(shop: ShopEvent, quantity: number) {
  const client = t.client();
  const res = ok(await attempt(client.trpc.shop.holdBest.mutate({ scopeId: shop.dateIds[0]!, cart: null, ticketCategoryId: shop.category("cat1").id, quantity })));
  if (res.status !== "held") throw new Error(res.status);
  return { client, cart: res.cart, seats: [...res.seats].sort() };
}

async function release(client: ReturnType<TestApp["client"]>, cart: { id: string; secret: string | null }) {
  ok(await attempt(client.trpc.shop.release.mutate({ cart: { id: cart.id, secret: cart.secret! }, seatKeys: [], counts: [], all: true })));
}

/** The statement's report for `quantity` seats reading up to 100, in a transaction rolled back. */
async function report(shop: ShopEvent, quantity: number): Promise<BestReport> {
  const dateId = shop.dateIds[0]!;
  const tc = shop.category("cat1").id;
  const rollback = new Error("rollback");
  let best: BestReport | null = null;
  await t.database.db
    .transaction(async (tx) => {
      const res = await runHoldBestStatement(tx, {
        scope: { kind: "date", dateIds: [dateId], scopeId: dateId, event: { id: shop.eventId } },
        cart: { id: randomUUID(), secretHash: createHash("sha256").update(randomUUID()).digest("hex"), ttlSeconds: 60, client: null },
        items: [],
        quota: new Map([[`ticket:${tc}`, quantity]]),
        area: new Map(),
        fast: false,
        pool: { dateId, tc, category: "cat1", blocks: ["G1"], restricted: false },
        quantity,
        limit: 100,
      });
      best = res.best;
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return best!;
}

describe("seats alone for good", () => {
  it("are marked by best available, left out of searches for two, and back once the sold seat next to one is cancelled", async () => {
    const shop = await createShopEvent(t, { layout: gridLayout(1, 2, 6), categories: TICKETS });
    const tc = shop.category("cat1").id;
    const sold = await buySeats(t, shop.dateIds[0]!, tc, ["G1:0:1"]);
    expect(await lone(shop)).toEqual([]);
    expect((await report(shop, 2)).seen).toBe(11);

    // Seat 0: the row's end on one side, a sold seat on the other.
    const first = await bestFor(shop, 2);
    expect(first.seats).toEqual(["G1:0:2", "G1:0:3"]);
    expect(await lone(shop)).toEqual(["G1:0:0"]);
    await release(first.client, first.cart);
    // Left out of a search for two (10 of the 11 free seats), still there for one.
    expect((await report(shop, 2)).seen).toBe(10);
    expect((await report(shop, 1)).seen).toBe(11);

    // The sold seat comes back: seat 0 can be sold with it again.
    const [line] = await linesOf(t.database, sold.orderId);
    ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: sold.orderId, lineIds: [line!.id] })));
    expect(await lone(shop)).toEqual([]);
    const other = t.client();
    const taken = cartOf(ok(await holdVia(other, { scopeId: shop.dateIds[0]!, seats: seatsAs(tc, ["G1:0:2", "G1:0:3", "G1:0:4", "G1:0:5"]) })));
    const again = await bestFor(shop, 2);
    expect(again.seats).toEqual(["G1:0:0", "G1:0:1"]);
    await release(again.client, again.cart);
    await release(other, taken);
  });

  it("are still sold as parts to a buyer of two when no two seats are left together", async () => {
    const shop = await createShopEvent(t, { layout: gridLayout(1, 1, 5), categories: TICKETS });
    await buySeats(t, shop.dateIds[0]!, shop.category("cat1").id, ["G1:0:1", "G1:0:3"]);
    const first = await bestFor(shop, 2);
    expect(first.seats).toHaveLength(2);
    expect(await lone(shop)).toEqual(["G1:0:0", "G1:0:2", "G1:0:4"]);
    await release(first.client, first.cart);
    // Every free seat is marked: the search for two finds none, the fallback in parts still sells them.
    const again = await bestFor(shop, 2);
    expect(again.seats).toEqual(first.seats);
    await release(again.client, again.cart);
  });

  it("are back once the blocked seat next to one is unblocked; a seat next to a free one is never marked", async () => {
    const shop = await createShopEvent(t, { layout: gridLayout(1, 2, 6), categories: TICKETS });
    const dateId = shop.dateIds[0]!;
    await t.database.db.transaction((tx) => blockSeats(tx, { eventDateId: dateId, seatKeys: ["G1:0:4"], blocked: true }));
    const first = await bestFor(shop, 2);
    expect(first.seats).toEqual(["G1:0:2", "G1:0:3"]);
    // Seat 5: blocked seat 4 and the row's end. Seats 0 and 1 are free together: not marked.
    expect(await lone(shop)).toEqual(["G1:0:5"]);
    await release(first.client, first.cart);
    await t.database.db.transaction((tx) => blockSeats(tx, { eventDateId: dateId, seatKeys: ["G1:0:4"], blocked: false }));
    expect(await lone(shop)).toEqual([]);
    const rows = await txRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from seat_inventory where event_date_id = ${dateId} and status <> 'FREE'`);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
