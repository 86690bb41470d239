import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { ok } from "./helpers/events";
import { cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { seatsOf } from "./helpers/stadiums";

let t: TestApp;
let shop: ShopEvent;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShopEvent(t);
});
afterAll(async () => t.close());

describe("shop smoke", () => {
  it("holds, refuses a second buyer, releases", async () => {
    const a = t.client();
    const b = t.client();
    const scope = ok(await a.query<{ categories: unknown[]; remaining: Record<string, number> }>("shop.scope", { scopeId: shop.dateIds[0] }));
    expect(scope.categories).toHaveLength(3);
    const tcA = shop.category("a").id;
    const first = ok(await holdVia(a, { scopeId: shop.dateIds[0]!, seats: [{ key: "A:0:0", ticketCategoryId: tcA }, { key: "A:0:1", ticketCategoryId: tcA }] }));
    expect(first.status).toBe("held");
    const cart = cartOf(first);
    const second = ok(await holdVia(b, { scopeId: shop.dateIds[0]!, seats: [{ key: "A:0:1", ticketCategoryId: tcA }, { key: "A:0:2", ticketCategoryId: tcA }] }));
    expect(second).toEqual({ status: "taken", taken: ["A:0:1"] });
    const seats = await seatsOf(t.database.db, shop.eventId);
    expect(seats.filter((s) => s.status === "PAYMENT_PENDING").map((s) => s.seatKey).sort()).toEqual(["A:0:0", "A:0:1"]);
    const cartView = ok(await a.query<{ seats: { key: string }[] }>("shop.cart", { cart }));
    expect(cartView.seats.map((s) => s.key)).toEqual(["A:0:0", "A:0:1"]);
    ok(await a.mutate("shop.release", { cart, seatKeys: ["A:0:1"] }));
    const again = ok(await holdVia(b, { scopeId: shop.dateIds[0]!, seats: [{ key: "A:0:1", ticketCategoryId: tcA }] }));
    expect(again.status).toBe("held");
    // Someone else's cart cannot be used.
    expect(appCodeOf(await b.mutate("shop.release", { cart: { id: cart.id, secret: "x".repeat(32) }, all: true }))).toBe("CART_NOT_FOUND");
    // Standing area by count.
    const tcC = shop.category("c").id;
    const standing = ok(await holdVia(a, { scopeId: shop.dateIds[0]!, cart, counts: [{ ticketCategoryId: tcC, areaId: "S", quantity: 3 }] }));
    expect(standing.status).toBe("held");
    const remaining = ok(await a.query<{ remaining: Record<string, number> }>("shop.scope", { scopeId: shop.dateIds[0] }));
    expect(remaining.remaining[tcC]).toBeGreaterThan(0);
    ok(await a.mutate("shop.release", { cart, all: true }));
  });
});
