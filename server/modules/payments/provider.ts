/**
 * Online payments behind one interface (ARCHITECTURE "Payments"): Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the built-in test provider (a clearly labelled page).
 * Providers never run inside a database transaction: orders are written first, the provider
 * is called after, and its answer (webhook, return, reconciliation) settles the order.
 */
export type CreatePaymentInput = PaymentPurpose & {
  amountCents: number;
  description: string;
  email: string;
  locale: "de" | "en";
  /** Where the buyer lands after paying or giving up. */
  successUrl: string;
  cancelUrl: string;
};

/**
 * What a payment pays for: a buyer's order (the default, `kind` may be left out) or an
 * organiser's plan purchase (profile tab "plan management"). Its news is routed by it.
 */
export type PaymentPurpose =
  | { kind?: "order"; orderId: string; orderNumber: string }
  | { kind: "plan"; planPurchaseId: string; invoiceNumber: string };

export type CreatedPayment = { providerRef: string; redirectUrl: string };

export type ProviderPaymentStatus = "paid" | "failed" | "open";

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Where the buyer pays a payment made before (back from a cancelled payment page, a second
   * submit): its page while it can still be paid, otherwise null. Never makes a new payment.
   */
  paymentPage(providerRef: string): Promise<string | null>;
  /** The provider's view of a payment, for reconciliation of orders whose news got lost. */
  status(providerRef: string): Promise<ProviderPaymentStatus>;
  /** Refunds (part of) a payment; `idempotencyKey` makes a retried refund a no-op. */
  refund(providerRef: string, amountCents: number, idempotencyKey: string): Promise<{ refundId: string }>;
}
