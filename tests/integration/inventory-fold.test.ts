import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../server/deps";
import { txRows } from "../../server/db/sql";
import { checkInventory } from "../../server/modules/inventory/check";
import { foldSales } from "../../server/modules/inventory/fold";
import { giveBack } from "../../server/modules/inventory/give-back";
import { lockCarts } from "../../server/modules/inventory/lock-order";
import { handlePaymentNews } from "../../server/modules/orders/settle";
import { createOrdersApp, type OrdersApp, placeSeatOrder } from "./helpers/orders";
import { blockKeys, countersOf, createShopEvent, eventOptions, seatDealer } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";

/**
 * Decision 035 item 9: a sale that sells exactly what its cart held leaves the category's counter
 * alone and marks its cart's ledger rows sold; the fold moves them from held to sold after the
 * commit. Until then the counter says held (held + sold is right at every moment), every
 * cancellation folds what it gives back, and inventory:check counts marked rows as held.
 */

let t: OrdersApp;
let dateId: string;
let tc: string;
/** The app's deps without the fold after a sale: the sale's rows stay marked. */
let unfolded: AppDeps;

const freshSeats = seatDealer(blockKeys("G1", 8, 10));

beforeAll(async () => {
  t = await createOrdersApp();
  const shop = await createShopEvent(t, { layout: gridLayout(1, 8, 10), options: eventOptions({ dailyAttendeeLimit: 1000 }) });
  dateId = shop.dateIds[0]!;
  tc = shop.category("cat1").id;
  unfolded = { ...t.deps, folds: { fold: async () => {} } as unknown as AppDeps["folds"] };
});
afterAll(async () => t.close());

const pay = (deps: AppDeps, orderId: string) =>
  handlePaymentNews(deps, { provider: "test", eventId: `fold:${randomUUID()}`, type: "fold.paid", orderId, outcome: "paid" });

async function marked(): Promise<{ key: string; quantity: number }[]> {
  const rows = await t.database.rows<{ key: string; quantity: number }>(sql`select counter_key as key, quantity from cart_counts where sold order by counter_key`);
  return rows.map((r) => ({ key: r.key, quantity: Number(r.quantity) }));
}

async function ticketCounter() {
  const { quota } = await countersOf(t.database, dateId);
  return { ticket: quota[`ticket:${tc}`]!, attendees: quota.attendees! };
}

/** A sold order's places given back (as a cancellation does): all its lines, or some. */
async function cancel(orderId: string, lineIds?: string[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const [order] = await txRows<{ cart_id: string }>(tx, sql`select cart_id::text from orders where id = ${orderId}`);
    await lockCarts(tx, [order!.cart_id]);
    await giveBack(tx, lineIds ? { lineIds } : { orderIds: [orderId] }, new Map());
    if (!lineIds) await tx.execute(sql`update orders set status = 'cancelled', cancelled_at = now() where id = ${orderId}`);
    await tx.execute(sql`update order_lines set status = 'canceled', cancelled_at = now() where order_id = ${orderId} ${lineIds ? sql`and id = any(${`{${lineIds.join(",")}}`}::uuid[])` : sql``}`);
  });
}

async function linesOf(orderId: string): Promise<string[]> {
  const rows = await t.database.rows<{ id: string }>(sql`select id::text from order_lines where order_id = ${orderId} order by id`);
  return rows.map((r) => r.id);
}

