import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contingentEntries, organisers, planPurchases, platformInvoices } from "../../server/db/schema";
import { reconcilePlanPayments, settlePlanPayment } from "../../server/modules/account/plan-settle";
import { publishDueEvents } from "../../server/modules/events/lifecycle";
import { checkContingents } from "../../server/modules/inventory/check";
import { planPeriodEnd } from "../../shared/plans";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { createOrganiserWithOwnerFor, readyDraft } from "./helpers/plans";
import { daysFromNow, eventRow, signedInTeamMember } from "./helpers/events";
import { attempt } from "./helpers/trpc";
import { deliverEvent } from "./helpers/stripe-webhook";
import { startStripeStandIn } from "./helpers/stripe-stand-in";
import { createOrdersApp, decideVia } from "./helpers/orders";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const buy = (client: TestClient, planKey: "starter" | "professional" | "enterprise", period: "monthly" | "yearly", idempotencyKey = randomUUID()) =>
  attempt(client.trpc.account.plan.buy.mutate({ planKey, period, idempotencyKey }));

function testPaymentId(redirectUrl: string | null): string {
  const m = /^\/test-payment\/([0-9a-f-]{36})$/.exec(redirectUrl ?? "");
  if (!m) throw new Error(`not a test payment: ${redirectUrl}`);
  return m[1]!;
}

async function organiserRow(id: string) {
  const [row] = await t.database.db.select().from(organisers).where(eq(organisers.id, id));
  return row!;
}

async function ledger(organiserId: string) {
  return t.database.db.select().from(contingentEntries).where(eq(contingentEntries.organiserId, organiserId));
}

async function invoicesOf(organiserId: string) {
  return t.database.db.select().from(platformInvoices).where(eq(platformInvoices.organiserId, organiserId));
}

