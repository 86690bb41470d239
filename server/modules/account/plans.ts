import { and, desc, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { contingentFor, isPlanActive, periodPriceCents, planByKey } from "../../../shared/plans";
import type { ZPlanPurchase } from "../../../shared/schemas/account";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { organisers, planPurchases } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { txRows } from "../../db/sql";
import { issuePlanInvoice, planItemText } from "./invoices";
import { liveContingentNeed } from "./contingent-need";

/**
 * A pending purchase younger than this may still be paid on the provider's page (Stripe's
 * Checkout Session lives 30 minutes); while one is, another buy is refused (PLAN_PAYMENT_OPEN).
 * An older one is given up when the next buy starts (its payment, should it still come, is
 * honoured all the same: see settlePlanPayment).
 */
export const PLAN_PAYMENT_WINDOW_MINUTES = 35;

export type PlanPaymentStart = { purchaseId: string; status: "pending" | "paid" | "failed"; redirectUrl: string | null };

/** Who buys: the organiser account, and the signed-in person (the provider's page speaks their language). */
export type BuyPlanOptions = {
  organiserId: string;
  email: string;
  locale: Locale;
  purchase: z.output<typeof ZPlanPurchase>;
};

/**
 * Starts a plan purchase: the purchase (pending) and its platform invoice (unpaid) in one
 * transaction, then the provider's payment outside it. A retried buy (same idempotency key)
 * returns the same purchase and its payment page; another purchase still payable refuses it.
 */
export async function buyPlan(deps: AppDeps, options: BuyPlanOptions): Promise<PlanPaymentStart> {
  const plan = planByKey(options.purchase.planKey);
  if (!plan) throw new AppError("NOT_FOUND", { field: "planKey" });
  const { period, idempotencyKey } = options.purchase;
  const purchaseId = await deps.database.db.transaction(async (tx) => {
    // One buy of an organiser at a time: two tabs clicking at once see each other's purchase.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plan-buy:${options.organiserId}`}, 0))`);
    const [same] = await tx
      .select({ id: planPurchases.id })
      .from(planPurchases)
      .where(and(eq(planPurchases.organiserId, options.organiserId), eq(planPurchases.idempotencyKey, idempotencyKey)));
    if (same) return same.id;
    const open = await txRows<{ id: string }>(
      tx,
      sql`select id from plan_purchases where organiser_id = ${options.organiserId} and status = 'pending'
            and created_at > now() - make_interval(mins => ${PLAN_PAYMENT_WINDOW_MINUTES}) limit 1`,
    );
    if (open.length > 0) throw new AppError("PLAN_PAYMENT_OPEN");
    await tx.execute(sql`update plan_purchases set status = 'failed' where organiser_id = ${options.organiserId} and status = 'pending'`);
    const [row] = await tx
      .insert(planPurchases)
      .values({
        organiserId: options.organiserId,
        planKey: plan.key,
        period,
        tickets: contingentFor(plan, period),
        amountCents: periodPriceCents(plan, period),
        provider: deps.payments.name,
        idempotencyKey,
      })
      .returning();
    await issuePlanInvoice(tx, row!);
    return row!.id;
  });
  return startPlanPayment(deps, purchaseId, options);
}

/**
 * Where the organiser pays a pending purchase: its payment made before while the provider still
 * takes it, otherwise a new one (made once: the row keeps the first payment's id).
 */
export async function startPlanPayment(deps: AppDeps, purchaseId: string, who: { organiserId: string; email: string; locale: Locale }): Promise<PlanPaymentStart> {
  const [purchase] = await deps.database.db
    .select()
    .from(planPurchases)
    .where(and(eq(planPurchases.id, purchaseId), eq(planPurchases.organiserId, who.organiserId)));
  if (!purchase) throw new AppError("NOT_FOUND");
  if (purchase.status !== "pending") return { purchaseId, status: purchase.status, redirectUrl: null };
  if (purchase.providerRef) {
    const page = purchase.provider === deps.payments.name ? await deps.payments.paymentPage(purchase.providerRef) : null;
    return { purchaseId, status: "pending", redirectUrl: page };
  }
  const back = `${deps.config.PUBLIC_BASE_URL}/dashboard/profile/plan?purchase=${purchaseId}`;
  const [invoice] = await deps.database.rows<{ number: string }>(sql`select number from platform_invoices where plan_purchase_id = ${purchaseId}`);
  const payment = await deps.payments.createPayment({
    kind: "plan",
    planPurchaseId: purchaseId,
    invoiceNumber: invoice?.number ?? "",
    amountCents: purchase.amountCents,
    description: `${planItemText(purchase, who.locale)} · ${invoice?.number ?? ""}`,
    email: who.email,
    locale: who.locale,
    successUrl: back,
    cancelUrl: `${back}&cancelled=1`,
  });
  const stored = await deps.database.rows<{ id: string }>(sql`
    update plan_purchases set provider = ${deps.payments.name}, provider_ref = ${payment.providerRef}
    where id = ${purchaseId} and provider_ref is null returning id`);
  if (stored.length === 0) {
    // Another request stored its payment first: that one is the purchase's.
    return startPlanPayment(deps, purchaseId, who);
  }
  return { purchaseId, status: "pending", redirectUrl: payment.redirectUrl };
}

/**
 * The organiser gives up a pending purchase ("cancel" beside PLAN_PAYMENT_OPEN): it fails, its
 * invoice stays unpaid. Should its payment still arrive, it is honoured (settlePlanPayment).
 */
export async function cancelPlanPurchase(db: DbOrTx, organiserId: string, purchaseId: string): Promise<void> {
  const rows = await db
    .update(planPurchases)
    .set({ status: "failed" })
    .where(and(eq(planPurchases.id, purchaseId), eq(planPurchases.organiserId, organiserId), eq(planPurchases.status, "pending")))
    .returning({ id: planPurchases.id });
  if (rows.length === 0) {
    const [known] = await db.select({ id: planPurchases.id }).from(planPurchases).where(and(eq(planPurchases.id, purchaseId), eq(planPurchases.organiserId, organiserId)));
    if (!known) throw new AppError("NOT_FOUND");
  }
}

/** The plan tab: the current plan, its contingent and what live events still need, the recent purchases. */
export async function getPlanState(db: DbOrTx, organiserId: string, now: Date = new Date()) {
  const [organiser] = await db
    .select({ plan: organisers.plan, planSince: organisers.planSince, planUntil: organisers.planUntil, ticketContingent: organisers.ticketContingent })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  if (!organiser) throw new AppError("NOT_FOUND");
  const purchases = await db
    .select({
      id: planPurchases.id,
      planKey: planPurchases.planKey,
      period: planPurchases.period,
      tickets: planPurchases.tickets,
      amountCents: planPurchases.amountCents,
      status: planPurchases.status,
      createdAt: planPurchases.createdAt,
      paidAt: planPurchases.paidAt,
      periodStart: planPurchases.periodStart,
      periodEnd: planPurchases.periodEnd,
    })
    .from(planPurchases)
    .where(eq(planPurchases.organiserId, organiserId))
    .orderBy(desc(planPurchases.createdAt))
    .limit(20);
  const windowStart = now.getTime() - PLAN_PAYMENT_WINDOW_MINUTES * 60_000;
  const openPurchase = purchases.find((p) => p.status === "pending" && p.createdAt.getTime() > windowStart) ?? null;
  return {
    ...organiser,
    planActive: isPlanActive(organiser, now),
    liveNeed: await liveContingentNeed(db, organiserId),
    openPurchaseId: openPurchase?.id ?? null,
    purchases,
  };
}
