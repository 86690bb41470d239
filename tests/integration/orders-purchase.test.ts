import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyTicketCode } from "../../server/modules/orders/ticket-code";
import type { SeatingLayout } from "../../shared/seating/layout";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { datesOf, ok, ticketCategory } from "./helpers/events";
import {
  areaOf,
  buyer,
  cartState,
  checkoutInput,
  checkoutVia,
  decideVia,
  expireCartNow,
  keyOf,
  linesOf,
  mailsTo,
  orderRow,
  ordersState,
  paymentIdOf,
  placeSeatOrder,
  quotaOf,
  seatStates,
  seatTickets,
  testPaymentsOf,
} from "./helpers/orders";
import { linkIn } from "./helpers/outbox";
import { cartOf, createShopEvent, eventOptions, holdVia, type ShopEvent } from "./helpers/shop";
import { seatedBlock, standingBlock } from "./helpers/stadiums";
import { expectNoDrift } from "./helpers/inventory";
import { attempt, malformed, type Attempt } from "./helpers/trpc";

/**
 * A plan with room for every test of this file: block A (category a, 5 × 10 seats), block B
 * (category b, 2 × 5 seats) and the standing area S (category c, 30 places a day).
 */
function purchaseLayout(): SeatingLayout {
  return {
    width: 1000,
    height: 600,
    backgroundUploadId: null,
    categories: [
      { id: "a", name: "Category A", color: "#e03131" },
      { id: "b", name: "Category B", color: "#1c7ed6" },
      { id: "c", name: "Category C", color: "#2f9e44" },
    ],
    blocks: [
      seatedBlock("A", { categoryId: "a", rows: 5, seatsPerRow: 10 }),
      seatedBlock("B", { categoryId: "b", y: 200, rows: 2, seatsPerRow: 5 }),
      standingBlock("S", { categoryId: "c", capacity: 50, dailyAmount: 30 }),
    ],
  };
}

/** a: 15.00, b: 24.90 with two booking options, c: 12.00 (standing), f: free, on seats of A. */
function purchaseCategories() {
  return [
    ticketCategory("a", { seatingCategoryId: "a", priceCents: 1500 }),
    ticketCategory("b", {
      seatingCategoryId: "b",
      priceCents: 2490,
      bookingOptions: [
        { name: "Parking", priceCents: 500, description: null },
        { name: "Drink voucher", priceCents: 350, description: null },
      ],
    }),
    ticketCategory("c", { seatingCategoryId: "c", priceCents: 1200 }),
    ticketCategory("f", { seatingCategoryId: "a", kind: "free", priceCents: 0 }),
  ];
}

