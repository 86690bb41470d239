import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { buildApp } from "../../../server/app";
import type { Database } from "../../../server/db/client";
import type { AppDeps } from "../../../server/deps";
import { orderKey } from "../../../server/modules/orders/links";
import type { OrderAmounts } from "../../../shared/schemas/orders";
import { createTestClient, type TestApp, type TestClient } from "./app";
import { createTestDeps } from "./config";
import { createTestDatabase } from "./database";
import { ok } from "./events";
import { readOutbox } from "./outbox";
import { type Cart, cartOf, holdVia } from "./shop";
import { attempt, type RouterInput, type RouterOutput } from "./trpc";

/** The test app with the deps it was built from (jobs such as the sweeper or refunds need them). */
export type OrdersApp = TestApp & { deps: AppDeps };

/** Like createTestApp, but keeps `deps` so a test can run the background jobs itself. */
export async function createOrdersApp(configOverrides: Record<string, string> = {}): Promise<OrdersApp> {
  const database = await createTestDatabase();
  const deps = createTestDeps(database, configOverrides);
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    database,
    config: deps.config,
    deps,
    client: (options) => createTestClient(app, options),
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

let buyerCount = 0;

/** A buyer's details with an address of their own (mails are then told apart by recipient). */
export function buyer(overrides: Record<string, unknown> = {}) {
  buyerCount++;
  return { firstName: "Bea", lastName: `Buyer${buyerCount}`, email: `buyer${buyerCount}-${randomUUID().slice(0, 8)}@example.com`, ...overrides };
}

export type TicketInput = {
  ticketCategoryId: string;
  seatKeys?: string[];
  areaId?: string | null;
  bookingOptions?: number[];
  participant?: Record<string, string>;
  [extra: string]: unknown;
};

type CheckoutInput = RouterInput["orders"]["checkout"];

/** A complete checkout request (terms accepted, English, a fresh idempotency key) plus `overrides`. */
export function checkoutInput(cart: Cart, tickets: TicketInput[], overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    cart,
    idempotencyKey: `idem-${randomUUID()}`,
    buyer: buyer(),
    tickets,
    acceptTerms: true as const,
    locale: "en" as const,
    ...overrides,
  };
}

/** orders.checkout, settled into its result or its refusal. */
export function checkoutVia(client: TestClient, input: CheckoutInput) {
  return attempt(client.trpc.orders.checkout.mutate(input));
}

/** The test provider's payment id in a checkout's redirect (/test-payment/{id}). */
export function paymentIdOf(result: RouterOutput["orders"]["checkout"]): string {
  const match = /^\/test-payment\/([0-9a-f-]{36})$/.exec(result.redirectUrl);
  if (!match) throw new Error(`not a test payment redirect: ${result.redirectUrl}`);
  return match[1]!;
}

/** The test payment page's buttons. */
export function decideVia(client: TestClient, paymentId: string, outcome: "paid" | "failed" | "abandoned") {
  return attempt(client.trpc.orders.testDecide.mutate({ paymentId, outcome }));
}

/** One seat per ticket, all of one category. */
export function seatTickets(ticketCategoryId: string, keys: string[]): TicketInput[] {
  return keys.map((k) => ({ ticketCategoryId, seatKeys: [k] }));
}

/**
 * Holds `keys` (one seat per ticket of `ticketCategoryId`) for a new buyer and places the
 * order; returns the buyer's client, cart, checkout input and result.
 */
export async function placeSeatOrder(
  t: TestApp,
  scopeId: string,
  ticketCategoryId: string,
  keys: string[],
  overrides: Record<string, unknown> = {},
) {
  const client = t.client();
  const cart = cartOf(ok(await holdVia(client, { scopeId, seats: keys.map((key) => ({ key, ticketCategoryId })) })));
  const input = checkoutInput(cart, seatTickets(ticketCategoryId, keys), overrides);
  const result = ok(await checkoutVia(client, input));
  return { client, cart, input, result, orderId: result.orderId };
}

