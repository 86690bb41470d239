import { sql } from "drizzle-orm";
import type { CancelOrderInput } from "../../../../shared/schemas/organiser-orders";
import type { PaymentMethod } from "../../../../shared/schemas/orders";
import { cancelledLinesCents } from "../../../../shared/rules/pricing";
import type { DbOrTx } from "../../../db/client";
import type { AppDeps } from "../../../deps";
import { i18nFor } from "../../../i18n";
import { AppError } from "../../../lib/app-error";
import { enqueueMail } from "../../../mail/outbox";
import { returnForLines } from "../../account/contingent";
import { announceChanges, type Changes } from "../../inventory/changes";
import { giveBack } from "../../inventory/give-back";
import { lockCarts } from "../../inventory/lock-order";
import { pgArray, txRows } from "../../../db/sql";
import { releaseUses } from "../../vouchers/uses";
import { issueCreditNote } from "../invoices/issue";
import { enqueueRefund, formatAmount, type OrderRow } from "../settle";
import { placeText } from "../tickets-pdf";
import { orderDetail, organisersOrder } from "./detail";

type LineRow = { id: string; category_name: string; place_labels: string[]; area_id: string | null; total_cents: number; status: string };

/**
 * The lines a cancellation takes, checked: the order must be valid, the lines its own, none
 * cancelled or checked in already. No `lineIds`: every ticket still valid (the whole order).
 */
async function chosenLines(tx: DbOrTx, order: OrderRow, lineIds: string[] | undefined): Promise<{ chosen: LineRow[]; rest: LineRow[] }> {
  if (order.status !== "valid") throw new AppError("ORDER_NOT_CHANGEABLE");
  const lines = await txRows<LineRow>(
    tx,
    // Locked (after the order, as every path does): a check-in at the door that commits meanwhile
    // cannot be cancelled and refunded under the holder's feet (decision 018).
    sql`select id, category_name, place_labels, area_id, total_cents, status::text as status from order_lines where order_id = ${order.id} order by created_at, id for update`,
  );
  const live = lines.filter((l) => l.status !== "canceled");
  if (!lineIds) {
    if (live.some((l) => l.status === "checked_in")) throw new AppError("TICKET_CHECKED_IN");
    return { chosen: live, rest: [] };
  }
  const wanted = new Set(lineIds);
  const chosen = lines.filter((l) => wanted.has(l.id));
  if (chosen.length !== wanted.size) throw new AppError("NOT_FOUND");
  if (chosen.some((l) => l.status === "canceled")) throw new AppError("LINE_ALREADY_CANCELLED");
  if (chosen.some((l) => l.status === "checked_in")) throw new AppError("TICKET_CHECKED_IN");
  return { chosen, rest: live.filter((l) => !wanted.has(l.id)) };
}

/** What is left of the order's online payment to refund. */
async function refundableCents(tx: DbOrTx, order: OrderRow): Promise<number> {
  if (!order.provider || !order.provider_ref || order.total_cents <= 0) return 0;
  const [row] = await txRows<{ refunded: number }>(tx, sql`select coalesce(sum(amount_cents), 0)::int as refunded from refunds where order_id = ${order.id}`);
  return Math.max(0, order.total_cents - Number(row?.refunded ?? 0));
}

/**
 * The refund of a cancellation (decision 015): the cancelled tickets' totals and their service
 * fees, never more than is left of the online payment; the last tickets of an order take all
 * that is left (so rounding never keeps a cent).
 */
function refundOf(chosen: LineRow[], rest: LineRow[], left: number, feePerTicketCents?: number): number {
  if (rest.length === 0) return left;
  return Math.min(left, cancelledLinesCents(chosen.map((l) => ({ totalCents: l.total_cents })), feePerTicketCents).totalCents);
}

/** A box office order's fee per ticket (decision 017) replaces the service fee in what a cancellation gives back. */
async function boxOfficeFeeOf(tx: DbOrTx, orderId: string): Promise<number | undefined> {
  const [row] = await txRows<{ amounts: { boxOfficeFeesCents?: number; boxOfficeFeeCents?: number } }>(tx, sql`select amounts from orders where id = ${orderId}`);
  return row?.amounts.boxOfficeFeesCents === undefined ? undefined : (row.amounts.boxOfficeFeeCents ?? 0);
}

