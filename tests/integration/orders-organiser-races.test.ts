import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { AppError } from "../../server/lib/app-error";
import { checkInventory } from "../../server/modules/inventory/check";
import { setLockTesting } from "../../server/modules/inventory/lock-order";
import { cancelOrderLines } from "../../server/modules/orders/organiser/cancel-lines";
import { changeDate } from "../../server/modules/orders/organiser/change-date";
import { hold } from "../../server/modules/shop/holds";
import { localDateInDays, oneDaySchedule, ticketCategory, validEventStep1 } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { buySeats, createOrdersApp, linesOf, type OrdersApp, refundsOf, seatStates } from "./helpers/orders";
import { createShopEvent, eventOptions, seatsAs, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";

/**
 * Money and seats under concurrency (issue 16): organiser cancellations and date changes racing
 * each other, the event's cancellation and buyers' holds, on Postgres (real row locks). Each
 * race ends with one winner, refunds never above what was paid, and inventory:check clean; the
 * control run breaks the date change's lock order and must deadlock, so the lock-order test can fail.
 */
let t: OrdersApp;
let shop: ShopEvent;
let organiserId: string;
let first: string;
let second: string;
let tc: string;
let next = 0;
const SEATS = Array.from({ length: 8 }, (_, r) => Array.from({ length: 10 }, (_, s) => `G1:${r}:${s}`)).flat();
function freshSeats(n: number): string[] {
  const keys = SEATS.slice(next, next + n);
  next += n;
  if (keys.length < n) throw new Error("test ran out of seats");
  return keys;
}

beforeAll(async () => {
  t = await createOrdersApp();
  shop = await createShopEvent(t, {
    layout: gridLayout(1, 8, 10),
    categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })],
    // An attendee limit: both dates have counters every path locks (the cycle the control run shows).
    options: eventOptions({ dailyAttendeeLimit: 1000 }),
    step1: validEventStep1({ schedule: oneDaySchedule(localDateInDays(30), { additionalDates: [{ date: localDateInDays(31), start: "19:00", end: "22:00" }] }) }),
  });
  [first, second] = shop.dateIds as [string, string];
  tc = shop.category("cat1").id;
  const [row] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${shop.eventId}`);
  organiserId = row!.organiser_id;
});
afterEach(() => setLockTesting(null));
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

async function settled(tasks: (() => Promise<unknown>)[]) {
  return Promise.allSettled(tasks.map((task) => task()));
}
const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === "fulfilled" ? "ok" : r.reason instanceof AppError ? r.reason.code : String(r.reason));
function sqlStates(err: unknown): string[] {
  const out: string[] = [];
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string") out.push(e.code);
  }
  return out;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("organiser changes racing (Postgres)", () => {
  it("the same ticket cancelled twice at once: one cancellation, one refund, the seat free once", async () => {
    for (let round = 0; round < 3; round++) {
      const keys = freshSeats(2);
      const bought = await buySeats(t, first, tc, keys);
      const [line] = await linesOf(t.database, bought.orderId);
      const results = await settled([0, 1].map(() => () => cancelOrderLines(t.deps, organiserId, { orderId: bought.orderId, lineIds: [line!.id] })));
      expect(results.map(codeOf).sort()).toEqual(["LINE_ALREADY_CANCELLED", "ok"]);
      expect((await refundsOf(t.database, bought.orderId)).map((r) => r.amount_cents)).toEqual([1600]);
      expect((await seatStates(t.database, first, [keys[0]!]))[keys[0]!]!.status).toBe("FREE");
    }
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("the organiser cancels tickets while the event is cancelled: never refunded above the payment, contingent and inventory exact", async () => {
    const other = await createShopEvent(t, { layout: gridLayout(1, 2, 10), categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })] });
    const cat = other.category("cat1").id;
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await buySeats(t, other.dateIds[0]!, cat, [`G1:0:${2 * i}`, `G1:0:${2 * i + 1}`]));
    const [row] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${other.eventId}`);
    const results = await settled([
      ...orders.map((o) => async () => {
        const [line] = await linesOf(t.database, o.orderId);
        return cancelOrderLines(t.deps, row!.organiser_id, { orderId: o.orderId, lineIds: [line!.id] });
      }),
      () => other.organiser.trpc.events.cancel.mutate({ id: other.eventId }),
    ]);
    // A cancellation that came after the event's finds the order cancelled; none fails otherwise.
    for (const r of results) expect(["ok", "ORDER_NOT_CHANGEABLE"]).toContain(codeOf(r));
    for (const o of orders) {
      const refunds = await refundsOf(t.database, o.orderId);
      expect(refunds.reduce((a, r) => a + r.amount_cents, 0)).toBe(3200);
    }
    await expectNoDrift(t.database);
  });

  it("a date change and a buyer's hold for the same seat at once: exactly one gets it", async () => {
    for (let round = 0; round < 4; round++) {
      const [mine] = freshSeats(1);
      const bought = await buySeats(t, first, tc, [mine!]);
      const [line] = await linesOf(t.database, bought.orderId);
      const target = freshSeats(1)[0]!;
      const results = await settled([
        () => changeDate(t.deps, organiserId, { orderId: bought.orderId, lineIds: [line!.id], targetScopeId: second, seats: { [line!.id]: [target] } }),
        () =>
          hold(t.deps, { scopeId: second, access: undefined, cart: null, seats: seatsAs(tc, [target]), counts: [] }).then((r) => {
            if (r.status !== "held") throw new Error(r.status);
          }),
      ]);
      const winners = results.filter((r) => r.status === "fulfilled").length;
      expect(winners).toBe(1);
      const seat = (await seatStates(t.database, second, [target]))[target]!;
      const changed = results[0]!.status === "fulfilled";
      expect(seat.status).toBe(changed ? "SOLD" : "PAYMENT_PENDING");
      if (!changed) expect(["NO_PLACE_ON_DATE", "SEAT_SELECTION_REQUIRED"]).toContain(codeOf(results[0]!));
    }
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("two orders moved onto the same free seat at once: one moves, the other is refused and keeps its ticket", async () => {
    const a = await buySeats(t, first, tc, freshSeats(1));
    const b = await buySeats(t, first, tc, freshSeats(1));
    const target = freshSeats(1)[0]!;
    const move = async (orderId: string) => {
      const [line] = await linesOf(t.database, orderId);
      return changeDate(t.deps, organiserId, { orderId, lineIds: [line!.id], targetScopeId: second, seats: { [line!.id]: [target] } });
    };
    const results = await settled([() => move(a.orderId), () => move(b.orderId)]);
    expect(results.map(codeOf).sort()).toEqual(["NO_PLACE_ON_DATE", "ok"]);
    const loser = results[0]!.status === "fulfilled" ? b : a;
    expect((await linesOf(t.database, loser.orderId)).map((l) => l.status)).toEqual(["active"]);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("date changes in opposite directions at once end without a deadlock (lock order by date id)", async () => {
    const pairs = [];
    for (let i = 0; i < 3; i++) {
      pairs.push({ there: await buySeats(t, first, tc, freshSeats(1)), back: await buySeats(t, second, tc, freshSeats(1)) });
    }
    const move = async (orderId: string, to: string) => {
      const [line] = await linesOf(t.database, orderId);
      return changeDate(t.deps, organiserId, { orderId, lineIds: [line!.id], targetScopeId: to });
    };
    setLockTesting({ pauseSeconds: 0.05 });
    const results = await settled(pairs.flatMap((p) => [() => move(p.there.orderId, second), () => move(p.back.orderId, first)]));
    setLockTesting(null);
    expect(results.flatMap((r) => (r.status === "rejected" ? sqlStates(r.reason) : []))).not.toContain("40P01");
    expect(results.map(codeOf)).toEqual(results.map(() => "ok"));
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("control: with the old date always given back first, the same run deadlocks (the test can fail)", async () => {
    const pairs = [];
    for (let i = 0; i < 3; i++) {
      pairs.push({ there: await buySeats(t, first, tc, freshSeats(1)), back: await buySeats(t, second, tc, freshSeats(1)) });
    }
    const move = async (orderId: string, to: string) => {
      const [line] = await linesOf(t.database, orderId);
      return changeDate(t.deps, organiserId, { orderId, lineIds: [line!.id], targetScopeId: to });
    };
    setLockTesting({ pauseSeconds: 0.1, breakDateChangeOrder: true });
    const results = await settled(pairs.flatMap((p) => [() => move(p.there.orderId, second), () => move(p.back.orderId, first)]));
    setLockTesting(null);
    expect(results.flatMap((r) => (r.status === "rejected" ? sqlStates(r.reason) : []))).toContain("40P01");
    // The aborted change rolled back entirely.
    expect(await checkInventory(t.database.db)).toEqual([]);
  });
});
