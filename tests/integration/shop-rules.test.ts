import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdStatement } from "../../server/modules/inventory/hold";
import { loadScope } from "../../server/modules/shop/scope";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { daysFromNow, ok, ticketCategory } from "./helpers/events";
import { cartOf, countersOf, createShopEvent, eventOptions, holdVia, seatRows, seatsAs, shopState, type ShopEvent } from "./helpers/shop";
import { expectNoDrift } from "./helpers/inventory";
import { attempt } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // inventory:check after everything this file did (races and refusals included): no drift.
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

describe("ticket category rules, enforced by the server on every hold", () => {
  let shop: ShopEvent;
  let dateId: string;
  const id = (key: string) => shop.category(key).id;

  beforeAll(async () => {
    shop = await createShopEvent(t, {
      categories: [
        ticketCategory("a", { name: "Ticket a", seatingCategoryId: "a" }),
        ticketCategory("box", { name: "Ticket box", seatingCategoryId: "a", appliesTo: "boxoffice" }),
        ticketCategory("soon", { name: "Ticket soon", seatingCategoryId: "a", saleStartMode: "at", saleStartAt: daysFromNow(5) }),
        ticketCategory("past", { name: "Ticket past", seatingCategoryId: "a", saleEndMode: "at", saleEndAt: daysFromNow(-1) }),
        ticketCategory("max2", { name: "Ticket max2", seatingCategoryId: "b", maxPerOrder: 2 }),
        ticketCategory("with", { name: "Ticket with", seatingCategoryId: "a", selectability: "with_other_selected", conditionKey: "a" }),
        ticketCategory("day2", { name: "Ticket day2", seatingCategoryId: "b", dailyQuantity: 2 }),
        ticketCategory("pair", { name: "Ticket pair", seatingCategoryId: "c", seatsPerTicket: 2, dailyQuantity: 2 }),
      ],
    });
    dateId = shop.dateIds[0]!;
  });

  /** A hold that must be refused with `code` (an error code or a result status) and change nothing. */
  async function refused(input: Parameters<typeof holdVia>[1], code: string) {
    const before = await shopState(t.database, shop.eventId);
    const res = await holdVia(t.client(), input);
    expect(res.error ? appCodeOf(res) : res.data?.status).toBe(code);
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
  }

  it("a box-office-only category is not offered online and cannot be held (TICKET_BOXOFFICE_ONLY)", async () => {
    const scope = await t.client().trpc.shop.scope.query({ scopeId: dateId });
    expect(scope.categories.map((c) => c.name)).toEqual(["Ticket a", "Ticket soon", "Ticket past", "Ticket max2", "Ticket with", "Ticket day2", "Ticket pair"]);
    const page = await t.client().trpc.shop.event.query({ eventId: shop.eventId });
    expect(page.categories.map((c) => c.name)).not.toContain("Ticket box");
    await refused({ scopeId: dateId, seats: seatsAs(id("box"), ["A:0:0"]) }, "TICKET_BOXOFFICE_ONLY");
  });

  it("a category whose sale has not started, or has ended, cannot be held", async () => {
    await refused({ scopeId: dateId, seats: seatsAs(id("soon"), ["A:0:0"]) }, "TICKET_NOT_YET_ON_SALE");
    await refused({ scopeId: dateId, seats: seatsAs(id("past"), ["A:0:0"]) }, "TICKET_SALE_ENDED");
    // Even added to a cart that holds a valid ticket.
    const buyer = t.client();
    const cart = cartOf(ok(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(id("a"), ["A:1:3"]) })));
    const before = await shopState(t.database, shop.eventId);
    expect(appCodeOf(await holdVia(buyer, { scopeId: dateId, cart, seats: seatsAs(id("soon"), ["A:1:2"]) }))).toBe("TICKET_NOT_YET_ON_SALE");
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    await buyer.trpc.shop.release.mutate({ cart, all: true });
  });

  it("a cart changed by another instance since this one last served it is read again: the maximum still holds", async () => {
    const buyer = t.client();
    const cart = cartOf(ok(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(id("max2"), ["B:1:0"]) })));
    // Another instance (it knows nothing of this one) adds a seat to the cart with the same statement.
    const scope = (await loadScope(t.deps.database.db, dateId))!;
    const [row] = await t.deps.database.rows<{ version: number }>(sql`select version from carts where id = ${cart.id}`);
    const elsewhere = await t.deps.database.rows<{ cart: unknown }>(
      holdStatement({
        scope,
        cart: { id: cart.id, version: Number(row!.version) },
        seats: [{ key: "B:1:1", tc: id("max2"), cat: "b" }],
        items: [],
        quota: new Map([[`ticket:${id("max2")}`, 1]]),
        area: new Map(),
        fast: false,
      }),
    );
    expect(elsewhere[0]!.cart).not.toBeNull();
    // Here the cart was known with one seat; it has two now, so a third is refused.
    const before = await shopState(t.database, shop.eventId);
    expect(appCodeOf(await holdVia(buyer, { scopeId: dateId, cart, seats: seatsAs(id("max2"), ["B:1:2"]) }))).toBe("TICKETS_ABOVE_MAX");
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    // Releasing one here (the release follows the cart to its new version) lets one more in.
    expect((await buyer.trpc.shop.release.mutate({ cart, seatKeys: ["B:1:0"] }))).toEqual({ released: ["B:1:0"] });
    expect(ok(await holdVia(buyer, { scopeId: dateId, cart, seats: seatsAs(id("max2"), ["B:1:2"]) })).status).toBe("held");
    expect(appCodeOf(await holdVia(buyer, { scopeId: dateId, cart, seats: seatsAs(id("max2"), ["B:1:3"]) }))).toBe("TICKETS_ABOVE_MAX");
    await buyer.trpc.shop.release.mutate({ cart, all: true });
  });

  it("no more than the maximum per order, in one request or added later (TICKETS_ABOVE_MAX)", async () => {
    await refused({ scopeId: dateId, seats: seatsAs(id("max2"), ["B:1:0", "B:1:1", "B:1:2"]) }, "TICKETS_ABOVE_MAX");
    const buyer = t.client();
    const cart = cartOf(ok(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(id("max2"), ["B:1:0", "B:1:1"]) })));
    const before = await shopState(t.database, shop.eventId);
    expect(appCodeOf(await holdVia(buyer, { scopeId: dateId, cart, seats: seatsAs(id("max2"), ["B:1:2"]) }))).toBe("TICKETS_ABOVE_MAX");
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    // After deselecting one, one more fits.
    await buyer.trpc.shop.release.mutate({ cart, seatKeys: ["B:1:0"] });
    expect(ok(await holdVia(buyer, { scopeId: dateId, cart, seats: seatsAs(id("max2"), ["B:1:2"]) })).status).toBe("held");
    await buyer.trpc.shop.release.mutate({ cart, all: true });
  });

  it("a category selectable only with another selected is refused until the other is in the cart", async () => {
    await refused({ scopeId: dateId, seats: seatsAs(id("with"), ["A:0:3"]) }, "TICKET_NOT_SELECTABLE");
    const buyer = t.client();
    const cart = cartOf(ok(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(id("a"), ["A:0:2"]) })));
    expect(ok(await holdVia(buyer, { scopeId: dateId, cart, seats: seatsAs(id("with"), ["A:0:3"]) })).status).toBe("held");
    // Both in one request is fine too.
    const both = ok(await holdVia(t.client(), { scopeId: dateId, seats: [...seatsAs(id("a"), ["A:1:0"]), ...seatsAs(id("with"), ["A:1:1"])] }));
    expect(both.status).toBe("held");
    await buyer.trpc.shop.release.mutate({ cart, all: true });
    await t.client().trpc.shop.release.mutate({ cart: cartOf(both), all: true });
  });

  it("the daily quantity of a category: the third seat is sold out and stays free", async () => {
    const first = cartOf(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(id("day2"), ["B:0:1"]) })));
    ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(id("day2"), ["B:0:2"]) }));
    await refused({ scopeId: dateId, seats: seatsAs(id("day2"), ["B:0:3"]) }, "sold_out");
    const res = ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(id("day2"), ["B:0:3"]) }));
    expect(res).toEqual({ status: "sold_out", ticketCategoryIds: [id("day2")] });
    expect((await seatRows(t.database, [dateId])).map((r) => r.key)).not.toContain("B:0:3");
    expect((await countersOf(t.database, dateId)).quota[`ticket:${id("day2")}`]).toEqual({ capacity: 2, held: 2, sold: 0 });
    expect((await t.client().trpc.shop.scope.query({ scopeId: dateId })).remaining[id("day2")]).toBe(0);
    // The seat itself can still be sold as another category.
    expect(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(id("max2"), ["B:0:3"]) })).status).toBe("held");
    await t.client().trpc.shop.release.mutate({ cart: first, all: true });
    expect(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(id("day2"), ["B:0:1"]) })).status).toBe("held");
  });

  it("a ticket for two persons takes two places of the quota and of the area", async () => {
    const pair = id("pair");
    const buyer = t.client();
    const cart = cartOf(ok(await holdVia(buyer, { scopeId: dateId, counts: [{ ticketCategoryId: pair, areaId: "S", quantity: 1 }] })));
    expect(await countersOf(t.database, dateId)).toMatchObject({ quota: { [`ticket:${pair}`]: { capacity: 4, held: 2 } }, areas: { S: { held: 2 } } });
    ok(await holdVia(buyer, { scopeId: dateId, cart, counts: [{ ticketCategoryId: pair, areaId: "S", quantity: 1 }] }));
    expect(await countersOf(t.database, dateId)).toMatchObject({ quota: { [`ticket:${pair}`]: { held: 4 } }, areas: { S: { held: 4 } } });
    await refused({ scopeId: dateId, counts: [{ ticketCategoryId: pair, areaId: "S", quantity: 1 }] }, "sold_out");
    expect((await buyer.trpc.shop.cart.query({ cart })).items).toEqual([{ ticketCategoryId: pair, areaId: "S", quantity: 2 }]);
    await buyer.trpc.shop.release.mutate({ cart, counts: [{ ticketCategoryId: pair, areaId: "S", quantity: 1 }] });
    expect(await countersOf(t.database, dateId)).toMatchObject({ quota: { [`ticket:${pair}`]: { held: 2 } }, areas: { S: { held: 2 } } });
  });
});

