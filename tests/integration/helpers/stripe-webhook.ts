import { createOrdersApp, orderRow, type OrdersApp, placeSeatOrder } from "./orders";
import { createShopEvent, type ShopEvent } from "./shop";
import { gridLayout } from "./stadiums";
import { sessionEvent, signatureFor, type StandInSession, startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";

export const WEBHOOK_SECRET = "whsec_test";
export const WEBHOOK = "/api/payments/stripe/webhook";

/** An orders app paying through Stripe (a local stand-in), with one published event on sale. */
export type StripeShop = {
  stripe: StripeStandIn;
  t: OrdersApp;
  shop: ShopEvent;
  dateId: string;
  /** "Ticket cat1" at 15.00. */
  tc: string;
  close: () => Promise<void>;
};

/** The event has one block G1 of `rows` × `seats` seats. */
export async function createStripeShop(rows = 5, seats = 10): Promise<StripeShop> {
  const stripe = await startStripeStandIn({ secretKey: "sk_test_x" });
  const t = await createOrdersApp({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
  const shop = await createShopEvent(t, { layout: gridLayout(1, rows, seats) });
  return {
    stripe,
    t,
    shop,
    dateId: shop.dateIds[0]!,
    tc: shop.category("cat1").id,
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}

/** Places an order of `keys` (Stripe session made), returns it with its session. */
export async function placeStripeOrder(s: StripeShop, keys: string[], overrides: Record<string, unknown> = {}) {
  const placed = await placeSeatOrder(s.t, s.dateId, s.tc, keys, overrides);
  const order = (await orderRow(s.t.database, placed.orderId))!;
  const session = s.stripe.sessions.get(order.provider_ref!);
  if (!session) throw new Error(`no session ${order.provider_ref}`);
  return { ...placed, order, session };
}

/** POSTs a webhook as Stripe does: the raw JSON body and its signature header. */
export function deliver(t: OrdersApp, payload: string, signature: string | null, contentType = "application/json") {
  return t.client().request({
    method: "POST",
    url: WEBHOOK,
    headers: { "content-type": contentType, ...(signature === null ? {} : { "stripe-signature": signature }) },
    payload,
  });
}

/** Delivers a signed event about `session`; returns the response and the event. */
export async function deliverEvent(t: OrdersApp, type: string, session: StandInSession, eventId?: string) {
  const event = sessionEvent(type, session, eventId);
  const payload = JSON.stringify(event);
  const signature = signatureFor(payload, WEBHOOK_SECRET);
  const res = await deliver(t, payload, signature);
  return { res, event, payload, signature };
}
