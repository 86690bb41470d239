import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allocatePlaces, returnPlaces } from "../../server/modules/inventory/allocate";
import { checkInventory } from "../../server/modules/inventory/check";
import { giveBack } from "../../server/modules/inventory/give-back";
import { forgetShopScopes, loadScope } from "../../server/modules/shop/scope";
import { ok, ticketCategory } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { buySeats, createOrdersApp, decideVia, type OrdersApp, paymentIdOf, placeSeatOrder, quotaOf, seatStates } from "./helpers/orders";
import { countersOf, createShopEvent, eventOptions, shopState } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";

let t: OrdersApp;
beforeAll(async () => {
  t = await createOrdersApp();
});
afterAll(async () => t.close());

describe("counters are created where capacity is decided (decision 009)", () => {
  it("exist once categories and options are saved, follow their changes, and reading a scope writes nothing", async () => {
    const shop = await createShopEvent(t, { layout: gridLayout(1, 2, 10), options: eventOptions({ dailyAttendeeLimit: 500 }) });
    const dateId = shop.dateIds[0]!;
    const tc = shop.category("cat1");
    // No shop page has read this date yet.
    expect((await countersOf(t.database, dateId)).quota).toEqual({
      attendees: { capacity: 500, held: 0, sold: 0 },
      [`ticket:${tc.id}`]: { capacity: 100, held: 0, sold: 0 },
    });

    const before = await shopState(t.database, shop.eventId);
    forgetShopScopes();
    expect(await loadScope(t.database.db, dateId)).not.toBeNull();
    await t.client().trpc.shop.scope.query({ scopeId: dateId });
    expect(await shopState(t.database, shop.eventId)).toEqual(before);

    // A new capacity and a removed limit reach the counters when they are saved.
    await shop.organiser.trpc.tickets.save.mutate({ eventId: shop.eventId, categories: [{ ...ticketCategory("cat1", { seatingCategoryId: "cat1" }), id: tc.id, dailyQuantity: 40 }] });
    await shop.organiser.trpc.events.saveOptions.mutate({ id: shop.eventId, ...eventOptions({ dailyAttendeeLimit: null }) });
    expect((await countersOf(t.database, dateId)).quota).toEqual({ [`ticket:${tc.id}`]: { capacity: 40, held: 0, sold: 0 } });
    await expectNoDrift(t.database);
  });

  it("a limit set after sales starts with what was already sold", async () => {
    const shop = await createShopEvent(t, { layout: gridLayout(1, 2, 10) });
    const dateId = shop.dateIds[0]!;
    const tc = shop.category("cat1").id;
    expect((await buySeats(t, dateId, tc, ["G1:0:0", "G1:0:1"])).paid.status).toBe("valid");
    expect((await countersOf(t.database, dateId)).quota.attendees).toBeUndefined();
    await shop.organiser.trpc.events.saveOptions.mutate({ id: shop.eventId, ...eventOptions({ dailyAttendeeLimit: 10 }) });
    expect(await quotaOf(t.database, dateId, "attendees")).toMatchObject({ capacity: 10, held: 0, sold: 2 });
    // A later sale counts on top.
    const placed = await placeSeatOrder(t, dateId, tc, ["G1:0:2"]);
    ok(await decideVia(placed.client, paymentIdOf(placed.result), "paid"));
    expect(await quotaOf(t.database, dateId, "attendees")).toMatchObject({ held: 0, sold: 3 });
    await expectNoDrift(t.database);
  });
});

describe("inventory:check", () => {
  it("finds a counter that drifted, and the script exits 1 on it (0 when clean)", async () => {
    const shop = await createShopEvent(t, { layout: gridLayout(1, 1, 5) });
    const dateId = shop.dateIds[0]!;
    const key = `ticket:${shop.category("cat1").id}`;
    await expectNoDrift(t.database);
    const script = (url: string) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/inventory-check.ts"], { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" });
    if (t.database.url) expect(script(t.database.url).status).toBe(0);

    await t.database.rows(sql`update quota_inventory set held = held + 1 where scope_id = ${dateId} and counter_key = ${key} returning 1`);
    expect(await checkInventory(t.database.db)).toEqual([{ kind: "counter_held", scope: dateId, item: key, actual: 1, expected: 0 }]);
    if (t.database.url) {
      const run = script(t.database.url);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`counter_held\t${dateId}\t${key}\t1\t0`);
    }
    await t.database.rows(sql`update quota_inventory set held = held - 1 where scope_id = ${dateId} and counter_key = ${key} returning 1`);
    await expectNoDrift(t.database);
  });
});

describe("allocate and return (box office, resellers)", () => {
  it("sells an order's places without a hold, all or nothing, and takes them back", async () => {
    const shop = await createShopEvent(t, { layout: gridLayout(1, 1, 6) });
    const dateId = shop.dateIds[0]!;
    const tc = shop.category("cat1").id;
    const scope = (await loadScope(t.database.db, dateId))!;
    // Two orders for the same seats, their carts given up: orders without a hold, as the box office makes them.
    const first = await placeSeatOrder(t, dateId, tc, ["G1:0:0", "G1:0:1"]);
    await t.database.db.transaction((tx) => giveBack(tx, { cartIds: [first.cart.id], cartState: "released" }, new Map()));
    const second = await placeSeatOrder(t, dateId, tc, ["G1:0:1", "G1:0:2"]);
    await t.database.db.transaction((tx) => giveBack(tx, { cartIds: [second.cart.id], cartState: "released" }, new Map()));
    await t.database.rows(sql`update orders set cart_id = null where id in (${first.orderId}, ${second.orderId}) returning 1`);

    const sold = await t.database.db.transaction(async (tx) => {
      const done = await allocatePlaces(tx, { scope, orderId: first.orderId }, new Map());
      await tx.execute(sql`update orders set status = 'valid' where id = ${first.orderId}`);
      return done;
    });
    expect(sold).toBe(true);
    const seats = await seatStates(t.database, dateId, ["G1:0:0", "G1:0:1"]);
    expect([seats["G1:0:0"]!.status, seats["G1:0:1"]!.status]).toEqual(["SOLD", "SOLD"]);
    expect(seats["G1:0:0"]!.ticketCategoryId).toBe(tc);
    expect(await quotaOf(t.database, dateId, `ticket:${tc}`)).toMatchObject({ held: 0, sold: 2 });
    await expectNoDrift(t.database);

    // G1:0:1 is sold: the second order gets nothing, not even its free seat.
    const before = await shopState(t.database, shop.eventId);
    expect(await t.database.db.transaction((tx) => allocatePlaces(tx, { scope, orderId: second.orderId }, new Map()))).toBe(false);
    expect(await shopState(t.database, shop.eventId)).toEqual(before);

    const returned = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update orders set status = 'cancelled' where id = ${first.orderId}`);
      const keys = await returnPlaces(tx, { orderIds: [first.orderId] }, new Map());
      await tx.execute(sql`update order_lines set status = 'canceled' where order_id = ${first.orderId}`);
      return keys;
    });
    expect(returned).toEqual(["G1:0:0", "G1:0:1"]);
    expect(Object.values(await seatStates(t.database, dateId, ["G1:0:0", "G1:0:1"])).map((s) => [s.status, s.orderLineId])).toEqual([
      ["FREE", null],
      ["FREE", null],
    ]);
    expect(await quotaOf(t.database, dateId, `ticket:${tc}`)).toMatchObject({ held: 0, sold: 0 });
    await expectNoDrift(t.database);
  });
});