describe("event rules", () => {
  it("the daily attendee limit counts every place of every category", async () => {
    const shop = await createShopEvent(t, { options: eventOptions({ dailyAttendeeLimit: 3 }) });
    const dateId = shop.dateIds[0]!;
    const [a, b, c] = ["a", "b", "c"].map((k) => shop.category(k).id) as [string, string, string];
    ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(a, ["A:0:0", "A:0:1"]) }));
    ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(b, ["B:1:1"]) }));
    expect((await countersOf(t.database, dateId)).quota.attendees).toEqual({ capacity: 3, held: 3, sold: 0 });
    const before = await shopState(t.database, shop.eventId);
    expect(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(a, ["A:0:2"]) })).status).toBe("sold_out");
    expect(ok(await holdVia(t.client(), { scopeId: dateId, counts: [{ ticketCategoryId: c, areaId: "S", quantity: 1 }] })).status).toBe("sold_out");
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
  });

  it("a draft event's date does not exist for buyers (NOT_FOUND), not even for its organiser's holds", async () => {
    const shop = await createShopEvent(t, { publish: false });
    const dateId = shop.dateIds[0]!;
    const buyer = t.client();
    expect(appCodeOf(await attempt(buyer.trpc.shop.scope.query({ scopeId: dateId })))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(buyer.trpc.shop.event.query({ eventId: shop.eventId })))).toBe("NOT_FOUND");
    const before = await shopState(t.database, shop.eventId);
    expect(appCodeOf(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(shop.category("a").id, ["A:0:0"]) }))).toBe("NOT_FOUND");
    expect(appCodeOf(await holdVia(shop.organiser, { scopeId: dateId, seats: seatsAs(shop.category("a").id, ["A:0:0"]) }))).toBe("NOT_FOUND");
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
    // The organiser may preview the page.
    expect((await shop.organiser.trpc.shop.scope.query({ scopeId: dateId })).onSale).toBe(false);
  });

  it("a cancelled event sells nothing (EVENT_CANCELLED)", async () => {
    const shop = await createShopEvent(t);
    const dateId = shop.dateIds[0]!;
    // On sale until the organiser cancels; from then on refused at once.
    expect(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(shop.category("a").id, ["A:1:1"]) })).status).toBe("held");
    await shop.organiser.trpc.events.cancel.mutate({ id: shop.eventId });
    expect((await t.client().trpc.shop.scope.query({ scopeId: dateId }))).toMatchObject({ onSale: false, status: "canceled" });
    const before = await shopState(t.database, shop.eventId);
    expect(appCodeOf(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(shop.category("a").id, ["A:0:0"]) }))).toBe("EVENT_CANCELLED");
    expect(appCodeOf(await holdVia(t.client(), { scopeId: dateId, counts: [{ ticketCategoryId: shop.category("c").id, areaId: "S", quantity: 1 }] }))).toBe(
      "EVENT_CANCELLED",
    );
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
  });
});

