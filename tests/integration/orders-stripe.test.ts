import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processRefunds, reconcilePayments } from "../../server/modules/orders/jobs";
import { ok } from "./helpers/events";
import {
  buyer,
  cartState,
  checkoutInput,
  crashOnMailToCrashAddresses,
  checkoutVia,
  keyOf,
  mailsTo,
  orderRow,
  type OrdersApp,
  ordersState,
  placeSeatOrder,
  quotaOf,
  refundsOf,
  seatStates,
  seatTickets,
} from "./helpers/orders";
import { createShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { sessionEvent, signatureFor, type StandInSession, type StripeStandIn } from "./helpers/stripe-stand-in";
import { createStripeShop, deliver as deliverTo, deliverEvent as deliverEventTo, placeStripeOrder as placeIn, type StripeShop, WEBHOOK_SECRET } from "./helpers/stripe-webhook";

let s: StripeShop;
let stripe: StripeStandIn;
let t: OrdersApp;
let dateId: string;
let tc: string;

beforeAll(async () => {
  // One block G1 of 5 × 10 seats, "Ticket cat1" at 15.00.
  s = await createStripeShop();
  ({ stripe, t, dateId, tc } = s);
});
afterAll(async () => {
  await s?.close();
});

const placeStripeOrder = (keys: string[], overrides: Record<string, unknown> = {}) => placeIn(s, keys, overrides);
const deliver = (payload: string, signature: string | null, contentType?: string) => deliverTo(t, payload, signature, contentType);
const deliverEvent = (type: string, session: StandInSession, eventId?: string) => deliverEventTo(t, type, session, eventId);

const sessionCreations = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");

describe("checkout with Stripe", () => {
  it("creates a Checkout Session for the server's amount and sends the buyer to it", async () => {
    const before = sessionCreations().length;
    const placed = await placeStripeOrder(["G1:0:0", "G1:0:1"]);
    const { order, session } = placed;
    expect(placed.result).toEqual({ orderId: placed.orderId, status: "pending", redirectUrl: session.url });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(order).toMatchObject({ status: "pending", payment_method: "online", provider: "stripe", provider_ref: session.id });
    expect(session.id).toMatch(/^cs_test_/);

    const [request, ...more] = sessionCreations().slice(before);
    expect(more).toEqual([]);
    expect(request!.authorization).toBe("Bearer sk_test_x");
    expect(request!.idempotencyKey).toBe(`order:${placed.orderId}`);
    expect(request!.form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "3200",
      customer_email: placed.input.buyer.email,
      client_reference_id: placed.orderId,
      "metadata[orderId]": placed.orderId,
      "metadata[orderNumber]": order.number,
      "payment_intent_data[metadata][orderId]": placed.orderId,
      locale: "en",
      cancel_url: `${t.config.PUBLIC_BASE_URL}/checkout?order=${placed.orderId}&cancelled=1`,
    });
    expect(request!.form.success_url).toMatch(new RegExp(`^${t.config.PUBLIC_BASE_URL}/successful\\?order=${placed.orderId}&next=`));
    expect(session.amount_total).toBe(order.total_cents);
    expect(session.metadata).toEqual({ orderId: placed.orderId, orderNumber: order.number });
    expect(await t.database.rows(sql`select id from test_payments where order_id = ${placed.orderId}`)).toEqual([]);
  });

  it("sends a returning buyer to the same session instead of making another", async () => {
    const placed = await placeStripeOrder(["G1:0:2"]);
    const before = sessionCreations().length;
    // A second later the parameters of a new session would differ (expires_at), which Stripe
    // refuses under the same idempotency key: the open session is looked up instead.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const resumed = await placed.client.trpc.orders.resume.mutate({ orderId: placed.orderId, key: keyOf(t, placed.orderId) });
    expect(resumed).toMatchObject({ status: "pending", redirectUrl: placed.session.url });
    const resubmitted = ok(await checkoutVia(placed.client, checkoutInput(placed.cart, seatTickets(tc, ["G1:0:2"]))));
    expect(resubmitted).toEqual({ orderId: placed.orderId, status: "pending", redirectUrl: placed.session.url });
    expect(sessionCreations().length).toBe(before);
    expect(stripe.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/checkout/sessions/${placed.session.id}` });

    // Once the session is over, the buyer sees the order ("payment processing") rather than a dead page.
    stripe.expire(placed.session.id);
    const afterExpiry = await placed.client.trpc.orders.resume.mutate({ orderId: placed.orderId, key: keyOf(t, placed.orderId) });
    expect(afterExpiry.status).toBe("pending");
    expect(afterExpiry.redirectUrl).toMatch(new RegExp(`^/successful\\?order=${placed.orderId}&next=`));
    expect(sessionCreations().length).toBe(before);
  });
});

describe("Stripe's webhook", () => {
  it("completes the order on checkout.session.completed, once however often it is delivered", async () => {
    const keys = ["G1:1:0", "G1:1:1"];
    const placed = await placeStripeOrder(keys);
    const session = stripe.pay(placed.session.id);
    const { res, event, payload, signature } = await deliverEvent("checkout.session.completed", session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    const order = (await orderRow(t.database, placed.orderId))!;
    expect(order.status).toBe("valid");
    expect(order.paid_at).not.toBeNull();
    const seats = await seatStates(t.database, dateId, keys);
    for (const k of keys) expect(seats[k]).toMatchObject({ status: "SOLD", holdId: null });
    expect(seats[keys[0]!]!.orderLineId).not.toBeNull();
    const mails = await mailsTo(t.database, placed.input.buyer.email);
    expect(mails.map((m) => [m.template, m.attachments])).toEqual([
      ["order_confirmation", [{ kind: "order_tickets", orderId: placed.orderId }, { kind: "order_invoice", invoiceId: expect.any(String) }]],
    ]);

    // Stripe delivers again (the same event, signed anew, and the very same request).
    const again = await deliver(payload, signatureFor(payload, WEBHOOK_SECRET));
    expect(again.statusCode).toBe(200);
    const replay = await deliver(payload, signature);
    expect(replay.statusCode).toBe(200);
    expect(await mailsTo(t.database, placed.input.buyer.email)).toHaveLength(1);
    expect(await t.database.rows(sql`select provider, event_id, type from payment_events where order_id = ${placed.orderId}`)).toEqual([
      { provider: "stripe", event_id: event.id, type: "checkout.session.completed" },
    ]);
    expect((await quotaOf(t.database, dateId, `ticket:${tc}`))!.sold).toBe(2);
  });

  it("answers 500 when handling crashes, so Stripe delivers again and the retry completes the order", async () => {
    const keys = ["G1:3:0"];
    const placed = await placeStripeOrder(keys, { buyer: buyer({ email: `crash-${Date.now()}@example.com` }) });
    const session = stripe.pay(placed.session.id);
    const event = sessionEvent("checkout.session.completed", session);
    const payload = JSON.stringify(event);
    const before = await ordersState(t.database);
    const undo = await crashOnMailToCrashAddresses(t.database);
    try {
      const res = await deliver(payload, signatureFor(payload, WEBHOOK_SECRET));
      expect(res.statusCode).toBe(500);
    } finally {
      await undo();
    }
    // Nothing half-done, and the event is not marked as handled.
    expect(await ordersState(t.database)).toEqual(before);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("pending");
    expect((await seatStates(t.database, dateId, keys))["G1:3:0"]).toMatchObject({ status: "PAYMENT_PENDING", holdId: placed.cart.id });

    const retry = await deliver(payload, signatureFor(payload, WEBHOOK_SECRET));
    expect(retry.statusCode).toBe(200);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");
    expect((await seatStates(t.database, dateId, keys))["G1:3:0"]!.status).toBe("SOLD");
    expect((await mailsTo(t.database, placed.input.buyer.email)).map((m) => m.template)).toEqual(["order_confirmation"]);
    expect(await t.database.rows(sql`select event_id from payment_events where order_id = ${placed.orderId}`)).toEqual([{ event_id: event.id }]);
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const keys = ["G1:1:2"];
    const placed = await placeStripeOrder(keys);
    const session = stripe.pay(placed.session.id);
    const event = sessionEvent("checkout.session.completed", session);
    const payload = JSON.stringify(event);
    const tampered = JSON.stringify({ ...event, data: { object: { ...session, amount_total: 1 } } });
    const before = await ordersState(t.database);
    const seatsBefore = await seatStates(t.database, dateId, keys);

    const attempts: [string, string, string | null][] = [
      ["another secret", payload, signatureFor(payload, "whsec_other")],
      ["a tampered body", tampered, signatureFor(payload, WEBHOOK_SECRET)],
      ["no signature", payload, null],
      ["a malformed signature", payload, "t=1,v1=deadbeef"],
      ["an empty signature", payload, ""],
      ["an old signature (replay)", payload, signatureFor(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)],
    ];
    for (const [what, body, signature] of attempts) {
      const res = await deliver(body, signature);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ error: "INVALID_SIGNATURE" });
    }
    const asText = await deliver(payload, signatureFor(payload, WEBHOOK_SECRET), "text/plain");
    expect(asText.statusCode).toBe(400);

    expect(await ordersState(t.database)).toEqual(before);
    expect(await seatStates(t.database, dateId, keys)).toEqual(seatsBefore);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("pending");

    // The genuine delivery still works afterwards.
    expect((await deliver(payload, signatureFor(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");
  });

  it("fails the order and frees its seats on checkout.session.expired", async () => {
    const keys = ["G1:1:3", "G1:1:4"];
    const placed = await placeStripeOrder(keys);
    const quota = (await quotaOf(t.database, dateId, `ticket:${tc}`))!;
    const { res } = await deliverEvent("checkout.session.expired", stripe.expire(placed.session.id));
    expect(res.statusCode).toBe(200);
    const order = (await orderRow(t.database, placed.orderId))!;
    expect(order.status).toBe("failed");
    expect(order.failed_at).not.toBeNull();
    const seats = await seatStates(t.database, dateId, keys);
    for (const k of keys) expect(seats[k]).toMatchObject({ status: "FREE", holdId: null });
    expect(await quotaOf(t.database, dateId, `ticket:${tc}`)).toMatchObject({ held: quota.held - 2, sold: quota.sold });
    expect(await cartState(t.database, placed.cart.id)).toBe("released");
    expect(await mailsTo(t.database, placed.input.buyer.email)).toEqual([]);
  });

  it("waits for an asynchronous payment and completes the order when it succeeds", async () => {
    const placed = await placeStripeOrder(["G1:1:5"]);
    const submitted = await deliverEvent("checkout.session.completed", stripe.pay(placed.session.id, { async: true }));
    expect(submitted.res.statusCode).toBe(200);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("pending");
    const succeeded = await deliverEvent("checkout.session.async_payment_succeeded", stripe.settleAsync(placed.session.id));
    expect(succeeded.res.statusCode).toBe(200);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");
  });

  it("fails the order when an asynchronous payment fails", async () => {
    const placed = await placeStripeOrder(["G1:1:6"]);
    await deliverEvent("checkout.session.completed", stripe.pay(placed.session.id, { async: true }));
    const { res } = await deliverEvent("checkout.session.async_payment_failed", stripe.sessions.get(placed.session.id)!);
    expect(res.statusCode).toBe(200);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("failed");
    expect((await seatStates(t.database, dateId, ["G1:1:6"]))["G1:1:6"]!.status).toBe("FREE");
  });

  it("acknowledges events it does not act on", async () => {
    const placed = await placeStripeOrder(["G1:1:7"]);
    const before = await ordersState(t.database);
    const other = await deliverEvent("payment_intent.succeeded", stripe.pay(placed.session.id));
    expect(other.res.statusCode).toBe(200);
    // A session of someone else's integration (no order of ours in it).
    const foreign = await deliverEvent("checkout.session.completed", { ...stripe.sessions.get(placed.session.id)!, metadata: {}, client_reference_id: null });
    expect(foreign.res.statusCode).toBe(200);
    const unknown = await deliverEvent("checkout.session.completed", {
      ...stripe.sessions.get(placed.session.id)!,
      metadata: { orderId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.res.statusCode).toBe(200);
    expect(await ordersState(t.database)).toEqual(before);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("pending");
  });
});

describe("reconciliation with Stripe", () => {
  it("asks Stripe about pending orders: paid ones complete, expired ones fail, open ones wait", async () => {
    const paid = await placeStripeOrder(["G1:2:0"]);
    const expired = await placeStripeOrder(["G1:2:1"]);
    const open = await placeStripeOrder(["G1:2:2"]);
    stripe.pay(paid.session.id);
    stripe.expire(expired.session.id);
    const asked = stripe.requests.length;

    expect(await reconcilePayments(t.deps, 0)).toBeGreaterThanOrEqual(2);
    const lookups = stripe.requests.slice(asked).filter((r) => r.method === "GET").map((r) => r.path);
    for (const s of [paid, expired, open]) expect(lookups).toContain(`/v1/checkout/sessions/${s.session.id}`);
    expect((await orderRow(t.database, paid.orderId))!.status).toBe("valid");
    expect((await seatStates(t.database, dateId, ["G1:2:0"]))["G1:2:0"]!.status).toBe("SOLD");
    expect((await mailsTo(t.database, paid.input.buyer.email)).map((m) => m.template)).toEqual(["order_confirmation"]);
    expect((await orderRow(t.database, expired.orderId))!.status).toBe("failed");
    expect((await seatStates(t.database, dateId, ["G1:2:1"]))["G1:2:1"]!.status).toBe("FREE");
    expect((await orderRow(t.database, open.orderId))!.status).toBe("pending");

    // The webhook that arrives after all changes nothing more.
    const { res } = await deliverEvent("checkout.session.completed", stripe.sessions.get(paid.session.id)!);
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(t.database, paid.input.buyer.email)).toHaveLength(1);
  });
});

describe("refunds through Stripe", () => {
  it("refunds the session's payment intent when the event is cancelled, retrying after an outage", async () => {
    const event = await createShopEvent(t, { layout: gridLayout(1, 1, 10) });
    const category = event.category("cat1").id;
    const placed = await placeSeatOrder(t, event.dateIds[0]!, category, ["G1:0:0", "G1:0:1"]);
    const order = (await orderRow(t.database, placed.orderId))!;
    const session = stripe.pay(order.provider_ref!);
    expect((await deliverEvent("checkout.session.completed", session)).res.statusCode).toBe(200);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");

    await event.organiser.trpc.events.cancel.mutate({ id: event.eventId });
    expect(await refundsOf(t.database, placed.orderId)).toEqual([
      expect.objectContaining({ provider: "stripe", provider_ref: session.id, amount_cents: 3200, reason: "event_cancelled", status: "pending" }),
    ]);

    // Stripe cannot be reached: the refund stays due and is tried again later.
    stripe.failNext("/v1/refunds");
    expect(await processRefunds(t.deps)).toBe(0);
    const [waiting] = await refundsOf(t.database, placed.orderId);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, provider_refund_id: null });
    expect(waiting!.last_error).toBeTruthy();
    expect(stripe.refunds).toEqual([]);
    expect(await processRefunds(t.deps)).toBe(0); // not due yet
    await t.database.rows(sql`update refunds set next_attempt_at = now() where order_id = ${placed.orderId} returning id`);

    expect(await processRefunds(t.deps)).toBe(1);
    const refundCalls = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    // The retry carries the same key (the refund row's), so Stripe refunds once.
    expect(refundCalls.map((r) => [r.idempotencyKey, r.form])).toEqual([
      [`refund:${waiting!.id}`, { payment_intent: session.payment_intent, amount: "3200" }],
      [`refund:${waiting!.id}`, { payment_intent: session.payment_intent, amount: "3200" }],
    ]);
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: session.payment_intent, amount: 3200 })]);
    expect(await refundsOf(t.database, placed.orderId)).toEqual([
      expect.objectContaining({ status: "done", attempts: 2, provider_refund_id: stripe.refunds[0]!.id, last_error: null }),
    ]);
    expect(await processRefunds(t.deps)).toBe(0);
    expect(stripe.refunds).toHaveLength(1);
  });
});
