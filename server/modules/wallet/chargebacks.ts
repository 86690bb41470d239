import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { txRows } from "../../db/sql";

export type DisputeNews = {
  provider: string;
  /** The provider's id of the dispute: news about it is applied once per state. */
  disputeId: string;
  orderId: string;
  amountCents: number;
  /** open: the bank took the money back; won: it came back; lost: it stays taken. */
  status: "open" | "won" | "lost";
};

/**
 * Records a buyer's dispute of an online payment (decision 024): the first news opens it (a debit
 * of the organiser's wallet: the amount less the service fees in it, as a refund is); a later
 * news closes it as won (the debit is given back) or lost. News for an order that is not an
 * online paid order of ours, or an amount ≤ 0, changes nothing. Returns whether anything changed.
 */
export async function recordDispute(db: Db, news: DisputeNews): Promise<boolean> {
  if (!Number.isInteger(news.amountCents) || news.amountCents <= 0) return false;
  return db.transaction(async (tx) => {
    // The order's row lock orders this with its refunds (which lock it too): the fees are split once.
    const [order] = await txRows<{ id: string; fees: number; total_cents: number }>(
      tx,
      sql`select id, coalesce((amounts->>'feesCents')::int, 0) as fees, total_cents from orders
          where id = ${news.orderId} and provider = ${news.provider} and paid_at is not null for update`,
    );
    if (!order) return false;
    const amount = Math.min(news.amountCents, order.total_cents);
    const inserted = await txRows<{ id: string }>(
      tx,
      sql`insert into chargebacks (order_id, provider, provider_dispute_id, amount_cents, fee_cents, status, closed_at)
          select ${order.id}, ${news.provider}, ${news.disputeId}, ${amount},
            greatest(0, least(${amount}::int, ${order.fees}::int
              - (select coalesce(sum(fee_cents), 0)::int from refunds where order_id = ${order.id})
              - (select coalesce(sum(fee_cents), 0)::int from chargebacks where order_id = ${order.id}))),
            ${news.status}::chargeback_status, ${news.status === "open" ? sql`null::timestamptz` : sql`now()`}
          on conflict (provider, provider_dispute_id) do nothing returning id`,
    );
    if (inserted.length > 0 || news.status === "open") return inserted.length > 0;
    const closed = await txRows<{ id: string }>(
      tx,
      sql`update chargebacks set status = ${news.status}::chargeback_status, closed_at = now()
          where provider = ${news.provider} and provider_dispute_id = ${news.disputeId} and status = 'open' returning id`,
    );
    return closed.length > 0;
  });
}