/** The cancellation modal's preview: the tickets, what is refunded online, whether a credit note is issued. Changes nothing. */
export async function previewCancellation(deps: AppDeps, organiserId: string, input: CancelOrderInput) {
  const db = deps.database.db;
  const order = await organisersOrder(db, organiserId, input.orderId);
  const { chosen, rest } = await chosenLines(db, order, input.lineIds);
  const [facts] = await txRows<{ invoice: string | null; method: PaymentMethod }>(
    db,
    sql`select (select id::text from order_invoices where order_id = o.id and kind = 'invoice') as invoice, o.payment_method::text as method
        from orders o where o.id = ${order.id}`,
  );
  return {
    /** How the money goes back: to the online payment, or at the counter in the method it was paid with (decision 017). */
    paymentMethod: facts!.method,
    lineIds: chosen.map((l) => l.id),
    wholeOrder: rest.length === 0,
    ticketsCents: chosen.reduce((a, l) => a + l.total_cents, 0),
    refundCents: refundOf(chosen, rest, await refundableCents(db, order), await boxOfficeFeeOf(db, order.id)),
    creditNote: Boolean(facts!.invoice),
  };
}

/**
 * Cancels ticket lines of a valid order, or the whole order, in one transaction (decision 015):
 * their seats and places go back on sale (the inventory module; watchers see them free at
 * once), the lines are canceled (their codes are refused from then on), their tickets return
 * to the contingent, the online share is queued for refund (the refund job pays it back and
 * retries a refusal), an invoiced order gets a credit note, and the buyer gets the
 * tickets-cancelled mail in the order's language. The order is cancelled with its last ticket.
 * Lock order: the order's cart, the order, then the inventory (decision 009).
 */
export async function cancelOrderLines(deps: AppDeps, organiserId: string, input: CancelOrderInput) {
  const changes: Changes = new Map();
  await deps.database.db.transaction(async (tx) => {
    const peek = await organisersOrder(tx, organiserId, input.orderId);
    if (peek.cart_id) await lockCarts(tx, [peek.cart_id]);
    const order = await organisersOrder(tx, organiserId, input.orderId, true);
    const { chosen, rest } = await chosenLines(tx, order, input.lineIds);
    const lineIds = chosen.map((l) => l.id);
    const refund = refundOf(chosen, rest, await refundableCents(tx, order), await boxOfficeFeeOf(tx, order.id));

    // The whole order: its voucher's use goes back (decision 020), before the inventory.
    if (rest.length === 0) await releaseUses(tx, { orderIds: [order.id] });
    await giveBack(tx, { lineIds }, changes);
    await tx.execute(sql`update order_lines set status = 'canceled', cancel_reason = 'organiser', cancelled_at = now()
        where id = any(${pgArray(lineIds)}::uuid[]) and status <> 'canceled'`);
    await returnForLines(tx, order.id, lineIds);
    if (rest.length === 0) {
      await tx.execute(sql`update orders set status = 'cancelled', cancelled_at = now(), updated_at = now() where id = ${order.id}`);
    } else {
      await tx.execute(sql`update orders set updated_at = now() where id = ${order.id}`);
    }
    const queued = refund > 0 ? await enqueueRefund(tx, order, "organiser_cancelled", { amountCents: refund, lineIds }) : 0;
    const creditNoteId = await issueCreditNote(tx, { orderId: order.id, lineIds });

    const [event] = await txRows<{ name: string }>(tx, sql`select name from events where id = ${order.event_id}`);
    const t = i18nFor(order.locale);
    await enqueueMail(
      tx,
      order.buyer_email,
      order.locale,
      {
        template: "tickets_cancelled",
        name: `${order.buyer.firstName} ${order.buyer.lastName}`,
        event: event?.name ?? "",
        number: order.number,
        tickets: chosen.map((l) => `${l.category_name}: ${placeText(t, l.place_labels, l.area_id)}`),
        remaining: rest.length,
        refund: queued > 0 ? formatAmount(queued, order.locale) : null,
        creditNote: creditNoteId !== null,
      },
      creditNoteId ? [{ kind: "order_invoice", invoiceId: creditNoteId }] : [],
      order.id,
    );
  });
  await announceChanges(deps, changes);
  return orderDetail(deps, organiserId, input.orderId);
}
