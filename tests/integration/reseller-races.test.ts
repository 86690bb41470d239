/**
 * Resellers under parallel load (issue 21, decision 022), on Postgres (real row locks; PGlite runs
 * calls one after the other). A reseller cannot sell past its allocation however many sales run
 * at once: 30 sales of one place against an allocation of 10 give exactly 10 orders and 20
 * ALLOCATION_EXCEEDED. The control run makes the sale read what the allocation holds without its
 * lock and move it afterwards (`setAllocationTesting({ readThenWrite })`): on the same harness it
 * sells more than was allocated, and the same checks report it, so they can fail. Seats: the
 * organiser allocating a seat while online buyers hold it gives it to exactly one side; two
 * sales of one allocated seat make one order. The inventory check is clean after every race.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setAllocationTesting } from "../../server/modules/inventory/allocation";
import { checkInventory } from "../../server/modules/inventory/check";
import { ok } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { createOrdersApp, type OrdersApp, seatStates, seatTickets } from "./helpers/orders";
import { allocateVia, allocationCart, countedTickets, createReseller, organiserIdOf, saleInput, sellVia, type TestReseller } from "./helpers/resellers";
import { createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { gridLayout, standingBlock } from "./helpers/stadiums";

const PLACES = 10;
const SALES = 30;

let t: OrdersApp;
let shop: ShopEvent;
let dateId: string;
let tc: string;
let standing: string;
let reseller: TestReseller;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  const layout = gridLayout(1, 10, 10);
  layout.blocks.push(standingBlock("S", { categoryId: "cat1", capacity: 1000 }));
  shop = await createShopEvent(t, { layout });
  dateId = shop.dateIds[0]!;
  tc = shop.categories[0]!.id;
  standing = "S";
  reseller = await createReseller(t, await organiserIdOf(t, shop.eventId), shop.eventId, { [tc]: 2000 });
});
afterEach(() => setAllocationTesting(null));
afterAll(async () => {
  if (!t) return;
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

/** Allocates PLACES standing places, then runs SALES one-place sales at once; what each answered and what the reseller sold. */
async function raceSales() {
  const allocated = ok(await allocateVia(shop.organiser, { resellerId: reseller.id, eventDateId: dateId, counts: [{ ticketCategoryId: tc, areaId: standing, quantity: PLACES }] }));
  const [before] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from orders where reseller_id = ${reseller.id} and status = 'valid'`);
  const results = await Promise.all(Array.from({ length: SALES }, () => sellVia(reseller.client, saleInput(allocated.allocationId, countedTickets(tc, standing, 1)))));
  const [after] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from orders where reseller_id = ${reseller.id} and status = 'valid'`);
  const codes = results.map((r) => r.error?.appCode ?? "sold");
  return { allocationId: allocated.allocationId, sold: Number(after!.n) - Number(before!.n), codes };
}

describe.runIf(process.env.TEST_DATABASE_URL)("a reseller's parallel sales (Postgres)", () => {
  it(`${SALES} sales of one place against ${PLACES} allocated: exactly ${PLACES} orders`, async () => {
    const { allocationId, sold, codes } = await raceSales();
    expect(sold).toBe(PLACES);
    expect(codes.filter((c) => c === "sold")).toHaveLength(PLACES);
    expect(codes.filter((c) => c !== "sold").every((c) => c === "ALLOCATION_EXCEEDED")).toBe(true);
    const [left] = await t.database.rows<{ n: number }>(sql`select coalesce(sum(i.quantity), 0)::int as n from cart_items i join reseller_allocations a on a.cart_id = i.cart_id where a.id = ${allocationId}`);
    expect(Number(left!.n)).toBe(0);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("control: a read-then-write sale sells past the allocation (the checks above can fail)", async () => {
    setAllocationTesting({ readThenWrite: true });
    const { sold } = await raceSales();
    expect(sold).toBeGreaterThan(PLACES);
  });

  it("the organiser allocating seats while buyers hold them: each seat goes to exactly one side", async () => {
    for (let round = 0; round < 10; round++) {
      const key = `G1:${round}:0`;
      const [allocated, held] = await Promise.all([
        allocateVia(shop.organiser, { resellerId: reseller.id, eventDateId: dateId, seats: [{ key, ticketCategoryId: tc }] }),
        holdVia(t.client(), { scopeId: dateId, seats: [{ key, ticketCategoryId: tc }] }),
      ]);
      const buyerWon = held.data?.status === "held";
      const resellerWon = !allocated.error;
      expect([buyerWon, resellerWon]).toContain(true);
      expect(buyerWon && resellerWon).toBe(false);
      if (!resellerWon) expect(allocated.error?.appCode).toBe("ALLOCATION_SEATS_TAKEN");
      const seat = (await seatStates(t.database, dateId, [key]))[key]!;
      expect(seat.status).toBe("PAYMENT_PENDING");
    }
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("the same sale sent three times at once (a double click): one order, and every answer is that order", async () => {
    const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: reseller.id, eventDateId: dateId, seats: [{ key: "G1:9:8", ticketCategoryId: tc }] }));
    const input = saleInput(allocationId, seatTickets(tc, ["G1:9:8"]));
    const results = await Promise.all([0, 1, 2].map(() => sellVia(reseller.client, input)));
    expect(results.map((r) => r.error?.appCode ?? "ok")).toEqual(["ok", "ok", "ok"]);
    expect(new Set(results.map((r) => r.data!.orderId)).size).toBe(1);
    const [n] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from orders where reseller_id = ${reseller.id} and idempotency_key = ${input.idempotencyKey}`);
    expect(Number(n!.n)).toBe(1);
  });

  it("two sales of one allocated seat at once make one order", async () => {
    const key = "G1:9:9";
    const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: reseller.id, eventDateId: dateId, seats: [{ key, ticketCategoryId: tc }] }));
    const results = await Promise.all([0, 1, 2].map(() => sellVia(reseller.client, saleInput(allocationId, seatTickets(tc, [key])))));
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    expect(results.filter((r) => r.error).map((r) => r.error!.appCode)).toEqual(["ALLOCATION_EXCEEDED", "ALLOCATION_EXCEEDED"]);
    expect((await seatStates(t.database, dateId, [key]))[key]!.status).toBe("SOLD");
    expect((await allocationCart(t, allocationId)).state).toBe("active");
    expect(await checkInventory(t.database.db)).toEqual([]);
  });
});
