/**
 * The box office (issue 17, decision 017), what boxoffice.test.ts leaves open: idempotency keys
 * on another cart, after the shift closed and at their length limits; PayPal, free-of-charge and
 * standing-area (counted) sales; bad input inside `sell` (a category of another event, more than
 * is left in a standing area); the tickets PDF with one ticket per page. Runs on PGlite and
 * Postgres (on Postgres the same key on two carts at once really overlaps: the unique index decides).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkContingents } from "../../server/modules/inventory/check";
import { setLockTesting } from "../../server/modules/inventory/lock-order";
import { emptyPermissionSet } from "../../shared/permissions";
import type { SeatingLayout } from "../../shared/seating/layout";
import type { TestClient } from "./helpers/app";
import { ok, signedInTeamMember, ticketCategory } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { areaOf, createOrdersApp, linesOf, orderRow, type OrdersApp, quotaOf, seatStates } from "./helpers/orders";
import { type Cart, cartOf, createShopEvent, type ShopEvent } from "./helpers/shop";
import { seatedBlock, standingBlock } from "./helpers/stadiums";
import { attempt, failure, type RouterInput } from "./helpers/trpc";

let t: OrdersApp;
let shop: ShopEvent;
let organiserId: string;
let dateId: string;
let cashier: TestClient;
let shiftId: string;

/** G1: 3 × 10 seats (category "seat"); S: a standing area of 5 places (category "stand"). */
function counterLayout(): SeatingLayout {
  return {
    width: 1000,
    height: 600,
    backgroundUploadId: null,
    categories: [
      { id: "seat", name: "Seats", color: "#e03131" },
      { id: "stand", name: "Standing", color: "#2f9e44" },
    ],
    blocks: [seatedBlock("G1", { categoryId: "seat", rows: 3, seatsPerRow: 10 }), standingBlock("S", { categoryId: "stand", capacity: 5, dailyAmount: null })],
  };
}

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: process.env.BO_LOG ?? "silent" });
  shop = await createShopEvent(t, {
    layout: counterLayout(),
    categories: [
      ticketCategory("seat", { seatingCategoryId: "seat", priceCents: 1500 }),
      ticketCategory("free", { seatingCategoryId: "seat", kind: "free", priceCents: 0 }),
      ticketCategory("stand", { seatingCategoryId: "stand", priceCents: 800 }),
    ],
  });
  dateId = shop.dateIds[0]!;
  const [row] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${shop.eventId}`);
  organiserId = row!.organiser_id;
  cashier = shop.organiser;
  ok(await attempt(cashier.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "din_long" })));
  shiftId = ok(await attempt(cashier.trpc.boxOffice.openShift.mutate({ startingCashCents: 5000 }))).id;
});
afterEach(() => setLockTesting(null));
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

type SellInput = RouterInput["boxOffice"]["sell"];

async function counterHold(client: TestClient, seats: string[], category = "seat", cart: Cart | null = null): Promise<Cart> {
  const res = ok(await attempt(client.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart, seats: seats.map((key) => ({ key, ticketCategoryId: shop.category(category).id })), counts: [] })));
  return cartOf(res, cart ?? undefined);
}

function saleInput(cart: Cart, seats: string[], overrides: Partial<SellInput> = {}, category = "seat"): SellInput {
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

async function salesWithKey(key: string): Promise<{ order_id: string; cart_id: string }[]> {
  return t.database.rows<{ order_id: string; cart_id: string }>(
    sql`select b.order_id::text, o.cart_id::text from box_office_sales b join orders o on o.id = b.order_id where b.organiser_id = ${organiserId} and b.idempotency_key = ${key}`,
  );
}

/** The seats still the cart's hold (not sold, not given back). */
async function expectStillHeld(cart: Cart, keys: string[]) {
  const states = await seatStates(t.database, dateId, keys);
  for (const k of keys) expect(states[k], k).toMatchObject({ status: "PAYMENT_PENDING", holdId: cart.id, orderLineId: null });
}

describe("idempotency keys", () => {
  it("the same key on another cart returns the first sale; the other cart sells nothing and keeps its seats", async () => {
    const key = `same-key-${randomUUID()}`;
    const first = await counterHold(cashier, ["G1:0:0"]);
    const second = await counterHold(cashier, ["G1:0:1"]);
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(first, ["G1:0:0"], { idempotencyKey: key, cashGivenCents: 2000 }))));
    const again = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(second, ["G1:0:1"], { idempotencyKey: key, paymentMethod: "card" }))));
    expect(again).toEqual(sale);
    expect(await salesWithKey(key)).toEqual([{ order_id: sale.orderId, cart_id: first.id }]);
    expect(await ordersOfCart(second.id)).toBe(0);
    await expectStillHeld(second, ["G1:0:1"]);
    // The other cart sells under its own key.
    ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(second, ["G1:0:1"], { paymentMethod: "card" }))));
  });

  it("the same key on two carts at once: one sale (the unique index decides), the losing cart rolled back entirely", async () => {
    const key = `both-carts-${randomUUID()}`;
    const a = await counterHold(cashier, ["G1:0:2", "G1:0:3"]);
    const b = await counterHold(cashier, ["G1:0:4"]);
    // On Postgres: every locked row waits a little, so both sales pass the early key lookup and
    // write their order before either commits; the second insert of the key loses.
    if (process.env.TEST_DATABASE_URL) setLockTesting({ pauseSeconds: 0.05 });
    const [ra, rb] = await Promise.all([
      attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(a, ["G1:0:2", "G1:0:3"], { idempotencyKey: key }))),
      attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(b, ["G1:0:4"], { idempotencyKey: key }))),
    ]);
    setLockTesting(null);
    expect(ok(ra).orderId).toBe(ok(rb).orderId);
    const sales = await salesWithKey(key);
    expect(sales).toHaveLength(1);
    expect(sales[0]!.order_id).toBe(ok(ra).orderId);
    const [orders] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from orders where cart_id in (${a.id}, ${b.id})`);
    expect(Number(orders!.n)).toBe(1);
    // The winner's seats are sold to it; the loser's cart still holds its seats, nothing of it sold.
    const winner = sales[0]!.cart_id === a.id ? { cart: a, keys: ["G1:0:2", "G1:0:3"] } : { cart: b, keys: ["G1:0:4"] };
    const loser = winner.cart === a ? { cart: b, keys: ["G1:0:4"] } : { cart: a, keys: ["G1:0:2", "G1:0:3"] };
    const lines = await linesOf(t.database, sales[0]!.order_id);
    expect(lines.flatMap((l) => l.seat_keys).sort()).toEqual([...winner.keys].sort());
    for (const s of Object.values(await seatStates(t.database, dateId, winner.keys))) expect(s.status).toBe("SOLD");
    await expectStillHeld(loser.cart, loser.keys);
    expect(ok(ra).totalCents).toBe(winner.keys.length * 1650);
    // Nothing of the losing sale stayed: one invoice for the winner, the series without a gap, the contingent exact.
    const invoices = await t.database.rows<{ order_id: string; counter: number }>(
      sql`select order_id::text, counter from order_invoices where organiser_id = ${organiserId} and kind = 'invoice' order by counter`,
    );
    expect(invoices.map((i) => Number(i.counter))).toEqual(invoices.map((_, i) => i + 1));
    expect(invoices.filter((i) => i.order_id === sales[0]!.order_id)).toHaveLength(1);
    expect(await checkContingents(t.database.db)).toEqual([]);
    ok(await attempt(cashier.trpc.boxOffice.release.mutate({ cart: loser.cart, all: true })));
  });

  it("a retry after the shift closed returns the same sale and changes neither the orders nor the frozen report", async () => {
    const { client: seller } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), showBoxoffice: true });
    const own = ok(await attempt(seller.trpc.boxOffice.openShift.mutate({ startingCashCents: 1000 })));
    const cart = await counterHold(seller, ["G1:0:5"]);
    const input = saleInput(cart, ["G1:0:5"], { shiftId: own.id, cashGivenCents: 2000 });
    const sale = ok(await attempt(seller.trpc.boxOffice.sell.mutate(input)));
    const closed = ok(await attempt(seller.trpc.boxOffice.closeShift.mutate({ shiftId: own.id, countedCashCents: 1000 + 1650 })));
    expect(closed.report).toMatchObject({ salesCount: 1, salesCents: 1650, differenceCents: 0 });
    // The answer was lost; the counter retries the very same sale after the shift closed.
    const retry = ok(await attempt(seller.trpc.boxOffice.sell.mutate(input)));
    expect(retry).toEqual(sale);
    expect(retry).toMatchObject({ orderId: sale.orderId, cashGivenCents: 2000, changeCents: 350 });
    expect(await ordersOfCart(cart.id)).toBe(1);
    expect(await salesWithKey(input.idempotencyKey)).toHaveLength(1);
    const after = ok(await attempt(seller.trpc.boxOffice.shift.query({ shiftId: own.id })));
    expect(after.report).toEqual(closed.report);
    // A new sale (another key) into the closed shift is still refused.
    const late = await counterHold(seller, ["G1:0:6"]);
    expect((await failure(seller.trpc.boxOffice.sell.mutate(saleInput(late, ["G1:0:6"], { shiftId: own.id })))).appCode).toBe("NO_OPEN_SHIFT");
    ok(await attempt(seller.trpc.boxOffice.release.mutate({ cart: late, all: true })));
  });

  it("refuses keys shorter than 16 or longer than 100 characters (VALIDATION, nothing sold); 16 and 100 are taken", async () => {
    const cart = await counterHold(cashier, ["G1:0:7"]);
    for (const idempotencyKey of ["k".repeat(15), "k".repeat(101), ""]) {
      const refused = await failure(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:0:7"], { idempotencyKey })));
      expect(refused.appCode, `${idempotencyKey.length} characters`).toBe("VALIDATION");
      expect(refused.fieldErrors, `${idempotencyKey.length} characters`).toHaveProperty("idempotencyKey");
    }
    expect(await ordersOfCart(cart.id)).toBe(0);
    await expectStillHeld(cart, ["G1:0:7"]);
    const shortest = `${randomUUID().slice(0, 16)}`;
    expect(shortest).toHaveLength(16);
    ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:0:7"], { idempotencyKey: shortest }))));
    const longest = `${randomUUID()}${"x".repeat(64)}`;
    expect(longest).toHaveLength(100);
    const other = await counterHold(cashier, ["G1:0:8"]);
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(other, ["G1:0:8"], { idempotencyKey: longest }))));
    expect(await salesWithKey(longest)).toEqual([{ order_id: sale.orderId, cart_id: other.id }]);
  });
});