describe("a plan bought through the test provider", () => {
  it("unlocks publishing: purchase and unpaid invoice first, then paid: plan, contingent through the ledger, invoice paid", async () => {
    const { organiser, client } = await createOrganiserWithOwnerFor(t);
    const eventId = await readyDraft(client, 100);
    expect(appCodeOf(await attempt(client.trpc.events.publish.mutate({ id: eventId, publishOption: "now" })))).toBe("INSUFFICIENT_CONTINGENT");

    const started = (await buy(client, "starter", "monthly")).data!;
    expect(started.status).toBe("pending");
    const [invoice] = await invoicesOf(organiser.id);
    expect(invoice).toMatchObject({ status: "unpaid", amountCents: 2900, vatCents: 463, planPurchaseId: started.purchaseId });
    expect(invoice!.number).toMatch(/^P-\d{4}-\d{6}$/);
    expect((await organiserRow(organiser.id)).ticketContingent).toBe(0);

    const page = (await attempt(t.client().trpc.orders.testPayment.query({ paymentId: testPaymentId(started.redirectUrl) }))).data!;
    expect(page).toMatchObject({ kind: "plan", planKey: "starter", period: "monthly", tickets: 500, amountCents: 2900, invoiceNumber: invoice!.number });

    const before = new Date();
    const decided = (await decideVia(client, testPaymentId(started.redirectUrl), "paid")).data!;
    expect(decided).toMatchObject({ kind: "plan", status: "paid", redirectUrl: `/dashboard/profile/plan?purchase=${started.purchaseId}` });

    const row = await organiserRow(organiser.id);
    expect(row.plan).toBe("monthly");
    expect(row.ticketContingent).toBe(500);
    expect(row.planSince!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(row.planUntil!.getTime()).toBe(planPeriodEnd(row.planSince!, "monthly").getTime());
    expect((await ledger(organiser.id)).map((e) => [e.reason, e.delta, e.sourceId])).toEqual([["plan", 500, started.purchaseId]]);
    expect((await invoicesOf(organiser.id))[0]).toMatchObject({ status: "paid" });
    expect(await checkContingents(t.database.db)).toEqual([]);

    expect((await attempt(client.trpc.events.publish.mutate({ id: eventId, publishOption: "now" }))).data?.status).toBe("published");
    const state = await client.trpc.account.plan.state.query();
    expect(state).toMatchObject({ plan: "monthly", planActive: true, ticketContingent: 500, liveNeed: 100, openPurchaseId: null });
  });

  it("an expired plan locks publishing, also for events scheduled before; a new purchase starts now", async () => {
    const { organiser, client } = await createOrganiserWithOwnerFor(t);
    const started = (await buy(client, "starter", "monthly")).data!;
    await decideVia(client, testPaymentId(started.redirectUrl), "paid");
    const scheduled = await readyDraft(client, 100);
    expect((await attempt(client.trpc.events.publish.mutate({ id: scheduled, publishOption: "later", publicationDate: new Date(Date.now() + 3600_000) }))).data?.status).toBe("scheduled");
    await t.database.db.update(organisers).set({ planUntil: daysFromNow(-1) }).where(eq(organisers.id, organiser.id));

    const draft = await readyDraft(client, 100);
    expect(appCodeOf(await attempt(client.trpc.events.publish.mutate({ id: draft, publishOption: "now" })))).toBe("INSUFFICIENT_CONTINGENT");
    expect(await publishDueEvents(t.database.db, new Date(Date.now() + 2 * 3600_000))).not.toContain(scheduled);
    expect((await eventRow(t.database.db, scheduled))!.status).toBe("scheduled");
    expect((await client.trpc.account.plan.state.query()).planActive).toBe(false);

    const again = (await buy(client, "starter", "yearly")).data!;
    const before = Date.now();
    await decideVia(client, testPaymentId(again.redirectUrl), "paid");
    const row = await organiserRow(organiser.id);
    expect(row.plan).toBe("yearly");
    expect(row.planSince!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.planUntil!.getTime()).toBe(planPeriodEnd(row.planSince!, "yearly").getTime());
    expect(row.ticketContingent).toBe(500 + 6000);
    expect(await publishDueEvents(t.database.db, new Date(Date.now() + 2 * 3600_000))).toContain(scheduled);
  });

  it("a purchase while a plan runs extends it from its current end", async () => {
    const { organiser, client } = await createOrganiserWithOwnerFor(t);
    const first = (await buy(client, "professional", "monthly")).data!;
    await decideVia(client, testPaymentId(first.redirectUrl), "paid");
    const { planUntil: firstEnd, planSince } = await organiserRow(organiser.id);
    const second = (await buy(client, "professional", "monthly")).data!;
    await decideVia(client, testPaymentId(second.redirectUrl), "paid");
    const row = await organiserRow(organiser.id);
    expect(row.planSince).toEqual(planSince);
    expect(row.planUntil!.getTime()).toBe(planPeriodEnd(firstEnd!, "monthly").getTime());
    expect(row.ticketContingent).toBe(5000);
    const [purchase] = await t.database.db.select().from(planPurchases).where(eq(planPurchases.id, second.purchaseId));
    expect(purchase!.periodStart).toEqual(firstEnd);
  });

  it("a retried buy returns the same purchase; another buy while one is payable is PLAN_PAYMENT_OPEN and saves nothing", async () => {
    const { organiser, client } = await createOrganiserWithOwnerFor(t);
    const key = randomUUID();
    const a = (await buy(client, "starter", "monthly", key)).data!;
    const b = (await buy(client, "starter", "monthly", key)).data!;
    expect(b.purchaseId).toBe(a.purchaseId);
    expect(b.redirectUrl).toBe(a.redirectUrl);
    const other = await buy(client, "enterprise", "yearly");
    expect(appCodeOf(other)).toBe("PLAN_PAYMENT_OPEN");
    expect(await t.database.db.select().from(planPurchases).where(eq(planPurchases.organiserId, organiser.id))).toHaveLength(1);
    expect(await invoicesOf(organiser.id)).toHaveLength(1);
    const [payments] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from test_payments where plan_purchase_id = ${a.purchaseId}`);
    expect(Number(payments!.n)).toBe(1);

    // Given up: the next buy goes through.
    await client.trpc.account.plan.cancel.mutate({ purchaseId: a.purchaseId });
    expect((await buy(client, "enterprise", "yearly")).data?.status).toBe("pending");
  });

  it("payment news twice counts once", async () => {
    const { organiser, client } = await createOrganiserWithOwnerFor(t);
    const started = (await buy(client, "starter", "monthly")).data!;
    const news = { provider: "test" as const, eventId: `test:${randomUUID()}`, type: "paid", planPurchaseId: started.purchaseId, outcome: "paid" as const };
    expect(await settlePlanPayment(t.deps, news)).toBe("handled");
    expect(await settlePlanPayment(t.deps, news)).toBe("duplicate");
    // Other news of the same payment (reconciliation) finds it paid.
    expect(await settlePlanPayment(t.deps, { ...news, eventId: `reconcile:${started.purchaseId}:paid` })).toBe("handled");
    const row = await organiserRow(organiser.id);
    expect(row.ticketContingent).toBe(500);
    expect(await ledger(organiser.id)).toHaveLength(1);
  });

  it("a payment whose news got lost is found by reconciliation and granted once; an open one is left alone", async () => {
    const { organiser, client } = await createOrganiserWithOwnerFor(t);
    const started = (await buy(client, "starter", "monthly")).data!;
    const paymentId = testPaymentId(started.redirectUrl);
    // Still open at the provider: nothing to settle.
    expect(await reconcilePlanPayments(t.deps, 0)).toBe(0);
    // Paid at the provider, but the news never reached us.
    await t.database.db.execute(sql`update test_payments set status = 'paid' where id = ${paymentId}`);
    expect(await reconcilePlanPayments(t.deps, 0)).toBe(1);
    expect((await organiserRow(organiser.id)).ticketContingent).toBe(500);
    const [purchase] = await t.database.db.select().from(planPurchases).where(eq(planPurchases.id, started.purchaseId));
    expect(purchase!.status).toBe("paid");
    expect((await invoicesOf(organiser.id))[0]!.status).toBe("paid");
    // A second run finds nothing more to do.
    expect(await reconcilePlanPayments(t.deps, 0)).toBe(0);
    expect(await ledger(organiser.id)).toHaveLength(1);
  });

  it("a failed payment changes nothing but the purchase's state", async () => {
    const { organiser, client } = await createOrganiserWithOwnerFor(t);
    const started = (await buy(client, "starter", "monthly")).data!;
    const before = await organiserRow(organiser.id);
    const invoicesBefore = await invoicesOf(organiser.id);
    const res = (await decideVia(client, testPaymentId(started.redirectUrl), "failed")).data!;
    expect(res).toMatchObject({ kind: "plan", status: "failed" });
    expect(await organiserRow(organiser.id)).toEqual(before);
    expect(await invoicesOf(organiser.id)).toEqual(invoicesBefore);
    expect(await ledger(organiser.id)).toEqual([]);
    const [purchase] = await t.database.db.select().from(planPurchases).where(eq(planPurchases.id, started.purchaseId));
    expect(purchase!.status).toBe("failed");
    // Nothing blocks the next purchase.
    expect((await buy(client, "starter", "monthly")).data?.status).toBe("pending");
  });

  it("is for the organiser and team members with profile access only", async () => {
    const { organiser } = await createOrganiserWithOwnerFor(t);
    const { client: without } = await signedInTeamMember(t, organiser.id, { viewOrders: true });
    expect(appCodeOf(await buy(without, "starter", "monthly"))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(without.trpc.account.plan.state.query()))).toBe("FORBIDDEN");
    expect(await t.database.db.select().from(planPurchases).where(eq(planPurchases.organiserId, organiser.id))).toEqual([]);
    const { client: member } = await signedInTeamMember(t, organiser.id, { orgProfileAccess: true });
    expect((await buy(member, "starter", "monthly")).data?.status).toBe("pending");
  });
});

describe("a plan bought through Stripe (the stand-in)", () => {
  it("the webhook grants it once; news with another amount grants nothing and is refunded", async () => {
    const stripe = await startStripeStandIn({ secretKey: "sk_test_x" });
    const s = await createOrdersApp({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_test", STRIPE_API_BASE: stripe.url });
    try {
      const { organiser, client } = await createOrganiserWithOwnerFor(s);
      const started = (await attempt(client.trpc.account.plan.buy.mutate({ planKey: "professional", period: "yearly", idempotencyKey: randomUUID() }))).data!;
      const [purchase] = await s.database.db.select().from(planPurchases).where(eq(planPurchases.id, started.purchaseId));
      const session = stripe.sessions.get(purchase!.providerRef!)!;
      expect(started.redirectUrl).toBe(session.url);
      expect(session.metadata).toMatchObject({ kind: "plan", planPurchaseId: started.purchaseId });
      expect(session.client_reference_id).toBeNull();
      expect(session.amount_total).toBe(79_200);

      // A forged amount: refused, refunded, nothing granted.
      const forged = { ...stripe.pay(session.id), amount_total: 100 };
      expect((await deliverEvent(s, "checkout.session.completed", forged)).res.statusCode).toBe(200);
      const [orgAfterForged] = await s.database.db.select().from(organisers).where(eq(organisers.id, organiser.id));
      expect(orgAfterForged!.ticketContingent).toBe(0);
      const refunds = await s.database.rows<{ reason: string; amount_cents: number }>(sql`select reason, amount_cents from refunds where provider_ref = ${session.id}`);
      expect(refunds).toEqual([{ reason: "payment_not_for_plan", amount_cents: 100 }]);

      const real = stripe.sessions.get(session.id)!;
      const delivered = await deliverEvent(s, "checkout.session.completed", real);
      expect(delivered.res.statusCode).toBe(200);
      await deliverEvent(s, "checkout.session.completed", real, delivered.event.id);
      await deliverEvent(s, "checkout.session.completed", real);
      const [org] = await s.database.db.select().from(organisers).where(eq(organisers.id, organiser.id));
      expect(org).toMatchObject({ plan: "yearly", ticketContingent: 30_000 });
      const [invoice] = await s.database.db.select().from(platformInvoices).where(eq(platformInvoices.planPurchaseId, started.purchaseId));
      expect(invoice!.status).toBe("paid");
    } finally {
      await s.close();
      await stripe.close();
    }
  });

  it("an expired session fails the purchase only", async () => {
    const stripe = await startStripeStandIn({ secretKey: "sk_test_x" });
    const s = await createOrdersApp({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_test", STRIPE_API_BASE: stripe.url });
    try {
      const { organiser, client } = await createOrganiserWithOwnerFor(s);
      const started = (await attempt(client.trpc.account.plan.buy.mutate({ planKey: "starter", period: "monthly", idempotencyKey: randomUUID() }))).data!;
      const [purchase] = await s.database.db.select().from(planPurchases).where(eq(planPurchases.id, started.purchaseId));
      await deliverEvent(s, "checkout.session.expired", stripe.expire(purchase!.providerRef!));
      const [after] = await s.database.db.select().from(planPurchases).where(eq(planPurchases.id, started.purchaseId));
      expect(after!.status).toBe("failed");
      const [org] = await s.database.db.select().from(organisers).where(eq(organisers.id, organiser.id));
      expect(org).toMatchObject({ plan: "none", ticketContingent: 0 });
    } finally {
      await s.close();
      await stripe.close();
    }
  });
});
