import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { z } from "zod";
import type { AppDeps } from "../deps";
import { orderKeyMatches } from "../modules/orders/links";
import { settlePlanPayment } from "../modules/account/plan-settle";
import { handlePaymentNews } from "../modules/orders/settle";
import { renderOrderTickets } from "../modules/orders/tickets-pdf";
import { createStripeClient } from "../modules/payments/stripe-provider";
import { recordDispute } from "../modules/wallet/chargebacks";
import { activeTestProvider } from "../modules/payments/test-provider";
import { txRows } from "../db/sql";
import { AppError } from "../lib/app-error";
import { sql } from "drizzle-orm";

/** The fixed path Stripe delivers its events to (configure it in the Stripe dashboard). */
export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

const PAID_TYPES = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
const FAILED_TYPES = new Set(["checkout.session.expired", "checkout.session.async_payment_failed"]);
const DISPUTE_TYPES = new Set(["charge.dispute.created", "charge.dispute.funds_withdrawn", "charge.dispute.closed"]);

/**
 * A buyer's bank disputes a payment (decision 024): the payment intent's metadata (written by our
 * server) names the order; the wallet records the chargeback, and its outcome when it closes (an
 * inquiry closed without a chargeback counts as won: the money stayed).
 */
async function handleDispute(deps: AppDeps, stripe: Stripe, event: Stripe.Event): Promise<void> {
  const dispute = event.data.object as Stripe.Dispute;
  const intentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intentId) return;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(intentId);
  } catch (err) {
    // A payment Stripe does not know on this account is not ours; anything else is retried.
    if ((err as { code?: string }).code === "resource_missing") return;
    throw err;
  }
  const orderId = intent.metadata?.orderId;
  if (!orderId || !z.uuid().safeParse(orderId).success) return;
  const closed = event.type === "charge.dispute.closed";
  await recordDispute(deps.database.db, {
    provider: "stripe",
    disputeId: dispute.id,
    orderId,
    amountCents: dispute.amount,
    status: !closed ? "open" : dispute.status === "lost" ? "lost" : "won",
  });
}

/**
 * Payment HTTP routes: Stripe's webhook (verified by its signature on the raw body, each event
 * handled once by its id) and the buyer's ticket download.
 */
export async function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  if (!activeTestProvider(deps)) {
    // The client's fallback would otherwise serve the test payment page where it must not exist.
    app.get("/test-payment/*", async (_req, reply) => reply.code(404).send({ error: "NOT_FOUND" }));
  }
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = deps.config;
  if (STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET) {
    const stripe: Stripe = createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBase: deps.config.STRIPE_API_BASE });
    await app.register(async (scope) => {
      // The signature covers the exact bytes Stripe sent: keep them.
      scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
      scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
        const signature = req.headers["stripe-signature"];
        let event: Stripe.Event;
        try {
          if (typeof signature !== "string" || !Buffer.isBuffer(req.body)) throw new Error("no signature");
          event = stripe.webhooks.constructEvent(req.body, signature, STRIPE_WEBHOOK_SECRET);
        } catch {
          return reply.code(400).send({ error: "INVALID_SIGNATURE" });
        }
        if (PAID_TYPES.has(event.type) || FAILED_TYPES.has(event.type)) {
          const session = event.data.object as Stripe.Checkout.Session;
          const orderId = session.metadata?.orderId ?? session.client_reference_id;
          const paid = PAID_TYPES.has(event.type) && (session.payment_status === "paid" || session.payment_status === "no_payment_required");
          const failed = FAILED_TYPES.has(event.type);
          const planPurchaseId = session.metadata?.kind === "plan" ? session.metadata.planPurchaseId : undefined;
          if (planPurchaseId !== undefined) {
            // An organiser's plan purchase (its metadata, written by our server, says so).
            if (z.uuid().safeParse(planPurchaseId).success && (paid || failed)) {
              await settlePlanPayment(deps, {
                provider: "stripe",
                eventId: event.id,
                type: event.type,
                planPurchaseId,
                outcome: paid ? "paid" : "failed",
                providerRef: session.id,
                payment: { amountCents: session.amount_total, currency: session.currency, namesOrderInMetadata: true },
              });
            }
          } else if (orderId && z.uuid().safeParse(orderId).success && (paid || failed)) {
            await handlePaymentNews(deps, {
              provider: "stripe",
              eventId: event.id,
              type: event.type,
              orderId,
              outcome: paid ? "paid" : "failed",
              providerRef: session.id,
              // Checked against the order before anything is settled (the payment binding).
              payment: {
                amountCents: session.amount_total,
                currency: session.currency,
                namesOrderInMetadata: session.metadata?.orderId === orderId,
              },
            });
          }
        }
        if (DISPUTE_TYPES.has(event.type)) await handleDispute(deps, stripe, event);
        // Anything else is acknowledged so Stripe stops retrying it.
        return { received: true };
      });
    });
  }

  app.get("/api/orders/:id/tickets.pdf", async (req, reply) => {
    const params = z.object({ id: z.uuid() }).safeParse(req.params);
    const query = z.object({ key: z.string().max(100), lang: z.enum(["de", "en"]).optional() }).safeParse(req.query);
    if (!params.success || !query.success || !orderKeyMatches(deps.config.APP_SECRET, params.data.id, query.data.key)) {
      throw new AppError("ORDER_UNAVAILABLE");
    }
    const [order] = await txRows<{ status: string }>(deps.database.db, sql`select status from orders where id = ${params.data.id}`);
    if (!order) throw new AppError("ORDER_UNAVAILABLE");
    if (order.status !== "valid") throw new AppError("TICKETS_UNAVAILABLE");
    const rendered = await renderOrderTickets(deps, params.data.id, query.data.lang);
    if (!rendered) throw new AppError("ORDER_UNAVAILABLE");
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="tickets-${rendered.number}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(rendered.pdf));
  });
}
