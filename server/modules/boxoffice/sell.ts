import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZSellInput } from "../../../shared/schemas/boxoffice";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { txRows } from "../../db/sql";
import { announceChanges, type Changes } from "../inventory/changes";
import { participantsOf, writeOrder } from "../orders/checkout";
import { BOX_OFFICE_PROVIDER, completeOrder, lockOrder } from "../orders/settle";
import { hashSecret } from "../shop/cart";
import { useVoucherForCart } from "../vouchers/uses";
import { counterScope } from "./scope";
import { readBoxOfficeSettings } from "./settings";
import { assertOpenShift, type Cashier, lockOpenShift } from "./shifts";

type SellInput = z.output<typeof ZSellInput>;

/** What the counter shows after a sale: the amount, the change, and where its tickets print. */
export type SaleResult = {
  orderId: string;
  number: string;
  status: string;
  paymentMethod: string;
  totalCents: number;
  boxOfficeFeesCents: number;
  cashGivenCents: number | null;
  changeCents: number | null;
  /** A confirmation mail with the tickets went to the buyer (an email was given). */
  emailed: boolean;
  /** GET: the tickets as PDF in the event's print format (session, showBoxoffice or updateBoxoffice). */
  ticketsPdfUrl: string;
  printFormat: string;
};

/** The sale an idempotency key made, as the counter saw it then (null: none). */
async function saleByKey(deps: AppDeps, organiserId: string, key: string): Promise<SaleResult | null> {
  const [row] = await txRows<{
    order_id: string;
    number: string;
    status: string;
    payment_method: string;
    total_cents: number;
    amounts: { boxOfficeFeesCents?: number };
    buyer_email: string;
    cash_given_cents: number | null;
    change_cents: number | null;
    print_format: string | null;
  }>(
    deps.database.db,
    sql`select b.order_id::text, o.number, o.status::text, o.payment_method::text, o.total_cents, o.amounts, o.buyer_email, b.cash_given_cents, b.change_cents,
          st.print_format::text
        from box_office_sales b join orders o on o.id = b.order_id left join box_office_settings st on st.event_id = o.event_id
        where b.organiser_id = ${organiserId} and b.idempotency_key = ${key}`,
  );
  if (!row) return null;
  return {
    orderId: row.order_id,
    number: row.number,
    status: row.status,
    paymentMethod: row.payment_method,
    totalCents: Number(row.total_cents),
    boxOfficeFeesCents: Number(row.amounts.boxOfficeFeesCents ?? 0),
    cashGivenCents: row.cash_given_cents === null ? null : Number(row.cash_given_cents),
    changeCents: row.change_cents === null ? null : Number(row.change_cents),
    emailed: row.buyer_email !== "",
    ticketsPdfUrl: `/api/boxoffice/orders/${row.order_id}/tickets.pdf`,
    printFormat: row.print_format ?? "a4",
  };
}

/**
 * A sale at the counter (issue 17, decision 017), in one transaction like a checkout that is
 * paid at once: the counter's cart must hold exactly the tickets (the shop's holds, channel
 * "boxoffice"), the order is written with channel box_office, the method, the box office fee
 * and no service fee (orders/checkout.ts writeOrder), and completed as every order is
 * (orders/settle.ts completeOrder: places sold, contingent consumed, invoice issued, the
 * confirmation mail only when an email was given). The same idempotency key again (a double
 * click, a retry after a lost answer) returns the sale it made; so does the same cart.
 */