let t: TestApp;
let shop: ShopEvent;
let dateId: string;
let a: string;
let b: string;
let c: string;
let f: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShopEvent(t, { layout: purchaseLayout(), categories: purchaseCategories() });
  dateId = shop.dateIds[0]!;
  a = shop.category("a").id;
  b = shop.category("b").id;
  c = shop.category("c").id;
  f = shop.category("f").id;
});
afterAll(async () => {
  // inventory:check after everything this file did (races and refusals included): no drift.
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

async function pdfText(body: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await getDocumentProxy(new Uint8Array(body));
  const { totalPages, text } = await extractText(doc, { mergePages: true });
  return { pages: totalPages, text };
}

describe("a full purchase with the test provider", () => {
  it("places a pending order that holds the seats, then payment sells them, confirms by mail and opens the tickets", async () => {
    const keys = ["A:0:0", "A:0:1"];
    const placed = await placeSeatOrder(t, dateId, a, keys);
    const { orderId, result } = placed;
    const email = placed.input.buyer.email;

    // Pending: the seats stay held for the buyer, nothing is sold or mailed yet.
    expect(result.status).toBe("pending");
    const paymentId = paymentIdOf(result);
    let order = (await orderRow(t.database, orderId))!;
    expect(order).toMatchObject({
      status: "pending",
      payment_method: "online",
      provider: "test",
      provider_ref: paymentId,
      buyer_email: email,
      locale: "en",
      total_cents: 3200,
      cart_id: placed.cart.id,
      paid_at: null,
    });
    // 2 × 15.00 + 2 × 1.00 service fee; VAT 19 %: 2 × round(1500 × 19/119) + round(200 × 19/119).
    expect(order.amounts).toEqual({
      ticketsCents: 3000,
      optionsCents: 0,
      feesCents: 200,
      discountCents: 0,
      vatCents: 2 * 239 + 32,
      totalCents: 3200,
      vat: [{ rateBp: 1900, vatCents: 510 }],
    });
    expect(await testPaymentsOf(t.database, orderId)).toEqual([{ id: paymentId, order_id: orderId, amount_cents: 3200, status: "open", refunded_cents: 0 }]);
    let seats = await seatStates(t.database, dateId, keys);
    for (const k of keys) expect(seats[k]).toMatchObject({ status: "PAYMENT_PENDING", holdId: placed.cart.id, orderLineId: null });
    expect(await quotaOf(t.database, dateId, `ticket:${a}`)).toMatchObject({ held: 2, sold: 0 });
    expect(await cartState(t.database, placed.cart.id)).toBe("checked_out");
    expect(await mailsTo(t.database, email)).toEqual([]);

    const key = keyOf(t, orderId);
    const pendingView = await placed.client.trpc.orders.view.query({ orderId, key });
    expect(pendingView.status).toBe("pending");
    const pendingPdf = await placed.client.request({ method: "GET", url: `/api/orders/${orderId}/tickets.pdf?key=${key}` });
    expect(pendingPdf.statusCode).toBe(409);
    expect(pendingPdf.json()).toEqual({ error: "TICKETS_UNAVAILABLE" });

    // Paid: seats SOLD pointing at their ticket line, counters held → sold, order valid.
    const paid = ok(await decideVia(placed.client, paymentId, "paid"));
    expect(paid.status).toBe("valid");
    expect(paid.redirectUrl).toMatch(new RegExp(`^/successful\\?order=${orderId}&next=`));
    order = (await orderRow(t.database, orderId))!;
    expect(order.status).toBe("valid");
    expect(order.paid_at).not.toBeNull();
    const lines = await linesOf(t.database, orderId);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => [l.seat_keys, l.place_labels, l.price_cents, l.total_cents, l.vat_rate_bp, l.vat_cents, l.status])).toEqual([
      [["A:0:0"], ["Block A|1|1"], 1500, 1500, 1900, 239, "active"],
      [["A:0:1"], ["Block A|1|2"], 1500, 1500, 1900, 239, "active"],
    ]);
    seats = await seatStates(t.database, dateId, keys);
    expect(seats["A:0:0"]).toMatchObject({ status: "SOLD", holdId: null, orderLineId: lines[0]!.id });
    expect(seats["A:0:1"]).toMatchObject({ status: "SOLD", holdId: null, orderLineId: lines[1]!.id });
    expect(await quotaOf(t.database, dateId, `ticket:${a}`)).toMatchObject({ held: 0, sold: 2 });
    expect((await testPaymentsOf(t.database, orderId))[0]!.status).toBe("paid");

    // One confirmation mail in the buyer's language, with the tickets to attach when sent.
    const mails = await mailsTo(t.database, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ template: "order_confirmation", locale: "en", status: "pending", subject: "Your tickets for Summer Concert" });
    // The tickets and the organiser's invoice (a paid order; decision 016).
    expect(mail.attachments).toEqual([{ kind: "order_tickets", orderId }, { kind: "order_invoice", invoiceId: expect.any(String) }]);
    expect(mail.text).toContain(order.number);
    expect(mail.text).toContain("€32.00");
    expect(mail.text).toContain("Tickets: 2");
    const startsAt = (await datesOf(t.database.db, shop.eventId))[0]!.startsAt;
    expect(mail.text).toContain(new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "Europe/Berlin" }).format(startsAt));

    // The mail's link opens the order view.
    const link = linkIn(mail, `/event-dates/${dateId}/tickets-view`);
    expect(link.searchParams.get("order")).toBe(orderId);
    expect(link.searchParams.get("key")).toBe(key);
    const view = await t.client().trpc.orders.view.query({ orderId, key: link.searchParams.get("key")! });
    expect(view).toMatchObject({ status: "valid", number: order.number, refunded: false, amounts: { totalCents: 3200 } });
    expect(view.lines.map((l) => l.places)).toEqual([[{ block: "Block A", row: "1", seat: "1" }], [{ block: "Block A", row: "1", seat: "2" }]]);

    // The tickets: one page per ticket, each with its signed code.
    const pdf = await t.client().request({ method: "GET", url: `/api/orders/${orderId}/tickets.pdf?key=${key}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="tickets-${order.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const { pages, text } = await pdfText(pdf.rawPayload);
    expect(pages).toBe(2);
    expect(text).toContain(order.number);
    // Each page: the reference staff can type at the door, and the signed code (printed in small
    // type across a few lines under the QR code, which carries the same code).
    expect(text).toContain(`Ticket reference: ${order.number}-1`);
    expect(text).toContain(`Ticket reference: ${order.number}-2`);
    const codes = text.replace(/\s+/g, "").match(/T2\.[A-Za-z0-9_-]{66}\.[A-Za-z0-9_-]{86}/g) ?? [];
    expect(codes.map((code) => verifyTicketCode(t.config.APP_SECRET, code)).sort()).toEqual(lines.map((l) => l.id).sort());

    const german = await t.client().request({ method: "GET", url: `/api/orders/${orderId}/tickets.pdf?key=${key}&lang=de` });
    expect(german.statusCode).toBe(200);
    // Each page shows its ticket's price, in the language asked for.
    expect(text).toContain("€15.00");
    expect((await pdfText(german.rawPayload)).text).toMatch(/15,00\s€/);
  });

  it("refuses the order view and the PDF without the buyer's key", async () => {
    const placed = await placeSeatOrder(t, dateId, a, ["A:0:2"]);
    ok(await decideVia(placed.client, paymentIdOf(placed.result), "paid"));
    const orderId = placed.orderId;
    const otherKey = keyOf(t, shop.eventId);
    for (const url of [
      `/api/orders/${orderId}/tickets.pdf?key=${otherKey}`,
      `/api/orders/${orderId}/tickets.pdf?key=`,
      `/api/orders/${orderId}/tickets.pdf`,
      `/api/orders/${shop.eventId}/tickets.pdf?key=${otherKey}`,
      `/api/orders/not-a-uuid/tickets.pdf?key=${keyOf(t, orderId)}`,
    ]) {
      const res = await t.client().request({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: "ORDER_UNAVAILABLE" });
    }
    expect(appCodeOf(await attempt(t.client().trpc.orders.view.query({ orderId, key: otherKey })))).toBe("ORDER_UNAVAILABLE");
    // An order that does not exist looks the same, even with the key that would fit it.
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(appCodeOf(await attempt(t.client().trpc.orders.view.query({ orderId: missing, key: keyOf(t, missing) })))).toBe("ORDER_UNAVAILABLE");
    const res = await t.client().request({ method: "GET", url: `/api/orders/${missing}/tickets.pdf?key=${keyOf(t, missing)}` });
    expect(res.statusCode).toBe(404);
  });

  it("confirms in the buyer's language: a German buyer gets a German mail and German tickets", async () => {
    const placed = await placeSeatOrder(t, dateId, a, ["A:0:3"], { locale: "de" });
    ok(await decideVia(placed.client, paymentIdOf(placed.result), "paid"));
    const order = (await orderRow(t.database, placed.orderId))!;
    expect(order.locale).toBe("de");
    const [mail, ...more] = await mailsTo(t.database, placed.input.buyer.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ template: "order_confirmation", locale: "de", subject: "Ihre Tickets für Summer Concert" });
    expect(mail!.attachments).toEqual([{ kind: "order_tickets", orderId: placed.orderId }, { kind: "order_invoice", invoiceId: expect.any(String) }]);
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.text).toMatch(/^Hallo Bea /);
    expect(mail!.text).toContain(`Vielen Dank für Ihre Bestellung ${order.number}.`);
    expect(mail!.text).toContain(`Bestellung: ${order.number}`);
    expect(mail!.text).toMatch(/Gesamt: 16,00\s€/);
    expect(mail!.text).not.toMatch(/Thank you|Total|View your order/);
    const startsAt = (await datesOf(t.database.db, shop.eventId))[0]!.startsAt;
    expect(mail!.text).toContain(`Datum: ${new Intl.DateTimeFormat("de-DE", { dateStyle: "full", timeStyle: "short", timeZone: "Europe/Berlin" }).format(startsAt)}`);
    expect(linkIn(mail!, `/event-dates/${dateId}/tickets-view`).searchParams.get("key")).toBe(keyOf(t, placed.orderId));

    // The tickets speak the order's language unless another is asked for.
    const key = keyOf(t, placed.orderId);
    const german = await pdfText((await t.client().request({ method: "GET", url: `/api/orders/${placed.orderId}/tickets.pdf?key=${key}` })).rawPayload);
    expect(german.text).toMatch(/Preis/);
    expect(german.text).toMatch(/15,00\s€/);
    const english = await pdfText((await t.client().request({ method: "GET", url: `/api/orders/${placed.orderId}/tickets.pdf?key=${key}&lang=en` })).rawPayload);
    expect(english.text).toContain("Price");
    expect(english.text).not.toMatch(/Preis/);
  });
});

describe("a free order", () => {
  it("completes at once without a payment provider", async () => {
    const client = t.client();
    const keys = ["A:2:0", "A:2:1"];
    const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: keys.map((key) => ({ key, ticketCategoryId: f })) })));
    const input = checkoutInput(cart, seatTickets(f, keys));
    const result = ok(await checkoutVia(client, input));
    expect(result.status).toBe("valid");
    expect(result.redirectUrl).toMatch(new RegExp(`^/successful\\?order=${result.orderId}&next=`));
    const order = (await orderRow(t.database, result.orderId))!;
    expect(order).toMatchObject({ status: "valid", payment_method: "free_of_charge", provider: null, provider_ref: null, total_cents: 0 });
    expect(order.paid_at).not.toBeNull();
    expect(order.amounts).toEqual({ ticketsCents: 0, optionsCents: 0, feesCents: 0, discountCents: 0, vatCents: 0, totalCents: 0, vat: [{ rateBp: 1900, vatCents: 0 }] });
    expect(await testPaymentsOf(t.database, result.orderId)).toEqual([]);
    const lines = await linesOf(t.database, result.orderId);
    const seats = await seatStates(t.database, dateId, keys);
    expect(keys.map((k) => [seats[k]!.status, seats[k]!.orderLineId])).toEqual(lines.map((l) => ["SOLD", l.id]));
    expect(await quotaOf(t.database, dateId, `ticket:${f}`)).toMatchObject({ held: 0, sold: 2 });
    const mails = await mailsTo(t.database, input.buyer.email);
    expect(mails.map((m) => [m.template, m.attachments])).toEqual([["order_confirmation", [{ kind: "order_tickets", orderId: result.orderId }]]]);
    const pdf = await client.request({ method: "GET", url: `/api/orders/${result.orderId}/tickets.pdf?key=${keyOf(t, result.orderId)}` });
    expect(pdf.statusCode).toBe(200);
  });
});

describe("counted tickets in a standing area", () => {
  it("sells the area's places and the category's quota", async () => {
    const client = t.client();
    const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, counts: [{ ticketCategoryId: c, areaId: "S", quantity: 3 }] })));
    expect(await areaOf(t.database, dateId, "S")).toMatchObject({ held: 3, sold: 0 });
    const tickets = [0, 1, 2].map(() => ({ ticketCategoryId: c, areaId: "S" }));

    // Fewer or more tickets than the cart holds are refused.
    expect(appCodeOf(await checkoutVia(client, checkoutInput(cart, tickets.slice(0, 2))))).toBe("CART_CHANGED");
    expect(appCodeOf(await checkoutVia(client, checkoutInput(cart, [...tickets, { ticketCategoryId: c, areaId: "S" }])))).toBe("CART_CHANGED");
    // The right count in no area (or another) is not what the cart holds either.
    expect(appCodeOf(await checkoutVia(client, checkoutInput(cart, tickets.map((x) => ({ ...x, areaId: null })))))).toBe("CART_CHANGED");

    const result = ok(await checkoutVia(client, checkoutInput(cart, tickets)));
    ok(await decideVia(client, paymentIdOf(result), "paid"));
    const order = (await orderRow(t.database, result.orderId))!;
    expect(order.status).toBe("valid");
    expect(order.total_cents).toBe(3 * 1200 + 3 * 100);
    const lines = await linesOf(t.database, result.orderId);
    expect(lines.map((l) => [l.area_id, l.seat_keys, l.place_labels, l.places, l.total_cents])).toEqual([
      ["S", [], ["Area S"], 1, 1200],
      ["S", [], ["Area S"], 1, 1200],
      ["S", [], ["Area S"], 1, 1200],
    ]);
    expect(await areaOf(t.database, dateId, "S")).toMatchObject({ held: 0, sold: 3 });
    expect(await quotaOf(t.database, dateId, `ticket:${c}`)).toMatchObject({ held: 0, sold: 3 });
    const view = await client.trpc.orders.view.query({ orderId: result.orderId, key: keyOf(t, result.orderId) });
    expect(view.lines.map((l) => l.places)).toEqual([[{ area: "Area S" }], [{ area: "Area S" }], [{ area: "Area S" }]]);
  });
});

describe("booking options", () => {
  it("prices each ticket's options on the server and stores them on its line", async () => {
    const client = t.client();
    const keys = ["B:0:0", "B:0:1"];
    const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: keys.map((key) => ({ key, ticketCategoryId: b })) })));

    const before = await ordersState(t.database);
    const unknownOption = checkoutInput(cart, [
      { ticketCategoryId: b, seatKeys: ["B:0:0"], bookingOptions: [2] },
      { ticketCategoryId: b, seatKeys: ["B:0:1"] },
    ]);
    const refused = await checkoutVia(client, unknownOption);
    expect(appCodeOf(refused)).toBe("VALIDATION");
    expect(refused.error!.fieldErrors).toEqual({ tickets: ["VALIDATION"] });
    expect(await ordersState(t.database)).toEqual(before);

    const result = ok(
      await checkoutVia(
        client,
        checkoutInput(cart, [
          { ticketCategoryId: b, seatKeys: ["B:0:0"], bookingOptions: [0, 1] },
          { ticketCategoryId: b, seatKeys: ["B:0:1"], bookingOptions: [1] },
        ]),
      ),
    );
    const order = (await orderRow(t.database, result.orderId))!;
    // Lines: 24.90 + 5.00 + 3.50 = 33.40 and 24.90 + 3.50 = 28.40; fees 2 × 1.00.
    expect(order.amounts).toEqual({
      ticketsCents: 4980,
      optionsCents: 1200,
      feesCents: 200,
      discountCents: 0,
      vatCents: 533 + 453 + 32,
      totalCents: 6380,
      vat: [{ rateBp: 1900, vatCents: 1018 }],
    });
    expect(order.total_cents).toBe(6380);
    expect((await testPaymentsOf(t.database, result.orderId))[0]!.amount_cents).toBe(6380);
    const lines = await linesOf(t.database, result.orderId);
    expect(lines.map((l) => [l.price_cents, l.booking_options, l.total_cents, l.vat_cents])).toEqual([
      [2490, [{ name: "Parking", priceCents: 500 }, { name: "Drink voucher", priceCents: 350 }], 3340, 533],
      [2490, [{ name: "Drink voucher", priceCents: 350 }], 2840, 453],
    ]);
  });

  it("takes the event's VAT rate for tickets and 19 % for the service fee", async () => {
    const reduced = await createShopEvent(t, { layout: purchaseLayout(), categories: purchaseCategories(), options: eventOptions({ vatPercent: 7 }) });
    const placed = await placeSeatOrder(t, reduced.dateIds[0]!, reduced.category("a").id, ["A:0:0", "A:0:1"]);
    const order = (await orderRow(t.database, placed.orderId))!;
    // round(1500 × 7/107) = 98 per ticket; round(200 × 19/119) = 32 on the fees.
    expect(order.amounts).toEqual({
      ticketsCents: 3000,
      optionsCents: 0,
      feesCents: 200,
      discountCents: 0,
      vatCents: 196 + 32,
      totalCents: 3200,
      vat: [
        { rateBp: 700, vatCents: 196 },
        { rateBp: 1900, vatCents: 32 },
      ],
    });
    expect((await linesOf(t.database, placed.orderId)).map((l) => [l.vat_rate_bp, l.vat_cents])).toEqual([
      [700, 98],
      [700, 98],
    ]);
  });
});

describe("participant fields", () => {
  let event: ShopEvent;
  beforeAll(async () => {
    event = await createShopEvent(t, {
      layout: purchaseLayout(),
      categories: purchaseCategories(),
      options: eventOptions({
        participantFields: [
          { key: "full_name", label: "Full name", required: true },
          { key: "age", label: "Age", required: false },
        ],
      }),
    });
  });

  it("refuses a ticket without a required field and writes nothing", async () => {
    const client = t.client();
    const tc = event.category("a").id;
    const keys = ["A:0:0", "A:0:1"];
    const cart = cartOf(ok(await holdVia(client, { scopeId: event.dateIds[0]!, seats: keys.map((key) => ({ key, ticketCategoryId: tc })) })));
    const before = await ordersState(t.database);
    for (const second of [{}, { full_name: "   " }, { age: "30" }] as Record<string, string>[]) {
      const res = await checkoutVia(
        client,
        checkoutInput(cart, [
          { ticketCategoryId: tc, seatKeys: ["A:0:0"], participant: { full_name: "Ann Example" } },
          { ticketCategoryId: tc, seatKeys: ["A:0:1"], participant: second },
        ]),
      );
      expect(appCodeOf(res)).toBe("PARTICIPANT_REQUIRED");
      expect(res.error!.fieldErrors).toEqual({ "tickets.1.participant.full_name": ["PARTICIPANT_REQUIRED"] });
    }
    expect(await ordersState(t.database)).toEqual(before);
    expect(await cartState(t.database, cart.id)).toBe("active");
    const seats = await seatStates(t.database, event.dateIds[0]!, keys);
    for (const k of keys) expect(seats[k]).toMatchObject({ status: "PAYMENT_PENDING", holdId: cart.id });

    // Filled in: stored trimmed, empty optional fields and unknown keys dropped.
    const result = ok(
      await checkoutVia(
        client,
        checkoutInput(cart, [
          { ticketCategoryId: tc, seatKeys: ["A:0:0"], participant: { full_name: " Ann Example ", age: "41", shoe_size: "38" } },
          { ticketCategoryId: tc, seatKeys: ["A:0:1"], participant: { full_name: "Ben Example", age: "" } },
        ]),
      ),
    );
    expect((await linesOf(t.database, result.orderId)).map((l) => l.participant)).toEqual([{ full_name: "Ann Example", age: "41" }, { full_name: "Ben Example" }]);
  });
});

describe("tampered or bad input", () => {
  /** Holds `keys` of category a for a new buyer. */
  async function held(keys: string[]) {
    const client = t.client();
    const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: keys.map((key) => ({ key, ticketCategoryId: a })) })));
    return { client, cart };
  }

  /** The call is refused with `code`, and neither the orders nor the cart's seats changed. */
  async function expectRefused(run: () => Promise<Attempt<unknown>>, code: string, cart: { id: string }, keys: string[]) {
    const before = await ordersState(t.database);
    const seatsBefore = await seatStates(t.database, dateId, keys);
    const res = await run();
    expect(appCodeOf(res)).toBe(code);
    expect(await ordersState(t.database)).toEqual(before);
    expect(await seatStates(t.database, dateId, keys)).toEqual(seatsBefore);
    return res;
  }

  it("refuses tickets that are not exactly what the cart holds", async () => {
    const keys = ["A:3:0", "A:3:1"];
    const { client, cart } = await held(keys);
    const send = (tickets: Parameters<typeof checkoutInput>[1]) => () => checkoutVia(client, checkoutInput(cart, tickets));
    // Other seats than the held ones.
    await expectRefused(send(seatTickets(a, ["A:3:0", "A:3:2"])), "CART_CHANGED", cart, keys);
    // An extra ticket (a seat not held, a counted ticket, the same seat twice).
    await expectRefused(send(seatTickets(a, [...keys, "A:3:2"])), "CART_CHANGED", cart, keys);
    await expectRefused(send([...seatTickets(a, keys), { ticketCategoryId: a }]), "CART_CHANGED", cart, keys);
    await expectRefused(send(seatTickets(a, [...keys, "A:3:1"])), "CART_CHANGED", cart, keys);
    // A missing ticket.
    await expectRefused(send(seatTickets(a, ["A:3:0"])), "CART_CHANGED", cart, keys);
    // The held seats as another (cheaper, free) category.
    await expectRefused(send(seatTickets(f, keys)), "CART_CHANGED", cart, keys);
    // Two seats on one single-seat ticket.
    await expectRefused(send([{ ticketCategoryId: a, seatKeys: keys }]), "SEATS_PER_TICKET", cart, keys);
    // A category of another event.
    const other = await createShopEvent(t, { layout: purchaseLayout(), categories: purchaseCategories() });
    await expectRefused(send(seatTickets(other.category("a").id, keys)), "NOT_FOUND", cart, keys);
    expect(await cartState(t.database, cart.id)).toBe("active");

    // The cart is still good for the right tickets.
    const result = ok(await checkoutVia(client, checkoutInput(cart, seatTickets(a, keys))));
    expect(result.status).toBe("pending");
  });

  it("ignores prices and amounts in the request: the server computes every amount", async () => {
    const keys = ["A:3:3", "A:3:4"];
    const { client, cart } = await held(keys);
    const input = checkoutInput(
      cart,
      keys.map((k) => ({ ticketCategoryId: a, seatKeys: [k], priceCents: 1, totalCents: 1, vatCents: 0, unitCents: 1 })),
      malformed({ totalCents: 1, amounts: { totalCents: 1, ticketsCents: 1, feesCents: 0 }, feesCents: 0, discountCents: 3199 }),
    );
    const result = ok(await checkoutVia(client, input));
    const order = (await orderRow(t.database, result.orderId))!;
    expect(order.total_cents).toBe(3200);
    expect(order.amounts).toMatchObject({ ticketsCents: 3000, feesCents: 200, discountCents: 0, totalCents: 3200 });
    expect((await linesOf(t.database, result.orderId)).map((l) => [l.price_cents, l.total_cents])).toEqual([
      [1500, 1500],
      [1500, 1500],
    ]);
    // The provider is asked for the server's amount.
    expect((await testPaymentsOf(t.database, result.orderId)).map((p) => p.amount_cents)).toEqual([3200]);
  });

  it("refuses a wrong cart secret and someone else's cart", async () => {
    const keys = ["A:3:5"];
    const mine = await held(keys);
    const theirs = await held(["A:3:6"]);
    const tickets = seatTickets(a, keys);
    await expectRefused(() => checkoutVia(mine.client, checkoutInput({ id: mine.cart.id, secret: "x".repeat(32) }, tickets)), "CART_NOT_FOUND", mine.cart, keys);
    // Another buyer's cart with one's own secret, and the other buyer's seats.
    await expectRefused(() => checkoutVia(mine.client, checkoutInput({ id: theirs.cart.id, secret: mine.cart.secret }, tickets)), "CART_NOT_FOUND", mine.cart, keys);
    await expectRefused(
      () => checkoutVia(mine.client, checkoutInput({ id: theirs.cart.id, secret: mine.cart.secret }, seatTickets(a, ["A:3:6"]))),
      "CART_NOT_FOUND",
      theirs.cart,
      ["A:3:6"],
    );
    await expectRefused(
      () => checkoutVia(mine.client, checkoutInput({ id: "00000000-0000-4000-8000-000000000000", secret: mine.cart.secret }, tickets)),
      "CART_NOT_FOUND",
      mine.cart,
      keys,
    );
    const res = await checkoutVia(mine.client, checkoutInput({ id: mine.cart.id, secret: "x".repeat(32) }, tickets));
    expect(res.error!.fieldErrors).toEqual({ cart: ["CART_NOT_FOUND"] });
  });

  it("refuses an expired cart", async () => {
    const keys = ["A:3:7", "A:3:8"];
    const { client, cart } = await held(keys);
    await expireCartNow(t.database, cart.id);
    const before = await ordersState(t.database);
    const res = await checkoutVia(client, checkoutInput(cart, seatTickets(a, keys)));
    expect(appCodeOf(res)).toBe("CART_EXPIRED");
    expect(res.error!.fieldErrors).toEqual({ cart: ["CART_EXPIRED"] });
    expect(await ordersState(t.database)).toEqual(before);
    // A released cart is no better.
    const other = await held(["A:3:9"]);
    await other.client.trpc.shop.release.mutate({ cart: other.cart, all: true, seatKeys: [], counts: [] });
    expect(appCodeOf(await checkoutVia(other.client, checkoutInput(other.cart, seatTickets(a, ["A:3:9"]))))).toBe("CART_EXPIRED");
    expect(await ordersState(t.database)).toEqual(before);
  });

  it("refuses a malformed email, missing names and unaccepted terms with field errors", async () => {
    const keys = ["A:4:0"];
    const { client, cart } = await held(keys);
    const tickets = seatTickets(a, keys);
    for (const email of ["not-an-email", "bea@", "@example.com", "bea example@example.com", ""]) {
      const res = await expectRefused(() => checkoutVia(client, checkoutInput(cart, tickets, { buyer: buyer({ email }) })), "VALIDATION", cart, keys);
      expect(Object.keys(res.error!.fieldErrors ?? {}), email).toEqual(["buyer.email"]);
    }
    const names = await expectRefused(() => checkoutVia(client, checkoutInput(cart, tickets, { buyer: buyer({ firstName: " ", lastName: "" }) })), "VALIDATION", cart, keys);
    expect(Object.keys(names.error!.fieldErrors ?? {}).sort()).toEqual(["buyer.firstName", "buyer.lastName"]);
    const terms = await expectRefused(() => checkoutVia(client, checkoutInput(cart, tickets, malformed({ acceptTerms: false }))), "VALIDATION", cart, keys);
    expect(Object.keys(terms.error!.fieldErrors ?? {})).toEqual(["acceptTerms"]);
    const none = await expectRefused(() => checkoutVia(client, checkoutInput(cart, [])), "VALIDATION", cart, keys);
    expect(Object.keys(none.error!.fieldErrors ?? {})).toEqual(["tickets"]);
  });
});

describe("a double-submitted checkout", () => {
  it("creates one order when the same request arrives twice at once", async () => {
    const client = t.client();
    const keys = ["A:4:1", "A:4:2"];
    const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: keys.map((key) => ({ key, ticketCategoryId: a })) })));
    const input = checkoutInput(cart, seatTickets(a, keys));
    const [first, second] = await Promise.all([checkoutVia(client, input), checkoutVia(client, input)]);
    const one = ok(first);
    const two = ok(second);
    expect(two.orderId).toBe(one.orderId);
    await expectNoDrift(t.database);
    const orders = await t.database.rows<{ id: string }>(sql`select id::text from orders where cart_id = ${cart.id}`);
    expect(orders).toEqual([{ id: one.orderId }]);
    expect(await linesOf(t.database, one.orderId)).toHaveLength(2);
    // Both submits lead to the order's one payment.
    const order = (await orderRow(t.database, one.orderId))!;
    expect(one.redirectUrl).toBe(`/test-payment/${order.provider_ref}`);
    expect(two.redirectUrl).toBe(`/test-payment/${order.provider_ref}`);
  });

  it("returns the same order for a second submit of the same cart under another key", async () => {
    const client = t.client();
    const keys = ["A:4:3"];
    const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: keys.map((key) => ({ key, ticketCategoryId: a })) })));
    const first = ok(await checkoutVia(client, checkoutInput(cart, seatTickets(a, keys))));
    const again = ok(await checkoutVia(client, checkoutInput(cart, seatTickets(a, keys))));
    expect(again).toEqual(first);
    expect(await t.database.rows(sql`select id from orders where cart_id = ${cart.id}`)).toHaveLength(1);
    expect(await testPaymentsOf(t.database, first.orderId)).toHaveLength(1);

    // Once paid, a resubmit shows the paid order and charges nothing more.
    ok(await decideVia(client, paymentIdOf(first), "paid"));
    const late = ok(await checkoutVia(client, checkoutInput(cart, seatTickets(a, keys))));
    expect(late.orderId).toBe(first.orderId);
    expect(late.status).toBe("valid");
    expect(await testPaymentsOf(t.database, first.orderId)).toHaveLength(1);
  });
});
