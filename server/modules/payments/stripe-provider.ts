import Stripe from "stripe";
import type { CreatePaymentInput, CreatedPayment, PaymentProvider, ProviderPaymentStatus } from "./provider";

/** Stripe's Checkout Sessions live at least 30 minutes. */
const SESSION_MINUTES = 30;

export type StripeOptions = {
  secretKey: string;
  /** A stand-in for api.stripe.com in tests: "http://127.0.0.1:1234". */
  apiBase?: string | undefined;
};

export function createStripeClient(options: StripeOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(":", "") as "http" | "https" } : {}),
  });
}

/**
 * What names the payment's purpose in Stripe: the metadata only our server (with its key) writes.
 * A plan purchase carries `kind: "plan"` and no client_reference_id, so the order path never
 * mistakes it for an order.
 */
function purposeFields(input: CreatePaymentInput): Pick<Stripe.Checkout.SessionCreateParams, "client_reference_id" | "metadata" | "payment_intent_data"> {
  if (input.kind === "plan") {
    const metadata = { kind: "plan", planPurchaseId: input.planPurchaseId, invoiceNumber: input.invoiceNumber };
    return { metadata, payment_intent_data: { metadata: { kind: "plan", planPurchaseId: input.planPurchaseId } } };
  }
  return {
    client_reference_id: input.orderId,
    metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
    payment_intent_data: { metadata: { orderId: input.orderId } },
  };
}

/** Stripe Checkout: the buyer pays on Stripe's page; webhooks and the return settle the order. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;

  constructor(private readonly stripe: Stripe) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "eur", unit_amount: input.amountCents, product_data: { name: input.description } },
          },
        ],
        customer_email: input.email,
        ...purposeFields(input),
        locale: input.locale,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(Date.now() / 1000) + SESSION_MINUTES * 60,
      },
      { idempotencyKey: input.kind === "plan" ? `plan:${input.planPurchaseId}` : `order:${input.orderId}` },
    );
    if (!session.url) throw new Error("Stripe returned no checkout URL");
    return { providerRef: session.id, redirectUrl: session.url };
  }

  /**
   * The open session's page. A second `createPayment` is no way back to it: its idempotency key
   * would come with other parameters (`expires_at`), which Stripe refuses.
   */
  async paymentPage(providerRef: string): Promise<string | null> {
    const session = await this.stripe.checkout.sessions.retrieve(providerRef);
    return session.status === "open" && session.url ? session.url : null;
  }

  async status(providerRef: string): Promise<ProviderPaymentStatus> {
    const session = await this.stripe.checkout.sessions.retrieve(providerRef);
    if (session.payment_status === "paid" || session.payment_status === "no_payment_required") return "paid";
    if (session.status === "expired") return "failed";
    return "open";
  }

  async refund(providerRef: string, amountCents: number, idempotencyKey: string): Promise<{ refundId: string }> {
    const session = await this.stripe.checkout.sessions.retrieve(providerRef);
    const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error("the checkout session has no payment to refund");
    const refund = await this.stripe.refunds.create({ payment_intent: intent, amount: amountCents }, { idempotencyKey });
    return { refundId: refund.id };
  }
}
