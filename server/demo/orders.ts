import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../deps";
import { txRows } from "../db/sql";
import { placeOrder } from "../modules/orders/checkout";
import { cancelOrderLines } from "../modules/orders/organiser/cancel-lines";
import { handlePaymentNews } from "../modules/orders/settle";
import { activeTestProvider } from "../modules/payments/test-provider";
import { hold } from "../modules/shop/holds";
import { loadScope } from "../modules/shop/scope";
import { DEMO_MATCH as MATCH } from "./events";


/** Demo buyers: German and English, some with a company (their invoices show it). */
const BUYERS = [
  { firstName: "Jonas", lastName: "Becker", email: "jonas.becker@example.com", locale: "de" as const },
  { firstName: "Emily", lastName: "Clarke", email: "emily.clarke@example.com", locale: "en" as const, company: "Clarke Events Ltd", street: "12 King Street", zip: "M2 4LQ", city: "Manchester", country: "GB" },
  { firstName: "Leonie", lastName: "Schmidt", email: "leonie.schmidt@example.com", locale: "de" as const, street: "Lindenweg 4", zip: "12345", city: "Musterstadt", country: "DE" },
  { firstName: "Mehmet", lastName: "Yılmaz", email: "mehmet.yilmaz@example.com", locale: "de" as const },
  { firstName: "Sophie", lastName: "Martin", email: "sophie.martin@example.com", locale: "en" as const },
];

/**
 * Demo orders on the demo football match, made the way buyers make them (hold, checkout, the
 * test provider's payment, settlement), so the organiser's Orders, invoices and mails have
 * something to show: paid orders, one waiting for its payment, one with a ticket the organiser
 * cancelled. Seats of the last row of the last south block, away from the seats the browser
 * tests use. Needs the built-in test provider (skipped beside Stripe). Returns the orders made.
 */
export async function seedDemoOrders(deps: AppDeps): Promise<number> {
  const testProvider = activeTestProvider(deps);
  if (!testProvider) return 0;
  const [match] = await txRows<{ date_id: string; organiser_id: string }>(
    deps.database.db,
    sql`select d.id as date_id, e.organiser_id from events e join event_dates d on d.event_id = e.id where e.name = ${MATCH} order by d.starts_at limit 1`,
  );
  if (!match) return 0;
  const scope = await loadScope(deps.database.db, match.date_id);
  const block = scope?.layout?.blocks.filter((b) => b.kind === "seated").at(-1);
  const category = scope?.categories.find((c) => block && "categoryId" in block && c.seatingCategoryId === block.categoryId);
  if (!scope || !block || block.kind !== "seated" || !category) return 0;
  const lastRow = block.rows - 1;

  let made = 0;
  for (const [i, buyer] of BUYERS.entries()) {
    const keys = [0, 1].map((s) => `${block.id}:${lastRow}:${i * 2 + s}`);
    const held = await hold(deps, { scopeId: scope.scopeId, access: undefined, cart: null, seats: keys.map((key) => ({ key, ticketCategoryId: category.id })), counts: [] });
    if (held.status !== "held" || !held.cart.secret) continue;
    const { locale, ...details } = buyer;
    const placed = await placeOrder(deps, {
      cart: { id: held.cart.id, secret: held.cart.secret },
      idempotencyKey: randomUUID(),
      buyer: details,
      tickets: keys.map((key) => ({ ticketCategoryId: category.id, seatKeys: [key], areaId: null, bookingOptions: [], participant: {} })),
      acceptTerms: true,
      locale,
      voucherCode: null,
    });
    made++;
    // The fourth buyer has not paid yet: the order waits for its payment.
    if (i === 3) continue;
    const paymentId = placed.redirectUrl.split("/test-payment/")[1]?.split(/[?#]/)[0];
    if (!paymentId) continue;
    await testProvider.decide(paymentId, "paid");
    await handlePaymentNews(deps, { provider: "test", eventId: `test:${paymentId}:paid`, type: "paid", orderId: placed.orderId, outcome: "paid" });
    // The last buyer could not come to the match: the organiser cancelled one of the two tickets.
    if (i === BUYERS.length - 1) {
      const [line] = await txRows<{ id: string }>(deps.database.db, sql`select id from order_lines where order_id = ${placed.orderId} order by created_at, id limit 1`);
      if (line) await cancelOrderLines(deps, match.organiser_id, { orderId: placed.orderId, lineIds: [line.id] });
    }
  }
  return made;
}
