import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok } from "./helpers/events";
import { checkoutInput, checkoutVia, keyOf, orderRow, seatTickets } from "./helpers/orders";
import { cartOf, createShopEvent, holdVia } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";

/** Issue 12 item 8: the checkout's idempotency key counts per cart, never across carts. */
let t: TestApp;
let dateId: string;
let tc: string;

beforeAll(async () => {
  t = await createTestApp();
  // One block G1 of 1 × 5 seats, "Ticket cat1" at 15.00.
  const shop = await createShopEvent(t, { layout: gridLayout(1, 1, 5) });
  dateId = shop.dateIds[0]!;
  tc = shop.category("cat1").id;
});
afterAll(async () => {
  await t?.close();
});

/** A buyer of their own holding `key`. */
async function buyerHolding(key: string) {
  const client = t.client();
  const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: [{ key, ticketCategoryId: tc }] })));
  return { client, cart, tickets: seatTickets(tc, [key]) };
}

describe("the checkout's idempotency key", () => {
  it("ignores another cart's key: that cart gets its own order and never sees the first one", async () => {
    const first = await buyerHolding("G1:0:0");
    const second = await buyerHolding("G1:0:1");
    const idempotencyKey = `idem-shared-${randomUUID()}`;

    const mine = ok(await checkoutVia(first.client, checkoutInput(first.cart, first.tickets, { idempotencyKey })));
    const theirs = ok(await checkoutVia(second.client, checkoutInput(second.cart, second.tickets, { idempotencyKey })));

    expect(theirs.orderId).not.toBe(mine.orderId);
    expect(theirs.status).toBe("pending");
    // Nothing of the first order travels to the second buyer: not its id, not its view link.
    expect(JSON.stringify(theirs)).not.toContain(mine.orderId);
    expect(JSON.stringify(theirs)).not.toContain(keyOf(t, mine.orderId));
    expect(await orderRow(t.database, theirs.orderId)).toMatchObject({ cart_id: second.cart.id, idempotency_key: idempotencyKey, status: "pending" });
    expect(await t.database.rows(sql`select id::text from orders where cart_id = ${first.cart.id}`)).toEqual([{ id: mine.orderId }]);

    // Each cart's own resubmit with that key still finds its own order.
    expect(ok(await checkoutVia(first.client, checkoutInput(first.cart, first.tickets, { idempotencyKey }))).orderId).toBe(mine.orderId);
    expect(ok(await checkoutVia(second.client, checkoutInput(second.cart, second.tickets, { idempotencyKey }))).orderId).toBe(theirs.orderId);
  });
});
