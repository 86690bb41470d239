/**
 * Reseller allocations and sales (issue 21, decision 022), on PGlite and Postgres: allocating
 * takes seats and places off public sale and returning gives them back; the reseller sells only
 * from its allocation at its prices with channel reseller; reseller A sees and sells nothing of
 * B; a deactivated reseller is refused; unsold places return by themselves at their time; bad
 * input changes nothing. The inventory check is clean after all of it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepExpiredCarts } from "../../server/modules/shop/sweeper";
import { ok } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { createOrdersApp, expireCartNow, linesOf, type OrdersApp, orderRow, seatStates, seatTickets } from "./helpers/orders";
import {
  allocateVia,
  allocationCart,
  countedTickets,
  createReseller,
  organiserIdOf,
  saleInput,
  sellVia,
  type TestReseller,
} from "./helpers/resellers";
import { cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { checkInventory } from "../../server/modules/inventory/check";
import { attempt } from "./helpers/trpc";

let t: OrdersApp;
let shop: ShopEvent;
let dateId: string;
let organiserId: string;
let tcA: string;
let tcB: string;
let tcC: string;
let kiosk: TestReseller;
let other: TestReseller;

beforeAll(async () => {
  t = await createOrdersApp();
  shop = await createShopEvent(t);
  dateId = shop.dateIds[0]!;
  organiserId = await organiserIdOf(t, shop.eventId);
  tcA = shop.category("a").id;
  tcB = shop.category("b").id;
  tcC = shop.category("c").id;
  // Kiosk sells a at 25.00 and the standing tickets c at 12.50; the other reseller only b.
  kiosk = await createReseller(t, organiserId, shop.eventId, { [tcA]: 2500, [tcC]: 1250 }, "Kiosk Nord");
  other = await createReseller(t, organiserId, shop.eventId, { [tcB]: 3000 }, "Buchladen Süd");
});

afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

const publicHold = (keys: string[], tc: string) => holdVia(t.client(), { scopeId: dateId, seats: keys.map((key) => ({ key, ticketCategoryId: tc })) });

describe("allocating and returning", () => {
  it("takes allocated seats off public sale and returning gives them back", async () => {
    const seats = ["A:0:0", "A:0:1", "A:0:2", "A:0:3"];
    // Watchers of the date are told at once (the bus carries every seat change to their feeds).
    const announced = vi.spyOn(t.deps.bus, "announce");
    const seen = (status: string) =>
      announced.mock.calls.filter(([channel]) => channel === dateId).flatMap(([, c]) => (c.seats ?? []).filter((x) => x.s === status).map((x) => x.k));
    const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, seats: seats.map((key) => ({ key, ticketCategoryId: tcA })) }));
    const cart = await allocationCart(t, allocationId);
    expect(cart).toMatchObject({ state: "active", seats: 4 });
    expect(seen("PAYMENT_PENDING").sort()).toEqual([...seats].sort());
    const states = await seatStates(t.database, dateId, seats);
    for (const k of seats) expect(states[k]).toMatchObject({ status: "PAYMENT_PENDING", holdId: cart.cartId });
    // An online buyer cannot take them.
    expect(ok(await publicHold(["A:0:0"], tcA))).toEqual({ status: "taken", taken: ["A:0:0"] });
    // Both the organiser and the reseller see the allocation with what is left.
    const mine = ok(await attempt(kiosk.client.trpc.resellers.allocations.query()));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: allocationId, seatsLeft: 4, sold: 0, returned: false });
    expect(mine[0]!.seatKeys.sort()).toEqual([...seats].sort());

    // Returning two: they are free again and a buyer can hold one.
    expect(ok(await attempt(shop.organiser.trpc.allocations.returnUnsold.mutate({ allocationId, seats: ["A:0:2", "A:0:3"] })))).toEqual({ seats: 2, places: 0 });
    expect((await seatStates(t.database, dateId, ["A:0:2", "A:0:3"]))["A:0:2"]).toMatchObject({ status: "FREE", holdId: null });
    expect(seen("FREE").sort()).toEqual(["A:0:2", "A:0:3"]);
    announced.mockRestore();
    expect(ok(await publicHold(["A:0:3"], tcA)).status).toBe("held");
    // Returning a seat the allocation does not hold changes nothing.
    expect((await attempt(shop.organiser.trpc.allocations.returnUnsold.mutate({ allocationId, seats: ["A:0:1", "A:0:3"] }))).error?.appCode).toBe("ALLOCATION_EXCEEDED");
    expect((await allocationCart(t, allocationId)).seats).toBe(2);
  });

  it("refuses seats already sold or held and a category the reseller does not sell, allocating nothing", async () => {
    const held = ok(await publicHold(["A:1:0"], tcA));
    expect(held.status).toBe("held");
    const before = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from reseller_allocations where reseller_id = ${other.id}`);
    const taken = await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, seats: [{ key: "A:1:1", ticketCategoryId: tcA }, { key: "A:1:0", ticketCategoryId: tcA }] });
    expect(taken.error?.appCode).toBe("ALLOCATION_SEATS_TAKEN");
    expect((await seatStates(t.database, dateId, ["A:1:1"]))["A:1:1"]).toMatchObject({ status: "FREE" });
    const notSold = await allocateVia(shop.organiser, { resellerId: other.id, eventDateId: dateId, seats: [{ key: "A:1:2", ticketCategoryId: tcA }] });
    expect(notSold.error?.appCode).toBe("RESELLER_TICKET_NOT_ASSIGNED");
    const past = await allocateVia(shop.organiser, { resellerId: other.id, eventDateId: dateId, seats: [{ key: "B:0:1", ticketCategoryId: tcB }], returnAt: new Date(Date.now() - 60_000) });
    expect(past.error?.appCode).toBe("ALLOCATION_RETURN_TIME");
    const after = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from reseller_allocations where reseller_id = ${other.id}`);
    expect(after).toEqual(before);
    expect((await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, seats: [], counts: [] })).error?.appCode).toBe("VALIDATION");
  });
});

describe("selling from the allocation", () => {
  it("sells allocated seats at the reseller's price with channel reseller, once per idempotency key", async () => {
    const [allocation] = ok(await attempt(kiosk.client.trpc.resellers.allocations.query()));
    const input = saleInput(allocation!.id, seatTickets(tcA, ["A:0:0", "A:0:1"]), { buyer: { firstName: "Rita", lastName: "Reseller", email: "rita@example.com" } });
    const sale = ok(await sellVia(kiosk.client, input));
    expect(sale).toMatchObject({ status: "valid", paymentMethod: "cash", totalCents: 5000, emailed: true });
    expect(ok(await sellVia(kiosk.client, input)).orderId).toBe(sale.orderId);
    const order = (await orderRow(t.database, sale.orderId))!;
    expect(order).toMatchObject({ status: "valid", total_cents: 5000 });
    expect(await t.database.rows(sql`select channel::text, reseller_id::text, provider from orders where id = ${sale.orderId}`)).toEqual([
      { channel: "reseller", reseller_id: kiosk.id, provider: "reseller" },
    ]);
    expect((await linesOf(t.database, sale.orderId)).map((l) => l.price_cents)).toEqual([2500, 2500]);
    const states = await seatStates(t.database, dateId, ["A:0:0", "A:0:1"]);
    expect(states["A:0:0"]!.status).toBe("SOLD");
    expect((await allocationCart(t, allocation!.id)).seats).toBe(0);
    // Its figures and orders; the organiser's list names the reseller.
    expect(ok(await attempt(kiosk.client.trpc.resellers.home.query()))).toMatchObject({ ticketsSold: 2, revenueCents: 5000, orders: 1 });
    expect(ok(await attempt(kiosk.client.trpc.resellers.orders.query({}))).items.map((o) => o.id)).toEqual([sale.orderId]);
    const list = ok(await attempt(shop.organiser.trpc.organiserOrders.list.query({ channel: "reseller" })));
    expect(list.rows.map((r) => [r.number, r.channel, r.resellerName])).toEqual([[order.number, "reseller", "Kiosk Nord"]]);
    // The tickets PDF for the reseller who sold them, for nobody else.
    expect((await kiosk.client.request({ method: "GET", url: sale.ticketsPdfUrl })).statusCode).toBe(200);
    expect((await other.client.request({ method: "GET", url: sale.ticketsPdfUrl })).statusCode).toBe(404);
  });

  it("sells counted places up to the allocation and refuses what it does not hold", async () => {
    const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, counts: [{ ticketCategoryId: tcC, areaId: "S", quantity: 5 }] }));
    expect(ok(await sellVia(kiosk.client, saleInput(allocationId, countedTickets(tcC, "S", 3)))).totalCents).toBe(3750);
    const over = await sellVia(kiosk.client, saleInput(allocationId, countedTickets(tcC, "S", 3)));
    expect(over.error?.appCode).toBe("ALLOCATION_EXCEEDED");
    // A seat never allocated, and a category the reseller does not sell.
    expect((await sellVia(kiosk.client, saleInput(allocationId, seatTickets(tcA, ["A:1:3"])))).error?.appCode).toBe("ALLOCATION_EXCEEDED");
    expect((await sellVia(kiosk.client, saleInput(allocationId, seatTickets(tcB, ["B:0:1"])))).error?.appCode).toBe("RESELLER_TICKET_NOT_ASSIGNED");
    expect(ok(await sellVia(kiosk.client, saleInput(allocationId, countedTickets(tcC, "S", 2)))).totalCents).toBe(2500);
    const [summary] = ok(await attempt(shop.organiser.trpc.allocations.list.query({ resellerId: kiosk.id })));
    expect(summary).toMatchObject({ placesLeft: [], sold: 7, revenueCents: 5000 + 3750 + 2500 });
  });

  it("pages through the reseller's orders newest first without skipping or repeating one", async () => {
    const all = ok(await attempt(kiosk.client.trpc.resellers.orders.query({ limit: 100 }))).items.map((o) => o.id);
    expect(all).toHaveLength(3);
    const seen: string[] = [];
    let before: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = ok(await attempt(kiosk.client.trpc.resellers.orders.query({ limit: 2, ...(before ? { before } : {}) })));
      seen.push(...page.items.map((o) => o.id));
      if (!page.nextBefore) break;
      before = page.nextBefore;
    }
    expect(seen).toEqual(all);
    expect((await attempt(kiosk.client.trpc.resellers.orders.query({ before: "yesterday" }))).error?.appCode).toBe("VALIDATION");
  });

  it("refuses a category and area named twice, and counts a partial cancellation out of the reseller's revenue", async () => {
    const [summary] = ok(await attempt(kiosk.client.trpc.resellers.allocations.query()));
    const twice = [{ ticketCategoryId: tcC, areaId: "S", quantity: 1 }, { ticketCategoryId: tcC, areaId: "S", quantity: 1 }];
    expect((await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, counts: twice })).error?.appCode).toBe("VALIDATION");
    expect((await attempt(shop.organiser.trpc.allocations.returnUnsold.mutate({ allocationId: summary!.id, counts: twice }))).error?.appCode).toBe("VALIDATION");
    // One of the first sale's two seats is cancelled by the organiser: tickets and revenue follow.
    const home = ok(await attempt(kiosk.client.trpc.resellers.home.query()));
    const [first] = ok(await attempt(kiosk.client.trpc.resellers.orders.query({ limit: 100 }))).items.slice(-1);
    const detail = ok(await attempt(shop.organiser.trpc.organiserOrders.detail.query({ orderId: first!.id })));
    ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: first!.id, lineIds: [detail.lines[0]!.id] })));
    expect(ok(await attempt(kiosk.client.trpc.resellers.home.query()))).toMatchObject({ ticketsSold: home.ticketsSold - 1, revenueCents: home.revenueCents - 2500 });
  });

  it("shows reseller A nothing of reseller B and lets A sell nothing of B's", async () => {
    const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: other.id, eventDateId: dateId, seats: [{ key: "B:0:1", ticketCategoryId: tcB }] }));
    expect((await attempt(kiosk.client.trpc.resellers.allocation.query({ allocationId }))).error?.appCode).toBe("NOT_FOUND");
    expect((await sellVia(kiosk.client, saleInput(allocationId, seatTickets(tcB, ["B:0:1"])))).error?.appCode).toBe("NOT_FOUND");
    expect(ok(await attempt(kiosk.client.trpc.resellers.allocations.query())).map((a) => a.id)).not.toContain(allocationId);
    expect(ok(await attempt(other.client.trpc.resellers.orders.query({}))).items).toEqual([]);
    // The other reseller's sale view lists only its own categories at its prices.
    const view = ok(await attempt(other.client.trpc.resellers.allocation.query({ allocationId })));
    expect(view.categories.map((c) => [c.id, c.priceCents])).toEqual([[tcB, 3000]]);
    expect(view.seatKeys).toEqual(["B:0:1"]);
    // Organisers and buyers cannot use the reseller's procedures, nor resellers the organiser's.
    expect((await attempt(shop.organiser.trpc.resellers.allocations.query())).error?.appCode).toBe("FORBIDDEN");
    expect((await attempt(kiosk.client.trpc.allocations.list.query({}))).error?.appCode).toBe("FORBIDDEN");
    // Another organiser cannot allocate to or return this organiser's allocations.
    const stranger = await createShopEvent(t);
    expect((await allocateVia(stranger.organiser, { resellerId: other.id, eventDateId: dateId, seats: [{ key: "B:0:2", ticketCategoryId: tcB }] })).error?.appCode).toBe("NOT_FOUND");
    expect((await attempt(stranger.organiser.trpc.allocations.returnUnsold.mutate({ allocationId, all: true }))).error?.appCode).toBe("NOT_FOUND");
  });

  it("refuses a deactivated reseller at once", async () => {
    const late = await createReseller(t, organiserId, shop.eventId, { [tcB]: 3000 }, "Spätkauf");
    const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: late.id, eventDateId: dateId, seats: [{ key: "B:0:3", ticketCategoryId: tcB }] }));
    ok(await attempt(shop.organiser.trpc.resellerManage.setActive.mutate({ id: late.id, active: false })));
    expect((await sellVia(late.client, saleInput(allocationId, seatTickets(tcB, ["B:0:3"])))).error?.appCode).toBe("UNAUTHENTICATED");
    expect((await seatStates(t.database, dateId, ["B:0:3"]))["B:0:3"]!.status).toBe("PAYMENT_PENDING");
  });
});

describe("releasing counted places named twice", () => {
  it("gives back the sum once: the cart keeps the rest and every counter stays exact", async () => {
    const buyer = t.client();
    const held = ok(await holdVia(buyer, { scopeId: dateId, counts: [{ ticketCategoryId: tcC, areaId: "S", quantity: 3 }] }));
    const cart = cartOf(held);
    const twice = [{ ticketCategoryId: tcC, areaId: "S", quantity: 1 }, { ticketCategoryId: tcC, areaId: "S", quantity: 1 }];
    ok(await attempt(buyer.trpc.shop.release.mutate({ cart, counts: twice })));
    const [items] = await t.database.rows<{ n: number }>(sql`select coalesce(sum(quantity), 0)::int as n from cart_items where cart_id = ${cart.id}`);
    expect(Number(items!.n)).toBe(1);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });
});

describe("returning by itself", () => {
  it("gives unsold places back to public sale at the return time; the reseller then sells nothing", async () => {
    const event = await createShopEvent(t);
    const eventOrganiser = await organiserIdOf(t, event.eventId);
    const date = event.dateIds[0]!;
    const a = event.category("a").id;
    const seller = await createReseller(t, eventOrganiser, event.eventId, { [a]: 1000 }, "Automat");
    const { allocationId } = ok(await allocateVia(event.organiser, { resellerId: seller.id, eventDateId: date, seats: [{ key: "A:0:0", ticketCategoryId: a }, { key: "A:0:1", ticketCategoryId: a }] }));
    const later = new Date(Date.now() + 3_600_000);
    ok(await attempt(event.organiser.trpc.allocations.setReturnAt.mutate({ allocationId, returnAt: later })));
    const cart = await allocationCart(t, allocationId);
    const [held] = await t.database.rows<{ held_until: Date }>(sql`select held_until from seat_inventory where hold_id = ${cart.cartId} limit 1`);
    expect(new Date(held!.held_until).getTime()).toBe(Math.floor(later.getTime() / 1000) * 1000 + (later.getTime() % 1000));
    // The return time comes.
    await expireCartNow(t.database, cart.cartId);
    expect(await sweepExpiredCarts(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await allocationCart(t, allocationId)).toMatchObject({ state: "expired", seats: 0 });
    expect((await seatStates(t.database, date, ["A:0:0"]))["A:0:0"]).toMatchObject({ status: "FREE", holdId: null });
    expect((await sellVia(seller.client, saleInput(allocationId, seatTickets(a, ["A:0:0"])))).error?.appCode).toBe("ALLOCATION_RETURNED");
    expect(ok(await attempt(seller.client.trpc.resellers.allocations.query()))[0]).toMatchObject({ returned: true, seatsLeft: 0 });
    // A new allocation on the same date starts a new cart.
    const again = ok(await allocateVia(event.organiser, { resellerId: seller.id, eventDateId: date, seats: [{ key: "A:0:0", ticketCategoryId: a }] }));
    expect(again.allocationId).toBe(allocationId);
    expect((await allocationCart(t, allocationId)).seats).toBe(1);
    expect(ok(await sellVia(seller.client, saleInput(allocationId, seatTickets(a, ["A:0:0"])))).totalCents).toBe(1000);
  });

  it("gives everything unsold back when the event is cancelled", async () => {
    const event = await createShopEvent(t);
    const eventOrganiser = await organiserIdOf(t, event.eventId);
    const a = event.category("a").id;
    const seller = await createReseller(t, eventOrganiser, event.eventId, { [a]: 1000 });
    const { allocationId } = ok(await allocateVia(event.organiser, { resellerId: seller.id, eventDateId: event.dateIds[0]!, seats: [{ key: "A:0:2", ticketCategoryId: a }] }));
    ok(await attempt(event.organiser.trpc.events.cancel.mutate({ id: event.eventId })));
    expect(await allocationCart(t, allocationId)).toMatchObject({ state: "released", seats: 0 });
  });
});
