import { asc, eq, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import { SERVICE_FEE_CENTS_PER_TICKET } from "../../../shared/rules/pricing";
import type { BuyerDetails } from "../../../shared/schemas/orders";
import type { DbOrTx, Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { enqueueMail } from "../../mail/outbox";
import { contingentStatement, saleContingent } from "../account/contingent";
import { RECIPIENT_COLUMNS, recipientFrom } from "../account/notifications";
import { notifyNewOrder } from "../account/organiser-mails";
import { ownerOf } from "../account/profile";
import { orders, organisers, users } from "../../db/schema";
import { announceChanges, type Changes, noteSale } from "../inventory/changes";
import { giveBack } from "../inventory/give-back";
import { lockCarts } from "../inventory/lock-order";
import { saleDone, saleStatement } from "../inventory/sell";
import { parseJson, pipelined, txRows } from "../../db/sql";
import { loadScope, type ShopScope } from "../shop/scope";
import { redeemForOrder, releaseUses } from "../vouchers/uses";
import { draftOrderInvoice, issueStatement, SELLER_COLUMNS } from "./invoices/issue";
import { orderLink } from "./links";
import { type PaymentFacts, paymentMismatch, refusePaymentNews } from "./payment-binding";
import { dateTimeFormat } from "../../../shared/rules/intl-formats";

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

/**
 * What completing an order reads besides its OrderRow, in one statement (issue 25: each step read
 * its own): the order's voucher, amounts, tickets and invoice, the organiser as the invoice's
 * seller, and the owner the "new order" mail goes to.
 */
async function saleFacts(tx: DbOrTx, orderId: string) {
  const [facts] = await tx
    .select({
      voucherId: orders.voucherId,
      organiserId: orders.organiserId,
      amounts: orders.amounts,
      tickets: sql<number>`(select count(*)::int from order_lines where order_id = ${orders.id} and status <> 'canceled')`,
      // The seats the sale takes (inventory/sell.ts saleKeys).
      keys: sql<string[]>`(select coalesce(jsonb_agg(k.key), '[]'::jsonb) from order_lines l cross join lateral jsonb_array_elements_text(l.seat_keys) as k(key)
        where l.order_id = ${orders.id} and l.status <> 'canceled')`,
      invoiceId: sql<string | null>`(select id::text from order_invoices where order_id = ${orders.id} and kind = 'invoice')`,
      seller: SELLER_COLUMNS,
      owner: RECIPIENT_COLUMNS,
    })
    .from(orders)
    .innerJoin(organisers, eq(organisers.id, orders.organiserId))
    .leftJoin(users, ownerOf(orders.organiserId))
    .where(eq(orders.id, orderId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return facts;
}

export const ORDER_COLUMNS = sql.raw(
  "id, number, event_id, scope_id, is_season, cart_id, status, buyer, buyer_email, locale, total_cents, provider, provider_ref",
);

/**
 * The `provider` of orders paid at the box office (decision 017; `provider_ref` is the payment
 * method and a random id, "cash:…"): no provider job ever touches them, and a cancellation's
 * refund is recorded as paid back at the counter.
 */
export const BOX_OFFICE_PROVIDER = "box_office";
/** Money a reseller took in person (decision 022): like the box office's, it goes back where it was paid. */
export const RESELLER_PROVIDER = "reseller";

export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await txRows<OrderRow>(tx, sql`select ${ORDER_COLUMNS} from orders where id = ${orderId} for update`);
  return order;
}

export function formatAmount(cents: number, locale: "de" | "en"): string {
  return formatCents(cents, locale);
}

class Lost extends Error {}

/**
 * The order becomes valid: sold places, paid time, confirmation mail with the tickets, and the
 * organiser's chosen mails (new order; sold out once the caller's transaction committed and it
 * announced `changes`). The one place an order completes.
 */
export async function completeOrder(deps: AppDeps, tx: Tx, order: OrderRow, scope: ShopScope, changes: Changes): Promise<"valid" | "lost"> {
  // A savepoint: a half-made sale (seats taken, a counter full) is undone entirely, the mails
  // with it. Not released when the sale is made: the caller's commit ends it, and a release
  // would be one more round trip while the sale holds its counters.
  await tx.execute(sql`savepoint sale`);
  try {
    const facts = await saleFacts(tx, order.id);
    if (!facts) throw new Lost();
    // The voucher's use becomes final first (its row before the inventory: the lock order).
    if (!(await redeemForOrder(tx, order.id, facts.voucherId))) throw new Lost();
    // What only reads, and the mails, before the sale: the seats' and counters' locks (shared
    // by every buyer of the category) are then held for the last few statements only (issue 25).
    const invoice = await draftOrderInvoice(tx, order.id, {
      organiserId: facts.organiserId,
      buyer: order.buyer as BuyerDetails,
      buyerEmail: order.buyer_email,
      locale: order.locale,
      amounts: facts.amounts,
      totalCents: order.total_cents,
      invoiceId: facts.invoiceId,
      seller: facts.seller,
    });
    const tickets = Number(facts.tickets);
    await enqueueConfirmation(deps, tx, order, scope, { invoiceId: invoice?.id ?? null, tickets });
    // The organiser's chosen "new order" mail (email notifications tab), in the same transaction.
    await notifyNewOrder(tx, {
      scope,
      number: order.number,
      buyer: `${order.buyer.firstName} ${order.buyer.lastName}`,
      tickets,
      totalCents: order.total_cents,
      to: recipientFrom(facts.owner, "newOrder"),
    });
    // The sale, the order's status, its tickets leaving the contingent, and for a paid order its
    // invoice (numbered gaplessly: the organiser's counter row, last lock), sent together: once
    // the sale holds the category's counters, Postgres runs the rest without waiting for this
    // process (issue 25). If the sale is lost, the savepoint undoes what followed it.
    const sale = { scope, orderId: order.id, cartId: order.cart_id };
    const issue = invoice ? issueStatement(tx, invoice) : null;
    const [sold] = await pipelined(tx, [
      saleStatement(sale, parseJson(facts.keys)),
      sql`update orders set status = 'valid', paid_at = coalesce(paid_at, now()), updated_at = now() where id = ${order.id}`,
      contingentStatement(saleContingent(order.id, { organiserId: facts.organiserId, tickets })),
      ...(issue ? [issue] : []),
    ]);
    if (!saleDone(scope, sold!, changes)) throw new Lost();
  } catch (err) {
    if (!(err instanceof Lost)) throw err;
    await tx.execute(sql`rollback to savepoint sale`);
    return "lost";
  }
  // "Sold out" is checked after the commit (account/sold-out-watch.ts), not under this sale's locks.
  noteSale(changes, scope);
  return "valid";
}

/**
 * The buyer's confirmation mail, with the tickets (those not canceled) and the invoice attached:
 * when the order completes, when the organiser resends it, after a date change. `scope` is the
 * order's date or season (its date is named in the mail). Returns the number of tickets.
 */
export async function enqueueConfirmation(
  deps: AppDeps,
  tx: DbOrTx,
  order: OrderRow,
  scope: ShopScope,
  known?: { invoiceId: string | null; tickets: number },
): Promise<number> {
  const when = scope.kind === "date" ? scope.date.startsAt : scope.firstStartsAt;
  const date = when
    ? dateTimeFormat(order.locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: scope.event.timeZone }).format(when)
    : "";
  // The completing sale knows both (its invoice drafted, not yet numbered); others read them.
  const facts = known
    ? null
    : (
        await txRows<{ n: number; invoice_id: string | null }>(
          tx,
          sql`select (select count(*)::int from order_lines where order_id = ${order.id} and status <> 'canceled') as n,
                (select id::text from order_invoices where order_id = ${order.id} and kind = 'invoice') as invoice_id`,
        )
      )[0];
  const tickets = known ? known.tickets : Number(facts?.n ?? 0);
  const invoiceId = known ? known.invoiceId : (facts?.invoice_id ?? null);
  // A box office sale without the buyer's email: the tickets were handed over at the counter.
  if (order.buyer_email === "") return tickets;
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
      tickets,
      total: formatAmount(order.total_cents, order.locale),
      link: orderLink(deps, { id: order.id, eventId: order.event_id, scopeId: order.scope_id, isSeason: order.is_season }),
    },
    [{ kind: "order_tickets", orderId: order.id }, ...(invoiceId ? [{ kind: "order_invoice" as const, invoiceId }] : [])],
    order.id,
  );
  return tickets;
}

