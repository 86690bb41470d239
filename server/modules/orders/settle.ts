import { sql } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { DbOrTx, Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { enqueueMail } from "../../mail/outbox";
import { loadScope, type ShopScope } from "../shop/scope";
import { pgArray, txRows } from "../shop/sql";
import { announceChanges, type Changes, releaseCartContents, seatChangeRows } from "../shop/holds";
import { orderLink } from "./links";
import { type PaymentFacts, paymentMismatch, refusePaymentNews } from "./payment-binding";

export type OrderRow = {
  id: string;
  number: string;
  event_id: string;
  scope_id: string;
  is_season: boolean;
  cart_id: string | null;
  status: "pending" | "valid" | "failed" | "cancelled";
  buyer: { firstName: string; lastName: string };
  buyer_email: string;
  locale: "de" | "en";
  total_cents: number;
  provider: string | null;
  provider_ref: string | null;
};

export const ORDER_COLUMNS = sql.raw(
  "id, number, event_id, scope_id, is_season, cart_id, status, buyer, buyer_email, locale, total_cents, provider, provider_ref",
);

export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await txRows<OrderRow>(tx, sql`select ${ORDER_COLUMNS} from orders where id = ${orderId} for update`);
  return order;
}

type LineRow = { id: string; seat_keys: string[]; area_id: string | null; places: number; ticket_category_id: string | null };

/**
 * Turns an order's places into sales in the caller's transaction: its held seats become SOLD
 * (SEASON_SOLD on a season's dates) pointing at their ticket line, its counters move from held
 * to sold. If the hold ran out meanwhile, seats still free are taken again and counters grow
 * within their capacity; if anything was lost to another buyer, nothing is sold and false
 * comes back (the caller refunds).
 */
export async function sellOrderPlaces(tx: DbOrTx, scope: ShopScope, order: OrderRow, changes: Changes): Promise<boolean> {
  const lines = await txRows<LineRow>(tx, sql`select id, seat_keys, area_id, places, ticket_category_id from order_lines where order_id = ${order.id}`);
  const seatOwner = lines.flatMap((l) => l.seat_keys.map((k) => ({ k, line: l.id })));
  const cartId = order.cart_id ?? "00000000-0000-0000-0000-000000000000";
  if (seatOwner.length > 0) {
    const status = scope.kind === "season" ? "SEASON_SOLD" : "SOLD";
    const expected = seatOwner.length * scope.dateIds.length;
    const rows = await txRows<{ d: string; k: string; v: number; s: string }>(
      tx,
      sql`with req as (
            select r.k, r.line from jsonb_to_recordset(${JSON.stringify(seatOwner)}::jsonb) as r(k text, line uuid)
          ), mine as (
            select s.event_date_id, s.seat_key, req.line from seat_inventory s join req on s.seat_key = req.k
            where s.event_date_id = any(${pgArray(scope.dateIds)}::uuid[])
              and ((s.hold_id = ${cartId} and s.status in ('PAYMENT_PENDING','SEASON_BLOCKED'))
                or s.status = 'FREE'
                or (s.status in ('PAYMENT_PENDING','SEASON_BLOCKED') and s.held_until < now()))
            for update of s
          ), upd as (
            update seat_inventory s set status = ${status}, order_line_id = mine.line, hold_id = null, held_until = null, version = s.version + 1
            from mine where s.event_date_id = mine.event_date_id and s.seat_key = mine.seat_key and (select count(*) from mine) = ${expected}
            returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s
          )
          select * from upd`,
    );
    if (rows.length !== expected) return false;
    seatChangeRows(scope, rows as { d: string; k: string; v: number; s: "SOLD" }[], changes);
  }
  // Counters: what the cart still holds moves to sold; what it no longer holds is taken anew.
  const ledger = order.cart_id
    ? await txRows<{ k: string; n: number }>(tx, sql`select counter_key as k, quantity as n from cart_counts where cart_id = ${order.cart_id} and quantity > 0`)
    : [];
  const held = new Map(ledger.map((l) => [l.k, Number(l.n)]));
  const needed = new Map<string, number>();
  const limit = scope.kind === "season" ? scope.event.dailySeasonTicketLimit : scope.event.dailyAttendeeLimit;
  for (const l of lines) {
    if (l.ticket_category_id) needed.set(`ticket:${l.ticket_category_id}`, (needed.get(`ticket:${l.ticket_category_id}`) ?? 0) + l.places);
    if (limit !== null) needed.set("attendees", (needed.get("attendees") ?? 0) + l.places);
    if (l.area_id) needed.set(`area:${l.area_id}`, (needed.get(`area:${l.area_id}`) ?? 0) + l.places);
  }
  for (const [k, n] of needed) {
    const fromHeld = Math.min(n, held.get(k) ?? 0);
    const table = k.startsWith("area:") ? sql.raw("area_inventory") : sql.raw("quota_inventory");
    const where = k.startsWith("area:") ? sql`event_date_id = ${scope.scopeId} and area_id = ${k.slice(5)}` : sql`scope_id = ${scope.scopeId} and counter_key = ${k}`;
    const moved = await txRows<{ cap: number; held: number; sold: number; v: number }>(
      tx,
      sql`update ${table} set held = held - ${fromHeld}, sold = sold + ${n}, version = version + 1
          where ${where} and held >= ${fromHeld} and held - ${fromHeld} + sold + ${n} <= capacity
          returning capacity as cap, held, sold, version as v`,
    );
    // A quota row that does not exist (a category the organiser removed) does not limit.
    if (moved.length === 0) {
      const [exists] = await txRows<{ n: number }>(tx, sql`select 1 as n from ${table} where ${where}`);
      if (exists) return false;
      continue;
    }
    const m = moved[0]!;
    announceCounter(changes, scope.scopeId, { k, cap: Number(m.cap), held: Number(m.held), sold: Number(m.sold), v: Number(m.v) });
    // The units moved to sold leave the cart's ledger (the rest is given back below).
    if (fromHeld > 0 && order.cart_id) {
      await tx.execute(sql`update cart_counts set quantity = quantity - ${fromHeld} where cart_id = ${order.cart_id} and counter_key = ${k}`);
    }
  }
  if (order.cart_id) {
    // What the cart held beyond the order goes back; the ledger is done with.
    await releaseCartContents(tx, scope, order.cart_id, changes);
    await tx.execute(sql`update carts set state = 'checked_out' where id = ${order.cart_id}`);
  }
  return true;
}

