import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { priceWithVoucher } from "../../../shared/rules/voucher";
import { heldPartOf, participantValues } from "../../../shared/rules/checkout";
import { selectionOfPlaces } from "../../../shared/rules/ticket-selection";
import type { OrderChannel, PaymentMethod, ZCheckoutInput } from "../../../shared/schemas/orders";
import type { Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { announceChanges, type Changes } from "../inventory/changes";
import { setCartExpiry } from "../inventory/hold";
import { HELD } from "../inventory/statuses";
import { hashSecret } from "../shop/cart";
import { assertSelectionAllowed } from "../shop/rules-gate";
import { loadScope, type ShopScope } from "../shop/scope";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { attachUseToOrder, termsOf, useVoucherForCart, type VoucherRow } from "../vouchers/uses";
import { orderViewPath } from "./links";
import { completeOrder, lockOrder, ORDER_COLUMNS, type OrderRow } from "./settle";
import { isCancelled, isLive } from "../../../shared/rules/event-status";

type CheckoutInput = z.output<typeof ZCheckoutInput>;

/** Order numbers: 8 characters without look-alikes (no 0/O, 1/I/L), e.g. "K7M2-X9QD". */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newOrderNumber(): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** How long a buyer has to pay once the order is placed: the hold is kept at least this long. */
const PAYMENT_WINDOW_SECONDS = 15 * 60;

export type CheckoutResult = {
  orderId: string;
  status: "pending" | "valid" | "failed" | "cancelled";
  /** Where the browser goes next: the provider's payment page, or the success page of a free order. */
  redirectUrl: string;
};

type Ticket = CheckoutInput["tickets"][number];

/**
 * The tickets of the checkout must be exactly what the cart holds: every held seat in one
 * ticket of the category it is held as, each ticket with its category's number of seats, and
 * as many counted tickets per category and area as held. The server never trusts a client's
 * quantity, price or place.
 */
function matchCart(scope: ShopScope, tickets: Ticket[], seats: { k: string; tc: string }[], items: { tc: string; area: string; n: number }[]) {
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const heldSeat = new Map(seats.map((s) => [s.k, s.tc]));
  const used = new Set<string>();
  const counted = new Map<string, number>();
  for (const t of tickets) {
    const category = byId.get(t.ticketCategoryId);
    if (!category) throw new AppError("NOT_FOUND", { field: "tickets" });
    if (t.seatKeys.length > 0) {
      if (t.seatKeys.length !== category.seatsPerTicket) throw new AppError("SEATS_PER_TICKET", { field: "tickets", detail: category.id });
      for (const key of t.seatKeys) {
        if (heldSeat.get(key) !== category.id || used.has(key)) throw new AppError("CART_CHANGED", { field: "tickets" });
        used.add(key);
      }
    } else {
      const key = `${category.id}|${t.areaId ?? ""}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    }
    for (const i of t.bookingOptions) if (!category.bookingOptions[i]) throw new AppError("VALIDATION", { field: "tickets" });
  }
  if (used.size !== heldSeat.size) throw new AppError("CART_CHANGED", { field: "tickets" });
  const held = new Map(items.map((i) => [`${i.tc}|${i.area}`, Number(i.n)]));
  if (held.size !== counted.size || [...held].some(([k, n]) => counted.get(k) !== n)) throw new AppError("CART_CHANGED", { field: "tickets" });
}

/** Participant fields of the event (SPEC §3): required ones filled on every ticket, unknown ones dropped. */
export function participantsOf(scope: ShopScope, tickets: Ticket[]): Record<string, string>[] {
  return tickets.map((t, i) => {
    const { values, missing } = participantValues(scope.event.participantFields, t.participant);
    if (missing !== null) throw new AppError("PARTICIPANT_REQUIRED", { field: `tickets.${i}.participant.${missing}` });
    return values;
  });
}

/** How a written order is paid: its method and provider (null: none yet, or none at all). */
type OrderPayment = { method: PaymentMethod; provider: string | null; providerRef: string | null };

/**
 * Writes the order of a locked, active cart and its ticket lines (status pending): the tickets
 * must be exactly what the cart holds, every rule of the categories holds at the "order" stage
 * in the seller's channel, and everything is priced on the server (online: the service fee; box
 * office: the organiser's box office fee, decision 017). Shared by the shop's checkout and the
 * box office's sale; the caller completes or keeps the order waiting for its payment.
 */
export async function writeOrder(
  tx: Tx,
  input: {
    scope: ShopScope;
    cartId: string;
    idempotencyKey: string;
    tickets: Ticket[];
    participants: Record<string, string>[];
    channel: OrderChannel;
    /** The box office fee per chargeable ticket (box office only). */
    boxOfficeFeeCents?: number;
    buyer: Record<string, unknown>;
    buyerEmail: string;
    locale: "de" | "en";
    payment: (free: boolean) => OrderPayment;
    /** The voucher whose use the cart holds (vouchers/uses.ts useVoucherForCart), or null. */
    voucher: VoucherRow | null;
    /** A reseller's sale (decision 022): its prices per ticket category instead of the catalogue's, and its id on the order. */
    reseller?: { id: string; prices: ReadonlyMap<string, number> };
  },
): Promise<{ orderId: string; free: boolean; totalCents: number }> {
  const { scope } = input;
  // The cart's held seats and counted places, in one statement.
  type SeatRow = { k: string; tc: string; block: string; row: string; seat: string };
  type ItemRow = { tc: string; area: string; n: number };
  const [held] = await txRows<{ seats: SeatRow[] | string; items: ItemRow[] | string }>(
    tx,
    sql`select
          (select coalesce(json_agg(x), '[]') from (
            select s.seat_key as k, s.ticket_category_id::text as tc, min(s.block_id) as block, min(s.row_label) as row, min(s.seat_label) as seat
            from seat_inventory s
            where s.hold_id = ${input.cartId} and s.event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and s.status in ${HELD}
            group by s.seat_key, s.ticket_category_id) x) as seats,
          (select coalesce(json_agg(y), '[]') from (
            select ticket_category_id::text as tc, area_id as area, quantity as n from cart_items where cart_id = ${input.cartId} and quantity > 0) y) as items`,
  );
  const seatRows = parseJson(held!.seats);
  const items = parseJson(held!.items);
  if (seatRows.length === 0 && items.length === 0) throw new AppError("CART_EXPIRED", { field: "cart" });
  matchCart(scope, input.tickets, seatRows, items);

  // Every rule of the categories, at the "order" stage (minimum, seats per ticket, …).
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const selection = selectionOfPlaces(scope.categories, input.tickets.map(heldPartOf));
  await assertSelectionAllowed(tx, scope, selection, "order", undefined, input.channel === "online" ? "online" : "boxoffice");

  // Priced on the server with the voucher's discount per ticket (shared/rules/voucher.ts), as the checkout showed it.
  const { priced, voucherError } = priceWithVoucher(
    input.tickets.map((t) => {
      const c = byId.get(t.ticketCategoryId)!;
      return {
        ticketCategoryId: c.id,
        seatKeys: t.seatKeys,
        areaId: t.areaId,
        priceCents: input.reseller?.prices.get(c.id) ?? c.priceCents,
        optionCents: t.bookingOptions.map((i) => c.bookingOptions[i]!.priceCents),
        chargeable: c.kind === "chargeable",
      };
    }),
    scope.event.vatRateBp,
    // A reseller charges no service fee and no box office fee (priced as a counter sale with a fee of 0).
    input.channel === "online" ? { channel: "online" } : { channel: "box_office", boxOfficeFeeCents: input.boxOfficeFeeCents ?? 0 },
    input.voucher ? termsOf(input.voucher) : null,
  );
  if (voucherError) throw new AppError(voucherError, { field: "voucherCode" });
  const amounts = input.voucher ? { ...priced.amounts, voucherCode: input.voucher.code } : priced.amounts;
  const free = priced.amounts.totalCents === 0;
  const payment = input.payment(free);
  const blocks = new Map((scope.layout?.blocks ?? []).map((b) => [b.id, b.name]));
  const seatLabel = new Map(seatRows.map((s) => [s.k, `${blocks.get(s.block) ?? s.block}|${s.row}|${s.seat}`]));

  const lines = input.tickets.map((t, i) => {
    const c = byId.get(t.ticketCategoryId)!;
    const line = priced.lines[i]!;
    const areaName = t.areaId ? (blocks.get(t.areaId) ?? t.areaId) : null;
    return {
      // The ticket's position in the checkout: lines keep it as their creation order (view, PDF).
      ord: i,
      event_id: scope.event.id,
      scope_id: scope.scopeId,
      ticket_category_id: c.id,
      category_name: c.name,
      seat_keys: t.seatKeys,
      place_labels: t.seatKeys.length > 0 ? t.seatKeys.map((k) => seatLabel.get(k) ?? k) : areaName ? [areaName] : [],
      area_id: t.areaId,
      places: t.seatKeys.length > 0 ? t.seatKeys.length : c.seatsPerTicket,
      price_cents: line.unitCents,
      booking_options: t.bookingOptions.map((o) => ({ name: c.bookingOptions[o]!.name, priceCents: c.bookingOptions[o]!.priceCents })),
      total_cents: line.totalCents,
      discount_cents: line.discountCents,
      vat_rate_bp: scope.event.vatRateBp,
      vat_cents: line.vatCents,
      participant: input.participants[i]!,
    };
  });
  // The order and its ticket lines in one statement; a taken order number writes neither (tried again).
  let orderId = "";
  for (let attempt = 0; attempt < 5 && !orderId; attempt++) {
    const [row] = await txRows<{ id: string }>(
      tx,
      sql`with o as (
            insert into orders (number, organiser_id, event_id, scope_id, is_season, cart_id, idempotency_key, status, buyer, buyer_email, locale, amounts, total_cents,
              payment_method, provider, provider_ref, channel, voucher_id, reseller_id)
            values (${newOrderNumber()}, ${scope.event.organiserId}, ${scope.event.id}, ${scope.scopeId}, ${scope.kind === "season"}, ${input.cartId}, ${input.idempotencyKey},
              'pending', ${JSON.stringify(input.buyer)}::jsonb, ${input.buyerEmail}, ${input.locale}, ${JSON.stringify(amounts)}::jsonb,
              ${priced.amounts.totalCents}, ${payment.method}, ${payment.provider}, ${payment.providerRef}, ${input.channel}, ${input.voucher?.id ?? null},
              ${input.reseller?.id ?? null})
            on conflict (number) do nothing returning id),
          written as (
            insert into order_lines (order_id, event_id, scope_id, ticket_category_id, category_name, seat_keys, place_labels, area_id, places,
              price_cents, booking_options, total_cents, discount_cents, vat_rate_bp, vat_cents, participant, created_at)
            select o.id, l.event_id, l.scope_id, l.ticket_category_id, l.category_name, l.seat_keys, l.place_labels, l.area_id, l.places,
              l.price_cents, l.booking_options, l.total_cents, l.discount_cents, l.vat_rate_bp, l.vat_cents, l.participant, now() + l.ord * interval '1 microsecond'
            from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(ord int, event_id uuid, scope_id uuid, ticket_category_id uuid,
              category_name text, seat_keys jsonb, place_labels jsonb, area_id text, places int, price_cents int, booking_options jsonb,
              total_cents int, discount_cents int, vat_rate_bp int, vat_cents int, participant jsonb))
          select id from o`,
    );
    orderId = row?.id ?? "";
  }
  if (!orderId) throw new AppError("INTERNAL");
  if (input.voucher) await attachUseToOrder(tx, input.cartId, orderId);
  return { orderId, free, totalCents: priced.amounts.totalCents };
}

/**
 * Places the order of a cart (/checkout): checks the cart against the request and every rule,
 * prices it on the server, writes the order and its ticket lines, and keeps the places held
 * while the buyer pays. A free order completes at once. A repeated submit (same idempotency
 * key, or the same cart) returns the order already made.
 */
export async function placeOrder(deps: AppDeps, input: CheckoutInput): Promise<CheckoutResult> {
  const [cartRow] = await txRows<{ scope_id: string; secret_hash: string }>(
    deps.database.db,
    sql`select scope_id, secret_hash from carts where id = ${input.cart.id}`,
  );
  if (!cartRow || cartRow.secret_hash !== hashSecret(input.cart.secret)) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  const scope = await loadScope(deps.database.db, cartRow.scope_id);
  if (!scope) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (!isLive(scope.event.status)) throw new AppError(isCancelled(scope.event.status) ? "EVENT_CANCELLED" : "EVENT_NOT_ON_SALE");
  // A cart held before its organiser disabled the account does not become an order.
  if (scope.organiserDisabled) throw new AppError("EVENT_NOT_ON_SALE");
  const participants = participantsOf(scope, input.tickets);

  const changes: Changes = new Map();
  const outcome = await deps.database.db.transaction(async (tx) => {
    const [cart] = await txRows<{ id: string; state: string; expires_at: string | Date }>(
      tx,
      sql`select id, state, expires_at from carts where id = ${input.cart.id} for update`,
    );
    // The same checkout again: the order it made. Keys count per cart: another cart's key is
    // no way to another buyer's order. Its own statement after the cart's lock: a checkout that
    // waited for the lock sees the order the other one made (a subquery of the locking statement
    // would read the snapshot taken before the wait).
    const [existing] = await txRows<{ id: string }>(
      tx,
      sql`select id from orders where cart_id = ${input.cart.id} and (idempotency_key = ${input.idempotencyKey} or status in ('pending', 'valid'))
          order by created_at limit 1`,
    );
    if (existing) return { kind: "existing" as const, orderId: existing.id };
    if (!cart || cart.state !== "active" || new Date(cart.expires_at).getTime() <= Date.now()) throw new AppError("CART_EXPIRED", { field: "cart" });
    // The voucher the buyer applied: its reserved use, or one reserved now (decision 020).
    const voucher = await useVoucherForCart(tx, scope, cart.id, input.voucherCode);

    const { orderId, free } = await writeOrder(tx, {
      scope,
      cartId: cart.id,
      idempotencyKey: input.idempotencyKey,
      tickets: input.tickets,
      participants,
      channel: "online",
      buyer: input.buyer,
      buyerEmail: input.buyer.email.toLowerCase(),
      locale: input.locale,
      payment: (isFree) => (isFree ? { method: "free_of_charge", provider: null, providerRef: null } : { method: "online", provider: deps.payments.name, providerRef: null }),
      voucher,
    });
    if (free) {
      const order = (await lockOrder(tx, orderId))!;
      const done = await completeOrder(deps, tx, order, scope, changes);
      if (done === "lost") throw new AppError("CART_EXPIRED", { field: "cart" });
      return { kind: "free" as const, orderId };
    }
    // The places stay held while the buyer pays (the sweeper fails the order after this).
    await setCartExpiry(tx, cart.id, sql`state = 'checked_out', expires_at = greatest(expires_at, now() + make_interval(secs => ${PAYMENT_WINDOW_SECONDS}))`);
    return { kind: "pending" as const, orderId };
  });
  await announceChanges(deps, changes);
  return resume(deps, outcome.orderId);
}

/** Where an order's buyer goes next; starts the payment of a pending order that has none yet. */
export async function resume(deps: AppDeps, orderId: string): Promise<CheckoutResult> {
  const [order] = await txRows<OrderRow & { event_name: string | null }>(
    deps.database.db,
    sql`select ${ORDER_COLUMNS}, (select e.name from events e where e.id = orders.event_id) as event_name from orders where id = ${orderId}`,
  );
  if (!order) throw new AppError("NOT_FOUND");
  const view = orderViewPath(deps.config.APP_SECRET, { id: order.id, eventId: order.event_id, scopeId: order.scope_id, isSeason: order.is_season });
  const success = `/successful?order=${order.id}&next=${encodeURIComponent(view)}`;
  if (order.status !== "pending") return { orderId: order.id, status: order.status, redirectUrl: success };
  if (order.provider_ref) {
    // The payment made before, never a second one; once it cannot be paid any more, the order
    // view says "payment processing" until the provider's news settles it.
    const page = order.provider === deps.payments.name ? await deps.payments.paymentPage(order.provider_ref) : null;
    return { orderId: order.id, status: "pending", redirectUrl: page ?? success };
  }
  const payment = await deps.payments.createPayment({
    orderId: order.id,
    orderNumber: order.number,
    amountCents: order.total_cents,
    description: `${order.event_name ?? ""} · ${order.number}`,
    email: order.buyer_email,
    locale: order.locale,
    successUrl: `${deps.config.PUBLIC_BASE_URL}${success}`,
    cancelUrl: `${deps.config.PUBLIC_BASE_URL}/checkout?order=${order.id}&cancelled=1`,
  });
  const stored = await txRows<{ id: string }>(
    deps.database.db,
    sql`update orders set provider = ${deps.payments.name}, provider_ref = ${payment.providerRef}, updated_at = now()
        where id = ${order.id} and provider_ref is null returning id`,
  );
  // A concurrent submit stored its payment first: the buyer goes to that one, not to this.
  if (stored.length === 0) return resume(deps, order.id);
  return { orderId: order.id, status: "pending", redirectUrl: payment.redirectUrl };
}