/**
 * Gives up on a paid order whose places are gone: nothing sold, what is still held goes back,
 * the payment is refunded (by the refund job) and the buyer is told.
 */
export async function refundLostOrder(deps: AppDeps, tx: DbOrTx, order: OrderRow, scope: ShopScope | null, changes: Changes): Promise<void> {
  await releaseUses(tx, { orderIds: [order.id], cartIds: order.cart_id ? [order.cart_id] : [] });
  if (order.cart_id) await giveBack(tx, { cartIds: [order.cart_id], cartState: "expired" }, changes);
  await tx.execute(sql`update orders set status = 'cancelled', cancelled_at = now(), paid_at = coalesce(paid_at, now()), updated_at = now() where id = ${order.id}`);
  await tx.execute(sql`update order_lines set status = 'canceled', cancel_reason = 'payment_lost', cancelled_at = now() where order_id = ${order.id} and status <> 'canceled'`);
  await enqueueRefund(tx, order, "payment_after_hold_lost");
  await enqueueMail(tx, order.buyer_email, order.locale, {
    template: "order_refunded",
    name: `${order.buyer.firstName} ${order.buyer.lastName}`,
    event: scope?.event.name ?? "",
    number: order.number,
    amount: formatAmount(order.total_cents, order.locale),
  }, [], order.id);
}

