import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { enqueueMail } from "../../mail/outbox";
import { txRows } from "../shop/sql";
import { enqueueRefund, formatAmount, type OrderRow } from "./settle";

/**
 * SPEC §4: cancelling an event cancels every order of it: valid orders become cancelled with
 * every ticket line canceled, online payments are refunded (by the refund job) and buyers are
 * emailed; orders still waiting for their payment are cancelled too (a payment arriving later
 * is refunded). In the caller's transaction; running it again changes nothing.
 */
export async function cancelOrdersOfEvent(tx: DbOrTx, eventId: string, eventName: string): Promise<number> {
  const affected = await txRows<OrderRow>(
    tx,
    sql`update orders set status = 'cancelled', cancelled_at = now(), updated_at = now()
        where event_id = ${eventId} and status in ('valid', 'pending')
        returning id, number, event_id, scope_id, is_season, cart_id, status,
          buyer, buyer_email, locale, total_cents, provider, provider_ref, paid_at is not null as was_paid`,
  );
  for (const order of affected as (OrderRow & { was_paid: boolean })[]) {
    await tx.execute(sql`update order_lines set status = 'canceled' where order_id = ${order.id} and status <> 'canceled'`);
    if (!order.was_paid) continue;
    const refunded = order.provider !== null && order.total_cents > 0;
    if (refunded) await enqueueRefund(tx, order, "event_cancelled");
    await enqueueMail(tx, order.buyer_email, order.locale, {
      template: "order_cancelled",
      name: `${order.buyer.firstName} ${order.buyer.lastName}`,
      event: eventName,
      number: order.number,
      refund: refunded ? formatAmount(order.total_cents, order.locale) : null,
    });
  }
  return affected.length;
}