describe("a code-protected event", () => {
  let shop: ShopEvent;
  let dateId: string;
  const CODE = "Open-2030";

  beforeAll(async () => {
    shop = await createShopEvent(t, { options: eventOptions({ visibility: "code", accessCode: CODE }) });
    dateId = shop.dateIds[0]!;
  });

  it("is locked without access: no categories, no plan, no holds", async () => {
    const buyer = t.client();
    expect((await buyer.trpc.shop.scope.query({ scopeId: dateId }))).toMatchObject({ locked: true, categories: [], layout: null, remaining: {} });
    expect((await buyer.trpc.shop.event.query({ eventId: shop.eventId }))).toMatchObject({ locked: true, categories: [] });
    const before = await shopState(t.database, shop.eventId);
    const seats = seatsAs(shop.category("a").id, ["A:0:0"]);
    expect(appCodeOf(await holdVia(buyer, { scopeId: dateId, seats }))).toBe("ACCESS_CODE_INVALID");
    expect(appCodeOf(await holdVia(buyer, { scopeId: dateId, seats, access: "x".repeat(43) }))).toBe("ACCESS_CODE_INVALID");
    expect(await shopState(t.database, shop.eventId)).toEqual(before);
  });

  it("a wrong code is ACCESS_CODE_INVALID; after 10 tries even the right one is TOO_MANY_REQUESTS", async () => {
    const guesser = t.client();
    for (let i = 0; i < 10; i++) {
      expect(appCodeOf(await attempt(guesser.trpc.shop.unlock.mutate({ eventId: shop.eventId, code: `Wrong-${i}` }))), `try ${i + 1}`).toBe("ACCESS_CODE_INVALID");
    }
    expect(appCodeOf(await attempt(guesser.trpc.shop.unlock.mutate({ eventId: shop.eventId, code: CODE })))).toBe("TOO_MANY_REQUESTS");
  });

  it("the right code (in any case) gives an access token that opens the shop and allows holds", async () => {
    const buyer = t.client();
    const { access } = await buyer.trpc.shop.unlock.mutate({ eventId: shop.eventId, code: CODE.toLowerCase() });
    expect(access.length).toBeGreaterThan(20);
    const scope = await buyer.trpc.shop.scope.query({ scopeId: dateId, access });
    expect(scope).toMatchObject({ locked: false, onSale: true });
    expect(scope.categories.map((c) => c.name)).toEqual(["Ticket a", "Ticket b", "Ticket c"]);
    expect(scope.layout?.blocks.map((b) => b.id)).toEqual(["A", "B", "S"]);
    expect((await buyer.trpc.shop.event.query({ eventId: shop.eventId, access })).locked).toBe(false);
    const res = ok(await holdVia(buyer, { scopeId: dateId, access, seats: seatsAs(shop.category("a").id, ["A:0:0"]) }));
    expect(res.status).toBe("held");
    expect((await seatRows(t.database, [dateId])).map((r) => [r.key, r.status])).toEqual([["A:0:0", "PAYMENT_PENDING"]]);
  });
});