describe("payment methods and places", () => {
  it("records a PayPal sale: method paypal, provider_ref naming it, no cash, in the shift's PayPal row", async () => {
    const cart = await counterHold(cashier, ["G1:1:0", "G1:1:1"]);
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:0", "G1:1:1"], { paymentMethod: "paypal" }))));
    expect(sale).toMatchObject({ status: "valid", paymentMethod: "paypal", totalCents: 3300, boxOfficeFeesCents: 300, cashGivenCents: null, changeCents: null });
    const order = (await orderRow(t.database, sale.orderId))!;
    expect(order).toMatchObject({ status: "valid", payment_method: "paypal", provider: "box_office", total_cents: 3300 });
    expect(order.provider_ref).toMatch(/^paypal:[0-9a-f-]{36}$/);
    const [bo] = await t.database.rows<{ cash_given_cents: number | null; change_cents: number | null }>(
      sql`select cash_given_cents, change_cents from box_office_sales where order_id = ${sale.orderId}`,
    );
    expect(bo).toEqual({ cash_given_cents: null, change_cents: null });
    const shift = ok(await attempt(cashier.trpc.boxOffice.shift.query({ shiftId })));
    const [paypal] = await t.database.rows<{ n: number; cents: number }>(
      sql`select count(*)::int as n, sum(o.total_cents)::int as cents from box_office_sales b join orders o on o.id = b.order_id
          where b.shift_id = ${shiftId} and o.payment_method = 'paypal'`,
    );
    expect(shift.report.methods.find((m) => m.method === "paypal")).toMatchObject({ sales: Number(paypal!.n), salesCents: Number(paypal!.cents) });
    // PayPal money is not in the drawer.
    const [cash] = await t.database.rows<{ cents: number }>(
      sql`select coalesce(sum(o.total_cents), 0)::int as cents from box_office_sales b join orders o on o.id = b.order_id where b.shift_id = ${shiftId} and o.payment_method = 'cash'`,
    );
    expect(shift.report.cashExpectedCents).toBe(5000 + Number(cash!.cents));
  });

  it("sells free tickets free of charge: total 0, no box office fee, method free_of_charge, seats SOLD (also when cash was chosen)", async () => {
    const cart = await counterHold(cashier, ["G1:1:2", "G1:1:3"], "free");
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:1:2", "G1:1:3"], { paymentMethod: "free_of_charge" }, "free"))));
    expect(sale).toMatchObject({ status: "valid", paymentMethod: "free_of_charge", totalCents: 0, boxOfficeFeesCents: 0, cashGivenCents: null, changeCents: null });
    const order = (await orderRow(t.database, sale.orderId))!;
    expect(order).toMatchObject({ status: "valid", payment_method: "free_of_charge", total_cents: 0, provider: "box_office" });
    expect(order.provider_ref).toMatch(/^free_of_charge:/);
    expect(Object.values(await seatStates(t.database, dateId, ["G1:1:2", "G1:1:3"])).map((s) => s.status)).toEqual(["SOLD", "SOLD"]);
    expect((await linesOf(t.database, sale.orderId)).map((l) => l.total_cents)).toEqual([0, 0]);

    // A total of 0 is always recorded as free of charge, whatever method the cashier pressed.
    const cashCart = await counterHold(cashier, ["G1:1:4"], "free");
    const asCash = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cashCart, ["G1:1:4"], { paymentMethod: "cash" }, "free"))));
    expect(asCash).toMatchObject({ paymentMethod: "free_of_charge", totalCents: 0, cashGivenCents: null, changeCents: null });
    const shift = ok(await attempt(cashier.trpc.boxOffice.shift.query({ shiftId })));
    expect(shift.report.methods.find((m) => m.method === "free_of_charge")).toMatchObject({ sales: 2, salesCents: 0 });
  });

  it("sells a quantity in the standing area: counted lines, the area's counter sold, nothing held", async () => {
    const stand = shop.category("stand").id;
    const before = { area: (await areaOf(t.database, dateId, "S"))!, quota: (await quotaOf(t.database, dateId, `ticket:${stand}`))! };
    const cart = cartOf(ok(await attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [], counts: [{ ticketCategoryId: stand, areaId: "S", quantity: 3 }] }))));
    expect(await areaOf(t.database, dateId, "S")).toMatchObject({ held: before.area.held + 3, sold: before.area.sold });
    const tickets = [0, 1, 2].map(() => ({ ticketCategoryId: stand, areaId: "S" }));
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate({ ...saleInput(cart, []), tickets, paymentMethod: "card" })));
    // 3 × 8.00 + 3 × 1.50 box office fee.
    expect(sale).toMatchObject({ status: "valid", paymentMethod: "card", totalCents: 3 * 950, boxOfficeFeesCents: 450 });
    const lines = await linesOf(t.database, sale.orderId);
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatchObject({ area_id: "S", seat_keys: [], places: 1, ticket_category_id: stand });
    expect(await areaOf(t.database, dateId, "S")).toMatchObject({ held: before.area.held, sold: before.area.sold + 3, capacity: 5 });
    expect(await quotaOf(t.database, dateId, `ticket:${stand}`)).toMatchObject({ held: before.quota.held, sold: before.quota.sold + 3 });
    const [cartRow] = await t.database.rows<{ state: string; items: number }>(
      sql`select state::text, (select count(*)::int from cart_items where cart_id = ${cart.id}) as items from carts where id = ${cart.id}`,
    );
    expect(cartRow).toEqual({ state: "checked_out", items: 0 });
  });
});

