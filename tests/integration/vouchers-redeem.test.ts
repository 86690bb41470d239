/**
 * Vouchers at checkout and at the counter (issue 19, decision 020): the discount per line with
 * its VAT to the cent, the invoice, every refusal at checkout (nothing reserved, nothing
 * ordered), a use reserved by the cart, final when paid and given back when the payment fails,
 * the cart expires or the order is cancelled; a season's voucher on its match day; another
 * organiser's code. Runs on PGlite and Postgres; the races are in vouchers-races.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlePaymentNews } from "../../server/modules/orders/settle";
import { sweepExpiredCarts } from "../../server/modules/shop/sweeper";
import { SERVICE_FEE_CENTS_PER_TICKET, vatOfGross } from "../../shared/rules/pricing";
import type { SeatingLayout } from "../../shared/seating/layout";
import type { TestClient } from "./helpers/app";
import { categoriesOf, ok, ticketCategory } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { checkoutInput, checkoutVia, createOrdersApp, decideVia, expireCartNow, linesOf, orderRow, type OrdersApp, paymentIdOf, refundsOf, seatTickets } from "./helpers/orders";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import { type Cart, cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { seatedBlock } from "./helpers/stadiums";
import { attempt, failure } from "./helpers/trpc";
import { insertVoucher, voucherCounts } from "./helpers/vouchers";

let t: OrdersApp;
let shop: ShopEvent;
let dateId: string;
let vatBp: number;
let nextSeat = 0;

/** A: 10 × 12 seats (category a); B: 2 × 5 seats (category b). */
function layout(): SeatingLayout {
  return {
    width: 1000,
    height: 600,
    backgroundUploadId: null,
    categories: [
      { id: "a", name: "A", color: "#e03131" },
      { id: "b", name: "B", color: "#1c7ed6" },
    ],
    blocks: [seatedBlock("A", { categoryId: "a", rows: 10, seatsPerRow: 12 }), seatedBlock("B", { categoryId: "b", y: 300, rows: 2, seatsPerRow: 5 })],
  };
}

/** The next unused seats of block A. */
function seatsOfA(n: number): string[] {
  return Array.from({ length: n }, () => {
    const i = nextSeat++;
    return `A:${Math.floor(i / 12)}:${i % 12}`;
  });
}

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  shop = await createShopEvent(t, {
    layout: layout(),
    categories: [
      ticketCategory("a", { seatingCategoryId: "a", priceCents: 1500 }),
      ticketCategory("b", { seatingCategoryId: "b", priceCents: 2000 }),
      ticketCategory("f", { seatingCategoryId: "a", kind: "free", priceCents: 0 }),
    ],
  });
  dateId = shop.dateIds[0]!;
  const [row] = await t.database.rows<{ vat_rate_bp: number }>(sql`select vat_rate_bp from events where id = ${shop.eventId}`);
  vatBp = Number(row!.vat_rate_bp);
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

type Ticket = { ticketCategoryId: string; seatKeys: string[] };

async function holdTickets(tickets: Ticket[], client: TestClient = t.client()): Promise<{ client: TestClient; cart: Cart; tickets: Ticket[] }> {
  const seats = tickets.flatMap((tk) => tk.seatKeys.map((key) => ({ key, ticketCategoryId: tk.ticketCategoryId })));
  const cart = cartOf(ok(await attempt(client.trpc.shop.hold.mutate({ scopeId: dateId, cart: null, seats, counts: [] }))));
  return { client, cart, tickets };
}

const a = (keys: string[]) => seatTickets(shop.category("a").id, keys) as Ticket[];
const b = (keys: string[]) => seatTickets(shop.category("b").id, keys) as Ticket[];

function apply(client: TestClient, cart: Cart, code: string, tickets: Ticket[]) {
  return attempt(client.trpc.shop.applyVoucher.mutate({ cart, code, tickets }));
}

