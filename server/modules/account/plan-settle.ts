import { sql } from "drizzle-orm";
import { planPeriodEnd } from "../../../shared/plans";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { type PaymentFacts, paymentMismatch } from "../orders/payment-binding";
import { changeContingent } from "./contingent";
import { markPlanInvoicePaid } from "./invoices";

/** News about a plan purchase's payment (Stripe's webhook, the test page, reconciliation). */
export type PlanPaymentNews = {
  provider: "stripe" | "test";
  /** The provider's event id: news is handled once per id (payment_events). */
  eventId: string;
  type: string;
  planPurchaseId: string;
  outcome: "paid" | "failed";
  /** The provider's payment id when the news carries it; it must be the purchase's. */
  providerRef?: string | undefined;
  /** What the provider says was paid; checked against the purchase's amount and currency. */
  payment?: PaymentFacts | undefined;
};

type PurchaseRow = {
  id: string;
  organiser_id: string;
  period: "monthly" | "yearly";
  tickets: number;
  amount_cents: number;
  status: "pending" | "paid" | "failed";
  provider: string | null;
  provider_ref: string | null;
};

/**
 * Settles a plan purchase from its payment's news, once per provider event. Paid (also after it
 * had failed or was given up: the money was taken) grants the plan; failed only marks the
 * purchase failed. News that is not the purchase's payment (another payment, amount or
 * currency) settles nothing; money paid that way is refunded by the refund job.
 */
export async function settlePlanPayment(deps: AppDeps, news: PlanPaymentNews): Promise<"handled" | "duplicate" | "unknown" | "rejected"> {
  return deps.database.db.transaction(async (tx) => {
    const [fresh] = await txRows<{ event_id: string }>(
      tx,
      sql`insert into payment_events (provider, event_id, type, order_id) values (${news.provider}, ${news.eventId}, ${news.type}, null)
          on conflict (event_id) do nothing returning event_id`,
    );
    if (!fresh) return "duplicate" as const;
    const [purchase] = await txRows<PurchaseRow>(
      tx,
      sql`select id, organiser_id, period::text as period, tickets, amount_cents, status::text as status, provider, provider_ref
          from plan_purchases where id = ${news.planPurchaseId} for update`,
    );
    if (!purchase) return "unknown" as const;
    const mismatch = paymentMismatch({ provider: purchase.provider, provider_ref: purchase.provider_ref, total_cents: Number(purchase.amount_cents) }, news);
    if (mismatch) {
      const amountCents = news.payment?.amountCents ?? 0;
      if (news.outcome === "paid" && news.providerRef && amountCents > 0) {
        await tx.execute(sql`
          insert into refunds (order_id, provider, provider_ref, amount_cents, reason)
          values (null, ${news.provider}, ${news.providerRef}, ${amountCents}, 'payment_not_for_plan')
          on conflict do nothing`);
      }
      deps.log.warn({ planPurchaseId: purchase.id, eventId: news.eventId, mismatch, paymentRef: news.providerRef }, "plan payment news refused");
      return "rejected" as const;
    }
    if (news.providerRef && !purchase.provider_ref) {
      await tx.execute(sql`update plan_purchases set provider = ${news.provider}, provider_ref = ${news.providerRef} where id = ${purchase.id} and provider_ref is null`);
    }
    if (purchase.status === "paid") return "handled" as const;
    if (news.outcome === "failed") {
      await tx.execute(sql`update plan_purchases set status = 'failed' where id = ${purchase.id} and status = 'pending'`);
      return "handled" as const;
    }
    await grantPlan(tx, purchase, new Date());
    return "handled" as const;
  });
}

/**
 * A paid purchase takes effect, in the caller's transaction: the purchase is paid with its
 * period, the organiser's plan runs on (from the current end while a plan runs, from now when
 * none does), its tickets join the contingent through the ledger, its invoice is paid.
 */
export async function grantPlan(tx: DbOrTx, purchase: Pick<PurchaseRow, "id" | "organiser_id" | "period" | "tickets">, now: Date): Promise<void> {
  const [organiser] = await txRows<{ plan: string; plan_since: Date | string | null; plan_until: Date | string | null }>(
    tx,
    sql`select plan::text as plan, plan_since, plan_until from organisers where id = ${purchase.organiser_id} for no key update`,
  );
  if (!organiser) return;
  const until = organiser.plan_until ? new Date(organiser.plan_until) : null;
  const running = organiser.plan !== "none" && until !== null && until.getTime() > now.getTime();
  const start = running ? until : now;
  const end = planPeriodEnd(start, purchase.period);
  const since = running && organiser.plan_since ? new Date(organiser.plan_since) : now;
  await tx.execute(sql`
    update plan_purchases set status = 'paid', paid_at = ${now.toISOString()}::timestamptz,
      period_start = ${start.toISOString()}::timestamptz, period_end = ${end.toISOString()}::timestamptz
    where id = ${purchase.id}`);
  await tx.execute(sql`
    update organisers set plan = ${purchase.period}, plan_since = ${since.toISOString()}::timestamptz,
      plan_until = ${end.toISOString()}::timestamptz, updated_at = now()
    where id = ${purchase.organiser_id}`);
  await changeContingent(tx, { organiserId: purchase.organiser_id, delta: Number(purchase.tickets), reason: "plan", sourceId: purchase.id });
  await markPlanInvoicePaid(tx, purchase.id, now);
}

/**
 * Heals plan purchases whose payment news got lost (a crash between the provider's success and
 * our settlement, a webhook that never came), as `reconcilePayments` does for orders: asks the
 * provider about purchases still pending after `olderThanSeconds`, and about recently failed
 * ones that may have been paid late. A paid one is granted, a failed one marked failed.
 */
export async function reconcilePlanPayments(deps: AppDeps, olderThanSeconds = 120): Promise<number> {
  const candidates = await txRows<{ id: string; provider_ref: string; status: string }>(
    deps.database.db,
    sql`select id, provider_ref, status::text as status from plan_purchases
        where provider = ${deps.payments.name} and provider_ref is not null
          and ((status = 'pending' and created_at < now() - make_interval(secs => ${olderThanSeconds}))
            or (status = 'failed' and created_at > now() - interval '2 hours'))
          and created_at > now() - interval '2 days'
        order by created_at limit 50`,
  );
  let settled = 0;
  for (const purchase of candidates) {
    let status;
    try {
      status = await deps.payments.status(purchase.provider_ref);
    } catch (err) {
      deps.log.warn({ err, planPurchaseId: purchase.id }, "plan payment status unavailable");
      continue;
    }
    if (status === "open" || (status === "failed" && purchase.status === "failed")) continue;
    const result = await settlePlanPayment(deps, {
      provider: deps.payments.name,
      eventId: `reconcile-plan:${purchase.id}:${status}`,
      type: `reconcile.${status}`,
      planPurchaseId: purchase.id,
      outcome: status,
    });
    if (result === "handled") settled++;
  }
  return settled;
}