function announceCounter(changes: Changes, channel: string, counter: { k: string; cap: number; held: number; sold: number; v: number }) {
  let c = changes.get(channel);
  if (!c) changes.set(channel, (c = { seats: [], counters: [] }));
  c.counters.push(counter);
}

export function formatAmount(cents: number, locale: "de" | "en"): string {
  return formatCents(cents, locale);
}

/** The order becomes valid: sold places, paid time, confirmation mail with the tickets. */
class Lost extends Error {}

export async function completeOrder(deps: AppDeps, tx: Tx, order: OrderRow, scope: ShopScope, changes: Changes): Promise<"valid" | "lost"> {
  try {
    // A savepoint: a half-made sale (seats taken, a counter full) is undone entirely.
    await tx.transaction(async (sp) => {
      if (!(await sellOrderPlaces(sp, scope, order, changes))) throw new Lost();
    });
  } catch (err) {
    if (err instanceof Lost) return "lost";
    throw err;
  }
  await tx.execute(sql`update orders set status = 'valid', paid_at = coalesce(paid_at, now()), updated_at = now() where id = ${order.id}`);
  const when = scope.kind === "date" ? scope.date.startsAt : scope.firstStartsAt;
  const date = when
    ? new Intl.DateTimeFormat(order.locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: scope.event.timeZone }).format(when)
    : "";
  const [count] = await txRows<{ n: number }>(tx, sql`select count(*)::int as n from order_lines where order_id = ${order.id}`);
  await enqueueMail(
    tx,
    order.buyer_email,
    order.locale,
    {
      template: "order_confirmation",
      name: `${order.buyer.firstName} ${order.buyer.lastName}`,
      event: scope.event.name,
      date,
      number: order.number,
      tickets: Number(count?.n ?? 0),
      total: formatAmount(order.total_cents, order.locale),
      link: orderLink(deps, { id: order.id, eventId: order.event_id, scopeId: order.scope_id, isSeason: order.is_season }),
    },
    [{ kind: "order_tickets", orderId: order.id }],
  );
  return "valid";
}

/**
 * Gives up on a paid order whose places are gone: nothing sold, what is still held goes back,
 * the payment is refunded (by the refund job) and the buyer is told.
 */
export async function refundLostOrder(deps: AppDeps, tx: DbOrTx, order: OrderRow, scope: ShopScope | null, changes: Changes): Promise<void> {
  if (order.cart_id && scope) await releaseCartContents(tx, scope, order.cart_id, changes);
  if (order.cart_id) await tx.execute(sql`update carts set state = 'expired' where id = ${order.cart_id} and state <> 'expired'`);
  await tx.execute(sql`update orders set status = 'cancelled', cancelled_at = now(), paid_at = coalesce(paid_at, now()), updated_at = now() where id = ${order.id}`);
  await tx.execute(sql`update order_lines set status = 'canceled' where order_id = ${order.id}`);
  await enqueueRefund(tx, order, "payment_after_hold_lost");
  await enqueueMail(tx, order.buyer_email, order.locale, {
    template: "order_refunded",
    name: `${order.buyer.firstName} ${order.buyer.lastName}`,
    event: scope?.event.name ?? "",
    number: order.number,
    amount: formatAmount(order.total_cents, order.locale),
  });
}

