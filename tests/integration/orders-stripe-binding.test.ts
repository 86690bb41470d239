import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { processRefunds, reconcilePayments } from "../../server/modules/orders/jobs";
import { createStripeClient } from "../../server/modules/payments/stripe-provider";
import { mailsTo, orderRow, quotaOf, refundsOf, seatStates } from "./helpers/orders";
import type { StandInSession } from "./helpers/stripe-stand-in";
import { createStripeShop, deliverEvent, placeStripeOrder, type StripeShop } from "./helpers/stripe-webhook";

/**
 * Issue 12 item 6: a signed Stripe event binds a payment to an order only when it is the
 * order's own Checkout Session, for the order's amount and currency. Anything else is refused,
 * logged and (if money moved) refunded, never settled.
 */
let s: StripeShop;

beforeAll(async () => {
  // One block G1 of 5 × 10 seats, "Ticket cat1" at 15.00.
  s = await createStripeShop();
});
afterAll(async () => {
  await s?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A Checkout Session of the same Stripe account that our checkout did not make (a Payment Link,
 * another integration): whoever pays it can put any order id into `client_reference_id`.
 */
async function sessionNaming(orderId: string, amountCents: number): Promise<StandInSession> {
  const api = createStripeClient({ secretKey: "sk_test_x", apiBase: s.stripe.url });
  const created = await api.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: amountCents, product_data: { name: "Donation" } } }],
    client_reference_id: orderId,
    success_url: "https://elsewhere.example/thanks",
  });
  return s.stripe.sessions.get(created.id)!;
}

async function refundsOfPayment(providerRef: string) {
  return s.t.database.rows<{ order_id: string | null; provider: string; amount_cents: number; reason: string; status: string }>(
    sql`select order_id::text, provider, amount_cents, reason, status::text from refunds where provider_ref = ${providerRef}`,
  );
}

/** The refusals the server logged (what a warning carries: no buyer data). */
function refusalsLogged(warn: { mock: { calls: unknown[][] } }) {
  return warn.mock.calls.filter((c) => c[1] === "payment news refused: not the order's payment").map((c) => c[0] as Record<string, unknown>);
}

const seat = (row: number, n: number) => `G1:${row}:${n}`;

