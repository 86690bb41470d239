import { sql } from "drizzle-orm";
import type { LineCancelReason, LineStatus, OrderAmounts, OrderChannel, OrderStatus, PaymentMethod, BuyerDetails } from "../../../../shared/schemas/orders";
import type { DbOrTx } from "../../../db/client";
import type { AppDeps } from "../../../deps";
import { AppError } from "../../../lib/app-error";
import { parseJson, txRows } from "../../../db/sql";
import { loadScope } from "../../shop/scope";
import { ORDER_COLUMNS, enqueueConfirmation, type OrderRow } from "../settle";

/** A place of a ticket line as printed: a seat (block, row, seat) or a standing area. */
export type LinePlace = { block: string; row: string; seat: string } | { area: string };

export function placesOf(labels: string[], areaId: string | null): LinePlace[] {
  if (areaId) return [{ area: labels[0] ?? "" }];
  return labels.map((p) => {
    const [block, row, seat] = p.split("|");
    return { block: block ?? "", row: row ?? "", seat: seat ?? "" };
  });
}

/**
 * The order of this organiser, or NOT_FOUND: another organiser's order looks missing (tenancy).
 * Locked when `lock` (the caller's transaction changes it).
 */
export async function organisersOrder(tx: DbOrTx, organiserId: string, orderId: string, lock = false): Promise<OrderRow & { organiser_id: string }> {
  const [row] = await txRows<OrderRow & { organiser_id: string }>(
    tx,
    sql`select ${ORDER_COLUMNS}, organiser_id from orders where id = ${orderId} and organiser_id = ${organiserId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

type DetailRow = {
  id: string;
  number: string;
  status: OrderStatus;
  channel: OrderChannel;
  reseller_name: string | null;
  payment_method: PaymentMethod;
  provider: string | null;
  provider_ref: string | null;
  buyer: BuyerDetails;
  locale: "de" | "en";
  amounts: OrderAmounts;
  total_cents: number;
  created_at: Date | string;
  paid_at: Date | string | null;
  cancelled_at: Date | string | null;
  failed_at: Date | string | null;
  event_id: string;
  event_name: string;
  time_zone: string;
  scope_id: string;
  is_season: boolean;
  starts_at: Date | string | null;
  lines: unknown;
  refunds: unknown;
  mails: unknown;
};

type LineJson = {
  id: string;
  ref: number;
  ticket_category_id: string | null;
  category_name: string;
  scope_id: string;
  starts_at: string | null;
  price_cents: number;
  booking_options: { name: string; priceCents: number }[];
  places: number;
  total_cents: number;
  discount_cents: number | null;
  vat_cents: number;
  place_labels: string[];
  seat_keys: string[];
  area_id: string | null;
  status: LineStatus;
  checked_in_at: string | null;
  cancel_reason: LineCancelReason | null;
  cancelled_at: string | null;
  replaces_line_id: string | null;
};

type RefundJson = {
  id: string;
  amount_cents: number;
  status: "pending" | "done" | "failed";
  reason: string;
  attempts: number;
  last_error: string | null;
  line_ids: string[];
  created_at: string;
  done_at: string | null;
};

type MailJson = { id: string; template: string; subject: string; to: string; status: "pending" | "sent" | "failed"; created_at: string; sent_at: string | null };

const date = (v: Date | string | null) => (v ? new Date(v) : null);

/**
 * The order detail modal (SPEC §2/§3 Order): buyer, event and date, amounts (revenue, box office
 * fees, service and processing fees, discount, VAT, total), state, payment method and channel,
 * check-ins, the ticket lines (reference, ticket, date, price, quantity, last check-in, total,
 * place, status), the payment and its refunds, and the mails sent about it. One statement.
 */
export async function orderDetail(deps: AppDeps, organiserId: string, orderId: string) {
  const [o] = await txRows<DetailRow>(
    deps.database.db,
    sql`select o.id, o.number, o.status, o.channel, (select u.first_name from users u where u.id = o.reseller_id) as reseller_name, o.payment_method, o.provider, o.provider_ref, o.buyer, o.locale, o.amounts, o.total_cents,
          o.created_at, o.paid_at, o.cancelled_at, o.failed_at, o.event_id, e.name as event_name, e.time_zone, o.scope_id, o.is_season,
          coalesce(d.starts_at, (select min(cd.starts_at) from event_dates cd join events ce on ce.id = cd.event_id where ce.season_id = o.scope_id)) as starts_at,
          (select coalesce(json_agg(l order by l.ref), '[]'::json) from (
            select l.id, row_number() over (order by l.created_at, l.id) as ref, l.ticket_category_id, l.category_name, l.scope_id,
              ld.starts_at, l.price_cents, l.booking_options, l.places, l.total_cents, l.discount_cents, l.vat_cents, l.place_labels, l.seat_keys, l.area_id,
              l.status, l.checked_in_at, l.cancel_reason, l.cancelled_at, l.replaces_line_id
            from order_lines l left join event_dates ld on ld.id = l.scope_id where l.order_id = o.id) l) as lines,
          (select coalesce(json_agg(r order by r.created_at, r.id), '[]'::json) from (
            select id, amount_cents, status, reason, attempts, last_error, line_ids, created_at, done_at from refunds where order_id = o.id) r) as refunds,
          (select coalesce(json_agg(m order by m.created_at, m.id), '[]'::json) from (
            select id, template, subject, "to", status, created_at, sent_at from outbox_mails where order_id = o.id) m) as mails
        from orders o join events e on e.id = o.event_id left join event_dates d on d.id = o.scope_id
        where o.id = ${orderId} and o.organiser_id = ${organiserId}`,
  );
  if (!o) throw new AppError("NOT_FOUND");
  const lines = parseJson(o.lines as LineJson[]);
  const refunds = parseJson(o.refunds as RefundJson[]);
  const mails = parseJson(o.mails as MailJson[]);
  const amounts = o.amounts;
  const refundedCents = refunds.filter((r) => r.status === "done").reduce((a, r) => a + Number(r.amount_cents), 0);
  const online = o.payment_method === "online";
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    channel: o.channel,
    resellerName: o.reseller_name,
    paymentMethod: o.payment_method,
    locale: o.locale,
    createdAt: new Date(o.created_at),
    paidAt: date(o.paid_at),
    cancelledAt: date(o.cancelled_at),
    failedAt: date(o.failed_at),
    buyer: o.buyer,
    event: { id: o.event_id, name: o.event_name, timeZone: o.time_zone, isSeason: o.is_season },
    scopeId: o.scope_id,
    startsAt: date(o.starts_at),
    amounts: {
      /** The organiser's revenue: tickets and booking options, less the discount (fees are the platform's). */
      revenueCents: amounts.ticketsCents + amounts.optionsCents - amounts.discountCents,
      ticketsCents: amounts.ticketsCents,
      optionsCents: amounts.optionsCents,
      boxOfficeFeesCents: (amounts as OrderAmounts & { boxOfficeFeesCents?: number }).boxOfficeFeesCents ?? 0,
      feesCents: amounts.feesCents,
      discountCents: amounts.discountCents,
      /** The voucher the discount came from (decision 020). */
      voucherCode: amounts.voucherCode ?? null,
      vatCents: amounts.vatCents,
      vat: amounts.vat,
      totalCents: o.total_cents,
      refundedCents,
    },
    checkIns: lines.filter((l) => l.status === "checked_in").length,
    lines: lines.map((l) => ({
      id: l.id,
      /** "A1B2C3-2": the order number and the ticket's position in it. */
      reference: `${o.number}-${l.ref}`,
      ticketCategoryId: l.ticket_category_id,
      categoryName: l.category_name,
      scopeId: l.scope_id,
      startsAt: date(l.starts_at),
      priceCents: l.price_cents,
      bookingOptions: l.booking_options,
      quantity: l.places,
      /** Its share of the voucher's discount; `totalCents` is what was paid for it. */
      discountCents: Number(l.discount_cents ?? 0),
      totalCents: l.total_cents,
      places: placesOf(l.place_labels, l.area_id),
      seatKeys: l.seat_keys,
      areaId: l.area_id,
      status: l.status,
      lastCheckInAt: date(l.checked_in_at),
      cancelReason: l.cancel_reason,
      cancelledAt: date(l.cancelled_at),
      replacesLineId: l.replaces_line_id,
    })),
    payments:
      o.total_cents > 0 || online
        ? [
            {
              method: o.payment_method,
              provider: o.provider,
              amountCents: o.total_cents,
              /** paid, open (waiting for the provider), failed (never paid). */
              status: o.paid_at ? ("paid" as const) : o.status === "pending" ? ("open" as const) : ("failed" as const),
              at: date(o.paid_at) ?? new Date(o.created_at),
            },
          ]
        : [],
    refunds: refunds.map((r) => ({
      id: r.id,
      amountCents: Number(r.amount_cents),
      status: r.status,
      reason: r.reason,
      attempts: Number(r.attempts),
      lastError: r.last_error,
      lineIds: r.line_ids,
      createdAt: new Date(r.created_at),
      doneAt: date(r.done_at),
    })),
    mails: mails.map((m) => ({ id: m.id, template: m.template, subject: m.subject, to: m.to, status: m.status, createdAt: new Date(m.created_at), sentAt: date(m.sent_at) })),
  };
}
export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;

/** "Resend confirmation": the confirmation mail again, with the tickets and the invoice (valid orders only). */
export async function resendConfirmation(deps: AppDeps, organiserId: string, orderId: string): Promise<{ queued: true }> {
  await deps.database.db.transaction(async (tx) => {
    const order = await organisersOrder(tx, organiserId, orderId, true);
    if (order.status !== "valid") throw new AppError("ORDER_NOT_CHANGEABLE");
    const scope = await loadScope(tx, order.scope_id);
    if (!scope) throw new AppError("NOT_FOUND");
    await enqueueConfirmation(deps, tx, order, scope);
  });
  return { queued: true };
}

/**
 * A refund the provider kept refusing (failed after its attempts) is tried again by the refund
 * job: back to pending, due now, attempts from zero.
 */
export async function retryRefund(deps: AppDeps, organiserId: string, input: { orderId: string; refundId: string }): Promise<{ queued: true }> {
  await deps.database.db.transaction(async (tx) => {
    await organisersOrder(tx, organiserId, input.orderId, true);
    const [refund] = await txRows<{ status: string }>(
      tx,
      sql`select status::text as status from refunds where id = ${input.refundId} and order_id = ${input.orderId} for update`,
    );
    if (!refund) throw new AppError("NOT_FOUND");
    if (refund.status !== "failed") throw new AppError("REFUND_NOT_RETRYABLE");
    await tx.execute(sql`update refunds set status = 'pending', attempts = 0, next_attempt_at = now() where id = ${input.refundId}`);
  });
  return { queued: true };
}