/** placeSeatOrder, then the test page's "paid". */
export async function buySeats(t: TestApp, scopeId: string, ticketCategoryId: string, keys: string[], overrides: Record<string, unknown> = {}) {
  const placed = await placeSeatOrder(t, scopeId, ticketCategoryId, keys, overrides);
  const paymentId = paymentIdOf(placed.result);
  const paid = ok(await decideVia(placed.client, paymentId, "paid"));
  return { ...placed, paymentId, paid };
}

// ---------------------------------------------------------------- rows

export type OrderRow = {
  id: string;
  number: string;
  event_id: string;
  scope_id: string;
  cart_id: string | null;
  idempotency_key: string;
  status: "pending" | "valid" | "failed" | "cancelled";
  buyer: Record<string, unknown>;
  buyer_email: string;
  locale: string;
  amounts: OrderAmounts;
  total_cents: number;
  payment_method: string;
  provider: string | null;
  provider_ref: string | null;
  paid_at: Date | null;
  cancelled_at: Date | null;
  failed_at: Date | null;
};

export async function orderRow(database: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await database.rows<OrderRow>(
    sql`select id::text, number, event_id::text, scope_id::text, cart_id::text, idempotency_key, status::text, buyer, buyer_email, locale::text,
          amounts, total_cents, payment_method::text, provider, provider_ref, paid_at, cancelled_at, failed_at
        from orders where id = ${id}`,
  );
  return row && { ...row, total_cents: Number(row.total_cents) };
}

export async function ordersOfEvent(database: Database, eventId: string): Promise<OrderRow[]> {
  const rows = await database.rows<{ id: string }>(sql`select id::text from orders where event_id = ${eventId} order by created_at, id`);
  return Promise.all(rows.map(async (r) => (await orderRow(database, r.id))!));
}

export type LineRow = {
  id: string;
  ticket_category_id: string | null;
  category_name: string;
  seat_keys: string[];
  place_labels: string[];
  area_id: string | null;
  places: number;
  price_cents: number;
  booking_options: { name: string; priceCents: number }[];
  total_cents: number;
  vat_rate_bp: number;
  vat_cents: number;
  participant: Record<string, string>;
  status: string;
};

/** An order's ticket lines, in the order of the checkout's tickets. */
export async function linesOf(database: Database, orderId: string): Promise<LineRow[]> {
  const rows = await database.rows<LineRow>(
    sql`select id::text, ticket_category_id::text, category_name, seat_keys, place_labels, area_id, places, price_cents, booking_options,
          total_cents, vat_rate_bp, vat_cents, participant, status::text
        from order_lines where order_id = ${orderId} order by created_at, id`,
  );
  return rows.map((r) => ({
    ...r,
    places: Number(r.places),
    price_cents: Number(r.price_cents),
    total_cents: Number(r.total_cents),
    vat_rate_bp: Number(r.vat_rate_bp),
    vat_cents: Number(r.vat_cents),
  }));
}

export type RefundRow = { id: string; order_id: string; provider: string; provider_ref: string; amount_cents: number; reason: string; status: string; attempts: number; provider_refund_id: string | null; last_error: string | null };

export async function refundsOf(database: Database, orderId: string): Promise<RefundRow[]> {
  const rows = await database.rows<RefundRow>(
    sql`select id::text, order_id::text, provider, provider_ref, amount_cents, reason, status::text, attempts, provider_refund_id, last_error
        from refunds where order_id = ${orderId}`,
  );
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), attempts: Number(r.attempts) }));
}

export type TestPaymentRow = { id: string; order_id: string; amount_cents: number; status: string; refunded_cents: number };

export async function testPaymentsOf(database: Database, orderId: string): Promise<TestPaymentRow[]> {
  const rows = await database.rows<TestPaymentRow>(
    sql`select id::text, order_id::text, amount_cents, status, refunded_cents from test_payments where order_id = ${orderId} order by created_at, id`,
  );
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), refunded_cents: Number(r.refunded_cents) }));
}