describe("a Stripe payment counts only for its own order", () => {
  it("refuses another session's payment naming the order, refunds it, and the order's own payment still completes it", async () => {
    const keys = [seat(0, 0), seat(0, 1)];
    const placed = await placeStripeOrder(s, keys);
    expect(placed.order.total_cents).toBeGreaterThan(100);
    const quota = (await quotaOf(s.t.database, s.dateId, `ticket:${s.tc}`))!;
    const warn = vi.spyOn(s.t.deps.log, "warn");

    const foreign = s.stripe.pay((await sessionNaming(placed.orderId, 100)).id);
    const { res } = await deliverEvent(s.t, "checkout.session.completed", foreign);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    expect(await orderRow(s.t.database, placed.orderId)).toMatchObject({ status: "pending", paid_at: null, provider_ref: placed.session.id });
    for (const k of keys) expect((await seatStates(s.t.database, s.dateId, keys))[k]).toMatchObject({ status: "PAYMENT_PENDING", holdId: placed.cart.id });
    expect(await quotaOf(s.t.database, s.dateId, `ticket:${s.tc}`)).toEqual(quota);
    expect(await mailsTo(s.t.database, placed.input.buyer.email)).toEqual([]);
    // The foreign payment goes back; the order itself has nothing to refund.
    expect(await refundsOfPayment(foreign.id)).toEqual([
      { order_id: null, provider: "stripe", amount_cents: 100, reason: "payment_not_for_order", status: "pending" },
    ]);
    expect(await refundsOf(s.t.database, placed.orderId)).toEqual([]);

    const [logged, ...more] = refusalsLogged(warn);
    expect(more).toEqual([]);
    expect(logged).toMatchObject({ orderId: placed.orderId, paymentRef: foreign.id, mismatch: "other_payment", amountCents: 100, refunded: true });
    const text = JSON.stringify(logged);
    for (const personal of [placed.input.buyer.email, placed.input.buyer.lastName, placed.input.buyer.firstName]) expect(text).not.toContain(personal);

    // The refund job gives the money back through Stripe, keyed by that payment.
    expect(await processRefunds(s.t.deps)).toBe(1);
    expect(s.stripe.refunds).toEqual([expect.objectContaining({ payment_intent: foreign.payment_intent, amount: 100 })]);
    const refundCall = s.stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds").at(-1)!;
    expect(refundCall.idempotencyKey).toBe(`refund:${foreign.id}`);
    expect((await refundsOfPayment(foreign.id))[0]!.status).toBe("done");

    // Reported again (another event about the same session): still one refund.
    expect((await deliverEvent(s.t, "checkout.session.async_payment_succeeded", foreign)).res.statusCode).toBe(200);
    expect(await refundsOfPayment(foreign.id)).toHaveLength(1);
    expect((await orderRow(s.t.database, placed.orderId))!.status).toBe("pending");

    // The buyer pays the order's own session: that one completes the order.
    expect((await deliverEvent(s.t, "checkout.session.completed", s.stripe.pay(placed.session.id))).res.statusCode).toBe(200);
    expect((await orderRow(s.t.database, placed.orderId))!.status).toBe("valid");
    for (const k of keys) expect((await seatStates(s.t.database, s.dateId, keys))[k]!.status).toBe("SOLD");
    expect((await mailsTo(s.t.database, placed.input.buyer.email)).map((m) => m.template)).toEqual(["order_confirmation"]);
  });

  it("refuses the order's own session reported with another amount or currency", async () => {
    const placed = await placeStripeOrder(s, [seat(1, 0), seat(1, 1)]);
    const warn = vi.spyOn(s.t.deps.log, "warn");
    const paid: StandInSession = { ...placed.session, status: "complete", payment_status: "paid", payment_intent: "pi_test_tampered" };

    const cheaper = await deliverEvent(s.t, "checkout.session.completed", { ...paid, amount_total: 100 });
    expect(cheaper.res.statusCode).toBe(200);
    expect((await orderRow(s.t.database, placed.orderId))!.status).toBe("pending");
    const dollars = await deliverEvent(s.t, "checkout.session.completed", { ...paid, currency: "usd" });
    expect(dollars.res.statusCode).toBe(200);
    expect((await orderRow(s.t.database, placed.orderId))!.status).toBe("pending");

    expect(refusalsLogged(warn).map((l) => l.mismatch)).toEqual(["amount", "currency"]);
    // One refund per payment, whatever it was reported as.
    expect(await refundsOfPayment(placed.session.id)).toEqual([
      { order_id: null, provider: "stripe", amount_cents: 100, reason: "payment_not_for_order", status: "pending" },
    ]);
    expect(await mailsTo(s.t.database, placed.input.buyer.email)).toEqual([]);
  });

  it("ignores a failed or expired session that is not the order's", async () => {
    const keys = [seat(1, 2)];
    const placed = await placeStripeOrder(s, keys);
    const quota = (await quotaOf(s.t.database, s.dateId, `ticket:${s.tc}`))!;
    const foreign = await sessionNaming(placed.orderId, placed.order.total_cents);

    expect((await deliverEvent(s.t, "checkout.session.expired", s.stripe.expire(foreign.id))).res.statusCode).toBe(200);
    expect((await deliverEvent(s.t, "checkout.session.async_payment_failed", foreign)).res.statusCode).toBe(200);

    expect((await orderRow(s.t.database, placed.orderId))!.status).toBe("pending");
    expect((await seatStates(s.t.database, s.dateId, keys))[keys[0]!]).toMatchObject({ status: "PAYMENT_PENDING", holdId: placed.cart.id });
    expect(await quotaOf(s.t.database, s.dateId, `ticket:${s.tc}`)).toEqual(quota);
    expect(await refundsOfPayment(foreign.id)).toEqual([]);
  });

  it("after a crash lost the order's session id, only the session our server made for it (its metadata) completes it", async () => {
    const keys = [seat(1, 3)];
    const placed = await placeStripeOrder(s, keys);
    await s.t.database.rows(sql`update orders set provider_ref = null where id = ${placed.orderId} returning id`);

    // Another session with the right amount, naming the order only in client_reference_id.
    const foreign = s.stripe.pay((await sessionNaming(placed.orderId, placed.order.total_cents)).id);
    expect((await deliverEvent(s.t, "checkout.session.completed", foreign)).res.statusCode).toBe(200);
    expect(await orderRow(s.t.database, placed.orderId)).toMatchObject({ status: "pending", provider_ref: null });
    expect(await refundsOfPayment(foreign.id)).toEqual([expect.objectContaining({ order_id: null, amount_cents: placed.order.total_cents })]);

    expect((await deliverEvent(s.t, "checkout.session.completed", s.stripe.pay(placed.session.id))).res.statusCode).toBe(200);
    expect(await orderRow(s.t.database, placed.orderId)).toMatchObject({ status: "valid", provider_ref: placed.session.id });
  });
});

