import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { enqueueMail } from "../../mail/outbox";
import { returnForOrders } from "../account/contingent";
import { giveBack } from "../inventory/give-back";
import { lockCarts } from "../inventory/lock-order";
import { txRows } from "../../db/sql";
import { releaseUses } from "../vouchers/uses";
import { enqueueRefund, formatAmount, type OrderRow } from "./settle";

/**
 * SPEC §4: cancelling an event cancels every order of it: valid orders become cancelled with
 * every ticket line canceled, online payments are refunded (by the refund job) and buyers are
 * emailed; orders still waiting for their payment are cancelled too (a payment arriving later
 * is refunded). Their places go back to the inventory (sold seats and counters of valid
 * orders, the carts of pending ones) in one statement, after their carts were locked (decision
 * 009). In the caller's transaction; running it again changes nothing. Nothing is announced: a
 * cancelled event sells nothing, its watchers see it in their next snapshot.
 */
export async function cancelOrdersOfEvent(tx: DbOrTx, eventId: string, eventName: string): Promise<number> {
  const carts = await txRows<{ id: string }>(
    tx,
    sql`select distinct cart_id::text as id from orders where event_id = ${eventId} and status in ('valid', 'pending') and cart_id is not null`,
  );
  // Resellers' allocations of the event (decision 022): their carts give everything back too.
  const allocations = await txRows<{ id: string }>(
    tx,
    sql`select a.cart_id::text as id from reseller_allocations a join carts c on c.id = a.cart_id where a.event_id = ${eventId} and c.state = 'active'`,
  );
  await lockCarts(tx, [...carts.map((c) => c.id), ...allocations.map((c) => c.id)]);
  const affected = await txRows<OrderRow & { was_paid: boolean; was: string }>(
    tx,
    sql`with old as (select id, status from orders where event_id = ${eventId} and status in ('valid', 'pending') order by id for update)
        update orders o set status = 'cancelled', cancelled_at = now(), updated_at = now()
        from old where o.id = old.id
        returning o.id, o.number, o.event_id, o.scope_id, o.is_season, o.cart_id, o.status,
          o.buyer, o.buyer_email, o.locale, o.total_cents, o.provider, o.provider_ref, o.paid_at is not null as was_paid, old.status::text as was`,
  );
  const wereValid = affected.filter((o) => o.was === "valid").map((o) => o.id);
  // Their vouchers' uses go back (decision 020), before the inventory (the lock order).
  await releaseUses(tx, { orderIds: affected.map((o) => o.id) });
  await giveBack(
    tx,
    {
      orderIds: wereValid,
      cartIds: [...affected.flatMap((o) => (o.was === "pending" && o.cart_id ? [o.cart_id] : [])), ...allocations.map((c) => c.id)],
      cartState: "released",
    },
    new Map(),
  );
  // Their tickets go back to the organiser's contingent (decision 014), once per order: after the
  // inventory, as a sale takes them (inventory, then the organiser's row: one lock order).
  await returnForOrders(tx, wereValid);
  for (const order of affected) {
    await tx.execute(sql`update order_lines set status = 'canceled', cancel_reason = 'event_cancelled', cancelled_at = now() where order_id = ${order.id} and status <> 'canceled'`);
    if (!order.was_paid) continue;
    // What is left of the payment (tickets the organiser cancelled before were refunded then).
    const refunded = await enqueueRefund(tx, order, "event_cancelled");
    await enqueueMail(tx, order.buyer_email, order.locale, {
      template: "order_cancelled",
      name: `${order.buyer.firstName} ${order.buyer.lastName}`,
      event: eventName,
      number: order.number,
      refund: refunded > 0 ? formatAmount(refunded, order.locale) : null,
    }, [], order.id);
  }
  return affected.length;
}