describe("the fold of a sale's counters", () => {
  it("a paid order's answer comes after its fold: held back to what others hold, sold up, nothing left marked", async () => {
    const before = await ticketCounter();
    const order = await placeSeatOrder(t, dateId, tc, freshSeats(2));
    expect((await ticketCounter()).ticket.held).toBe(before.ticket.held + 2);
    expect(await pay(t.deps, order.orderId)).toBe("handled");
    const after = await ticketCounter();
    expect(after.ticket).toMatchObject({ held: before.ticket.held, sold: before.ticket.sold + 2 });
    expect(after.attendees).toMatchObject({ held: before.attendees.held, sold: before.attendees.sold + 2 });
    expect(await marked()).toEqual([]);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("before the fold the sale's units are still held and its ledger rows marked; inventory:check agrees; the fold moves them once", async () => {
    const before = await ticketCounter();
    const order = await placeSeatOrder(t, dateId, tc, freshSeats(2));
    expect(await pay(unfolded, order.orderId)).toBe("handled");
    expect((await ticketCounter()).ticket).toMatchObject({ held: before.ticket.held + 2, sold: before.ticket.sold });
    expect(await marked()).toEqual([
      { key: "attendees", quantity: 2 },
      { key: `ticket:${tc}`, quantity: 2 },
    ]);
    expect(await checkInventory(t.database.db)).toEqual([]);
    expect(await foldSales(t.database.db, [dateId], new Map())).toBe(2);
    expect((await ticketCounter()).ticket).toMatchObject({ held: before.ticket.held, sold: before.ticket.sold + 2 });
    expect(await foldSales(t.database.db, null, new Map())).toBe(0);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("a cancellation before the fold gives back what the sale marked (held down, sold unchanged) and a later fold moves nothing", async () => {
    const before = await ticketCounter();
    const order = await placeSeatOrder(t, dateId, tc, freshSeats(2));
    await pay(unfolded, order.orderId);
    await cancel(order.orderId);
    expect(await ticketCounter()).toMatchObject({ ticket: { held: before.ticket.held, sold: before.ticket.sold }, attendees: { held: before.attendees.held, sold: before.attendees.sold } });
    expect(await marked()).toEqual([]);
    expect(await foldSales(t.database.db, null, new Map())).toBe(0);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("cancelling some tickets before the fold folds the rest: one of two tickets back, the other sold", async () => {
    const before = await ticketCounter();
    const order = await placeSeatOrder(t, dateId, tc, freshSeats(2));
    await pay(unfolded, order.orderId);
    await cancel(order.orderId, (await linesOf(order.orderId)).slice(0, 1));
    expect((await ticketCounter()).ticket).toMatchObject({ held: before.ticket.held, sold: before.ticket.sold + 1 });
    expect(await marked()).toEqual([]);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("on Postgres, a sale does not wait for the category's counter that another transaction holds", async () => {
    const order = await placeSeatOrder(t, dateId, tc, freshSeats(2));
    const blocker = t.database.pg!.reserve();
    const conn = await blocker;
    try {
      await conn`begin`;
      await conn`select 1 from quota_inventory where scope_id = ${dateId} for update`;
      const outcome = await Promise.race([
        pay(unfolded, order.orderId),
        new Promise((resolve) => setTimeout(() => resolve("waited"), 3000)),
      ]);
      expect(outcome).toBe("handled");
    } finally {
      await conn`rollback`;
      conn.release();
    }
    await foldSales(t.database.db, null, new Map());
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("on Postgres, sales, folds and cancellations running together leave the counters equal to the orders", async () => {
    const before = await ticketCounter();
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await placeSeatOrder(t, dateId, tc, freshSeats(2)));
    // Half sold already (unfolded), to be cancelled while the rest are sold and folded.
    for (const p of placed.slice(0, 6)) await pay(unfolded, p.orderId);
    const results = await Promise.allSettled([
      ...placed.slice(6).map((p) => pay(t.deps, p.orderId)),
      ...placed.slice(0, 3).map((p) => cancel(p.orderId)),
      ...placed.slice(3, 6).map(async (p) => cancel(p.orderId, (await linesOf(p.orderId)).slice(0, 1))),
      foldSales(t.database.db, null, new Map()),
      t.deps.folds.foldAll(),
      foldSales(t.database.db, [dateId], new Map()),
    ]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    await t.deps.folds.idle();
    await foldSales(t.database.db, null, new Map());
    // Sold: 6 orders of 2, and 3 orders with one ticket left.
    expect((await ticketCounter()).ticket).toMatchObject({ held: before.ticket.held, sold: before.ticket.sold + 12 + 3 });
    expect(await marked()).toEqual([]);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });
});