export async function sell(deps: AppDeps, who: Cashier, input: SellInput): Promise<SaleResult> {
  const db = deps.database.db;
  const prior = await saleByKey(deps, who.organiserId, input.idempotencyKey);
  if (prior) return prior;
  if (input.cashGivenCents !== undefined && input.paymentMethod !== "cash") throw new AppError("VALIDATION", { field: "cashGivenCents" });
  await assertOpenShift(db, who, input.shiftId);
  const [cartRow] = await txRows<{ scope_id: string; secret_hash: string }>(db, sql`select scope_id, secret_hash from carts where id = ${input.cart.id}`);
  if (!cartRow || cartRow.secret_hash !== hashSecret(input.cart.secret)) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  const scope = await counterScope(deps, who.organiserId, cartRow.scope_id);
  const settings = await readBoxOfficeSettings(db, who.organiserId, scope.event.id);
  const participants = participantsOf(scope, input.tickets);
  const buyer = { firstName: input.buyer?.firstName ?? "", lastName: input.buyer?.lastName ?? "", ...(input.buyer?.email ? { email: input.buyer.email } : {}) };
  const email = (input.buyer?.email ?? "").toLowerCase();

  const changes: Changes = new Map();
  try {
    await db.transaction(async (tx) => {
      // Lock order (decisions 009, 017): the cart, the shift (for share: closing waits), then the
      // order, the inventory, the organiser's contingent row and the invoice counter.
      const [cart] = await txRows<{ id: string; state: string; expires_at: string | Date }>(
        tx,
        sql`select id, state, expires_at from carts where id = ${input.cart.id} for update`,
      );
      await lockOpenShift(tx, who, input.shiftId);
      const [existing] = await txRows<{ id: string }>(tx, sql`select id from orders where cart_id = ${input.cart.id} and status in ('pending', 'valid') limit 1`);
      if (existing) throw new AppError("CART_EXPIRED", { field: "cart" });
      if (!cart || cart.state !== "active" || new Date(cart.expires_at).getTime() <= Date.now()) throw new AppError("CART_EXPIRED", { field: "cart" });
      // A voucher handed over: reserved here and redeemed with the sale, or nothing is sold (decision 020).
      const voucher = await useVoucherForCart(tx, scope, cart.id, input.voucherCode);

      const { orderId, free, totalCents } = await writeOrder(tx, {
        scope,
        cartId: cart.id,
        idempotencyKey: input.idempotencyKey,
        tickets: input.tickets,
        participants,
        channel: "box_office",
        boxOfficeFeeCents: settings.feeCents,
        buyer,
        buyerEmail: email,
        locale: input.locale,
        // provider_ref "<method>:<uuid>" (unique per provider): a cancellation's refund names the method (orders/settle.ts enqueueRefund).
        payment: (isFree) => {
          const method = isFree ? "free_of_charge" : input.paymentMethod;
          return { method, provider: BOX_OFFICE_PROVIDER, providerRef: `${method}:${randomUUID()}` };
        },
        voucher,
      });
      if (input.paymentMethod === "free_of_charge" && !free) throw new AppError("SALE_NOT_FREE", { field: "paymentMethod" });
      let cashGiven: number | null = null;
      if (input.paymentMethod === "cash" && !free) {
        cashGiven = input.cashGivenCents ?? totalCents;
        if (cashGiven < totalCents) throw new AppError("CASH_BELOW_TOTAL", { field: "cashGivenCents", detail: String(totalCents) });
      }
      const order = (await lockOrder(tx, orderId))!;
      const done = await completeOrder(deps, tx, order, scope, changes);
      if (done === "lost") throw new AppError("CART_EXPIRED", { field: "cart" });
      await tx.execute(sql`
        insert into box_office_sales (order_id, shift_id, organiser_id, idempotency_key, cash_given_cents, change_cents)
        values (${orderId}, ${input.shiftId}, ${who.organiserId}, ${input.idempotencyKey}, ${cashGiven}, ${cashGiven === null ? null : cashGiven - totalCents})`);
    });
  } catch (err) {
    // The same key committed meanwhile by a concurrent request (another cart): that sale.
    const raced = await saleByKey(deps, who.organiserId, input.idempotencyKey);
    if (raced) return raced;
    throw err;
  }
  await announceChanges(deps, changes);
  return (await saleByKey(deps, who.organiserId, input.idempotencyKey))!;
}