describe("bad input inside the sale changes nothing", () => {
  it("a ticket category of another event: NOT_FOUND, no order, the cart still holds its seat", async () => {
    const other = await createShopEvent(t, { layout: counterLayout(), categories: [ticketCategory("seat", { seatingCategoryId: "seat" }), ticketCategory("stand", { seatingCategoryId: "stand" })] });
    const cart = await counterHold(cashier, ["G1:2:0"]);
    const quota = await quotaOf(t.database, dateId, `ticket:${shop.category("seat").id}`);
    const refused = await failure(
      cashier.trpc.boxOffice.sell.mutate({ ...saleInput(cart, []), tickets: [{ ticketCategoryId: other.category("seat").id, seatKeys: ["G1:2:0"] }] }),
    );
    expect(refused.appCode).toBe("NOT_FOUND");
    expect(await ordersOfCart(cart.id)).toBe(0);
    await expectStillHeld(cart, ["G1:2:0"]);
    expect(await quotaOf(t.database, dateId, `ticket:${shop.category("seat").id}`)).toEqual(quota);
    expect((await seatStates(t.database, other.dateIds[0]!, ["G1:2:0"]))["G1:2:0"]!.status).toBe("FREE");
    // Another event's standing category as a counted ticket: the same.
    const counted = await failure(cashier.trpc.boxOffice.sell.mutate({ ...saleInput(cart, ["G1:2:0"]), tickets: [{ ticketCategoryId: other.category("seat").id, areaId: "S" }] }));
    expect(counted.appCode).toBe("NOT_FOUND");
    expect(await ordersOfCart(cart.id)).toBe(0);
    // The right category still sells.
    ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:2:0"]))));
  });

  it("more than is left in the standing area: the hold is sold_out and a sale of more than held is CART_CHANGED; counters unchanged", async () => {
    const stand = shop.category("stand").id;
    const start = (await areaOf(t.database, dateId, "S"))!;
    const left = start.capacity - start.held - start.sold;
    expect(left).toBeGreaterThan(0);
    const quotaStart = (await quotaOf(t.database, dateId, `ticket:${stand}`))!;
    const tooMany = ok(await attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [], counts: [{ ticketCategoryId: stand, areaId: "S", quantity: left + 1 }] })));
    expect(tooMany).toEqual({ status: "sold_out", ticketCategoryIds: [stand] });
    expect(await areaOf(t.database, dateId, "S")).toEqual(start);
    expect(await quotaOf(t.database, dateId, `ticket:${stand}`)).toEqual(quotaStart);

    // Exactly what is left is held; the sale then asks for one more than held.
    const cart = cartOf(ok(await attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [], counts: [{ ticketCategoryId: stand, areaId: "S", quantity: left }] }))));
    const held = (await areaOf(t.database, dateId, "S"))!;
    expect(held).toEqual({ ...start, held: start.held + left });
    const ticket = { ticketCategoryId: stand, areaId: "S" };
    const refused = await failure(cashier.trpc.boxOffice.sell.mutate({ ...saleInput(cart, []), tickets: Array.from({ length: left + 1 }, () => ticket) }));
    expect(refused.appCode).toBe("CART_CHANGED");
    expect(refused.httpStatus).toBe(409);
    expect(await ordersOfCart(cart.id)).toBe(0);
    expect(await areaOf(t.database, dateId, "S")).toEqual(held);
    // And one more on top of the full area: sold_out, nothing added to the cart.
    const more = ok(await attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart, seats: [], counts: [{ ticketCategoryId: stand, areaId: "S", quantity: 1 }] })));
    expect(more).toEqual({ status: "sold_out", ticketCategoryIds: [stand] });
    expect(await areaOf(t.database, dateId, "S")).toEqual(held);
    // The right quantity sells the area out.
    ok(await attempt(cashier.trpc.boxOffice.sell.mutate({ ...saleInput(cart, []), tickets: Array.from({ length: left }, () => ticket), paymentMethod: "other" })));
    expect(await areaOf(t.database, dateId, "S")).toEqual({ capacity: start.capacity, held: start.held, sold: start.sold + left });
  });
});

