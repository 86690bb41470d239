import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { txRows } from "../../server/db/sql";
import { processRefunds } from "../../server/modules/orders/jobs";
import { ticketCode } from "../../server/modules/orders/ticket-code";
import { ticketState } from "../../server/modules/orders/ticket-status";
import type { InvoiceItem, InvoiceParty, InvoiceVatRow } from "../../shared/schemas/orders";
import type { TTicketCategory } from "../../shared/schemas/tickets";
import type { SeatingLayout } from "../../shared/seating/layout";
import type { TestClient } from "./helpers/app";
import {
  categoriesOf,
  
  datesOf,
  localDateInDays,
  ok,
  oneDaySchedule,
  saveTicketsVia,
  
  signedInTeamMember,
  ticketCategory,
  validEventStep1,
  
} from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import {
  areaOf,
  buySeats,
  checkoutInput,
  checkoutVia,
  createOrdersApp,
  decideVia,
  linesOf,
  mailsTo,
  orderRow,
  type OrdersApp,
  paymentIdOf,
  placeSeatOrder,
  quotaOf,
  refundsOf,
  seatStates,
  testPaymentsOf,
  type TicketInput,
} from "./helpers/orders";
import { cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { seatedBlock, standingBlock } from "./helpers/stadiums";
import { failure } from "./helpers/trpc";

/**
 * The organiser's orders (issue 16): what the other files leave open. Resending the
 * confirmation, every field of the order detail, each right on each change, tenancy of the
 * preview, refund retry and invoices, standing places, price differences, issued invoices that
 * never change, the second credit note of a whole-order cancellation, checked-in tickets and
 * season tickets.
 */

let t: OrdersApp;
let shop: ShopEvent;
let owner: TestClient;
let organiserId: string;
/** The event's two dates: in 30 and 31 days. */
let first: string;
let second: string;
let a: string;
let b: string;
let c: string;

/** Block A (category a, 6 × 10 seats), block B (category b, 2 × 5) and the standing area S (category c, 30 a day). */
function gapsLayout(): SeatingLayout {
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
      seatedBlock("A", { categoryId: "a", rows: 6, seatsPerRow: 10 }),
      seatedBlock("B", { categoryId: "b", y: 200, rows: 2, seatsPerRow: 5 }),
      standingBlock("S", { categoryId: "c", capacity: 50, dailyAmount: 30 }),
    ],
  };
}

/** a: 15.00, b: 24.90 with parking (5.00), c: 12.00 (standing). */
function gapsCategories(overrides: Partial<Record<"a" | "b" | "c", Partial<TTicketCategory>>> = {}): TTicketCategory[] {
  return [
    ticketCategory("a", { seatingCategoryId: "a", priceCents: 1500, ...overrides.a }),
    ticketCategory("b", { seatingCategoryId: "b", priceCents: 2490, bookingOptions: [{ name: "Parking", priceCents: 500, description: null }], ...overrides.b }),
    ticketCategory("c", { seatingCategoryId: "c", priceCents: 1200, ...overrides.c }),
  ];
}

function twoDayShop(): Promise<ShopEvent> {
  return createShopEvent(t, {
    layout: gapsLayout(),
    categories: gapsCategories(),
    step1: validEventStep1({ schedule: oneDaySchedule(localDateInDays(30), { additionalDates: [{ date: localDateInDays(31), start: "19:00", end: "22:00" }] }) }),
  });
}