export type SeatState = { key: string; status: string; holdId: string | null; orderLineId: string | null; ticketCategoryId: string | null };

/** The inventory rows of `keys` on one date, by key. */
export async function seatStates(database: Database, dateId: string, keys: string[]): Promise<Record<string, SeatState>> {
  const rows = await database.rows<{ k: string; s: string; h: string | null; l: string | null; tc: string | null }>(
    sql`select seat_key as k, status::text as s, hold_id::text as h, order_line_id::text as l, ticket_category_id::text as tc
        from seat_inventory where event_date_id = ${dateId} and seat_key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
  return Object.fromEntries(rows.map((r) => [r.k, { key: r.k, status: r.s, holdId: r.h, orderLineId: r.l, ticketCategoryId: r.tc }]));
}

/** Held and sold units of one quota counter (`ticket:<id>`, `attendees`) of a scope. */
export async function quotaOf(database: Database, scopeId: string, counterKey: string) {
  const [row] = await database.rows<{ held: number; sold: number; capacity: number }>(
    sql`select held, sold, capacity from quota_inventory where scope_id = ${scopeId} and counter_key = ${counterKey}`,
  );
  return row && { held: Number(row.held), sold: Number(row.sold), capacity: Number(row.capacity) };
}

/** Held and sold places of a standing area on one date. */
export async function areaOf(database: Database, dateId: string, areaId: string) {
  const [row] = await database.rows<{ held: number; sold: number; capacity: number }>(
    sql`select held, sold, capacity from area_inventory where event_date_id = ${dateId} and area_id = ${areaId}`,
  );
  return row && { held: Number(row.held), sold: Number(row.sold), capacity: Number(row.capacity) };
}

export async function cartState(database: Database, cartId: string): Promise<string | undefined> {
  const [row] = await database.rows<{ state: string }>(sql`select state::text from carts where id = ${cartId}`);
  return row?.state;
}

/** Moves a cart and its seat holds into the past, as if the buyer's time to pay ran out. */
export async function expireCartNow(database: Database, cartId: string): Promise<void> {
  await database.rows(sql`update carts set expires_at = now() - interval '1 minute' where id = ${cartId} returning id`);
  await database.rows(sql`update seat_inventory set held_until = now() - interval '1 minute' where hold_id = ${cartId} returning seat_key`);
}

/** Mails of one template to one address. */
export async function mailsTo(database: Database, to: string, template?: string) {
  return (await readOutbox(database.db, to)).filter((m) => !template || m.template === template);
}

/** The buyer's key of an order (what the confirmation mail's link carries). */
export function keyOf(t: Pick<TestApp, "config">, orderId: string): string {
  return orderKey(t.config.APP_SECRET, orderId);
}

/**
 * Everything the orders domain stores (orders, lines, payments, refunds, provider events and
 * the outbox), to assert a refused checkout wrote nothing.
 */
export async function ordersState(database: Database) {
  const count = async (table: string) =>
    Number((await database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n);
  return {
    orders: await count("orders"),
    lines: await count("order_lines"),
    testPayments: await count("test_payments"),
    refunds: await count("refunds"),
    paymentEvents: await count("payment_events"),
    mails: await count("outbox_mails"),
  };
}

/**
 * Makes every mail to an address starting with `crash-` fail inside its transaction, as a
 * crash between the provider's success and our confirmation would; returns the undo.
 */
export async function crashOnMailToCrashAddresses(database: Database): Promise<() => Promise<void>> {
  await database.rows(
    sql.raw(`create or replace function test_crash_mail() returns trigger language plpgsql as $$
      begin
        if new."to" like 'crash-%' then raise exception 'simulated crash while confirming'; end if;
        return new;
      end $$`),
  );
  await database.rows(sql.raw(`create trigger test_crash_mail before insert on outbox_mails for each row execute function test_crash_mail()`));
  return async () => {
    await database.rows(sql.raw(`drop trigger test_crash_mail on outbox_mails`));
    await database.rows(sql.raw(`drop function test_crash_mail()`));
  };
}