describe("printing a sale's tickets", () => {
  it("gives one ticket per page: two tickets are two pages in DIN long, receipt and A4", async () => {
    const { PDFDocument } = await import("pdf-lib");
    const cart = await counterHold(cashier, ["G1:2:1", "G1:2:2"]);
    const sale = ok(await attempt(cashier.trpc.boxOffice.sell.mutate(saleInput(cart, ["G1:2:1", "G1:2:2"]))));
    expect(sale.printFormat).toBe("din_long");
    const pages = async (url: string) => {
      const res = await cashier.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      const doc = await PDFDocument.load(res.rawPayload);
      return doc.getPages().map((p) => {
        const { width, height } = p.getSize();
        return [Math.round(width / (72 / 25.4)), Math.round(height / (72 / 25.4))];
      });
    };
    expect(await pages(sale.ticketsPdfUrl)).toEqual([
      [99, 210],
      [99, 210],
    ]);
    expect(await pages(`${sale.ticketsPdfUrl}?format=receipt`)).toEqual([
      [80, 200],
      [80, 200],
    ]);
    expect(await pages(`${sale.ticketsPdfUrl}?format=a4`)).toEqual([
      [210, 297],
      [210, 297],
    ]);
    // The event's format set to receipt: the sale's own URL prints receipts.
    ok(await attempt(cashier.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "receipt" })));
    expect(await pages(sale.ticketsPdfUrl)).toEqual([
      [80, 200],
      [80, 200],
    ]);
    ok(await attempt(cashier.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "din_long" })));
  });
});
