import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { AppDeps } from "../../deps";
import type { OrderRow, PaymentNews } from "./settle";

/** Every order is priced in euro cents (ARCHITECTURE "Data"); providers spell currencies in lower case. */
const ORDER_CURRENCY = "eur";

/** What the provider reports about the payment itself (Stripe's webhook), checked against the order. */
export type PaymentFacts = {
  amountCents: number | null;
  currency: string | null;
  /** The order id came from the payment's metadata, which only our server (with its API key) writes. */
  namesOrderInMetadata: boolean;
};

export type PaymentMismatch = "other_payment" | "amount" | "currency";

/**
 * Whether news about a payment belongs to the order it names. The name alone proves nothing:
 * others can put an order id into a payment (Stripe's `client_reference_id`, e.g. through a
 * Payment Link). So the news counts only for the payment stored for the order (or, when a crash
 * lost that id, for a payment our server made for this order) and, when it says "paid", only
 * with the order's amount and currency. News without a payment id comes from our own side (the
 * test page, reconciliation) and concerns the stored payment by construction. A plan purchase
 * is bound the same way (its id in the metadata, its amount as `total_cents`).
 */
export function paymentMismatch(
  order: Pick<OrderRow, "provider" | "provider_ref" | "total_cents">,
  news: Pick<PaymentNews, "provider" | "providerRef" | "payment" | "outcome">,
): PaymentMismatch | null {
  if (!news.providerRef) return null;
  const facts = news.payment;
  const isStoredPayment = order.provider_ref
    ? order.provider === news.provider && order.provider_ref === news.providerRef
    : facts?.namesOrderInMetadata === true;
  if (!isStoredPayment) return "other_payment";
  if (news.outcome !== "paid") return null;
  if (facts?.amountCents !== order.total_cents) return "amount";
  if (facts.currency?.toLowerCase() !== ORDER_CURRENCY) return "currency";
  return null;
}

/**
 * Refuses news that does not belong to its order: nothing is settled or failed. Money paid is
 * given back by the refund job through the provider (once per payment however often it is
 * reported; the row names no order, whose own refund is another matter). Logged without the
 * buyer's data.
 */
export async function refusePaymentNews(
  deps: AppDeps,
  tx: DbOrTx,
  order: OrderRow,
  news: PaymentNews,
  mismatch: PaymentMismatch,
): Promise<"rejected"> {
  const amountCents = news.payment?.amountCents ?? 0;
  const refunded = news.outcome === "paid" && !!news.providerRef && amountCents > 0;
  if (refunded) {
    await tx.execute(sql`
      insert into refunds (order_id, provider, provider_ref, amount_cents, reason)
      values (null, ${news.provider}, ${news.providerRef}, ${amountCents}, 'payment_not_for_order')
      on conflict do nothing`);
  }
  deps.log.warn(
    {
      orderId: order.id,
      provider: news.provider,
      paymentRef: news.providerRef,
      eventId: news.eventId,
      outcome: news.outcome,
      mismatch,
      amountCents: news.payment?.amountCents,
      currency: news.payment?.currency,
      expectedCents: order.total_cents,
      refunded,
    },
    "payment news refused: not the order's payment",
  );
  return "rejected";
}