/**
 * Queues a refund of an online payment: `amountCents` (a partial cancellation), or whatever of
 * the order's total is not refunded yet. Never more than what is left: the order's row lock,
 * held by every caller, orders concurrent cancellations. Returns the amount queued (0: nothing
 * to refund, e.g. not paid online or refunded already).
 */
export async function enqueueRefund(tx: DbOrTx, order: OrderRow, reason: string, part?: { amountCents: number; lineIds: string[] }): Promise<number> {
  if (!order.provider || !order.provider_ref || order.total_cents <= 0) return 0;
  // Money taken at the box office (or by a reseller) goes back there in the same method (decisions
  // 017, 022): the row records it as done; the refund job only carries out its own provider's rows.
  const atCounter = order.provider === BOX_OFFICE_PROVIDER || order.provider === RESELLER_PROVIDER;
  // The service fees this refund gives back (decision 024): a part's chargeable tickets' fees, or
  // all the fees left; never more than the order's fees not yet given back.
  const partFees = part
    ? sql`(select count(*)::int * ${SERVICE_FEE_CENTS_PER_TICKET} from order_lines where order_id = ${order.id} and total_cents > 0 and id::text in (select jsonb_array_elements_text(${JSON.stringify(part.lineIds)}::jsonb)))`
    : sql`fees`;
  const [row] = await txRows<{ amount_cents: number }>(
    tx,
    sql`with left_over as (
          select ${order.total_cents}::int - coalesce(sum(amount_cents), 0)::int as cents,
            (select coalesce((amounts->>'feesCents')::int, 0) from orders where id = ${order.id}) - coalesce(sum(fee_cents), 0)::int as fees
          from refunds where order_id = ${order.id}),
        refund as (select least(${part?.amountCents ?? order.total_cents}::int, cents) as amount, fees from left_over)
        insert into refunds (order_id, provider, provider_ref, amount_cents, fee_cents, reason, line_ids, status, done_at)
        select ${order.id}, ${order.provider}, ${order.provider_ref}, amount, greatest(0, least(amount, fees, ${partFees})), ${reason},
          ${JSON.stringify(part?.lineIds ?? [])}::jsonb, ${atCounter ? "done" : "pending"}::refund_status, ${atCounter ? sql`now()` : sql`null::timestamptz`}
        from refund where amount > 0
        returning amount_cents`,
  );
  return Number(row?.amount_cents ?? 0);
}

/** A payment failed or was abandoned: the order fails and its places go back at once. */
export async function failOrder(tx: DbOrTx, order: OrderRow, scope: ShopScope | null, changes: Changes): Promise<void> {
  if (order.status !== "pending") return;
  // The voucher's use goes back with the places (its row first: the lock order).
  await releaseUses(tx, { orderIds: [order.id], cartIds: order.cart_id ? [order.cart_id] : [] });
  if (order.cart_id) await giveBack(tx, { cartIds: [order.cart_id], cartState: "released" }, changes);
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
  // Read before the transaction, and the scope loaded there: loading it inside could wait for a
  // pooled connection (another caller's read of the same scope) while every connection of the
  // pool is held by a transaction waiting for that read (seen in bench:onsale, 607d13f).
  const orderRow = (await txRows<{ cart_id: string | null; scope_id: string }>(deps.database.db, sql`select cart_id, scope_id from orders where id = ${news.orderId}`))[0];
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
    if (orderRow.cart_id) await lockCarts(tx, [orderRow.cart_id]);
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
      }, [], order.id);
    }
    return "handled" as const;
  });
  await announceChanges(deps, changes);
  return result;
}

export { loadScope };