export async function enqueueRefund(tx: DbOrTx, order: OrderRow, reason: string): Promise<void> {
  if (!order.provider || !order.provider_ref || order.total_cents <= 0) return;
  await tx.execute(sql`
    insert into refunds (order_id, provider, provider_ref, amount_cents, reason)
    values (${order.id}, ${order.provider}, ${order.provider_ref}, ${order.total_cents}, ${reason})
    on conflict do nothing`);
}

/** A payment failed or was abandoned: the order fails and its places go back at once. */
export async function failOrder(tx: DbOrTx, order: OrderRow, scope: ShopScope | null, changes: Changes): Promise<void> {
  if (order.status !== "pending") return;
  if (order.cart_id && scope) await releaseCartContents(tx, scope, order.cart_id, changes);
  if (order.cart_id) await tx.execute(sql`update carts set state = 'released' where id = ${order.cart_id} and state in ('active', 'checked_out')`);
  await tx.execute(sql`update orders set status = 'failed', failed_at = now(), updated_at = now() where id = ${order.id}`);
}

export type PaymentNews = {
  provider: "stripe" | "test";
  eventId: string;
  type: string;
  orderId: string;
  outcome: "paid" | "failed";
  /** The provider's payment id, when the news carries it (kept if the order lost it in a crash). */
  providerRef?: string | undefined;
  /** What the provider says was paid (its webhook); news with a `providerRef` must match the order. */
  payment?: PaymentFacts | undefined;
};

/**
 * One piece of news from a payment provider (webhook, the test page, reconciliation), handled
 * once per provider event id. A payment for a pending order completes it (or, if its places
 * were lost, refunds it); for an order that already failed or was cancelled, it is refunded.
 */
export async function handlePaymentNews(deps: AppDeps, news: PaymentNews): Promise<"handled" | "duplicate" | "unknown" | "rejected"> {
  const orderRow = (await txRows<OrderRow>(deps.database.db, sql`select ${ORDER_COLUMNS} from orders where id = ${news.orderId}`))[0];
  if (!orderRow) return "unknown";
  const scope = await loadScope(deps.database.db, orderRow.scope_id);
  const changes: Changes = new Map();
  const result = await deps.database.db.transaction(async (tx) => {
    const [fresh] = await txRows<{ event_id: string }>(
      tx,
      sql`insert into payment_events (provider, event_id, type, order_id) values (${news.provider}, ${news.eventId}, ${news.type}, ${news.orderId})
          on conflict (event_id) do nothing returning event_id`,
    );
    if (!fresh) return "duplicate" as const;
    // The cart first, then the order: the same order as the sweeper, so neither waits on the other in a cycle.
    if (orderRow.cart_id) await tx.execute(sql`select id from carts where id = ${orderRow.cart_id} for update`);
    let order = await lockOrder(tx, news.orderId);
    if (!order) return "unknown" as const;
    // Under the order's lock: news for another payment, amount or currency never settles it.
    const mismatch = paymentMismatch(order, news);
    if (mismatch) return refusePaymentNews(deps, tx, order, news, mismatch);
    if (news.providerRef && !order.provider_ref && order.total_cents > 0) {
      // A crash right after the provider made the payment lost its id; a refund needs it.
      await tx.execute(sql`update orders set provider = ${news.provider}, provider_ref = ${news.providerRef} where id = ${order.id} and provider_ref is null`);
      order = { ...order, provider: news.provider, provider_ref: news.providerRef };
    }
    if (news.outcome === "failed") {
      await failOrder(tx, order, scope, changes);
      return "handled" as const;
    }
    if (order.status === "valid") return "handled" as const;
    // Pending, or paid after the order had given up (failed): its places are sold, taken again
    // if they are still free, otherwise the payment is refunded.
    if ((order.status === "pending" || order.status === "failed") && scope) {
      const done = await completeOrder(deps, tx, order, scope, changes);
      if (done === "lost") {
        changes.clear();
        await refundLostOrder(deps, tx, order, scope, changes);
      }
      return "handled" as const;
    }
    // Cancelled meanwhile (event cancelled): the money goes back, and the buyer is told.
    await enqueueRefund(tx, order, "payment_for_cancelled_order");
    if (order.total_cents > 0 && order.provider_ref) {
      await enqueueMail(tx, order.buyer_email, order.locale, {
        template: "order_cancelled",
        name: `${order.buyer.firstName} ${order.buyer.lastName}`,
        event: scope?.event.name ?? "",
        number: order.number,
        refund: formatAmount(order.total_cents, order.locale),
      });
    }
    return "handled" as const;
  });
  announceChanges(deps, changes);
  return result;
}

export { loadScope };