describe("the discount", () => {
  it("takes 10 % off the tickets it applies to; each line's VAT is on its discounted price; the invoice shows the voucher; the use is final when paid", async () => {
    const id = await insertVoucher(t.database, shop.eventId, { code: "ten", ticketCategoryIds: [shop.category("a").id] });
    const held = await holdTickets([...a(seatsOfA(2)), ...b(["B:0:0"])]);
    const terms = ok(await apply(held.client, held.cart, "Ten ", held.tickets));
    expect(terms).toMatchObject({ code: "TEN", kind: "percent", value: 1000 });
    expect(await voucherCounts(t.database, id)).toMatchObject({ used: 0, reserved: 1, uses: [{ state: "reserved", cartId: held.cart.id, orderId: null }] });

    const placed = ok(await checkoutVia(held.client, checkoutInput(held.cart, held.tickets, { voucherCode: "ten" })));
    const order = (await orderRow(t.database, placed.orderId))!;
    // 3000 of category a at 10 %: 300 off; b untouched; a service fee per ticket.
    expect(order.amounts).toMatchObject({ ticketsCents: 5000, optionsCents: 0, discountCents: 300, feesCents: 3 * SERVICE_FEE_CENTS_PER_TICKET, voucherCode: "TEN" });
    expect(order.total_cents).toBe(5000 - 300 + 300);
    const lines = await linesOf(t.database, placed.orderId);
    const [l1, l2, l3] = lines as unknown as { total_cents: number; vat_cents: number; price_cents: number }[];
    expect([l1!.total_cents, l2!.total_cents, l3!.total_cents]).toEqual([1350, 1350, 2000]);
    expect([l1!.vat_cents, l2!.vat_cents, l3!.vat_cents]).toEqual([vatOfGross(1350, vatBp), vatOfGross(1350, vatBp), vatOfGross(2000, vatBp)]);
    const discounts = await t.database.rows<{ discount_cents: number }>(sql`select discount_cents from order_lines where order_id = ${placed.orderId} order by created_at`);
    expect(discounts.map((d) => Number(d.discount_cents))).toEqual([150, 150, 0]);
    expect((await voucherCounts(t.database, id)).uses[0]).toMatchObject({ state: "reserved", orderId: placed.orderId });

    ok(await decideVia(held.client, paymentIdOf(placed), "paid"));
    expect(await voucherCounts(t.database, id)).toMatchObject({ used: 1, reserved: 0, uses: [{ state: "redeemed", orderId: placed.orderId }] });
    const [invoice] = await t.database.rows<{ items: { text: string; totalCents: number }[]; total_cents: number; vat: { grossCents: number; vatCents: number }[] }>(
      sql`select items, total_cents, vat from order_invoices where order_id = ${placed.orderId} and kind = 'invoice'`,
    );
    expect(invoice!.items.map((i) => i.totalCents)).toEqual([1500, 1500, 2000, -300, 300]);
    expect(invoice!.items[3]!.text).toBe("Voucher TEN");
    expect(Number(invoice!.total_cents)).toBe(order.total_cents);
    expect(invoice!.vat.reduce((s, r) => s + r.grossCents, 0)).toBe(order.total_cents);
    expect(invoice!.vat.reduce((s, r) => s + r.vatCents, 0)).toBe(order.amounts.vatCents);
  });

  it("spreads a fixed amount over its tickets to the cent; a ticket made free carries no service fee", async () => {
    await insertVoucher(t.database, shop.eventId, { code: "tenoff", kind: "fixed", value: 1000, ticketCategoryIds: [shop.category("a").id] });
    await insertVoucher(t.database, shop.eventId, { code: "allfree", kind: "percent", value: 10000, ticketCategoryIds: [shop.category("a").id] });
    const held = await holdTickets(a(seatsOfA(3)));
    ok(await apply(held.client, held.cart, "TENOFF", held.tickets));
    const placed = ok(await checkoutVia(held.client, checkoutInput(held.cart, held.tickets, { voucherCode: "TENOFF" })));
    const lines = (await linesOf(t.database, placed.orderId)) as unknown as { total_cents: number; vat_cents: number }[];
    // 1000 over three equal tickets: 334 + 333 + 333, the first takes the odd cent.
    expect(lines.map((l) => l.total_cents)).toEqual([1166, 1167, 1167]);
    expect(lines.map((l) => l.vat_cents)).toEqual([vatOfGross(1166, vatBp), vatOfGross(1167, vatBp), vatOfGross(1167, vatBp)]);
    expect((await orderRow(t.database, placed.orderId))!.total_cents).toBe(4500 - 1000 + 300);

    // 100 %: the order is free, completes at once, and no fee is charged for the free tickets.
    const free = await holdTickets(a(seatsOfA(2)));
    ok(await apply(free.client, free.cart, "allfree", free.tickets));
    const done = ok(await checkoutVia(free.client, checkoutInput(free.cart, free.tickets, { voucherCode: "allfree" })));
    const order = (await orderRow(t.database, done.orderId))!;
    expect(order).toMatchObject({ status: "valid", total_cents: 0, payment_method: "free_of_charge" });
    expect(order.amounts).toMatchObject({ discountCents: 3000, feesCents: 0, totalCents: 0 });
  });
});

