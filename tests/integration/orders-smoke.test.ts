import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok } from "./helpers/events";
import { cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { seatsOf } from "./helpers/stadiums";
import { expectNoDrift } from "./helpers/inventory";

let t: TestApp;
let shop: ShopEvent;
beforeAll(async () => {
  t = await createTestApp();
  shop = await createShopEvent(t);
});
afterAll(async () => {
  // inventory:check after everything this file did (races and refusals included): no drift.
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

describe("orders smoke", () => {
  it("buys two seats with the test provider", async () => {
    const a = t.client();
    const tc = shop.category("a").id;
    const held = ok(await holdVia(a, { scopeId: shop.dateIds[0]!, seats: [{ key: "A:0:0", ticketCategoryId: tc }, { key: "A:0:1", ticketCategoryId: tc }] }));
    const cart = cartOf(held);
    const res = await a.trpc.orders.checkout.mutate({
      cart,
      idempotencyKey: "k".repeat(20),
      buyer: { firstName: "Bea", lastName: "Buyer", email: "bea@example.com" },
      tickets: [
        { ticketCategoryId: tc, seatKeys: ["A:0:0"] },
        { ticketCategoryId: tc, seatKeys: ["A:0:1"] },
      ],
      acceptTerms: true,
      locale: "en",
    });
    expect(res.status).toBe("pending");
    expect(res.redirectUrl).toMatch(/^\/test-payment\//);
    const paymentId = res.redirectUrl.split("/").pop()!;
    const paid = await a.trpc.orders.testDecide.mutate({ paymentId, outcome: "paid" });
    expect(paid.status).toBe("valid");
    const seats = await seatsOf(t.database.db, shop.eventId);
    expect(seats.filter((s) => s.status === "SOLD").map((s) => s.seatKey).sort()).toEqual(["A:0:0", "A:0:1"]);
    const quota = await t.database.rows<{ held: number; sold: number }>(
      sql`select held, sold from quota_inventory where scope_id = ${shop.dateIds[0]!} and counter_key = ${`ticket:${tc}`}`,
    );
    expect(quota.map((q) => [Number(q.held), Number(q.sold)])).toEqual([[0, 2]]);
    const next = decodeURIComponent(paid.redirectUrl.split("next=")[1]!);
    const key = new URLSearchParams(next.split("?")[1]).get("key")!;
    const view = await a.trpc.orders.view.query({ orderId: res.orderId, key });
    expect(view.status).toBe("valid");
    expect(view.lines).toHaveLength(2);
    const pdf = await a.request({ method: "GET", url: `/api/orders/${res.orderId}/tickets.pdf?key=${key}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });
});