beforeAll(async () => {
  t = await createOrdersApp();
  shop = await twoDayShop();
  owner = shop.organiser;
  [first, second] = shop.dateIds as [string, string];
  a = shop.category("a").id;
  b = shop.category("b").id;
  c = shop.category("c").id;
  const [event] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${shop.eventId}`);
  organiserId = event!.organiser_id;
  await t.database.rows(
    sql`update organisers set name = 'Konzertbüro Süd GmbH', address = 'Hauptstraße 1', zip_code = '80331', city = 'München', country = 'DE',
          vat_id = 'DE123456789', tax_number = '143/123/45678' where id = ${organiserId} returning id`,
  );
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

/** Holds `hold` on `scopeId` for a new buyer, checks out `tickets` and pays on the test page. */
async function buyTickets(
  scopeId: string,
  hold: { seats?: { key: string; ticketCategoryId: string }[]; counts?: { ticketCategoryId: string; areaId: string; quantity: number }[] },
  tickets: TicketInput[],
  overrides: Parameters<typeof checkoutInput>[2] = {},
) {
  const client = t.client();
  const cart = cartOf(ok(await holdVia(client, { scopeId, ...hold })));
  const input = checkoutInput(cart, tickets, overrides);
  const placed = ok(await checkoutVia(client, input));
  const paymentId = paymentIdOf(placed);
  ok(await decideVia(client, paymentId, "paid"));
  return { orderId: placed.orderId, input, client, paymentId };
}

type InvoiceRow = {
  id: string;
  kind: "invoice" | "credit_note";
  number: string;
  counter: number;
  refers_to_id: string | null;
  issued_at: Date;
  due_on: string;
  locale: string;
  seller: InvoiceParty;
  recipient: InvoiceParty;
  items: InvoiceItem[];
  vat: InvoiceVatRow[];
  total_cents: number;
  line_ids: string[];
};

/** Every stored field of an order's invoice and credit notes, in the order issued. */
async function invoicesOf(db: Db, orderId: string): Promise<InvoiceRow[]> {
  const rows = await txRows<InvoiceRow>(
    db,
    sql`select id::text, kind::text, number, counter, refers_to_id::text, issued_at, due_on::text, locale::text, seller, recipient, items, vat, total_cents, line_ids
        from order_invoices where order_id = ${orderId} order by issued_at, kind, counter`,
  );
  return rows.map((r) => ({ ...r, counter: Number(r.counter), total_cents: Number(r.total_cents) }));
}

const codeState = async (lineId: string) => (await ticketState(t.database.db, t.config.APP_SECRET, ticketCode(t.config.APP_SECRET, lineId))).state;
const numberOf = async (orderId: string) => (await orderRow(t.database, orderId))!.number;
const lineStatuses = async (orderId: string) => (await linesOf(t.database, orderId)).map((l) => l.status);

// ---------------------------------------------------------------- 1. resend confirmation

describe("resending the confirmation", () => {
  it("queues the confirmation again for the order, in the order's language, with its tickets and its invoice", async () => {
    const bought = await buySeats(t, first, a, ["A:0:0", "A:0:1"], { locale: "de" });
    const number = await numberOf(bought.orderId);
    const email = bought.input.buyer.email;
    const documents = await owner.trpc.organiserOrders.invoices.query({ orderId: bought.orderId });
    expect(documents.map((d) => d.kind)).toEqual(["invoice"]);
    const invoiceId = documents[0]!.id;
    expect(await mailsTo(t.database, email, "order_confirmation")).toHaveLength(1);

    expect(await owner.trpc.organiserOrders.resendConfirmation.mutate({ orderId: bought.orderId })).toEqual({ queued: true });
    const mails = await mailsTo(t.database, email, "order_confirmation");
    expect(mails).toHaveLength(2);
    const resent = mails[1]!;
    expect(resent).toMatchObject({ to: email, locale: "de", orderId: bought.orderId, status: "pending", subject: "Ihre Tickets für Summer Concert" });
    expect(resent.text).toContain(`Vielen Dank für Ihre Bestellung ${number}`);
    expect(resent.text).not.toContain("Thank you");
    expect(resent.attachments).toEqual([
      { kind: "order_tickets", orderId: bought.orderId },
      { kind: "order_invoice", invoiceId },
    ]);
    // The same mail as the first one; nothing else is sent, issued or changed.
    expect([resent.subject, resent.text]).toEqual([mails[0]!.subject, mails[0]!.text]);
    expect((await mailsTo(t.database, email)).map((m) => m.template)).toEqual(["order_confirmation", "order_confirmation"]);
    expect((await owner.trpc.organiserOrders.invoices.query({ orderId: bought.orderId })).map((d) => d.id)).toEqual([invoiceId]);
    expect(await lineStatuses(bought.orderId)).toEqual(["active", "active"]);

    // A team member who only sees orders may resend it too; the detail lists every mail.
    const viewer = await signedInTeamMember(t, organiserId, { viewOrders: true });
    await viewer.client.trpc.organiserOrders.resendConfirmation.mutate({ orderId: bought.orderId });
    const detail = await owner.trpc.organiserOrders.detail.query({ orderId: bought.orderId });
    expect(detail.mails.map((m) => [m.template, m.to])).toEqual([
      ["order_confirmation", email],
      ["order_confirmation", email],
      ["order_confirmation", email],
    ]);
  });

  it("an English order gets it in English", async () => {
    const bought = await buySeats(t, first, a, ["A:0:2"], { locale: "en" });
    await owner.trpc.organiserOrders.resendConfirmation.mutate({ orderId: bought.orderId });
    const mails = await mailsTo(t.database, bought.input.buyer.email, "order_confirmation");
    expect(mails.map((m) => [m.locale, m.subject])).toEqual([
      ["en", "Your tickets for Summer Concert"],
      ["en", "Your tickets for Summer Concert"],
    ]);
    expect(mails[1]!.text).not.toContain("Vielen Dank");
  });

  it("refuses an order that is pending, failed or cancelled with ORDER_NOT_CHANGEABLE and queues nothing", async () => {
    const pending = await placeSeatOrder(t, first, a, ["A:0:3"]);
    const failed = await placeSeatOrder(t, first, a, ["A:0:4"]);
    ok(await decideVia(failed.client, paymentIdOf(failed.result), "failed"));
    const cancelled = await buySeats(t, first, a, ["A:0:5"]);
    await owner.trpc.organiserOrders.cancel.mutate({ orderId: cancelled.orderId });
    expect((await orderRow(t.database, pending.orderId))!.status).toBe("pending");
    expect((await orderRow(t.database, failed.orderId))!.status).toBe("failed");
    expect((await orderRow(t.database, cancelled.orderId))!.status).toBe("cancelled");

    for (const order of [pending, failed, cancelled]) {
      const before = await mailsTo(t.database, order.input.buyer.email);
      expect((await failure(owner.trpc.organiserOrders.resendConfirmation.mutate({ orderId: order.orderId }))).appCode).toBe("ORDER_NOT_CHANGEABLE");
      expect(await mailsTo(t.database, order.input.buyer.email)).toEqual(before);
    }
    expect((await failure(owner.trpc.organiserOrders.resendConfirmation.mutate({ orderId: randomUUID() }))).appCode).toBe("NOT_FOUND");
  });
});

// ---------------------------------------------------------------- 2. the detail's fields

describe("the order detail", () => {
  it("shows the amounts, the buyer, every line field, the payment, refunds and check-ins of a known order", async () => {
    const email = `erika-${randomUUID().slice(0, 8)}@example.com`;
    const buyerDetails = { firstName: "Erika", lastName: "Muster", email, company: "Muster AG", phone: "+49 30 123456", street: "Weg 2", zip: "10115", city: "Berlin", country: "DE" };
    // One ticket of a (15.00) on A row 2 seat 1, one of b (24.90) with parking (5.00) on B row 1 seat 1.
    const bought = await buyTickets(
      first,
      { seats: [{ key: "A:1:0", ticketCategoryId: a }, { key: "B:0:0", ticketCategoryId: b }] },
      [{ ticketCategoryId: a, seatKeys: ["A:1:0"] }, { ticketCategoryId: b, seatKeys: ["B:0:0"], bookingOptions: [0] }],
      { buyer: buyerDetails, locale: "de" },
    );
    const row = (await orderRow(t.database, bought.orderId))!;
    // The raw row's timestamp (text on some drivers) as the detail's Date.
    const paidAt = new Date(row.paid_at!);
    const [l1, l2] = await linesOf(t.database, bought.orderId);
    const startsAt = (await datesOf(t.database.db, shop.eventId))[0]!.startsAt;
    // The first ticket was scanned at the door a minute ago.
    const checkedInAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await t.database.rows(sql`update order_lines set status = 'checked_in', checked_in_at = ${checkedInAt.toISOString()}::timestamptz where id = ${l1!.id} returning id`);

    const detail = await owner.trpc.organiserOrders.detail.query({ orderId: bought.orderId });
    expect(detail).toMatchObject({
      id: bought.orderId,
      number: row.number,
      status: "valid",
      channel: "online",
      paymentMethod: "online",
      locale: "de",
      cancelledAt: null,
      failedAt: null,
      event: { id: shop.eventId, name: "Summer Concert", timeZone: "Europe/Berlin", isSeason: false },
      scopeId: first,
      startsAt,
      checkIns: 1,
    });
    expect(detail.paidAt).toEqual(paidAt);
    expect(detail.buyer).toEqual(buyerDetails);
    // Tickets 15.00 + 24.90, parking 5.00, 2 × 1.00 service fee = 46.90; 19 % VAT in each gross
    // amount: 2.39 (15.00) + 4.77 (29.90) + 0.32 (2.00) = 7.48. The organiser's revenue: 44.90.
    expect(detail.amounts).toEqual({
      revenueCents: 4490,
      ticketsCents: 3990,
      optionsCents: 500,
      boxOfficeFeesCents: 0,
      feesCents: 200,
      discountCents: 0,
      voucherCode: null,
      vatCents: 748,
      vat: [{ rateBp: 1900, vatCents: 748 }],
      totalCents: 4690,
      refundedCents: 0,
    });
    expect(detail.lines).toEqual([
      {
        id: l1!.id,
        reference: `${row.number}-1`,
        ticketCategoryId: a,
        categoryName: "Ticket a",
        scopeId: first,
        startsAt,
        priceCents: 1500,
        bookingOptions: [],
        quantity: 1,
        discountCents: 0,
        totalCents: 1500,
        places: [{ block: "Block A", row: "2", seat: "1" }],
        seatKeys: ["A:1:0"],
        areaId: null,
        status: "checked_in",
        lastCheckInAt: checkedInAt,
        cancelReason: null,
        cancelledAt: null,
        replacesLineId: null,
      },
      {
        id: l2!.id,
        reference: `${row.number}-2`,
        ticketCategoryId: b,
        categoryName: "Ticket b",
        scopeId: first,
        startsAt,
        priceCents: 2490,
        bookingOptions: [{ name: "Parking", priceCents: 500 }],
        quantity: 1,
        discountCents: 0,
        totalCents: 2990,
        places: [{ block: "Block B", row: "1", seat: "1" }],
        seatKeys: ["B:0:0"],
        areaId: null,
        status: "active",
        lastCheckInAt: null,
        cancelReason: null,
        cancelledAt: null,
        replacesLineId: null,
      },
    ]);
    expect(detail.payments).toEqual([{ method: "online", provider: "test", amountCents: 4690, status: "paid", at: paidAt }]);
    expect(detail.refunds).toEqual([]);
    expect(detail.mails).toEqual([expect.objectContaining({ template: "order_confirmation", to: email, status: "pending", sentAt: null })]);

    // The second ticket cancelled and paid back: 29.90 and its 1.00 fee, done.
    await owner.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [l2!.id] });
    await processRefunds(t.deps);
    const after = await owner.trpc.organiserOrders.detail.query({ orderId: bought.orderId });
    expect(after.refunds).toEqual([
      {
        id: expect.any(String),
        amountCents: 3090,
        status: "done",
        reason: "organiser_cancelled",
        attempts: expect.any(Number),
        lastError: null,
        lineIds: [l2!.id],
        createdAt: expect.any(Date),
        doneAt: expect.any(Date),
      },
    ]);
    expect(after.amounts).toMatchObject({ refundedCents: 3090, totalCents: 4690, revenueCents: 4490 });
    expect(after.payments).toEqual(detail.payments);
    expect(after.lines.map((l) => [l.reference, l.status, l.cancelReason])).toEqual([
      [`${row.number}-1`, "checked_in", null],
      [`${row.number}-2`, "canceled", "organiser"],
    ]);
    expect(after.lines[1]!.cancelledAt).toBeInstanceOf(Date);
    expect(after.checkIns).toBe(1);
    expect(after.mails.map((m) => m.template)).toEqual(["order_confirmation", "tickets_cancelled"]);

    // A discount and box office fees as stored with an order: revenue is tickets and options less the discount.
    await t.database.rows(
      sql`update orders set amounts = amounts || '{"discountCents": 300, "boxOfficeFeesCents": 150, "boxOfficeFeeCents": 75}'::jsonb where id = ${bought.orderId} returning id`,
    );
    expect((await owner.trpc.organiserOrders.detail.query({ orderId: bought.orderId })).amounts).toMatchObject({
      revenueCents: 3990 + 500 - 300,
      discountCents: 300,
      boxOfficeFeesCents: 150,
      feesCents: 200,
    });
  });

  it("shows an unpaid payment as open and a refused one as failed", async () => {
    const pending = await placeSeatOrder(t, first, a, ["A:1:5"]);
    const failed = await placeSeatOrder(t, first, a, ["A:1:6"]);
    ok(await decideVia(failed.client, paymentIdOf(failed.result), "failed"));
    const open = await owner.trpc.organiserOrders.detail.query({ orderId: pending.orderId });
    expect(open).toMatchObject({ status: "pending", paidAt: null });
    expect(open.payments).toEqual([{ method: "online", provider: "test", amountCents: 1600, status: "open", at: open.createdAt }]);
    const refused = await owner.trpc.organiserOrders.detail.query({ orderId: failed.orderId });
    expect(refused.status).toBe("failed");
    expect(refused.failedAt).toBeInstanceOf(Date);
    expect(refused.payments).toEqual([expect.objectContaining({ status: "failed", amountCents: 1600 })]);
  });
});

// ---------------------------------------------------------------- 3. rights

describe("rights", () => {
  it("viewOrders reads and resends but may not preview or make changes; updateOrderDate may", async () => {
    const viewer = await signedInTeamMember(t, organiserId, { viewOrders: true });
    const changer = await signedInTeamMember(t, organiserId, { updateOrderDate: true });
    const outsider = await signedInTeamMember(t, organiserId, { createEvent: true, updateEvent: true });
    const bought = await buySeats(t, first, a, ["A:2:0", "A:2:1"]);
    const [l1, l2] = await linesOf(t.database, bought.orderId);
    const ref = { orderId: bought.orderId };
    const v = viewer.client.trpc.organiserOrders;

    const refusedToViewer = [
      () => v.cancelPreview.query(ref),
      () => v.cancelPreview.query({ ...ref, lineIds: [l1!.id] }),
      () => v.cancel.mutate(ref),
      () => v.cancel.mutate({ ...ref, lineIds: [l1!.id] }),
      () => v.dateOptions.query(ref),
      () => v.dateChangePreview.query({ ...ref, lineIds: [l1!.id], targetScopeId: second }),
      () => v.changeDate.mutate({ ...ref, lineIds: [l1!.id], targetScopeId: second }),
      () => v.retryRefund.mutate({ ...ref, refundId: randomUUID() }),
    ];
    for (const call of refusedToViewer) expect((await failure(call())).appCode).toBe("FORBIDDEN");
    // The viewer reads the detail and the invoices.
    expect((await v.detail.query(ref)).lines.map((l) => l.id)).toEqual([l1!.id, l2!.id]);
    expect((await v.invoices.query(ref)).map((d) => d.kind)).toEqual(["invoice"]);
    // Nothing changed.
    expect(await lineStatuses(bought.orderId)).toEqual(["active", "active"]);
    expect(await refundsOf(t.database, bought.orderId)).toEqual([]);
    expect(await seatStates(t.database, second, ["A:2:0"])).toMatchObject({ "A:2:0": { status: "FREE" } });

    // A member with another right sees nothing of the orders.
    const o = outsider.client.trpc.organiserOrders;
    for (const call of [() => o.detail.query(ref), () => o.invoices.query(ref), () => o.resendConfirmation.mutate(ref), () => o.cancel.mutate(ref)]) {
      expect((await failure(call())).appCode).toBe("FORBIDDEN");
    }

    // updateOrderDate: previews, moves, cancels and retries a refused refund.
    const ch = changer.client.trpc.organiserOrders;
    expect((await ch.detail.query(ref)).id).toBe(bought.orderId);
    expect((await ch.dateOptions.query(ref)).dates.map((d) => d.id)).toEqual([first, second]);
    expect(await ch.dateChangePreview.query({ ...ref, lineIds: [l1!.id], targetScopeId: second })).toMatchObject({ ready: true, differenceCents: 0 });
    const moved = await ch.changeDate.mutate({ ...ref, lineIds: [l1!.id], targetScopeId: second });
    expect(moved.lines.find((l) => l.replacesLineId === l1!.id)).toMatchObject({ status: "active", scopeId: second, seatKeys: ["A:2:0"] });
    expect(await ch.cancelPreview.query({ ...ref, lineIds: [l2!.id] })).toMatchObject({ wholeOrder: false, refundCents: 1600 });
    const cancelled = await ch.cancel.mutate({ ...ref, lineIds: [l2!.id] });
    expect(cancelled.lines.find((l) => l.id === l2!.id)!.status).toBe("canceled");

    const [refund] = await refundsOf(t.database, bought.orderId);
    await t.database.rows(sql`update refunds set status = 'failed', attempts = 9, last_error = 'refused' where id = ${refund!.id} returning id`);
    expect((await failure(v.retryRefund.mutate({ ...ref, refundId: refund!.id }))).appCode).toBe("FORBIDDEN");
    expect((await refundsOf(t.database, bought.orderId))[0]).toMatchObject({ status: "failed", attempts: 9 });
    expect(await ch.retryRefund.mutate({ ...ref, refundId: refund!.id })).toEqual({ queued: true });
    expect((await refundsOf(t.database, bought.orderId))[0]).toMatchObject({ status: "pending", attempts: 0 });
  });
});

// ---------------------------------------------------------------- 4. tenancy

describe("tenancy", () => {
  it("another organiser gets NOT_FOUND on the date-change preview, a refund retry and the invoices; A's line in B's own order changes nothing", async () => {
    const other = await twoDayShop();
    const bought = await buySeats(t, first, a, ["A:2:5", "A:2:6"]);
    const [line, cancelledLine] = await linesOf(t.database, bought.orderId);
    await owner.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [cancelledLine!.id] });
    const [refund] = await refundsOf(t.database, bought.orderId);
    await t.database.rows(sql`update refunds set status = 'failed', last_error = 'refused' where id = ${refund!.id} returning id`);
    const own = await buySeats(t, other.dateIds[0]!, other.category("a").id, ["A:0:0"]);
    const [ownLine] = await linesOf(t.database, own.orderId);

    const api = other.organiser.trpc.organiserOrders;
    const foreign = { orderId: bought.orderId };
    const calls = [
      () => api.dateChangePreview.query({ ...foreign, lineIds: [line!.id], targetScopeId: second }),
      () => api.retryRefund.mutate({ ...foreign, refundId: refund!.id }),
      () => api.invoices.query(foreign),
      // B's own order with A's refund or A's line.
      () => api.retryRefund.mutate({ orderId: own.orderId, refundId: refund!.id }),
      () => api.changeDate.mutate({ orderId: own.orderId, lineIds: [line!.id], targetScopeId: other.dateIds[1]! }),
      () => api.changeDate.mutate({ orderId: own.orderId, lineIds: [ownLine!.id, line!.id], targetScopeId: other.dateIds[1]! }),
      () => api.dateChangePreview.query({ orderId: own.orderId, lineIds: [line!.id], targetScopeId: other.dateIds[1]! }),
      () => api.cancelPreview.query({ orderId: own.orderId, lineIds: [line!.id] }),
    ];
    for (const call of calls) expect((await failure(call())).appCode).toBe("NOT_FOUND");

    // Nothing of A's or B's order changed.
    expect((await refundsOf(t.database, bought.orderId)).map((r) => r.status)).toEqual(["failed"]);
    expect(await lineStatuses(bought.orderId)).toEqual(["active", "canceled"]);
    expect(await codeState(line!.id)).toBe("valid");
    expect((await seatStates(t.database, first, ["A:2:5"]))["A:2:5"]).toMatchObject({ status: "SOLD", orderLineId: line!.id });
    expect(await seatStates(t.database, second, ["A:2:5"])).toMatchObject({ "A:2:5": { status: "FREE" } });
    expect(await lineStatuses(own.orderId)).toEqual(["active"]);
    expect((await linesOf(t.database, own.orderId)).length).toBe(1);
    // A still sees its invoice and credit note.
    expect((await owner.trpc.organiserOrders.invoices.query(foreign)).map((d) => d.kind)).toEqual(["invoice", "credit_note"]);
  });
});

// ---------------------------------------------------------------- 5. standing places

describe("standing places", () => {
  it("a cancelled standing ticket gives its place back; a moved one takes a place of the same area on the new date", async () => {
    const area1 = (await areaOf(t.database, first, "S"))!;
    const area2 = (await areaOf(t.database, second, "S"))!;
    const quota1 = (await quotaOf(t.database, first, `ticket:${c}`))!;
    const bought = await buyTickets(
      first,
      { counts: [{ ticketCategoryId: c, areaId: "S", quantity: 3 }] },
      [0, 1, 2].map(() => ({ ticketCategoryId: c, areaId: "S" })),
    );
    expect(await areaOf(t.database, first, "S")).toEqual({ ...area1, sold: area1.sold + 3 });
    const [l1, l2, l3] = await linesOf(t.database, bought.orderId);

    const cancelled = await owner.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [l1!.id] });
    expect(cancelled.lines[0]!.places).toEqual([{ area: "Area S" }]);
    expect(await areaOf(t.database, first, "S")).toEqual({ ...area1, sold: area1.sold + 2 });
    expect(await quotaOf(t.database, first, `ticket:${c}`)).toEqual({ ...quota1, sold: quota1.sold + 2 });
    expect(await codeState(l1!.id)).toBe("cancelled");

    const change = { orderId: bought.orderId, lineIds: [l2!.id], targetScopeId: second };
    const preview = await owner.trpc.organiserOrders.dateChangePreview.query(change);
    expect(preview).toMatchObject({ ready: true, differenceCents: 0 });
    expect(preview.lines).toEqual([
      {
        lineId: l2!.id,
        categoryName: "Ticket c",
        from: { scopeId: first, places: [{ area: "Area S" }] },
        to: { seatKeys: [], places: [{ area: "Area S" }], picked: false },
        available: true,
        needsSeatPick: false,
        paidCents: 1200,
        currentPriceCents: 1200,
        differenceCents: 0,
      },
    ]);
    const moved = await owner.trpc.organiserOrders.changeDate.mutate(change);
    const newLine = moved.lines.find((l) => l.replacesLineId === l2!.id)!;
    expect(newLine).toMatchObject({ status: "active", scopeId: second, areaId: "S", seatKeys: [], places: [{ area: "Area S" }], quantity: 1, priceCents: 1200 });
    expect(await areaOf(t.database, first, "S")).toEqual({ ...area1, sold: area1.sold + 1 });
    expect(await areaOf(t.database, second, "S")).toEqual({ ...area2, sold: area2.sold + 1 });
    expect(await codeState(l2!.id)).toBe("cancelled");
    expect(await codeState(newLine.id)).toBe("valid");

    // The area full on the new date: the preview says so, the change is refused, nothing changes.
    const full = (await areaOf(t.database, second, "S"))!;
    await t.database.rows(sql`update area_inventory set capacity = held + sold where event_date_id = ${second} and area_id = 'S' returning area_id`);
    try {
      const blocked = { orderId: bought.orderId, lineIds: [l3!.id], targetScopeId: second };
      const refused = await owner.trpc.organiserOrders.dateChangePreview.query(blocked);
      expect(refused.ready).toBe(false);
      expect(refused.lines[0]).toMatchObject({ available: false, needsSeatPick: false });
      expect((await failure(owner.trpc.organiserOrders.changeDate.mutate(blocked))).appCode).toBe("NO_PLACE_ON_DATE");
      expect(await lineStatuses(bought.orderId)).toEqual(["canceled", "canceled", "active", "active"]);
      expect(await areaOf(t.database, first, "S")).toEqual({ ...area1, sold: area1.sold + 1 });
    } finally {
      await t.database.rows(sql`update area_inventory set capacity = ${full.capacity} where event_date_id = ${second} and area_id = 'S' returning area_id`);
    }
  });
});

// ---------------------------------------------------------------- 6. price differences

describe("a date change after the category's price changed", () => {
  it("shows the difference per ticket and in total, charges and refunds nothing, and the ticket keeps its price", async () => {
    const priced = await twoDayShop();
    const pa = priced.category("a").id;
    const [d1, d2] = priced.dateIds as [string, string];
    const bought = await buySeats(t, d1, pa, ["A:0:0", "A:0:1"]);
    const [l1, l2] = await linesOf(t.database, bought.orderId);
    const totalBefore = (await orderRow(t.database, bought.orderId))!.total_cents;
    const paymentsBefore = await testPaymentsOf(t.database, bought.orderId);
    const withIds = (overrides: Parameters<typeof gapsCategories>[0]) =>
      gapsCategories(overrides).map((cat) => ({ ...cat, id: priced.category(cat.key).id }));

    // The organiser raises a's price from 15.00 to 20.00.
    await saveTicketsVia(priced.organiser, priced.eventId, withIds({ a: { priceCents: 2000 } }));
    expect((await categoriesOf(t.database.db, priced.eventId)).find((x) => x.id === pa)!.priceCents).toBe(2000);
    const change = { orderId: bought.orderId, lineIds: [l1!.id, l2!.id], targetScopeId: d2 };
    const preview = await priced.organiser.trpc.organiserOrders.dateChangePreview.query(change);
    expect(preview).toMatchObject({ ready: true, differenceCents: 1000 });
    expect(preview.lines.map((l) => [l.lineId, l.paidCents, l.currentPriceCents, l.differenceCents])).toEqual([
      [l1!.id, 1500, 2000, 500],
      [l2!.id, 1500, 2000, 500],
    ]);

    // A cheaper price shows a negative difference.
    await saveTicketsVia(priced.organiser, priced.eventId, withIds({ a: { priceCents: 1000 } }));
    const cheaper = await priced.organiser.trpc.organiserOrders.dateChangePreview.query({ ...change, lineIds: [l1!.id] });
    expect(cheaper).toMatchObject({ differenceCents: -500 });
    expect(cheaper.lines[0]).toMatchObject({ paidCents: 1500, currentPriceCents: 1000, differenceCents: -500 });

    const moved = await priced.organiser.trpc.organiserOrders.changeDate.mutate(change);
    expect(moved.lines.filter((l) => l.status === "active").map((l) => [l.scopeId, l.priceCents, l.totalCents])).toEqual([
      [d2, 1500, 1500],
      [d2, 1500, 1500],
    ]);
    expect((await orderRow(t.database, bought.orderId))!.total_cents).toBe(totalBefore);
    expect(moved.amounts.totalCents).toBe(totalBefore);
    expect(await testPaymentsOf(t.database, bought.orderId)).toEqual(paymentsBefore);
    expect(await refundsOf(t.database, bought.orderId)).toEqual([]);
    expect((await invoicesOf(t.database.db, bought.orderId)).map((i) => [i.kind, i.total_cents])).toEqual([["invoice", totalBefore]]);
  });
});

// ---------------------------------------------------------------- 7. issued invoices never change

describe("an issued invoice", () => {
  it("is not changed by a later change of the organiser's profile, nor by a date change; its credit note names the same parties", async () => {
    const bought = await buySeats(t, first, a, ["A:3:0", "A:3:1"], { locale: "en" });
    const before = await invoicesOf(t.database.db, bought.orderId);
    expect(before).toHaveLength(1);
    expect(before[0]!.seller).toMatchObject({ name: "Konzertbüro Süd GmbH", street: "Hauptstraße 1", zip: "80331", city: "München" });

    // The organiser moves: a new name and address in the profile tab.
    await owner.trpc.account.profile.save.mutate({
      firstName: "Greta",
      lastName: "Gastgeber",
      organizerName: "Konzerthaus Nord",
      phone: "+49 40 1234567",
      vatId: "de 136695976",
      taxNumber: "22/815/08154",
      country: "DE",
      address: "Hafenstraße 1",
      city: "Hamburg",
      zipCode: "20457",
      description: "",
      website: "",
      facebookUrl: "",
      instagramUrl: "",
      youtubeUrl: "",
      logoUploadId: null,
    });
    // The change took effect: an order paid from now on is invoiced from the new address.
    const later = await buySeats(t, first, a, ["A:3:5"]);
    expect((await invoicesOf(t.database.db, later.orderId))[0]!.seller).toMatchObject({ name: "Konzerthaus Nord", street: "Hafenstraße 1", zip: "20457", city: "Hamburg" });
    // The earlier invoice is as issued.
    expect(await invoicesOf(t.database.db, bought.orderId)).toEqual(before);

    // A date change re-sends the confirmation with the same invoice; nothing is issued or edited.
    const [l1, l2] = await linesOf(t.database, bought.orderId);
    await owner.trpc.organiserOrders.changeDate.mutate({ orderId: bought.orderId, lineIds: [l1!.id], targetScopeId: second });
    expect(await invoicesOf(t.database.db, bought.orderId)).toEqual(before);
    const confirmations = await mailsTo(t.database, bought.input.buyer.email, "order_confirmation");
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]!.attachments).toEqual([
      { kind: "order_tickets", orderId: bought.orderId },
      { kind: "order_invoice", invoiceId: before[0]!.id },
    ]);
    const pdf = await owner.request({ method: "GET", url: `/api/organiser/orders/${bought.orderId}/invoices/${before[0]!.id}.pdf` });
    expect(pdf.statusCode).toBe(200);

    // Cancelling the old-date ticket: a credit note with the invoice's parties; the invoice itself untouched.
    await owner.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [l2!.id] });
    const docs = await invoicesOf(t.database.db, bought.orderId);
    expect(docs).toHaveLength(2);
    expect(docs[0]).toEqual(before[0]);
    expect(docs[1]).toMatchObject({ kind: "credit_note", refers_to_id: before[0]!.id, seller: before[0]!.seller, recipient: before[0]!.recipient, line_ids: [l2!.id] });
  });
});

// ---------------------------------------------------------------- 8. whole-order cancellation

describe("cancelling the rest of an order", () => {
  it("after a partial cancellation: a second credit note for what is left, referring to the invoice, and a second mail", async () => {
    const bought = await buySeats(t, first, a, ["A:4:0", "A:4:1", "A:4:2"], { locale: "en" });
    const number = await numberOf(bought.orderId);
    const email = bought.input.buyer.email;
    const [l1, l2, l3] = await linesOf(t.database, bought.orderId);
    await owner.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [l1!.id] });
    expect(await owner.trpc.organiserOrders.cancelPreview.query({ orderId: bought.orderId })).toMatchObject({
      wholeOrder: true,
      lineIds: [l2!.id, l3!.id],
      ticketsCents: 3000,
      refundCents: 3200,
      creditNote: true,
    });
    const rest = await owner.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId });
    expect(rest.status).toBe("cancelled");

    const documents = await owner.trpc.organiserOrders.invoices.query({ orderId: bought.orderId });
    expect(documents.map((d) => [d.kind, d.totalCents, d.refersToNumber])).toEqual([
      ["invoice", 4800, null],
      ["credit_note", 1600, documents[0]!.number],
      ["credit_note", 3200, documents[0]!.number],
    ]);
    const [invoice, firstNote, secondNote] = await invoicesOf(t.database.db, bought.orderId);
    expect(firstNote!.line_ids).toEqual([l1!.id]);
    expect(secondNote!.line_ids).toEqual([l2!.id, l3!.id]);
    expect(secondNote!.counter).toBe(firstNote!.counter + 1);
    expect(firstNote!.total_cents + secondNote!.total_cents).toBe(invoice!.total_cents);
    expect(secondNote!.refers_to_id).toBe(invoice!.id);

    const mails = await mailsTo(t.database, email, "tickets_cancelled");
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => [m.locale, m.subject, m.orderId])).toEqual([
      ["en", `Tickets cancelled: order ${number}`, bought.orderId],
      ["en", `Tickets cancelled: order ${number}`, bought.orderId],
    ]);
    expect(mails[0]!.attachments).toEqual([{ kind: "order_invoice", invoiceId: firstNote!.id }]);
    expect(mails[1]!.attachments).toEqual([{ kind: "order_invoice", invoiceId: secondNote!.id }]);
    expect(mails[0]!.text).toContain("2 tickets of this order remain valid");
    const second = mails[1]!.text;
    expect(second).toContain("No tickets of this order remain valid.");
    expect(second).toContain("€32.00 is being refunded");
    expect(second).toContain("The credit note for your invoice is attached.");
    expect(second.match(/• Ticket a: /g)).toHaveLength(2);
    expect(second).toContain("row 5, seat 2");
    expect(second).toContain("row 5, seat 3");
    expect(second).not.toContain("row 5, seat 1;");
    expect(rest.mails.map((m) => m.template)).toEqual(["order_confirmation", "tickets_cancelled", "tickets_cancelled"]);
  });

  it("at once: one credit note for the whole invoice and one mail in the buyer's language", async () => {
    const bought = await buySeats(t, first, a, ["A:4:5", "A:4:6"], { locale: "de" });
    await owner.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId });
    const [invoice, note, ...more] = await invoicesOf(t.database.db, bought.orderId);
    expect(more).toEqual([]);
    expect(note).toMatchObject({ kind: "credit_note", refers_to_id: invoice!.id, total_cents: invoice!.total_cents, locale: "de" });
    const mails = await mailsTo(t.database, bought.input.buyer.email, "tickets_cancelled");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe("de");
    expect(mails[0]!.text).toContain("Aus dieser Bestellung bleibt kein Ticket gültig.");
    expect(mails[0]!.attachments).toEqual([{ kind: "order_invoice", invoiceId: note!.id }]);
  });
});

// ---------------------------------------------------------------- 9. checked-in tickets, season tickets

describe("checked-in tickets", () => {
  it("are neither cancelled nor moved, alone or with the whole order: TICKET_CHECKED_IN, nothing changed", async () => {
    const bought = await buySeats(t, first, a, ["A:5:0", "A:5:1"]);
    const [l1, l2] = await linesOf(t.database, bought.orderId);
    await t.database.rows(sql`update order_lines set status = 'checked_in', checked_in_at = now() where id = ${l1!.id} returning id`);
    const api = owner.trpc.organiserOrders;
    const ref = { orderId: bought.orderId };
    const calls = [
      () => api.cancelPreview.query({ ...ref, lineIds: [l1!.id] }),
      () => api.cancel.mutate({ ...ref, lineIds: [l1!.id] }),
      () => api.cancel.mutate({ ...ref, lineIds: [l2!.id, l1!.id] }),
      () => api.cancelPreview.query(ref),
      () => api.cancel.mutate(ref),
      () => api.dateChangePreview.query({ ...ref, lineIds: [l1!.id], targetScopeId: second }),
      () => api.changeDate.mutate({ ...ref, lineIds: [l1!.id], targetScopeId: second }),
      () => api.changeDate.mutate({ ...ref, lineIds: [l2!.id, l1!.id], targetScopeId: second }),
    ];
    for (const call of calls) expect((await failure(call())).appCode).toBe("TICKET_CHECKED_IN");

    expect(await lineStatuses(bought.orderId)).toEqual(["checked_in", "active"]);
    expect((await orderRow(t.database, bought.orderId))!.status).toBe("valid");
    expect(await refundsOf(t.database, bought.orderId)).toEqual([]);
    expect((await invoicesOf(t.database.db, bought.orderId)).map((d) => d.kind)).toEqual(["invoice"]);
    expect((await mailsTo(t.database, bought.input.buyer.email)).map((m) => m.template)).toEqual(["order_confirmation"]);
    const seats = await seatStates(t.database, first, ["A:5:0", "A:5:1"]);
    expect([seats["A:5:0"]!.status, seats["A:5:1"]!.status]).toEqual(["SOLD", "SOLD"]);
    expect(await seatStates(t.database, second, ["A:5:0", "A:5:1"])).toMatchObject({ "A:5:0": { status: "FREE" }, "A:5:1": { status: "FREE" } });

    // The other ticket of the order still can be cancelled; the order stays valid with its checked-in ticket.
    const detail = await api.cancel.mutate({ ...ref, lineIds: [l2!.id] });
    expect(detail.status).toBe("valid");
    expect(detail.lines.map((l) => l.status)).toEqual(["checked_in", "canceled"]);
  });
});

describe("season tickets", () => {
  it("cannot change their date: DATE_CHANGE_SEASON for the options, the preview and the change", async () => {
    const { organiser, childId, childDates, seasonId, seasonA } = await publishedSeasonWithMatchDay(t);

    const bought = await buySeats(t, seasonId, seasonA, ["A:0:0"]);
    const order = (await orderRow(t.database, bought.orderId))!;
    expect([order.status, order.scope_id]).toEqual(["valid", seasonId]);
    const [line] = await linesOf(t.database, bought.orderId);
    const api = organiser.trpc.organiserOrders;
    const change = { orderId: bought.orderId, lineIds: [line!.id], targetScopeId: childDates[1]! };
    for (const call of [() => api.dateOptions.query({ orderId: bought.orderId }), () => api.dateChangePreview.query(change), () => api.changeDate.mutate(change)]) {
      expect((await failure(call())).appCode).toBe("DATE_CHANGE_SEASON");
    }
    expect(await lineStatuses(bought.orderId)).toEqual(["active"]);
    expect(await codeState(line!.id)).toBe("valid");
    expect((await mailsTo(t.database, bought.input.buyer.email, "order_confirmation")).length).toBe(1);
    // The season ticket's detail names the season's first date.
    const detail = await api.detail.query({ orderId: bought.orderId });
    expect(detail.event.isSeason).toBe(true);
    expect(detail.startsAt).toEqual((await datesOf(t.database.db, childId))[0]!.startsAt);
  });
});
