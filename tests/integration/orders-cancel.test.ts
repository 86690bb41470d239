import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processRefunds } from "../../server/modules/orders/jobs";
import { sweepExpiredCarts } from "../../server/modules/shop/holds";
import { appCodeOf } from "./helpers/app";
import { eventRow, ok, ticketCategory } from "./helpers/events";
import {
  buySeats,
  checkoutInput,
  checkoutVia,
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
  refundsOf,
  seatStates,
  seatTickets,
  testPaymentsOf,
} from "./helpers/orders";
import { readOutbox } from "./helpers/outbox";
import { type Cart, cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { expectNoDrift } from "./helpers/inventory";

let t: OrdersApp;
beforeAll(async () => {
  t = await createOrdersApp();
});
afterAll(async () => {
  // inventory:check after everything this file did (races and refusals included): no drift.
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

/** One block G1 of 2 × 10 seats; "Ticket cat1" at 15.00 and the free "Ticket free". */
function cancelEvent(): Promise<ShopEvent> {
  return createShopEvent(t, {
    layout: gridLayout(1, 2, 10),
    categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" }), ticketCategory("free", { seatingCategoryId: "cat1", kind: "free", priceCents: 0 })],
  });
}

describe("cancelling an event", () => {
  let shop: ShopEvent;
  let dateId: string;
  let paid: Awaited<ReturnType<typeof buySeats>>;
  let free: { orderId: string; email: string };
  let pending: Awaited<ReturnType<typeof placeSeatOrder>>;
  let failed: Awaited<ReturnType<typeof placeSeatOrder>>;
  let waiting: { client: ReturnType<OrdersApp["client"]>; cart: Cart };

  beforeAll(async () => {
    shop = await cancelEvent();
    dateId = shop.dateIds[0]!;
    const cat1 = shop.category("cat1").id;
    paid = await buySeats(t, dateId, cat1, ["G1:0:0", "G1:0:1"], { locale: "de" });
    expect(paid.paid.status).toBe("valid");

    const freeCategory = shop.category("free").id;
    const client = t.client();
    const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: [{ key: "G1:0:2", ticketCategoryId: freeCategory }] })));
    const input = checkoutInput(cart, seatTickets(freeCategory, ["G1:0:2"]));
    const result = ok(await checkoutVia(client, input));
    expect(result.status).toBe("valid");
    free = { orderId: result.orderId, email: input.buyer.email };

    pending = await placeSeatOrder(t, dateId, cat1, ["G1:0:3"]);
    failed = await placeSeatOrder(t, dateId, cat1, ["G1:0:4"]);
    ok(await decideVia(failed.client, paymentIdOf(failed.result), "failed"));

    // A buyer still choosing: seats held, no order yet.
    const waitingClient = t.client();
    waiting = { client: waitingClient, cart: cartOf(ok(await holdVia(waitingClient, { scopeId: dateId, seats: [{ key: "G1:1:0", ticketCategoryId: cat1 }] }))) };
  });

  it("cancels valid and pending orders, queues refunds of paid ones and mails their buyers", async () => {
    await shop.organiser.trpc.events.cancel.mutate({ id: shop.eventId });
    expect((await eventRow(t.database.db, shop.eventId))!.status).toBe("cancelled");

    // The paid order: cancelled, its tickets void, its money on the way back, the buyer told (in German).
    const paidOrder = (await orderRow(t.database, paid.orderId))!;
    expect(paidOrder.status).toBe("cancelled");
    expect(paidOrder.cancelled_at).not.toBeNull();
    expect((await linesOf(t.database, paid.orderId)).map((l) => l.status)).toEqual(["canceled", "canceled"]);
    expect(await refundsOf(t.database, paid.orderId)).toEqual([
      expect.objectContaining({ provider: "test", provider_ref: paid.paymentId, amount_cents: 3200, reason: "event_cancelled", status: "pending" }),
    ]);
    const paidMails = await mailsTo(t.database, paid.input.buyer.email);
    expect(paidMails.map((m) => [m.template, m.locale])).toEqual([
      ["order_confirmation", "de"],
      ["order_cancelled", "de"],
    ]);
    expect(paidMails[1]!.subject).toBe("Abgesagt: Summer Concert");
    expect(paidMails[1]!.text).toContain(paidOrder.number);
    expect(paidMails[1]!.text).toMatch(/Ihre Zahlung von 32,00\s€ wird vollständig erstattet/);
    expect(paidMails[1]!.attachments).toEqual([]);

    // The free order: cancelled and told, nothing to refund.
    const freeOrder = (await orderRow(t.database, free.orderId))!;
    expect(freeOrder.status).toBe("cancelled");
    expect((await linesOf(t.database, free.orderId)).map((l) => l.status)).toEqual(["canceled"]);
    expect(await refundsOf(t.database, free.orderId)).toEqual([]);
    const freeMails = await mailsTo(t.database, free.email);
    expect(freeMails.map((m) => m.template)).toEqual(["order_confirmation", "order_cancelled"]);
    expect(freeMails[1]!.text).toContain(freeOrder.number);
    expect(freeMails[1]!.subject).toBe("Cancelled: Summer Concert");
    expect(freeMails[1]!.text).not.toMatch(/refund/i);

    // The order waiting for its payment: cancelled quietly (nothing was paid).
    const pendingOrder = (await orderRow(t.database, pending.orderId))!;
    expect(pendingOrder.status).toBe("cancelled");
    expect((await linesOf(t.database, pending.orderId)).map((l) => l.status)).toEqual(["canceled"]);
    expect(await refundsOf(t.database, pending.orderId)).toEqual([]);
    expect(await mailsTo(t.database, pending.input.buyer.email)).toEqual([]);

    // The failed order stays failed.
    expect((await orderRow(t.database, failed.orderId))!.status).toBe("failed");
    expect(await mailsTo(t.database, failed.input.buyer.email)).toEqual([]);

    // The buyer's link shows the cancellation; the tickets are gone.
    const view = await t.client().trpc.orders.view.query({ orderId: paid.orderId, key: keyOf(t, paid.orderId) });
    expect(view).toMatchObject({ status: "cancelled", refunded: true, lines: [{ status: "canceled" }, { status: "canceled" }] });
    const pdf = await t.client().request({ method: "GET", url: `/api/orders/${paid.orderId}/tickets.pdf?key=${keyOf(t, paid.orderId)}` });
    expect(pdf.statusCode).toBe(409);
  });

  it("sells nothing more: neither a new hold nor the checkout of a cart held before", async () => {
    const before = await ordersState(t.database);
    const cat1 = shop.category("cat1").id;
    expect(appCodeOf(await holdVia(t.client(), { scopeId: dateId, seats: [{ key: "G1:1:5", ticketCategoryId: cat1 }] }))).toBe("EVENT_CANCELLED");
    expect(appCodeOf(await checkoutVia(waiting.client, checkoutInput(waiting.cart, seatTickets(cat1, ["G1:1:0"]))))).toBe("EVENT_CANCELLED");
    expect(await ordersState(t.database)).toEqual(before);
  });

  it("changes nothing when cancelled again", async () => {
    const outbox = await readOutbox(t.database.db);
    const refunds = await t.database.rows(sql`select * from refunds order by id`);
    const orders = await t.database.rows(sql`select id, status, cancelled_at, updated_at from orders where event_id = ${shop.eventId} order by id`);
    await shop.organiser.trpc.events.cancel.mutate({ id: shop.eventId });
    expect(await readOutbox(t.database.db)).toEqual(outbox);
    expect(await t.database.rows(sql`select * from refunds order by id`)).toEqual(refunds);
    expect(await t.database.rows(sql`select id, status, cancelled_at, updated_at from orders where event_id = ${shop.eventId} order by id`)).toEqual(orders);
  });

  it("pays the refunds back through the provider", async () => {
    expect(await processRefunds(t.deps)).toBe(1);
    expect(await refundsOf(t.database, paid.orderId)).toEqual([
      expect.objectContaining({ status: "done", attempts: 1, provider_refund_id: `test-refund:${paid.paymentId}` }),
    ]);
    expect(await testPaymentsOf(t.database, paid.orderId)).toEqual([
      { id: paid.paymentId, order_id: paid.orderId, amount_cents: 3200, status: "refunded", refunded_cents: 3200 },
    ]);
    expect(await processRefunds(t.deps)).toBe(0);
  });

  it("refunds a payment that arrives for a cancelled pending order", async () => {
    // Its hold runs out meanwhile: the sweeper leaves the cancelled order (and its cart) alone.
    await expireCartNow(t.database, pending.cart.id);
    await sweepExpiredCarts(t.deps);
    expect((await orderRow(t.database, pending.orderId))!.status).toBe("cancelled");

    const paymentId = paymentIdOf(pending.result);
    const res = ok(await decideVia(pending.client, paymentId, "paid"));
    expect(res.status).toBe("cancelled");
    const order = (await orderRow(t.database, pending.orderId))!;
    expect(order.status).toBe("cancelled");
    expect((await linesOf(t.database, pending.orderId)).map((l) => l.status)).toEqual(["canceled"]);
    // Nothing is sold for it.
    expect((await seatStates(t.database, dateId, ["G1:0:3"]))["G1:0:3"]).toMatchObject({ orderLineId: null });
    expect((await seatStates(t.database, dateId, ["G1:0:3"]))["G1:0:3"]!.status).not.toBe("SOLD");
    expect(await refundsOf(t.database, pending.orderId)).toEqual([
      expect.objectContaining({ provider: "test", provider_ref: paymentId, amount_cents: order.total_cents, reason: "payment_for_cancelled_order", status: "pending" }),
    ]);
    expect(await processRefunds(t.deps)).toBe(1);
    expect((await testPaymentsOf(t.database, pending.orderId))[0]).toMatchObject({ status: "refunded", refunded_cents: order.total_cents });
    expect(await mailsTo(t.database, pending.input.buyer.email, "order_confirmation")).toEqual([]);
  });
});

describe("cancelling an event without orders", () => {
  it("cancels it and mails no one", async () => {
    const shop = await cancelEvent();
    const mails = (await readOutbox(t.database.db)).length;
    await shop.organiser.trpc.events.cancel.mutate({ id: shop.eventId });
    expect((await eventRow(t.database.db, shop.eventId))!.status).toBe("cancelled");
    expect(await readOutbox(t.database.db)).toHaveLength(mails);
  });
});
