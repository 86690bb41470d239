/**
 * The box office (issue 17, decision 017): a counter sells with the shop's holds (channel
 * "boxoffice"), in shifts; every sale is a valid order with channel box_office, its method and
 * the event's box office fee; a shift closes with a Z-report. Runs on PGlite and Postgres.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ok, shiftEventDates, signedInOrganiser, signedInTeamMember, ticketCategory } from "./helpers/events";
import { forgetShopScopes } from "../../server/modules/shop/scope";
import { expectNoDrift } from "./helpers/inventory";
import { createOrdersApp, linesOf, mailsTo, orderRow, type OrdersApp, refundsOf, seatStates } from "./helpers/orders";
import { type Cart, cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { attempt, failure, malformed, type RouterInput } from "./helpers/trpc";
import type { TestClient } from "./helpers/app";
import { emptyPermissionSet } from "../../shared/permissions";

let t: OrdersApp;
let shop: ShopEvent;
let organiserId: string;
let dateId: string;
let cashier: TestClient;
let shiftId: string;

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: process.env.BO_LOG ?? "silent" });
  // G1, G2: 2 × 10 seats each; G2 is the box office's own block.
  const layout = gridLayout(2, 2, 10);
  layout.blocks[1]!.boxofficeOnly = true;
  shop = await createShopEvent(t, {
    layout,
    categories: [
      ticketCategory("cat1", { seatingCategoryId: "cat1" }),
      ticketCategory("counter", { seatingCategoryId: "cat1", priceCents: 1000, appliesTo: "boxoffice" }),
      ticketCategory("free", { seatingCategoryId: "cat1", kind: "free", priceCents: 0 }),
    ],
  });
  dateId = shop.dateIds[0]!;
  const [row] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${shop.eventId}`);
  organiserId = row!.organiser_id;
  cashier = shop.organiser;
  ok(await attempt(cashier.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "din_long" })));
  shiftId = ok(await attempt(cashier.trpc.boxOffice.openShift.mutate({ startingCashCents: 10_000 }))).id;
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

type SellInput = RouterInput["boxOffice"]["sell"];

async function counterHold(client: TestClient, seats: string[], category = "cat1", cart: Cart | null = null) {
  const res = ok(await attempt(client.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart, seats: seats.map((key) => ({ key, ticketCategoryId: shop.category(category).id })), counts: [] })));
  return cartOf(res, cart ?? undefined);
}

function saleInput(cart: Cart, seats: string[], overrides: Partial<SellInput> = {}, category = "cat1"): SellInput {
  return {
    cart,
    idempotencyKey: `sale-${randomUUID()}`,
    shiftId,
    tickets: seats.map((k) => ({ ticketCategoryId: shop.category(category).id, seatKeys: [k] })),
    paymentMethod: "cash",
    locale: "en",
    ...overrides,
  };
}

async function ordersOfCart(cartId: string): Promise<number> {
  const [row] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from orders where cart_id = ${cartId}`);
  return Number(row!.n);
}

describe("a cash sale at the counter", () => {
  it("sells two seats: a valid box office order with the fee, the change, seats SOLD and watchers told", async () => {
    const announce = vi.spyOn(t.deps.bus, "announce");
    const cart = await counterHold(cashier, ["G1:0:0", "G1:0:1"]);
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:0:0", "G1:0:1"], { cashGivenCents: 5000 }))));
    // 2 × 15.00 + 2 × 1.50 box office fee, no service fee.
    expect(sale).toMatchObject({ status: "valid", paymentMethod: "cash", totalCents: 3300, boxOfficeFeesCents: 300, cashGivenCents: 5000, changeCents: 1700, emailed: false, printFormat: "din_long" });
    const order = (await orderRow(t.database, sale.orderId))!;
    expect(order).toMatchObject({ status: "valid", payment_method: "cash", total_cents: 3300, buyer_email: "", provider: "box_office" });
    expect(order.amounts).toMatchObject({ ticketsCents: 3000, feesCents: 0, boxOfficeFeesCents: 300, boxOfficeFeeCents: 150, totalCents: 3300 });
    // VAT at 19 %: per line round(1500 × 19/119) = 239, the fee as a whole round(300 × 19/119) = 48.
    expect(order.amounts.vat).toEqual([{ rateBp: 1900, vatCents: 239 * 2 + 48 }]);
    const [channel] = await t.database.rows<{ channel: string }>(sql`select channel::text from orders where id = ${sale.orderId}`);
    expect(channel!.channel).toBe("box_office");
    const states = await seatStates(t.database, dateId, ["G1:0:0", "G1:0:1"]);
    expect(Object.values(states).map((s) => s.status)).toEqual(["SOLD", "SOLD"]);
    const told = announce.mock.calls.filter(([ch]) => ch === dateId).flatMap(([, c]) => c.seats ?? []);
    expect(told.filter((s) => s.s === "SOLD").map((s) => s.k).sort()).toEqual(["G1:0:0", "G1:0:1"]);
    announce.mockRestore();
    // The invoice names the box office fee; no mail without an email.
    const [invoice] = await t.database.rows<{ total_cents: number; items: { text: string; totalCents: number }[] }>(
      sql`select total_cents, items from order_invoices where order_id = ${sale.orderId} and kind = 'invoice'`,
    );
    expect(Number(invoice!.total_cents)).toBe(3300);
    expect(invoice!.items.at(-1)).toMatchObject({ text: "Box office fee per ticket", totalCents: 300 });
    const [mails] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from outbox_mails where order_id = ${sale.orderId}`);
    expect(Number(mails!.n)).toBe(0);
  });

  it("mails the tickets when the buyer gives an email, and the organiser's list, detail and CSV show counter sales", async () => {
    const cart = await counterHold(cashier, ["G1:0:2"]);
    const email = `counter-${randomUUID().slice(0, 8)}@example.com`;
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:0:2"], { paymentMethod: "card", buyer: { firstName: "Cora", lastName: "Counter", email } }))));
    expect(sale).toMatchObject({ paymentMethod: "card", cashGivenCents: null, changeCents: null, emailed: true });
    expect((await mailsTo(t.database, email, "order_confirmation")).length).toBe(1);
    const list = ok(await attempt(cashier.trpc.organiserOrders.list.query({ channel: "box_office" })));
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(list.rows.map((r) => r.id)).toContain(sale.orderId);
    const detail = ok(await attempt(cashier.trpc.organiserOrders.detail.query({ orderId: sale.orderId })));
    expect(detail).toMatchObject({ channel: "box_office", paymentMethod: "card" });
    const csv = await cashier.request({ method: "GET", url: "/api/organiser/orders.csv" });
    expect(csv.statusCode).toBe(200);
  });

  it("gives one order for the same idempotency key: a double click and a retry after a lost answer", async () => {
    const cart = await counterHold(cashier, ["G1:0:3"]);
    const input = saleInput(cart, ["G1:0:3"], { cashGivenCents: 2000 });
    const [a, b] = await Promise.all([attempt(cashier.trpc.boxOffice.sell.mutate(input)), attempt(cashier.trpc.boxOffice.sell.mutate(input))]);
    const again = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(input)));
    expect(ok(a).orderId).toBe(ok(b).orderId);
    expect(again.orderId).toBe(ok(a).orderId);
    expect(again.changeCents).toBe(2000 - 1650);
    expect(await ordersOfCart(cart.id)).toBe(1);
  });

  it("prints the sale's tickets in the event's format, any format on request, and refuses other organisers", async () => {
    const cart = await counterHold(cashier, ["G1:0:4"]);
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:0:4"]))));
    const pageSize = async (url: string) => {
      const res = await cashier.request({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      const { PDFDocument } = await import("pdf-lib");
      const doc = await PDFDocument.load(res.rawPayload);
      const { width, height } = doc.getPage(0).getSize();
      return [Math.round(width / (72 / 25.4)), Math.round(height / (72 / 25.4))];
    };
    expect(await pageSize(sale.ticketsPdfUrl)).toEqual([99, 210]);
    expect(await pageSize(`${sale.ticketsPdfUrl}?format=receipt`)).toEqual([80, 200]);
    expect(await pageSize(`${sale.ticketsPdfUrl}?format=a4`)).toEqual([210, 297]);
    const { client: other } = await signedInOrganiser(t);
    expect((await other.request({ method: "GET", url: sale.ticketsPdfUrl })).statusCode).toBe(404);
    expect((await t.client().request({ method: "GET", url: sale.ticketsPdfUrl })).statusCode).toBe(401);
  });
});

describe("the organiser cancelling part of a counter sale (Orders page)", () => {
  it("gives back the ticket and its box office fee in the sale's method, with a credit note of the same amount", async () => {
    const cart = await counterHold(cashier, ["G1:0:5", "G1:0:6"]);
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:0:5", "G1:0:6"], { paymentMethod: "card" }))));
    const [line] = await linesOf(t.database, sale.orderId);
    const preview = ok(await attempt(cashier.trpc.organiserOrders.cancelPreview.query({ orderId: sale.orderId, lineIds: [line!.id] })));
    expect(preview.refundCents).toBe(1500 + 150);
    ok(await attempt(cashier.trpc.organiserOrders.cancel.mutate({ orderId: sale.orderId, lineIds: [line!.id] })));
    const refunds = await refundsOf(t.database, sale.orderId);
    expect(refunds).toMatchObject([{ provider: "box_office", amount_cents: 1650, status: "done" }]);
    expect(refunds[0]!.provider_ref).toMatch(/^card:/);
    const [note] = await t.database.rows<{ total_cents: number }>(sql`select total_cents from order_invoices where order_id = ${sale.orderId} and kind = 'credit_note'`);
    expect(Number(note!.total_cents)).toBe(1650);
    // No buyer email: no mail was queued for the cancellation either.
    const [mails] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from outbox_mails where order_id = ${sale.orderId}`);
    expect(Number(mails!.n)).toBe(0);
  });
});

describe("box office only", () => {
  it("sells a Boxoffice-only category and a seat of a box-office-only block at the counter", async () => {
    const cart = await counterHold(cashier, ["G2:0:0"], "counter");
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G2:0:0"], { paymentMethod: "other" }, "counter"))));
    expect(sale).toMatchObject({ status: "valid", totalCents: 1150 });
  });

  it("refuses both online, and lists the category at the counter only", async () => {
    const online = t.client();
    const byCategory = await holdVia(online, { scopeId: dateId, seats: [{ key: "G1:1:0", ticketCategoryId: shop.category("counter").id }] });
    expect(byCategory.error?.appCode).toBe("TICKET_BOXOFFICE_ONLY");
    const byBlock = await holdVia(online, { scopeId: dateId, seats: [{ key: "G2:0:1", ticketCategoryId: shop.category("cat1").id }] });
    expect(byBlock.error?.appCode).toBe("TICKET_BOXOFFICE_ONLY");
    const view = ok(await attempt(cashier.trpc.boxOffice.scope.query({ scopeId: dateId })));
    expect(view.categories.find((c) => c.id === shop.category("counter").id)).toMatchObject({ status: "available", appliesTo: "boxoffice" });
    expect(view).toMatchObject({ feeCents: 150, printFormat: "din_long" });
    const publicView = ok(await attempt(online.trpc.shop.scope.query({ scopeId: dateId })));
    expect(publicView.categories.map((c) => c.id)).not.toContain(shop.category("counter").id);
  });
});

describe("a counter and an online buyer racing for one seat", () => {
  it("lets exactly one of them hold it, and the other's sale or checkout cannot take it", async () => {
    for (const key of ["G1:1:5", "G1:1:6", "G1:1:7"]) {
      const [counter, online] = await Promise.all([
        attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [{ key, ticketCategoryId: shop.category("cat1").id }], counts: [] })),
        holdVia(t.client(), { scopeId: dateId, seats: [{ key, ticketCategoryId: shop.category("cat1").id }] }),
      ]);
      const held = [ok(counter).status, ok(online).status].filter((s) => s === "held");
      expect(held).toHaveLength(1);
    }
  });
});

describe("bad input changes nothing", () => {
  it("refuses cash below the total, negative or non-numeric cash, and free of charge for paid tickets", async () => {
    const cart = await counterHold(cashier, ["G1:1:0"]);
    expect((await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:0"], { cashGivenCents: 1649 })))).appCode).toBe("CASH_BELOW_TOTAL");
    expect((await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:0"], { cashGivenCents: -1 })))).appCode).toBe("VALIDATION");
    expect((await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:0"], { cashGivenCents: malformed<number>("12") })))).appCode).toBe("VALIDATION");
    expect((await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:0"], { cashGivenCents: 12.5 })))).appCode).toBe("VALIDATION");
    expect((await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:0"], { paymentMethod: "free_of_charge" })))).appCode).toBe("SALE_NOT_FREE");
    expect((await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:0"], { paymentMethod: "card", cashGivenCents: 5000 })))).appCode).toBe("VALIDATION");
    expect(await ordersOfCart(cart.id)).toBe(0);
    expect((await seatStates(t.database, dateId, ["G1:1:0"]))["G1:1:0"]!.status).not.toBe("SOLD");
    // The same cart then sells once the cash covers it.
    ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:0"], { cashGivenCents: 1650 }))));
  });

  it("refuses a sale without an open shift, and a second open shift", async () => {
    const { client: member } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), showBoxoffice: true });
    const cart = await counterHold(member, ["G1:1:1"]);
    expect((await failure(member.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:1"])))).appCode).toBe("NO_OPEN_SHIFT");
    expect(await ordersOfCart(cart.id)).toBe(0);
    expect((await failure(cashier.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 }))).appCode).toBe("SHIFT_ALREADY_OPEN");
    expect((await failure(cashier.trpc.boxOffice.openShift.mutate({ startingCashCents: -5 }))).appCode).toBe("VALIDATION");
    // Another organiser's shift id is no open shift of this cashier.
    const own = ok(await attempt(member.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 })));
    expect((await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:1"], { shiftId: own.id })))).appCode).toBe("NO_OPEN_SHIFT");
    ok(await attempt(member.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:1"], { shiftId: own.id }))));
    ok(await attempt(member.trpc.boxOffice.closeShift.mutate({ shiftId: own.id, countedCashCents: 1650 })));
  });

  it("refuses a held or sold seat, more than is left, and a category of another event", async () => {
    const online = t.client();
    ok(await holdVia(online, { scopeId: dateId, seats: [{ key: "G1:1:2", ticketCategoryId: shop.category("cat1").id }] }));
    const taken = ok(await attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [{ key: "G1:1:2", ticketCategoryId: shop.category("cat1").id }], counts: [] })));
    expect(taken.status).toBe("taken");
    const sold = ok(await attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [{ key: "G1:0:0", ticketCategoryId: shop.category("cat1").id }], counts: [] })));
    expect(sold.status).toBe("taken");
    const best = ok(await attempt(cashier.trpc.boxOffice.holdBest.mutate({ scopeId: dateId, cart: null, ticketCategoryId: shop.category("cat1").id, quantity: 100 })));
    expect(best.status).not.toBe("held");
    const other = await createShopEvent(t, { layout: gridLayout(1, 1, 4), categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })] });
    const foreign = await failure(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [{ key: "G1:1:3", ticketCategoryId: other.category("cat1").id }], counts: [] }));
    expect(foreign.appCode).toBe("NOT_FOUND");
    // Another organiser's date: NOT_FOUND at the counter.
    expect((await failure(cashier.trpc.boxOffice.scope.query({ scopeId: other.dateIds[0]! }))).appCode).toBe("NOT_FOUND");
    expect((await failure(cashier.trpc.boxOffice.hold.mutate({ scopeId: other.dateIds[0]!, cart: null, seats: [{ key: "G1:0:0", ticketCategoryId: other.category("cat1").id }], counts: [] }))).appCode).toBe("NOT_FOUND");
  });

  it("refuses a sale on a cancelled event, and nothing is sold", async () => {
    const ev = await createShopEvent(t, { layout: gridLayout(1, 1, 4), categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })] });
    const boss = ev.organiser;
    const shift = ok(await attempt(boss.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 })));
    const cart = cartOf(ok(await attempt(boss.trpc.boxOffice.hold.mutate({ scopeId: ev.dateIds[0]!, cart: null, seats: [{ key: "G1:0:0", ticketCategoryId: ev.category("cat1").id }], counts: [] }))));
    ok(await attempt(boss.trpc.events.cancel.mutate({ id: ev.eventId })));
    const refused = await failure(
      boss.trpc.boxOffice.sell.mutate({ cart, idempotencyKey: `sale-${randomUUID()}`, shiftId: shift.id, tickets: [{ ticketCategoryId: ev.category("cat1").id, seatKeys: ["G1:0:0"] }], paymentMethod: "card", locale: "en" }),
    );
    expect(refused.appCode).toBe("EVENT_CANCELLED");
    expect(await ordersOfCart(cart.id)).toBe(0);
    expect((await failure(boss.trpc.boxOffice.hold.mutate({ scopeId: ev.dateIds[0]!, cart: null, seats: [{ key: "G1:0:1", ticketCategoryId: ev.category("cat1").id }], counts: [] }))).appCode).toBe("EVENT_CANCELLED");
  });
});

describe("a date that has ended", () => {
  it("sells nothing at the counter, and a cart held before refuses to become a sale", async () => {
    const ev = await createShopEvent(t, { layout: gridLayout(1, 1, 4), categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })] });
    const boss = ev.organiser;
    const shift = ok(await attempt(boss.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 })));
    const cart = cartOf(ok(await attempt(boss.trpc.boxOffice.hold.mutate({ scopeId: ev.dateIds[0]!, cart: null, seats: [{ key: "G1:0:0", ticketCategoryId: ev.category("cat1").id }], counts: [] }))));
    await shiftEventDates(t.database.db, ev.eventId, -60);
    forgetShopScopes(ev.eventId);
    const refused = await failure(
      boss.trpc.boxOffice.sell.mutate({ cart, idempotencyKey: `sale-${randomUUID()}`, shiftId: shift.id, tickets: [{ ticketCategoryId: ev.category("cat1").id, seatKeys: ["G1:0:0"] }], paymentMethod: "cash", locale: "de" }),
    );
    expect(refused.appCode).toBe("EVENT_NOT_ON_SALE");
    expect(await ordersOfCart(cart.id)).toBe(0);
    expect((await failure(boss.trpc.boxOffice.scope.query({ scopeId: ev.dateIds[0]! }))).appCode).toBe("EVENT_NOT_ON_SALE");
    expect(ok(await attempt(boss.trpc.boxOffice.dates.query({ eventId: ev.eventId })))).toEqual([]);
    ok(await attempt(boss.trpc.boxOffice.release.mutate({ cart, all: true })));
  });
});

describe("closing a shift while its sales are committing", () => {
  it("reports exactly the sales that made it into the shift; later ones are refused and sell nothing", async () => {
    const { client: seller } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), showBoxoffice: true });
    const shift = ok(await attempt(seller.trpc.boxOffice.openShift.mutate({ startingCashCents: 1000 })));
    const keys = ["G2:1:0", "G2:1:1", "G2:1:2", "G2:1:3", "G2:1:4", "G2:1:5"];
    const carts = await Promise.all(keys.map((k) => counterHold(seller, [k])));
    const sales = keys.map((k, i) => attempt(seller.trpc.boxOffice.sell.mutate(saleInput(carts[i]!, [k], { shiftId: shift.id }))));
    const closing = attempt(seller.trpc.boxOffice.closeShift.mutate({ shiftId: shift.id, countedCashCents: 1000 }));
    const settled = await Promise.all(sales);
    const closed = ok(await closing);
    for (const r of settled) if (r.error) expect(r.error.appCode).toBe("NO_OPEN_SHIFT");
    const made = settled.filter((r) => !r.error).length;
    const [rows] = await t.database.rows<{ n: number; cents: number }>(
      sql`select count(*)::int as n, coalesce(sum(o.total_cents), 0)::int as cents from box_office_sales b join orders o on o.id = b.order_id where b.shift_id = ${shift.id}`,
    );
    expect(Number(rows!.n)).toBe(made);
    expect(closed.report).toMatchObject({ salesCount: made, salesCents: Number(rows!.cents), cashExpectedCents: 1000 + Number(rows!.cents) });
    // The refused ones sold nothing: their carts still hold, and go back.
    for (const [i, r] of settled.entries()) {
      if (!r.error) continue;
      expect(await ordersOfCart(carts[i]!.id)).toBe(0);
      ok(await attempt(seller.trpc.boxOffice.release.mutate({ cart: carts[i]!, all: true })));
    }
  });
});

describe("rights and tenancy", () => {
  it("showBoxoffice works the counter but may not change the settings; updateBoxoffice may both", async () => {
    const { client: seller } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), showBoxoffice: true });
    const { client: manager } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), updateBoxoffice: true });
    const { client: viewer } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true });
    expect(ok(await attempt(seller.trpc.boxOffice.settings.query({ eventId: shop.eventId })))).toMatchObject({ feeCents: 150 });
    expect((await failure(seller.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 0, printFormat: "a4" }))).appCode).toBe("FORBIDDEN");
    ok(await attempt(manager.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "din_long" })));
    ok(await attempt(manager.trpc.boxOffice.currentShift.query()));
    expect((await failure(viewer.trpc.boxOffice.dates.query())).appCode).toBe("FORBIDDEN");
    expect((await failure(viewer.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [{ key: "G1:1:9", ticketCategoryId: shop.category("cat1").id }], counts: [] }))).appCode).toBe("FORBIDDEN");
    expect((await failure(cashier.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: -1, printFormat: "a4" }))).appCode).toBe("VALIDATION");
  });

  it("answers NOT_FOUND for another organiser's event, shift and sale", async () => {
    const { client: other } = await signedInOrganiser(t);
    expect((await failure(other.trpc.boxOffice.settings.query({ eventId: shop.eventId }))).appCode).toBe("NOT_FOUND");
    expect((await failure(other.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 0, printFormat: "a4" }))).appCode).toBe("NOT_FOUND");
    expect((await failure(other.trpc.boxOffice.shift.query({ shiftId }))).appCode).toBe("NOT_FOUND");
    const [sale] = await t.database.rows<{ order_id: string }>(sql`select order_id::text from box_office_sales where shift_id = ${shiftId} limit 1`);
    expect((await failure(other.trpc.boxOffice.cancelSale.mutate({ orderId: sale!.order_id }))).appCode).toBe("NOT_FOUND");
    expect((await other.request({ method: "GET", url: `/api/boxoffice/shifts/${shiftId}/report.pdf` })).statusCode).toBe(404);
    expect(ok(await attempt(other.trpc.boxOffice.dates.query())).map((d) => d.scopeId)).not.toContain(dateId);
  });
});

describe("the shift's Z-report", () => {
  it("cancels a sale of the shift with the money back in its method, and the report equals the sum of sales and refunds", async () => {
    const cart = await counterHold(cashier, ["G1:1:8"]);
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:8"], { cashGivenCents: 1650 }))));
    const afterCancel = ok(await attempt(cashier.trpc.boxOffice.cancelSale.mutate({ orderId: sale.orderId })));
    expect((await orderRow(t.database, sale.orderId))!.status).toBe("cancelled");
    expect((await linesOf(t.database, sale.orderId)).every((l) => l.status === "canceled")).toBe(true);
    const refunds = await refundsOf(t.database, sale.orderId);
    expect(refunds).toMatchObject([{ provider: "box_office", amount_cents: 1650, status: "done" }]);
    expect(refunds[0]!.provider_ref).toMatch(/^cash:/);
    expect((await seatStates(t.database, dateId, ["G1:1:8"]))["G1:1:8"]?.status ?? "FREE").toBe("FREE");
    expect(afterCancel.sales.find((s) => s.orderId === sale.orderId)).toMatchObject({ status: "cancelled", refundedCents: 1650 });

    const shift = ok(await attempt(cashier.trpc.boxOffice.shift.query({ shiftId })));
    const rows = await t.database.rows<{ method: string; sales: number; cents: number }>(
      sql`select o.payment_method::text as method, count(*)::int as sales, sum(o.total_cents)::int as cents
          from box_office_sales b join orders o on o.id = b.order_id where b.shift_id = ${shiftId} group by 1`,
    );
    const [refunded] = await t.database.rows<{ cents: number; cash: number }>(
      sql`select coalesce(sum(r.amount_cents), 0)::int as cents, coalesce(sum(r.amount_cents) filter (where r.provider_ref like 'cash:%'), 0)::int as cash
          from refunds r join box_office_sales b on b.order_id = r.order_id where b.shift_id = ${shiftId}`,
    );
    for (const r of rows) expect(shift.report.methods.find((m) => m.method === r.method)).toMatchObject({ sales: Number(r.sales), salesCents: Number(r.cents) });
    expect(shift.report.salesCents).toBe(rows.reduce((a, r) => a + Number(r.cents), 0));
    expect(shift.report.refundsCents).toBe(Number(refunded!.cents));
    const cashSales = Number(rows.find((r) => r.method === "cash")?.cents ?? 0);
    expect(shift.report.cashExpectedCents).toBe(10_000 + cashSales - Number(refunded!.cash));

    // Closing with 2.00 less than expected: the difference is −2.00, frozen.
    const closed = ok(await attempt(cashier.trpc.boxOffice.closeShift.mutate({ shiftId, countedCashCents: shift.report.cashExpectedCents - 200 })));
    expect(closed.report).toMatchObject({ countedCashCents: shift.report.cashExpectedCents - 200, differenceCents: -200, salesCents: shift.report.salesCents });
    expect(closed.closedAt).not.toBeNull();
    const pdf = await cashier.request({ method: "GET", url: `/api/boxoffice/shifts/${shiftId}/report.pdf?lang=de` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // After closing: no more sales into it, no cancelling in it; the past shift stays readable.
    const late = await counterHold(cashier, ["G1:1:9"]);
    expect((await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(late, ["G1:1:9"])))).appCode).toBe("NO_OPEN_SHIFT");
    const [first] = await t.database.rows<{ order_id: string }>(sql`select b.order_id::text from box_office_sales b join orders o on o.id = b.order_id where b.shift_id = ${shiftId} and o.status = 'valid' limit 1`);
    expect((await failure(cashier.trpc.boxOffice.cancelSale.mutate({ orderId: first!.order_id }))).appCode).toBe("SALE_NOT_IN_SHIFT");
    expect(ok(await attempt(cashier.trpc.boxOffice.shifts.query({}))).map((s) => s.id)).toContain(shiftId);
    expect(ok(await attempt(cashier.trpc.boxOffice.currentShift.query()))).toBeNull();
    ok(await attempt(cashier.trpc.boxOffice.release.mutate({ cart: late, all: true })));
  });
});
