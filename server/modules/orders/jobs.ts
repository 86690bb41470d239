import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { retryDelaySeconds } from "../../mail/outbox";
import { txRows } from "../../db/sql";
import { handlePaymentNews } from "./settle";

const REFUND_LEASE_SECONDS = 120;
const MAX_REFUND_ATTEMPTS = 10;

/**
 * Carries out the refunds decided in transactions (lost holds, cancelled events): claimed with
 * SKIP LOCKED and a lease, retried with back-off; the provider's idempotency key makes a retry
 * after a crash harmless.
 */
export async function processRefunds(deps: AppDeps): Promise<number> {
  const due = await deps.database.rows<{ id: string; order_id: string | null; provider: string; provider_ref: string; amount_cents: number; attempts: number }>(sql`
    update refunds set attempts = attempts + 1, next_attempt_at = now() + ${`${REFUND_LEASE_SECONDS} seconds`}::interval
    where id in (
      select id from refunds where status = 'pending' and next_attempt_at <= now() and provider = ${deps.payments.name}
      order by next_attempt_at limit 20 for update skip locked)
    returning id, order_id, provider, provider_ref, amount_cents, attempts`);
  let done = 0;
  for (const r of due) {
    try {
      // One key per refund row (an order may have several: partial cancellations); a retry after a
      // crash reuses it, so the provider refunds once.
      const key = r.order_id ? `refund:${r.id}` : `refund:${r.provider_ref}`;
      const { refundId } = await deps.payments.refund(r.provider_ref, Number(r.amount_cents), key);
      await deps.database.rows(sql`update refunds set status = 'done', done_at = now(), provider_refund_id = ${refundId}, last_error = null where id = ${r.id}`);
      done++;
    } catch (err) {
      const failed = Number(r.attempts) >= MAX_REFUND_ATTEMPTS;
      deps.log.warn({ err, refund: r.id, attempts: r.attempts }, "refund failed");
      await deps.database.rows(sql`
        update refunds set status = ${failed ? "failed" : "pending"}, last_error = ${String(err instanceof Error ? err.message : err).slice(0, 500)},
          next_attempt_at = now() + ${`${retryDelaySeconds(Number(r.attempts))} seconds`}::interval
        where id = ${r.id}`);
    }
  }
  return done;
}

/**
 * Heals orders whose payment news got lost (a crash between the provider's success and our
 * confirmation, a webhook that never came): asks the provider about pending orders, and about
 * recently failed ones that may have been paid late.
 */
export async function reconcilePayments(deps: AppDeps, olderThanSeconds = 120): Promise<number> {
  const candidates = await txRows<{ id: string; provider_ref: string; status: string }>(
    deps.database.db,
    sql`select id, provider_ref, status from orders
        where provider = ${deps.payments.name} and provider_ref is not null
          and ((status = 'pending' and created_at < now() - make_interval(secs => ${olderThanSeconds}))
            or (status = 'failed' and failed_at > now() - interval '2 hours'))
          and created_at > now() - interval '2 days'
        order by created_at limit 50`,
  );
  let settled = 0;
  for (const order of candidates) {
    let status;
    try {
      status = await deps.payments.status(order.provider_ref);
    } catch (err) {
      deps.log.warn({ err, order: order.id }, "payment status unavailable");
      continue;
    }
    if (status === "open" || (status === "failed" && order.status === "failed")) continue;
    const result = await handlePaymentNews(deps, {
      provider: deps.payments.name,
      eventId: `reconcile:${order.id}:${status}`,
      type: `reconcile.${status}`,
      orderId: order.id,
      outcome: status,
    });
    if (result === "handled") settled++;
  }
  return settled;
}

/** The mail sender's attachment maker (server/mail/attachments.ts). */
export { attachmentRenderer } from "../../mail/attachments";
