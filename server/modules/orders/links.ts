import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppDeps } from "../../deps";

/**
 * The buyer's key to an order (order view, ticket download): derived from the order id under
 * APP_SECRET, so the confirmation mail can carry it whenever it is written and nothing secret
 * is stored. Whoever has the link sees the order, as with a paper ticket.
 */
export function orderKey(secret: string, orderId: string): string {
  return createHmac("sha256", secret).update(`order-view:${orderId}`).digest("base64url").slice(0, 32);
}

export function orderKeyMatches(secret: string, orderId: string, key: string): boolean {
  const a = Buffer.from(orderKey(secret, orderId));
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

type OrderRef = { id: string; eventId: string; scopeId: string; isSeason: boolean };

/** The path of an order's view: under its event date (/event-dates/{id}/tickets-view), or its event for a season. */
export function orderViewPath(secret: string, order: OrderRef): string {
  const base = order.isSeason ? `/event/${order.eventId}` : `/event-dates/${order.scopeId}`;
  return `${base}/tickets-view?order=${order.id}&key=${orderKey(secret, order.id)}`;
}

export function orderLink(deps: Pick<AppDeps, "config">, order: OrderRef): string {
  return `${deps.config.PUBLIC_BASE_URL}${orderViewPath(deps.config.APP_SECRET, order)}`;
}