describe("refusals: a clear code, nothing reserved, nothing ordered", () => {
  const day = 86400_000;
  const cases: [string, Parameters<typeof insertVoucher>[2] | null, string][] = [
    ["an unknown code", null, "VOUCHER_INVALID"],
    ["an inactive voucher", { code: "R-INACTIVE", ticketCategoryIds: [], status: "inactive" }, "VOUCHER_INACTIVE"],
    ["an expired one", { code: "R-EXPIRED", ticketCategoryIds: [], validFrom: new Date(Date.now() - 20 * day), validUntil: new Date(Date.now() - day) }, "VOUCHER_EXPIRED"],
    ["one not valid yet", { code: "R-LATER", ticketCategoryIds: [], validFrom: new Date(Date.now() + day), validUntil: new Date(Date.now() + 9 * day) }, "VOUCHER_NOT_YET_VALID"],
    ["one for another ticket type", { code: "R-ONLYB", ticketCategoryIds: ["b"] }, "VOUCHER_NOT_FOR_TICKET"],
    ["one for other blocks", { code: "R-BLOCKB", ticketCategoryIds: ["a"], blockIds: ["B"] }, "VOUCHER_NOT_FOR_TICKET"],
    ["a minimum order value not reached", { code: "R-MIN", ticketCategoryIds: ["a"], minOrderCents: 10_000 }, "VOUCHER_MIN_ORDER"],
    ["a maximum order value exceeded", { code: "R-MAX", ticketCategoryIds: ["a"], maxOrderCents: 1000 }, "VOUCHER_MAX_ORDER"],
  ];
  it.each(cases)("%s", async (_name, seed, code) => {
    const ids = (list: string[]) => list.map((k) => (k === "a" || k === "b" ? shop.category(k).id : k));
    const voucherId = seed ? await insertVoucher(t.database, shop.eventId, { ...seed, ticketCategoryIds: ids(seed.ticketCategoryIds.length ? seed.ticketCategoryIds : ["a"]) }) : null;
    const held = await holdTickets(a(seatsOfA(1)));
    const name = seed?.code ?? "NO-SUCH-CODE";
    expect((await failure(held.client.trpc.shop.applyVoucher.mutate({ cart: held.cart, code: name, tickets: held.tickets }))).appCode).toBe(code);
    const refused = await failure(held.client.trpc.orders.checkout.mutate(checkoutInput(held.cart, held.tickets, { voucherCode: name })));
    expect(refused.appCode).toBe(code);
    expect(refused.fieldErrors?.voucherCode).toBeDefined();
    expect(await t.database.rows(sql`select id from orders where cart_id = ${held.cart.id}`)).toEqual([]);
    if (voucherId) expect(await voucherCounts(t.database, voucherId)).toEqual({ used: 0, reserved: 0, uses: [] });
  });

  it("a total of 0 takes no voucher; a code with spaces is invalid, one over 64 characters a field error", async () => {
    await insertVoucher(t.database, shop.eventId, { code: "R-ZERO", ticketCategoryIds: [shop.category("f").id] });
    const held = await holdTickets(seatTickets(shop.category("f").id, seatsOfA(1)) as Ticket[]);
    expect((await failure(held.client.trpc.shop.applyVoucher.mutate({ cart: held.cart, code: "R-ZERO", tickets: held.tickets }))).appCode).toBe("VOUCHER_TOTAL_ZERO");
    expect((await failure(held.client.trpc.shop.applyVoucher.mutate({ cart: held.cart, code: "R ZERO", tickets: held.tickets }))).appCode).toBe("VOUCHER_INVALID");
    const long = await failure(held.client.trpc.shop.applyVoucher.mutate({ cart: held.cart, code: "X".repeat(65), tickets: held.tickets }));
    expect(long.appCode).toBe("VALIDATION");
    expect(long.fieldErrors?.code).toEqual(["v.voucherCode"]);
  });

  it("a single-use voucher: 'limit reached' while another checkout holds it, 'already used' once paid", async () => {
    const id = await insertVoucher(t.database, shop.eventId, { code: "ONCE", maxUses: 1, ticketCategoryIds: [shop.category("a").id] });
    const first = await holdTickets(a(seatsOfA(1)));
    ok(await apply(first.client, first.cart, "once", first.tickets));
    const second = await holdTickets(a(seatsOfA(1)));
    expect((await failure(second.client.trpc.shop.applyVoucher.mutate({ cart: second.cart, code: "once", tickets: second.tickets }))).appCode).toBe("VOUCHER_LIMIT_REACHED");
    const placed = ok(await checkoutVia(first.client, checkoutInput(first.cart, first.tickets, { voucherCode: "once" })));
    ok(await decideVia(first.client, paymentIdOf(placed), "paid"));
    expect((await failure(second.client.trpc.shop.applyVoucher.mutate({ cart: second.cart, code: "once", tickets: second.tickets }))).appCode).toBe("VOUCHER_ALREADY_USED");
    expect(await voucherCounts(t.database, id)).toMatchObject({ used: 1, reserved: 0 });
  });

  it("another organiser's voucher of the same code does not exist here", async () => {
    const other = await createShopEvent(t, { layout: layout(), categories: [ticketCategory("a", { seatingCategoryId: "a" })] });
    const foreign = await insertVoucher(t.database, other.eventId, { code: "FOREIGN", ticketCategoryIds: [other.category("a").id] });
    const held = await holdTickets(a(seatsOfA(1)));
    expect((await failure(held.client.trpc.shop.applyVoucher.mutate({ cart: held.cart, code: "FOREIGN", tickets: held.tickets }))).appCode).toBe("VOUCHER_INVALID");
    expect(await voucherCounts(t.database, foreign)).toEqual({ used: 0, reserved: 0, uses: [] });
  });
});