// Meaningful on Postgres (TEST_DATABASE_URL), where the deliveries really run side by side.
describe("the webhook under concurrency", () => {
  it("settles an order once when the same event arrives three times at once", async () => {
    const keys = [seat(2, 0), seat(2, 1)];
    const placed = await placeStripeOrder(s, keys);
    const quota = (await quotaOf(s.t.database, s.dateId, `ticket:${s.tc}`))!;
    const session = s.stripe.pay(placed.session.id);
    const eventId = `evt_race_${placed.orderId}`;

    const results = await Promise.all([1, 2, 3].map(() => deliverEvent(s.t, "checkout.session.completed", session, eventId)));
    for (const { res } of results) expect(res.statusCode).toBe(200);

    expect((await orderRow(s.t.database, placed.orderId))!.status).toBe("valid");
    expect(await quotaOf(s.t.database, s.dateId, `ticket:${s.tc}`)).toMatchObject({ held: quota.held - 2, sold: quota.sold + 2 });
    expect(await mailsTo(s.t.database, placed.input.buyer.email)).toHaveLength(1);
    expect(await s.t.database.rows(sql`select event_id from payment_events where order_id = ${placed.orderId}`)).toEqual([{ event_id: eventId }]);
  });

  it("settles an order once when its webhook and the reconciliation job run at once", async () => {
    const keys = [seat(2, 2)];
    const placed = await placeStripeOrder(s, keys);
    const quota = (await quotaOf(s.t.database, s.dateId, `ticket:${s.tc}`))!;
    const session = s.stripe.pay(placed.session.id);

    const [webhook] = await Promise.all([deliverEvent(s.t, "checkout.session.completed", session), reconcilePayments(s.t.deps, 0)]);
    expect(webhook.res.statusCode).toBe(200);

    expect((await orderRow(s.t.database, placed.orderId))!.status).toBe("valid");
    expect((await seatStates(s.t.database, s.dateId, keys))[keys[0]!]!.status).toBe("SOLD");
    expect(await quotaOf(s.t.database, s.dateId, `ticket:${s.tc}`)).toMatchObject({ held: quota.held - 1, sold: quota.sold + 1 });
    expect(await mailsTo(s.t.database, placed.input.buyer.email)).toHaveLength(1);
  });

  it("refunds a payment that is not the order's once when several events about it arrive at once", async () => {
    const placed = await placeStripeOrder(s, [seat(2, 3)]);
    const foreign = s.stripe.pay((await sessionNaming(placed.orderId, 100)).id);

    const results = await Promise.all(
      ["checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.completed"].map((type) =>
        deliverEvent(s.t, type, foreign),
      ),
    );
    for (const { res } of results) expect(res.statusCode).toBe(200);

    expect((await orderRow(s.t.database, placed.orderId))!.status).toBe("pending");
    expect(await refundsOfPayment(foreign.id)).toHaveLength(1);
    await Promise.all([processRefunds(s.t.deps), processRefunds(s.t.deps)]);
    expect(s.stripe.refunds.filter((r) => r.payment_intent === foreign.payment_intent)).toEqual([expect.objectContaining({ amount: 100 })]);
  });
});
