import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processRefunds, reconcilePayments } from "../../server/modules/orders/jobs";
import { handlePaymentNews } from "../../server/modules/orders/settle";
import { sweepExpiredCarts } from "../../server/modules/shop/holds";
import { ok } from "./helpers/events";
import {
  buyer,
  cartState,
  crashOnMailToCrashAddresses,
  createOrdersApp,
  decideVia,
  expireCartNow,
  keyOf,
  linesOf,
  mailsTo,
  orderRow,
  type OrdersApp,
  ordersState,
  paymentIdOf,
  placeSeatOrder,
  quotaOf,
  refundsOf,
  seatStates,
  testPaymentsOf,
} from "./helpers/orders";
import { cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { expectNoDrift } from "./helpers/inventory";

let t: OrdersApp;
let shop: ShopEvent;
let dateId: string;
let a: string;

beforeAll(async () => {
  t = await createOrdersApp();
  // One block G1 of 4 × 10 seats, sold by the category "Ticket cat1" (15.00).
  shop = await createShopEvent(t, { layout: gridLayout(1, 4, 10) });
  dateId = shop.dateIds[0]!;
  a = shop.category("cat1").id;
});
afterAll(async () => {
  // inventory:check after everything this file did (races and refusals included): no drift.
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

/** Seat `n` of row `row`; every test takes seats of its own. */
const seat = (row: number, n: number) => `G1:${row}:${n}`;

describe("a payment that fails", () => {
  for (const outcome of ["failed", "abandoned"] as const) {
    it(`${outcome}: the order fails and its seats and counters go back at once`, async () => {
      const keys = outcome === "failed" ? [seat(0, 0), seat(0, 1)] : [seat(0, 2), seat(0, 3)];
      const placed = await placeSeatOrder(t, dateId, a, keys);
      const before = await quotaOf(t.database, dateId, `ticket:${a}`);
      const paymentId = paymentIdOf(placed.result);

      const res = ok(await decideVia(placed.client, paymentId, outcome));
      expect(res.status).toBe("failed");
      const order = (await orderRow(t.database, placed.orderId))!;
      expect(order.status).toBe("failed");
      expect(order.failed_at).not.toBeNull();
      expect(order.paid_at).toBeNull();
      expect((await testPaymentsOf(t.database, placed.orderId)).map((p) => p.status)).toEqual([outcome]);
      const seats = await seatStates(t.database, dateId, keys);
      for (const k of keys) expect(seats[k]).toMatchObject({ status: "FREE", holdId: null, orderLineId: null, ticketCategoryId: null });
      expect(await quotaOf(t.database, dateId, `ticket:${a}`)).toMatchObject({ held: before!.held - 2, sold: before!.sold });
      expect(await cartState(t.database, placed.cart.id)).toBe("released");
      expect(await mailsTo(t.database, placed.input.buyer.email)).toEqual([]);
      expect(await refundsOf(t.database, placed.orderId)).toEqual([]);

      // The page cannot be paid afterwards, and another buyer can have the seats right away.
      const again = ok(await decideVia(placed.client, paymentId, "paid"));
      expect(again.status).toBe("failed");
      expect((await orderRow(t.database, placed.orderId))!.status).toBe("failed");
      const other = t.client();
      const held = ok(await holdVia(other, { scopeId: dateId, seats: keys.map((key) => ({ key, ticketCategoryId: a })) }));
      expect(held.status).toBe("held");
      await other.trpc.shop.release.mutate({ cart: cartOf(held), all: true });
    });
  }
});

describe("a payment arriving after the hold ran out", () => {
  it("refunds and tells the buyer when another buyer took a seat meanwhile", async () => {
    const keys = [seat(1, 0), seat(1, 1)];
    const placed = await placeSeatOrder(t, dateId, a, keys, { locale: "de" });
    const paymentId = paymentIdOf(placed.result);
    const quotaBefore = (await quotaOf(t.database, dateId, `ticket:${a}`))!;

    // Time runs out: the sweeper fails the order and frees the seats.
    await expireCartNow(t.database, placed.cart.id);
    expect(await sweepExpiredCarts(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("failed");
    expect(await cartState(t.database, placed.cart.id)).toBe("expired");
    let seats = await seatStates(t.database, dateId, keys);
    for (const k of keys) expect(seats[k]!.status).toBe("FREE");
    expect((await quotaOf(t.database, dateId, `ticket:${a}`))!.held).toBe(quotaBefore.held - 2);

    // Another buyer holds one of the seats.
    const other = t.client();
    const otherCart = cartOf(ok(await holdVia(other, { scopeId: dateId, seats: [{ key: keys[1]!, ticketCategoryId: a }] })));

    // The late payment: nothing is sold, the order is cancelled and refunded, the buyer is told.
    const res = ok(await decideVia(placed.client, paymentId, "paid"));
    expect(res.status).toBe("cancelled");
    const order = (await orderRow(t.database, placed.orderId))!;
    expect(order.status).toBe("cancelled");
    expect(order.cancelled_at).not.toBeNull();
    expect((await linesOf(t.database, placed.orderId)).map((l) => l.status)).toEqual(["canceled", "canceled"]);
    seats = await seatStates(t.database, dateId, keys);
    expect(seats[keys[0]!]).toMatchObject({ status: "FREE", orderLineId: null });
    expect(seats[keys[1]!]).toMatchObject({ status: "PAYMENT_PENDING", holdId: otherCart.id, orderLineId: null });
    expect(await quotaOf(t.database, dateId, `ticket:${a}`)).toMatchObject({ held: quotaBefore.held - 2 + 1, sold: quotaBefore.sold });
    const [refund, ...moreRefunds] = await refundsOf(t.database, placed.orderId);
    expect(moreRefunds).toEqual([]);
    expect(refund).toMatchObject({
      provider: "test",
      provider_ref: paymentId,
      amount_cents: order.total_cents,
      reason: "payment_after_hold_lost",
      status: "pending",
      provider_refund_id: null,
    });
    const mails = await mailsTo(t.database, placed.input.buyer.email);
    expect(mails.map((m) => [m.template, m.locale, m.attachments])).toEqual([["order_refunded", "de", []]]);
    expect(mails[0]!.subject).toBe(`Ihre Bestellung ${order.number} konnte nicht abgeschlossen werden`);
    expect(mails[0]!.text).toMatch(/32,00\s€/);
    const view = await placed.client.trpc.orders.view.query({ orderId: placed.orderId, key: keyOf(t, placed.orderId) });
    expect(view).toMatchObject({ status: "cancelled", refunded: true });

    // The refund job pays the money back, once.
    expect(await processRefunds(t.deps)).toBe(1);
    expect((await refundsOf(t.database, placed.orderId))[0]).toMatchObject({ status: "done", attempts: 1, provider_refund_id: `test-refund:${paymentId}`, last_error: null });
    expect(await testPaymentsOf(t.database, placed.orderId)).toEqual([
      { id: paymentId, order_id: placed.orderId, amount_cents: order.total_cents, status: "refunded", refunded_cents: order.total_cents },
    ]);
    expect(await processRefunds(t.deps)).toBe(0);
    expect((await testPaymentsOf(t.database, placed.orderId))[0]!.refunded_cents).toBe(order.total_cents);
    await other.trpc.shop.release.mutate({ cart: otherCart, all: true });
  });

  it("completes the order when its seats are still free", async () => {
    const keys = [seat(1, 2), seat(1, 3)];
    const placed = await placeSeatOrder(t, dateId, a, keys);
    const quotaBefore = (await quotaOf(t.database, dateId, `ticket:${a}`))!;
    await expireCartNow(t.database, placed.cart.id);
    await sweepExpiredCarts(t.deps);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("failed");

    const res = ok(await decideVia(placed.client, paymentIdOf(placed.result), "paid"));
    expect(res.status).toBe("valid");
    const order = (await orderRow(t.database, placed.orderId))!;
    expect(order.status).toBe("valid");
    expect(order.paid_at).not.toBeNull();
    const lines = await linesOf(t.database, placed.orderId);
    expect(lines.map((l) => l.status)).toEqual(["active", "active"]);
    const seats = await seatStates(t.database, dateId, keys);
    expect(keys.map((k) => [seats[k]!.status, seats[k]!.orderLineId])).toEqual(lines.map((l) => ["SOLD", l.id]));
    // The counters had been given back by the sweeper: the sale takes them anew.
    expect(await quotaOf(t.database, dateId, `ticket:${a}`)).toMatchObject({ held: quotaBefore.held - 2, sold: quotaBefore.sold + 2 });
    expect(await refundsOf(t.database, placed.orderId)).toEqual([]);
    expect((await mailsTo(t.database, placed.input.buyer.email)).map((m) => m.template)).toEqual(["order_confirmation"]);

    // A later sweep of the (long expired) cart leaves the paid order alone.
    await sweepExpiredCarts(t.deps);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");
    expect((await seatStates(t.database, dateId, keys))[keys[0]!]!.status).toBe("SOLD");
  });
});

describe("payment news", () => {
  it("handles the same news once", async () => {
    const keys = [seat(2, 0), seat(2, 1)];
    const placed = await placeSeatOrder(t, dateId, a, keys);
    const news = { provider: "test" as const, eventId: `evt-${placed.orderId}`, type: "paid", orderId: placed.orderId, outcome: "paid" as const };
    const results = await Promise.all([handlePaymentNews(t.deps, news), handlePaymentNews(t.deps, news)]);
    expect(results.sort()).toEqual(["duplicate", "handled"]);
    await expectNoDrift(t.database);
    expect(await handlePaymentNews(t.deps, news)).toBe("duplicate");
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");
    expect((await mailsTo(t.database, placed.input.buyer.email)).map((m) => m.template)).toEqual(["order_confirmation"]);
    expect(await t.database.rows(sql`select event_id from payment_events where order_id = ${placed.orderId}`)).toEqual([{ event_id: news.eventId }]);
    // Other news of a paid order changes nothing either (no second sale, no second mail).
    expect(await handlePaymentNews(t.deps, { ...news, eventId: `evt2-${placed.orderId}` })).toBe("handled");
    expect(await mailsTo(t.database, placed.input.buyer.email)).toHaveLength(1);
    expect(await linesOf(t.database, placed.orderId)).toHaveLength(2);
    const seats = await seatStates(t.database, dateId, keys);
    for (const k of keys) expect(seats[k]!.status).toBe("SOLD");
  });

  it("ignores news about an order that does not exist", async () => {
    const before = await t.database.rows(sql`select count(*)::int as n from payment_events`);
    expect(
      await handlePaymentNews(t.deps, { provider: "test", eventId: "evt-nowhere", type: "paid", orderId: "00000000-0000-4000-8000-000000000000", outcome: "paid" }),
    ).toBe("unknown");
    expect(await t.database.rows(sql`select count(*)::int as n from payment_events`)).toEqual(before);
  });
});

describe("reconciliation", () => {
  it("heals a payment whose news got lost (a crash between the provider's success and ours)", async () => {
    const keys = [seat(3, 0), seat(3, 1)];
    const placed = await placeSeatOrder(t, dateId, a, keys);
    const paymentId = paymentIdOf(placed.result);
    // The provider took the money, but no news reached the order.
    await t.database.rows(sql`update test_payments set status = 'paid' where id = ${paymentId} returning id`);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("pending");

    // Too young to be asked about yet.
    expect(await reconcilePayments(t.deps)).toBe(0);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("pending");

    expect(await reconcilePayments(t.deps, 0)).toBe(1);
    const order = (await orderRow(t.database, placed.orderId))!;
    expect(order.status).toBe("valid");
    const lines = await linesOf(t.database, placed.orderId);
    const seats = await seatStates(t.database, dateId, keys);
    expect(keys.map((k) => [seats[k]!.status, seats[k]!.orderLineId])).toEqual(lines.map((l) => ["SOLD", l.id]));
    expect((await mailsTo(t.database, placed.input.buyer.email)).map((m) => m.template)).toEqual(["order_confirmation"]);
    // Nothing more to do on the next run; the buyer's click on the page changes nothing.
    expect(await reconcilePayments(t.deps, 0)).toBe(0);
    expect(ok(await decideVia(placed.client, paymentId, "paid")).status).toBe("valid");
    expect(await mailsTo(t.database, placed.input.buyer.email)).toHaveLength(1);
  });

  it("heals a payment made after the sweeper failed the order", async () => {
    const keys = [seat(3, 2), seat(3, 3)];
    const placed = await placeSeatOrder(t, dateId, a, keys);
    await expireCartNow(t.database, placed.cart.id);
    await sweepExpiredCarts(t.deps);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("failed");
    await t.database.rows(sql`update test_payments set status = 'paid' where id = ${paymentIdOf(placed.result)} returning id`);

    expect(await reconcilePayments(t.deps, 0)).toBe(1);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");
    expect((await seatStates(t.database, dateId, keys))[keys[0]!]!.status).toBe("SOLD");
    expect(await reconcilePayments(t.deps, 0)).toBe(0);
  });

  it("loses nothing when confirming crashes: the sale, the lines and the mail land together or not at all", async () => {
    const keys = [seat(3, 6), seat(3, 7)];
    const placed = await placeSeatOrder(t, dateId, a, keys, { buyer: buyer({ email: `crash-${Date.now()}@example.com` }) });
    const paymentId = paymentIdOf(placed.result);
    const quotaBefore = (await quotaOf(t.database, dateId, `ticket:${a}`))!;
    const linesBefore = await linesOf(t.database, placed.orderId);
    const undo = await crashOnMailToCrashAddresses(t.database);
    let stateBefore;
    try {
      stateBefore = await ordersState(t.database);
      // The provider says "paid", then confirming the order fails half-way (at its mail).
      const res = await decideVia(placed.client, paymentId, "paid");
      expect(res.error?.httpStatus).toBe(500);
      expect(res.error!.appCode).toBe("INTERNAL");
    } finally {
      await undo();
    }
    // Nothing of the confirmation is left: no sale, no status, no mail, no news recorded.
    expect((await testPaymentsOf(t.database, placed.orderId))[0]!.status).toBe("paid");
    const order = (await orderRow(t.database, placed.orderId))!;
    expect(order).toMatchObject({ status: "pending", paid_at: null });
    expect(await linesOf(t.database, placed.orderId)).toEqual(linesBefore);
    const seats = await seatStates(t.database, dateId, keys);
    for (const k of keys) expect(seats[k]).toMatchObject({ status: "PAYMENT_PENDING", holdId: placed.cart.id, orderLineId: null });
    expect(await quotaOf(t.database, dateId, `ticket:${a}`)).toEqual(quotaBefore);
    expect(await ordersState(t.database)).toEqual(stateBefore);

    // The reconciliation job finds the paid payment and finishes the order, mail included.
    expect(await reconcilePayments(t.deps, 0)).toBe(1);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");
    const lines = await linesOf(t.database, placed.orderId);
    const sold = await seatStates(t.database, dateId, keys);
    expect(keys.map((k) => [sold[k]!.status, sold[k]!.orderLineId])).toEqual(lines.map((l) => ["SOLD", l.id]));
    expect(await quotaOf(t.database, dateId, `ticket:${a}`)).toEqual({ ...quotaBefore, held: quotaBefore.held - 2, sold: quotaBefore.sold + 2 });
    expect((await mailsTo(t.database, placed.input.buyer.email)).map((m) => m.template)).toEqual(["order_confirmation"]);
  });

  it("fails an order whose payment failed without news, and leaves open payments alone", async () => {
    const failed = await placeSeatOrder(t, dateId, a, [seat(3, 4)]);
    const open = await placeSeatOrder(t, dateId, a, [seat(3, 5)]);
    await t.database.rows(sql`update test_payments set status = 'abandoned' where id = ${paymentIdOf(failed.result)} returning id`);

    expect(await reconcilePayments(t.deps, 0)).toBe(1);
    expect((await orderRow(t.database, failed.orderId))!.status).toBe("failed");
    expect((await seatStates(t.database, dateId, [seat(3, 4)]))[seat(3, 4)]!.status).toBe("FREE");
    expect((await orderRow(t.database, open.orderId))!.status).toBe("pending");
    expect((await seatStates(t.database, dateId, [seat(3, 5)]))[seat(3, 5)]).toMatchObject({ status: "PAYMENT_PENDING", holdId: open.cart.id });
    // A failed order whose payment failed too is not asked about again.
    expect(await reconcilePayments(t.deps, 0)).toBe(0);
    ok(await decideVia(open.client, paymentIdOf(open.result), "abandoned"));
  });
});