describe("a use is given back", () => {
  it("when the code is removed or replaced, and when the checkout names none", async () => {
    const x = await insertVoucher(t.database, shop.eventId, { code: "SWAP-X", ticketCategoryIds: [shop.category("a").id] });
    const y = await insertVoucher(t.database, shop.eventId, { code: "SWAP-Y", ticketCategoryIds: [shop.category("a").id] });
    const held = await holdTickets(a(seatsOfA(1)));
    ok(await apply(held.client, held.cart, "swap-x", held.tickets));
    ok(await apply(held.client, held.cart, "swap-y", held.tickets));
    expect((await voucherCounts(t.database, x)).reserved).toBe(0);
    expect((await voucherCounts(t.database, y)).reserved).toBe(1);
    ok(await attempt(held.client.trpc.shop.removeVoucher.mutate({ cart: held.cart })));
    expect((await voucherCounts(t.database, y)).reserved).toBe(0);
    ok(await apply(held.client, held.cart, "swap-y", held.tickets));
    const placed = ok(await checkoutVia(held.client, checkoutInput(held.cart, held.tickets, { voucherCode: null })));
    expect((await voucherCounts(t.database, y)).reserved).toBe(0);
    expect((await orderRow(t.database, placed.orderId))!.amounts.discountCents).toBe(0);
    ok(await decideVia(held.client, paymentIdOf(placed), "failed"));
  });

  it("when the payment fails, when the cart expires and when the order is cancelled (not when one ticket of it is)", async () => {
    const id = await insertVoucher(t.database, shop.eventId, { code: "BACK", ticketCategoryIds: [shop.category("a").id] });
    // A failed payment.
    const failed = await holdTickets(a(seatsOfA(1)));
    const f = ok(await checkoutVia(failed.client, checkoutInput(failed.cart, failed.tickets, { voucherCode: "BACK" })));
    ok(await decideVia(failed.client, paymentIdOf(f), "failed"));
    expect(await voucherCounts(t.database, id)).toMatchObject({ used: 0, reserved: 0, uses: [{ state: "released" }] });
    // An expired cart, before and after its checkout.
    const idle = await holdTickets(a(seatsOfA(1)));
    ok(await apply(idle.client, idle.cart, "BACK", idle.tickets));
    const waiting = await holdTickets(a(seatsOfA(1)));
    const w = ok(await checkoutVia(waiting.client, checkoutInput(waiting.cart, waiting.tickets, { voucherCode: "BACK" })));
    expect((await voucherCounts(t.database, id)).reserved).toBe(2);
    await expireCartNow(t.database, idle.cart.id);
    await expireCartNow(t.database, waiting.cart.id);
    await sweepExpiredCarts(t.deps);
    expect(await voucherCounts(t.database, id)).toMatchObject({ used: 0, reserved: 0 });
    expect((await orderRow(t.database, w.orderId))!.status).toBe("failed");
    // A paid order: cancelling one of two tickets keeps the use; cancelling the rest gives it back.
    const paid = await holdTickets(a(seatsOfA(2)));
    const p = ok(await checkoutVia(paid.client, checkoutInput(paid.cart, paid.tickets, { voucherCode: "BACK" })));
    ok(await decideVia(paid.client, paymentIdOf(p), "paid"));
    expect((await voucherCounts(t.database, id)).used).toBe(1);
    const lines = await linesOf(t.database, p.orderId);
    ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: p.orderId, lineIds: [lines[0]!.id] })));
    expect((await voucherCounts(t.database, id)).used).toBe(1);
    // The refund of a discounted ticket: what was paid for it (1500 − 150) and its fee.
    expect((await refundsOf(t.database, p.orderId)).map((r) => r.amount_cents)).toEqual([1350 + SERVICE_FEE_CENTS_PER_TICKET]);
    ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: p.orderId })));
    expect(await voucherCounts(t.database, id)).toMatchObject({ used: 0, reserved: 0 });
    expect((await refundsOf(t.database, p.orderId)).reduce((s, r) => s + r.amount_cents, 0)).toBe((await orderRow(t.database, p.orderId))!.total_cents);
  });

  it("a payment arriving after the order failed and the last use went to someone else is refunded, never a use too many", async () => {
    const id = await insertVoucher(t.database, shop.eventId, { code: "LATE", maxUses: 1, ticketCategoryIds: [shop.category("a").id] });
    const late = await holdTickets(a(seatsOfA(1)));
    const l = ok(await checkoutVia(late.client, checkoutInput(late.cart, late.tickets, { voucherCode: "LATE" })));
    ok(await decideVia(late.client, paymentIdOf(l), "failed"));
    const other = await holdTickets(a(seatsOfA(1)));
    const o = ok(await checkoutVia(other.client, checkoutInput(other.cart, other.tickets, { voucherCode: "LATE" })));
    ok(await decideVia(other.client, paymentIdOf(o), "paid"));
    await handlePaymentNews(t.deps, { provider: "test", eventId: `late-${l.orderId}`, type: "paid", orderId: l.orderId, outcome: "paid" });
    expect((await orderRow(t.database, l.orderId))!.status).toBe("cancelled");
    expect((await refundsOf(t.database, l.orderId)).map((r) => r.reason)).toEqual(["payment_after_hold_lost"]);
    expect(await voucherCounts(t.database, id)).toMatchObject({ used: 1, reserved: 0 });
  });
});

