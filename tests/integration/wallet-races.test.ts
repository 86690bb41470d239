/**
 * The wallet under pressure (issue 22 item 4, decision 024). On Postgres: withdrawals requested
 * at once never take more than the balance (the control run, without the wallet lock, shows that
 * they would). Everywhere: a Stripe dispute debits the organiser the disputed amount less its
 * service fees, once however often Stripe reports it, and a dispute won gives it back.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setWalletLockDisabledForTests } from "../../server/modules/wallet/withdrawals";
import { ok } from "./helpers/events";
import { buySeats, createOrdersApp, type OrdersApp } from "./helpers/orders";
import { organiserIdOf } from "./helpers/resellers";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { signatureFor } from "./helpers/stripe-stand-in";
import { createStripeShop, deliver, deliverEvent, placeStripeOrder, type StripeShop, WEBHOOK_SECRET } from "./helpers/stripe-webhook";
import { attempt } from "./helpers/trpc";

describe.runIf(process.env.TEST_DATABASE_URL)("withdrawals requested at once (Postgres)", () => {
  let t: OrdersApp;
  let shop: ShopEvent;
  let organiserId: string;

  beforeAll(async () => {
    t = await createOrdersApp({ LOG_LEVEL: "silent" });
    shop = await createShopEvent(t);
    organiserId = await organiserIdOf(t, shop.eventId);
    const keys = (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${shop.dateIds[0]!} and category_id = 'a' order by seat_key limit 4`)).map((r) => r.k);
    await buySeats(t, shop.dateIds[0]!, shop.category("a").id, keys);
    await t.database.rows(sql`update organisers set account_number = 'DE89370400440532013000' where id = ${organiserId} returning id`);
  });

  afterAll(async () => {
    setWalletLockDisabledForTests(false);
    await t.close();
  });

  /** Eight requests of 40 % of the balance at once; returns how many went through and the balance after. */
  async function burst() {
    await t.database.rows(sql`delete from withdrawals where organiser_id = ${organiserId} returning id`);
    const { balanceCents } = ok(await attempt(shop.organiser.trpc.wallet.summary.query()));
    const amountCents = Math.floor(balanceCents * 0.4);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => attempt(shop.organiser.trpc.wallet.requestWithdrawal.mutate({ amountCents, idempotencyKey: `race-${randomUUID()}` }))),
    );
    const after = ok(await attempt(shop.organiser.trpc.wallet.summary.query()));
    return { before: balanceCents, granted: results.filter((r) => !r.error).length, refused: results.filter((r) => r.error?.appCode === "WITHDRAWAL_ABOVE_BALANCE").length, after: after.balanceCents };
  }

  it("control: without the wallet lock, more is granted than the balance holds", async () => {
    setWalletLockDisabledForTests(true);
    try {
      const run = await burst();
      expect(run.before).toBeGreaterThan(0);
      expect(run.granted).toBeGreaterThan(2);
      expect(run.after).toBeLessThan(0);
    } finally {
      setWalletLockDisabledForTests(false);
    }
  });

  it("with the lock, two of eight go through and the balance never falls below zero", async () => {
    const run = await burst();
    expect(run).toMatchObject({ granted: 2, refused: 6 });
    expect(run.after).toBeGreaterThanOrEqual(0);
    expect(run.after).toBe(run.before - 2 * Math.floor(run.before * 0.4));
  });
});

describe("chargebacks reported by Stripe", () => {
  let s: StripeShop;

  beforeAll(async () => {
    s = await createStripeShop();
  });

  afterAll(async () => {
    await s.close();
  });

  function disputeEvent(type: string, dispute: { id: string; payment_intent: string; amount: number; status: string }) {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { object: "dispute", currency: "eur", reason: "fraudulent", ...dispute } },
    });
    return deliver(s.t, payload, signatureFor(payload, WEBHOOK_SECRET));
  }

  it("debits the disputed amount less its service fees once, and gives it back when the dispute is won", async () => {
    const placed = await placeStripeOrder(s, ["G1:0:0", "G1:0:1"]);
    const paid = s.stripe.pay(placed.session.id);
    expect((await deliverEvent(s.t, "checkout.session.completed", paid)).res.statusCode).toBe(200);
    const organiser = s.shop.organiser.trpc.wallet;
    const before = ok(await attempt(organiser.summary.query()));
    const [order] = await s.t.database.rows<{ total: number; fees: number }>(
      sql`select total_cents as total, (amounts->>'feesCents')::int as fees from orders where id = ${placed.orderId}`,
    );
    expect(Number(order!.fees)).toBe(200);
    const dispute = { id: `dp_${randomUUID()}`, payment_intent: paid.payment_intent!, amount: Number(order!.total), status: "needs_response" };
    expect((await disputeEvent("charge.dispute.created", dispute)).statusCode).toBe(200);
    expect((await disputeEvent("charge.dispute.funds_withdrawn", dispute)).statusCode).toBe(200);
    const open = ok(await attempt(organiser.summary.query()));
    expect(open.balanceCents).toBe(before.balanceCents - (Number(order!.total) - 200));
    expect(open.totalFeesCents).toBe(before.totalFeesCents - 200);
    const ledger = ok(await attempt(organiser.ledger.query({ page: 1, pageSize: 10, kind: "chargeback" })));
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({ orderId: placed.orderId, grossCents: -Number(order!.total), feeCents: -200 });

    expect((await disputeEvent("charge.dispute.closed", { ...dispute, status: "won" })).statusCode).toBe(200);
    expect((await disputeEvent("charge.dispute.closed", { ...dispute, status: "won" })).statusCode).toBe(200);
    const won = ok(await attempt(organiser.summary.query()));
    expect(won.balanceCents).toBe(before.balanceCents);
    expect(ok(await attempt(organiser.ledger.query({ page: 1, pageSize: 10, kind: "chargeback_won" }))).entries).toHaveLength(1);
  });

  it("ignores a dispute whose payment names no order of ours", async () => {
    const res = await disputeEvent("charge.dispute.created", { id: `dp_${randomUUID()}`, payment_intent: "pi_unknown", amount: 500, status: "needs_response" });
    // Stripe does not know the intent on this account: acknowledged, nothing recorded.
    expect(res.statusCode).toBe(200);
    const [n] = await s.t.database.rows<{ n: number }>(sql`select count(*)::int as n from chargebacks where provider_dispute_id like 'dp_%' and amount_cents = 500`);
    expect(Number(n!.n)).toBe(0);
  });
});
