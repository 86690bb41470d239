import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../server/deps";
import { sweepExpiredCarts } from "../../server/modules/shop/holds";
import { MAX_SEATS_PER_HOLD } from "../../shared/schemas/shop";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { createTestDeps } from "./helpers/config";
import { localDateInDays, oneDaySchedule, ok, ticketCategory, validEventStep1 } from "./helpers/events";
import {
  blockKeys,
  type Cart,
  cartOf,
  cartRow,
  countersOf,
  createShopEvent,
  expireCart,
  holdVia,
  seatRows,
  seatsAs,
  shopState,
  type ShopEvent,
} from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { expectNoDrift } from "./helpers/inventory";
import { attempt } from "./helpers/trpc";

let t: TestApp;
/** The deps the sweeper job runs with (its own bus; the job is not started in tests). */
let jobDeps: AppDeps;

beforeAll(async () => {
  t = await createTestApp();
  jobDeps = createTestDeps(t.database);
});
afterAll(async () => {
  await jobDeps.bus.stop();
  // inventory:check after everything this file did: no drift.
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

/** The small plan: A (category a, row 2 in c), B (category b), standing area S (category c, 30 a day). */
async function smallShop(): Promise<ShopEvent & { dateId: string; a: string; b: string; c: string }> {
  const shop = await createShopEvent(t);
  return { ...shop, dateId: shop.dateIds[0]!, a: shop.category("a").id, b: shop.category("b").id, c: shop.category("c").id };
}

async function held(shop: { dateId: string }) {
  return (await seatRows(t.database, [shop.dateId])).map((r) => ({ key: r.key, status: r.status, holdId: r.holdId }));
}

describe("expiry and the sweeper", () => {
  it("an expired hold can be taken at once; the sweeper then ends the cart, frees the rest and gives back its counters", async () => {
    const shop = await smallShop();
    const first = t.client();
    const other = t.client();
    const cart = cartOf(
      ok(
        await holdVia(first, {
          scopeId: shop.dateId,
          seats: seatsAs(shop.a, ["A:0:0", "A:0:1"]),
          counts: [{ ticketCategoryId: shop.c, areaId: "S", quantity: 2 }],
        }),
      ),
    );
    expect(await countersOf(t.database, shop.dateId)).toMatchObject({
      quota: { [`ticket:${shop.a}`]: { held: 2 }, [`ticket:${shop.c}`]: { held: 2 } },
      areas: { S: { held: 2, capacity: 30 } },
    });
    // While the hold lasts the seat is not to be had.
    expect(ok(await holdVia(other, { scopeId: shop.dateId, seats: seatsAs(shop.a, ["A:0:0"]) }))).toEqual({ status: "taken", taken: ["A:0:0"] });

    await expireCart(t.database, cart.id);
    const taken = ok(await holdVia(other, { scopeId: shop.dateId, seats: seatsAs(shop.a, ["A:0:0"]) }));
    expect(taken.status).toBe("held");
    const otherCart = cartOf(taken);
    // The sweeper has not run: the old cart is still "active" in the table, its other seat still marked.
    expect((await cartRow(t.database, cart.id))?.state).toBe("active");
    expect(await held(shop)).toEqual([
      { key: "A:0:0", status: "PAYMENT_PENDING", holdId: otherCart.id },
      { key: "A:0:1", status: "PAYMENT_PENDING", holdId: cart.id },
    ]);
    // The expired cart itself can no longer be used.
    expect(appCodeOf(await holdVia(first, { scopeId: shop.dateId, cart, seats: seatsAs(shop.a, ["A:0:2"]) }))).toBe("CART_EXPIRED");
    expect(appCodeOf(await attempt(first.trpc.shop.extend.mutate({ cart })))).toBe("CART_EXPIRED");
    expect(appCodeOf(await attempt(first.trpc.shop.release.mutate({ cart, seatKeys: ["A:0:1"] })))).toBe("CART_EXPIRED");
    expect(await first.trpc.shop.cart.query({ cart })).toMatchObject({ state: "expired", seats: [], items: [] });

    expect(await sweepExpiredCarts(jobDeps)).toBe(1);
    expect((await cartRow(t.database, cart.id))?.state).toBe("expired");
    // The seat another buyer took stays theirs; the rest is free.
    expect(await held(shop)).toEqual([{ key: "A:0:0", status: "PAYMENT_PENDING", holdId: otherCart.id }]);
    expect(await countersOf(t.database, shop.dateId)).toMatchObject({
      quota: { [`ticket:${shop.a}`]: { held: 1 }, [`ticket:${shop.c}`]: { held: 0 } },
      areas: { S: { held: 0 } },
    });
    const [items] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from cart_items where cart_id = ${cart.id}`);
    expect(Number(items!.n)).toBe(0);
    // Sweeping again finds nothing.
    expect(await sweepExpiredCarts(jobDeps)).toBe(0);

    // The other buyer's cart expires too: everything is back to zero.
    await expireCart(t.database, otherCart.id);
    expect(await sweepExpiredCarts(jobDeps)).toBe(1);
    expect(await held(shop)).toEqual([]);
    const counters = await countersOf(t.database, shop.dateId);
    expect(Object.values(counters.quota).every((c) => c.held === 0)).toBe(true);
    expect(Object.values(counters.areas).every((c) => c.held === 0)).toBe(true);
    const [ledger] = await t.database.rows<{ n: number }>(sql`select coalesce(sum(quantity), 0)::int as n from cart_counts where cart_id in (${cart.id}, ${otherCart.id})`);
    expect(Number(ledger!.n)).toBe(0);
  });
});

describe("extending a hold", () => {
  it("moves expires_at and held_until forward once; a second extension is HOLD_ALREADY_EXTENDED", async () => {
    const shop = await smallShop();
    const buyer = t.client();
    const first = ok(await holdVia(buyer, { scopeId: shop.dateId, seats: seatsAs(shop.b, ["B:1:1", "B:1:2"]) }));
    const cart = cartOf(first);
    if (first.status !== "held") throw new Error("not held");
    expect(first.cart.extended).toBe(false);
    expect(first.cart.expiresAt.getTime()).toBeGreaterThan(Date.now() + (t.config.HOLD_TTL_SECONDS - 60) * 1000);
    // Most of the hold time has passed.
    await t.database.rows(sql`update carts set expires_at = now() + interval '30 seconds' where id = ${cart.id} returning id`);
    await t.database.rows(sql`update seat_inventory set held_until = now() + interval '30 seconds' where hold_id = ${cart.id} returning seat_key`);

    const before = Date.now();
    const extended = await buyer.trpc.shop.extend.mutate({ cart });
    expect(extended).toMatchObject({ id: cart.id, extended: true, secret: null });
    expect(extended.expiresAt.getTime()).toBeGreaterThanOrEqual(before + (t.config.HOLD_TTL_SECONDS - 5) * 1000);
    const row = await cartRow(t.database, cart.id);
    expect(row).toMatchObject({ extended: true, state: "active" });
    expect(row!.expiresAt.getTime()).toBe(extended.expiresAt.getTime());
    const seats = await seatRows(t.database, [shop.dateId]);
    expect(seats.map((s) => s.key)).toEqual(["B:1:1", "B:1:2"]);
    for (const s of seats) expect(s.heldUntil?.getTime()).toBe(extended.expiresAt.getTime());

    const stateBefore = await shopState(t.database, shop.eventId);
    expect(appCodeOf(await attempt(buyer.trpc.shop.extend.mutate({ cart })))).toBe("HOLD_ALREADY_EXTENDED");
    expect(await shopState(t.database, shop.eventId)).toEqual(stateBefore);
    expect(await buyer.trpc.shop.cart.query({ cart })).toMatchObject({ extended: true, state: "active" });

    // Seats added after the extension last as long as the cart.
    ok(await holdVia(buyer, { scopeId: shop.dateId, cart, seats: seatsAs(shop.b, ["B:1:3"]) }));
    const [added] = (await seatRows(t.database, [shop.dateId])).filter((s) => s.key === "B:1:3");
    expect(added!.heldUntil?.getTime()).toBe(extended.expiresAt.getTime());
  });
});

describe("deselecting and releasing", () => {
  it("releasing one seat frees it and gives back its quota; other buyers' seats are never touched; release all ends the cart", async () => {
    const shop = await smallShop();
    const buyer = t.client();
    const neighbour = t.client();
    const cart = cartOf(
      ok(
        await holdVia(buyer, {
          scopeId: shop.dateId,
          seats: seatsAs(shop.a, ["A:0:0", "A:0:1", "A:0:2"]),
          counts: [{ ticketCategoryId: shop.c, areaId: "S", quantity: 3 }],
        }),
      ),
    );
    const theirs = cartOf(ok(await holdVia(neighbour, { scopeId: shop.dateId, seats: seatsAs(shop.a, ["A:1:0"]) })));
    expect((await countersOf(t.database, shop.dateId)).quota[`ticket:${shop.a}`]?.held).toBe(4);

    expect(await buyer.trpc.shop.release.mutate({ cart, seatKeys: ["A:0:1"] })).toEqual({ released: ["A:0:1"] });
    expect(await held(shop)).toEqual([
      { key: "A:0:0", status: "PAYMENT_PENDING", holdId: cart.id },
      { key: "A:0:2", status: "PAYMENT_PENDING", holdId: cart.id },
      { key: "A:1:0", status: "PAYMENT_PENDING", holdId: theirs.id },
    ]);
    expect(await countersOf(t.database, shop.dateId)).toMatchObject({
      quota: { [`ticket:${shop.a}`]: { held: 3 }, [`ticket:${shop.c}`]: { held: 3 } },
      areas: { S: { held: 3 } },
    });

    // Naming the neighbour's seat, or a seat already given back, releases nothing and gives back nothing.
    const before = await shopState(t.database, shop.eventId);
    expect(await buyer.trpc.shop.release.mutate({ cart, seatKeys: ["A:1:0", "A:0:1"] })).toEqual({ released: [] });
    expect(await shopState(t.database, shop.eventId)).toEqual(before);

    // Standing places: one back; asking for more than the cart holds gives back only what it holds.
    await buyer.trpc.shop.release.mutate({ cart, counts: [{ ticketCategoryId: shop.c, areaId: "S", quantity: 1 }] });
    expect(await countersOf(t.database, shop.dateId)).toMatchObject({ quota: { [`ticket:${shop.c}`]: { held: 2 } }, areas: { S: { held: 2 } } });
    await buyer.trpc.shop.release.mutate({ cart, counts: [{ ticketCategoryId: shop.c, areaId: "S", quantity: 50 }] });
    expect(await countersOf(t.database, shop.dateId)).toMatchObject({ quota: { [`ticket:${shop.c}`]: { held: 0 } }, areas: { S: { held: 0 } } });
    expect((await buyer.trpc.shop.cart.query({ cart })).items).toEqual([]);

    // A released seat is free for the next buyer.
    expect(ok(await holdVia(t.client(), { scopeId: shop.dateId, seats: seatsAs(shop.a, ["A:0:1"]) })).status).toBe("held");

    expect(await buyer.trpc.shop.release.mutate({ cart, all: true })).toEqual({ released: ["A:0:0", "A:0:2"] });
    expect((await cartRow(t.database, cart.id))?.state).toBe("released");
    expect((await held(shop)).map((s) => s.key)).toEqual(["A:0:1", "A:1:0"]);
    expect((await countersOf(t.database, shop.dateId)).quota[`ticket:${shop.a}`]?.held).toBe(2);
    // A released cart is finished.
    expect(appCodeOf(await holdVia(buyer, { scopeId: shop.dateId, cart, seats: seatsAs(shop.a, ["A:0:0"]) }))).toBe("CART_EXPIRED");
    expect(await buyer.trpc.shop.cart.query({ cart })).toMatchObject({ state: "released", seats: [], items: [] });
  });
});

describe("counted places", () => {
  it("a standing area never takes more than its capacity (sold_out, counters unchanged)", async () => {
    const shop = await smallShop();
    const area = (q: number) => [{ ticketCategoryId: shop.c, areaId: "S", quantity: q }];
    expect(ok(await holdVia(t.client(), { scopeId: shop.dateId, counts: area(20) })).status).toBe("held");
    const before = await shopState(t.database, shop.eventId);
    // 20 + 11 > 30: nothing of it is held.
    expect(ok(await holdVia(t.client(), { scopeId: shop.dateId, counts: area(11) }))).toEqual({ status: "sold_out", ticketCategoryIds: [shop.c] });
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    expect(ok(await holdVia(t.client(), { scopeId: shop.dateId, counts: area(10) })).status).toBe("held");
    expect((await countersOf(t.database, shop.dateId)).areas.S).toEqual({ capacity: 30, held: 30, sold: 0 });
    const full = await shopState(t.database, shop.eventId);
    expect(ok(await holdVia(t.client(), { scopeId: shop.dateId, counts: area(1) }))).toEqual({ status: "sold_out", ticketCategoryIds: [shop.c] });
    expect(await shopState(t.database, shop.eventId)).toEqual(full);
    // Seats of the same category are not counted against the area.
    expect(ok(await holdVia(t.client(), { scopeId: shop.dateId, seats: seatsAs(shop.c, ["A:2:0"]) })).status).toBe("held");
    expect((await countersOf(t.database, shop.dateId)).areas.S?.held).toBe(30);
  });

  it("an event without a plan sells by count against the daily quantity", async () => {
    const shop = await createShopEvent(t, { layout: null, categories: [ticketCategory("a", { name: "Ticket a", dailyQuantity: 5 })] });
    const dateId = shop.dateIds[0]!;
    const tc = shop.category("a").id;
    const count = (q: number) => [{ ticketCategoryId: tc, areaId: null, quantity: q }];
    const one = t.client();
    const cart = cartOf(ok(await holdVia(one, { scopeId: dateId, counts: count(3) })));
    const before = await shopState(t.database, shop.eventId);
    expect(ok(await holdVia(t.client(), { scopeId: dateId, counts: count(3) }))).toEqual({ status: "sold_out", ticketCategoryIds: [tc] });
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    expect(ok(await holdVia(t.client(), { scopeId: dateId, counts: count(2) })).status).toBe("held");
    expect((await countersOf(t.database, dateId)).quota[`ticket:${tc}`]).toEqual({ capacity: 5, held: 5, sold: 0 });
    expect(ok(await holdVia(t.client(), { scopeId: dateId, counts: count(1) })).status).toBe("sold_out");
    // Adding to the same cart counts too; a place given back is for sale again.
    expect(ok(await holdVia(one, { scopeId: dateId, cart, counts: count(1) })).status).toBe("sold_out");
    await one.trpc.shop.release.mutate({ cart, counts: [{ ticketCategoryId: tc, areaId: null, quantity: 1 }] });
    expect(ok(await holdVia(t.client(), { scopeId: dateId, counts: count(1) })).status).toBe("held");
    expect((await one.trpc.shop.cart.query({ cart })).items).toEqual([{ ticketCategoryId: tc, areaId: null, quantity: 2 }]);
    // No plan: no seats, no areas.
    expect(appCodeOf(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tc, ["A:0:0"]) }))).toBe("SEAT_NOT_FOUND");
    expect(appCodeOf(await holdVia(t.client(), { scopeId: dateId, counts: [{ ticketCategoryId: tc, areaId: "S", quantity: 1 }] }))).toBe("NOT_FOUND");
  });
});

describe("whose cart", () => {
  let shop: ShopEvent;
  let owner: ReturnType<TestApp["client"]>;
  let cart: Cart;

  beforeAll(async () => {
    const schedule = oneDaySchedule(localDateInDays(30), { additionalDates: [{ date: localDateInDays(31), start: "19:00", end: "22:00" }] });
    shop = await createShopEvent(t, { step1: validEventStep1({ schedule }) });
    owner = t.client();
    cart = cartOf(ok(await holdVia(owner, { scopeId: shop.dateIds[0]!, seats: seatsAs(shop.category("a").id, ["A:0:0"]) })));
  });

  it("a cart cannot be used for another date (CART_NOT_FOUND, nothing held there)", async () => {
    expect(shop.dateIds).toHaveLength(2);
    // The buyer opened the other date's page (which sets up its counters).
    await owner.trpc.shop.scope.query({ scopeId: shop.dateIds[1]! });
    const before = await shopState(t.database, shop.eventId);
    const res = await holdVia(owner, { scopeId: shop.dateIds[1]!, cart, seats: seatsAs(shop.category("a").id, ["A:0:1"]) });
    expect(appCodeOf(res)).toBe("CART_NOT_FOUND");
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    expect(await seatRows(t.database, [shop.dateIds[1]!])).toEqual([]);
  });

  it("someone else's cart, a wrong secret or an unknown cart id is refused (CART_NOT_FOUND)", async () => {
    const stranger = t.client();
    const before = await shopState(t.database, shop.eventId);
    const forged = [
      { id: cart.id, secret: "x".repeat(32) },
      { id: cart.id, secret: `${cart.secret.slice(0, -1)}${cart.secret.endsWith("A") ? "B" : "A"}` },
      { id: randomUUID(), secret: cart.secret },
    ];
    for (const bad of forged) {
      expect(appCodeOf(await holdVia(stranger, { scopeId: shop.dateIds[0]!, cart: bad, seats: seatsAs(shop.category("a").id, ["A:0:1"]) }))).toBe("CART_NOT_FOUND");
      expect(appCodeOf(await attempt(stranger.trpc.shop.release.mutate({ cart: bad, all: true })))).toBe("CART_NOT_FOUND");
      expect(appCodeOf(await attempt(stranger.trpc.shop.release.mutate({ cart: bad, seatKeys: ["A:0:0"] })))).toBe("CART_NOT_FOUND");
      expect(appCodeOf(await attempt(stranger.trpc.shop.extend.mutate({ cart: bad })))).toBe("CART_NOT_FOUND");
      expect(appCodeOf(await attempt(stranger.trpc.shop.cart.query({ cart: bad })))).toBe("CART_NOT_FOUND");
    }
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    // The real owner still has it.
    expect((await owner.trpc.shop.cart.query({ cart })).seats.map((s) => s.key)).toEqual(["A:0:0"]);
  });
});

describe("bad input", () => {
  it("is refused with nothing changed", async () => {
    const shop = await smallShop();
    const other = await createShopEvent(t, { layout: gridLayout(1, 2, 2) });
    const buyer = t.client();
    const cart = cartOf(ok(await holdVia(buyer, { scopeId: shop.dateId, seats: seatsAs(shop.a, ["A:0:0"]) })));
    const expired = cartOf(ok(await holdVia(t.client(), { scopeId: shop.dateId, seats: seatsAs(shop.b, ["B:1:1"]) })));
    await expireCart(t.database, expired.id);

    const seat = (key: string, ticketCategoryId = shop.a) => [{ key, ticketCategoryId }];
    const cases: [name: string, input: Omit<Parameters<typeof holdVia>[1], "scopeId">, code: string][] = [
      ["unknown block", { seats: seat("Z:0:0") }, "SEAT_NOT_FOUND"],
      ["a block of another event", { seats: seat("G1:0:0") }, "SEAT_NOT_FOUND"],
      ["a standing area as a seat", { seats: seat("S:0:0", shop.c) }, "SEAT_NOT_FOUND"],
      ["a seat the block does not have", { seats: seat("A:9:9") }, "SEAT_NOT_FOUND"],
      ["a deactivated seat", { seats: seat("B:0:0", shop.b) }, "SEAT_NOT_FOUND"],
      ["a seat of another seating category", { seats: seat("B:1:0", shop.a) }, "TICKET_NOT_SELECTABLE"],
      ["a known seat with an unknown one", { cart, seats: [...seat("A:0:1"), ...seat("Z:0:0")] }, "SEAT_NOT_FOUND"],
      ["too many seats", { seats: seatsAs(shop.a, blockKeys("A", Math.ceil((MAX_SEATS_PER_HOLD + 1) / 10), 10).slice(0, MAX_SEATS_PER_HOLD + 1)) }, "VALIDATION"],
      ["duplicate keys", { seats: [...seat("A:0:1"), ...seat("A:0:1")] }, "VALIDATION"],
      ["a malformed key", { seats: seat("A-0-1") }, "VALIDATION"],
      ["a key without a seat", { seats: seat("A:0") }, "VALIDATION"],
      ["a key with an injection", { seats: seat("A:0:1'; drop table carts; --") }, "VALIDATION"],
      ["nothing at all", {}, "VALIDATION"],
      ["a ticket category of another event", { seats: seat("A:0:1", other.category("cat1").id) }, "NOT_FOUND"],
      ["an unknown ticket category", { seats: seat("A:0:1", randomUUID()) }, "NOT_FOUND"],
      ["counts in a seated block", { counts: [{ ticketCategoryId: shop.c, areaId: "A", quantity: 1 }] }, "NOT_FOUND"],
      ["counts without an area on a plan", { counts: [{ ticketCategoryId: shop.c, areaId: null, quantity: 1 }] }, "NOT_FOUND"],
      ["counts of another seating category", { counts: [{ ticketCategoryId: shop.a, areaId: "S", quantity: 1 }] }, "TICKET_NOT_SELECTABLE"],
      ["a count of zero", { counts: [{ ticketCategoryId: shop.c, areaId: "S", quantity: 0 }] }, "VALIDATION"],
      ["an expired cart", { cart: expired, seats: seat("A:0:1") }, "CART_EXPIRED"],
    ];
    const before = await shopState(t.database, shop.eventId);
    const otherBefore = await shopState(t.database, other.eventId);
    for (const [name, input, code] of cases) {
      const res = await holdVia(buyer, { scopeId: shop.dateId, ...input });
      expect(res.error ? appCodeOf(res) : res.data, name).toBe(code);
    }
    expect(appCodeOf(await holdVia(buyer, { scopeId: randomUUID(), seats: seat("A:0:1") }))).toBe("NOT_FOUND");
    expect(appCodeOf(await holdVia(buyer, { scopeId: "not-a-uuid", seats: seat("A:0:1") }))).toBe("VALIDATION");
    expect(appCodeOf(await attempt(buyer.trpc.shop.release.mutate({ cart, seatKeys: ["A:0"] })))).toBe("VALIDATION");
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    expect(await shopState(t.database, other.eventId)).toEqual(otherBefore);
  });
});

describe("reloading the page", () => {
  it("shop.cart returns the held seats (with their labels) and counted places", async () => {
    const shop = await smallShop();
    const buyer = t.client();
    const first = ok(
      await holdVia(buyer, {
        scopeId: shop.dateId,
        seats: [...seatsAs(shop.a, ["A:0:1", "A:0:0"]), ...seatsAs(shop.c, ["A:2:3"])],
        counts: [{ ticketCategoryId: shop.c, areaId: "S", quantity: 2 }],
      }),
    );
    const cart = cartOf(first);
    ok(await holdVia(buyer, { scopeId: shop.dateId, cart, counts: [{ ticketCategoryId: shop.c, areaId: "S", quantity: 1 }] }));
    const view = await buyer.trpc.shop.cart.query({ cart });
    expect(view).toMatchObject({ id: cart.id, scopeId: shop.dateId, eventId: shop.eventId, state: "active", extended: false });
    if (first.status === "held") expect(view.expiresAt.getTime()).toBe(first.cart.expiresAt.getTime());
    expect(view.seats).toEqual([
      { key: "A:0:0", ticketCategoryId: shop.a, blockId: "A", rowLabel: "1", seatLabel: "1" },
      { key: "A:0:1", ticketCategoryId: shop.a, blockId: "A", rowLabel: "1", seatLabel: "2" },
      { key: "A:2:3", ticketCategoryId: shop.c, blockId: "A", rowLabel: "3", seatLabel: "4" },
    ]);
    expect(view.items).toEqual([{ ticketCategoryId: shop.c, areaId: "S", quantity: 3 }]);
    // The secret is only given once.
    const again = ok(await holdVia(buyer, { scopeId: shop.dateId, cart, seats: seatsAs(shop.a, ["A:1:1"]) }));
    expect(again.status === "held" && again.cart.secret).toBe(null);
    expect((await buyer.trpc.shop.cart.query({ cart })).seats.map((s) => s.key)).toEqual(["A:0:0", "A:0:1", "A:1:1", "A:2:3"]);
  });
});