describe("at the counter and on a season", () => {
  it("the counter checks a voucher without reserving it and the sale redeems it", async () => {
    const id = await insertVoucher(t.database, shop.eventId, { code: "DESK", kind: "fixed", value: 500, ticketCategoryIds: [shop.category("a").id] });
    const cashier = shop.organiser;
    const shiftId = ok(await attempt(cashier.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 }))).id;
    const keys = seatsOfA(2);
    const cart = cartOf(
      ok(await attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: keys.map((key) => ({ key, ticketCategoryId: shop.category("a").id })), counts: [] }))),
    );
    const tickets = a(keys);
    expect(ok(await attempt(cashier.trpc.boxOffice.checkVoucher.query({ cart, code: "desk", tickets })))).toMatchObject({ code: "DESK", value: 500 });
    expect((await voucherCounts(t.database, id)).reserved).toBe(0);
    const sale = ok(
      await attempt(
        cashier.trpc.boxOffice.sell.mutate({ cart, idempotencyKey: `desk-${id}`, shiftId, tickets, paymentMethod: "cash", cashGivenCents: 3000, voucherCode: "DESK" }),
      ),
    );
    expect(sale).toMatchObject({ totalCents: 2500, changeCents: 500 });
    expect(await voucherCounts(t.database, id)).toMatchObject({ used: 1, reserved: 0, uses: [{ state: "redeemed", orderId: sale.orderId }] });
    ok(await attempt(cashier.trpc.boxOffice.closeShift.mutate({ shiftId, countedCashCents: 2500 })));
  });

  it("a season's voucher works on its match day", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const dayTicket = (await categoriesOf(t.database.db, season.childId))[0]!.id;
    const id = await insertVoucher(t.database, season.seasonId, { code: "SEASON", ticketCategoryIds: [dayTicket] });
    const client = t.client();
    const keys = ["A:0:0"];
    const cart = cartOf(ok(await holdVia(client, { scopeId: season.childDates[0]!, seats: keys.map((key) => ({ key, ticketCategoryId: dayTicket })) })));
    expect(ok(await attempt(client.trpc.shop.applyVoucher.mutate({ cart, code: "season", tickets: seatTickets(dayTicket, keys) })))).toMatchObject({ code: "SEASON" });
    expect((await voucherCounts(t.database, id)).reserved).toBe(1);
    ok(await attempt(client.trpc.shop.removeVoucher.mutate({ cart })));
  });
});
