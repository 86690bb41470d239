import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processRefunds } from "../../server/modules/orders/jobs";
import { ticketCode } from "../../server/modules/orders/ticket-code";
import { ticketState } from "../../server/modules/orders/ticket-status";
import { failure } from "./helpers/trpc";
import { localDateInDays, ok, oneDaySchedule, ticketCategory, validEventStep1 } from "./helpers/events";
import { buySeats, checkoutInput, checkoutVia, createOrdersApp, linesOf, mailsTo, orderRow, type OrdersApp, refundsOf, seatStates, seatTickets } from "./helpers/orders";
import { cartOf, createShopEvent, eventOptions, holdVia, seatsAs, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { expectNoDrift } from "./helpers/inventory";

let t: OrdersApp;
beforeAll(async () => {
  t = await createOrdersApp();
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

/** Two dates (in 30 and 31 days) of one event: block G1 of 2 × 10 seats, "Ticket cat1" at 15.00. */
function twoDayEvent(): Promise<ShopEvent> {
  return createShopEvent(t, {
    layout: gridLayout(1, 2, 10),
    categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })],
    step1: validEventStep1({ schedule: oneDaySchedule(localDateInDays(30), { additionalDates: [{ date: localDateInDays(31), start: "19:00", end: "22:00" }] }) }),
  });
}

const codeState = async (lineId: string) => (await ticketState(t.database.db, t.config.APP_SECRET, ticketCode(t.config.APP_SECRET, lineId))).state;

describe("cancelling tickets of an order", () => {
  let shop: ShopEvent;
  let dateId: string;

  beforeAll(async () => {
    shop = await twoDayEvent();
    expect(shop.dateIds).toHaveLength(2);
    dateId = shop.dateIds[0]!;
  });

  it("cancels one line: seat free, code refused, partial refund, mail in the buyer's language; then the rest cancels the order", async () => {
    const cat1 = shop.category("cat1").id;
    const bought = await buySeats(t, dateId, cat1, ["G1:0:0", "G1:0:1", "G1:0:2"], { locale: "de" });
    const lines = await linesOf(t.database, bought.orderId);
    expect(lines).toHaveLength(3);
    const [first, ...others] = lines;

    const preview = await shop.organiser.trpc.organiserOrders.cancelPreview.query({ orderId: bought.orderId, lineIds: [first!.id] });
    // 15.00 for the ticket and its 1.00 service fee.
    expect(preview).toMatchObject({ wholeOrder: false, refundCents: 1600, ticketsCents: 1500, paymentMethod: "online" });

    const detail = await shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [first!.id] });
    expect(detail.status).toBe("valid");
    expect(detail.lines.map((l) => l.status)).toEqual(["canceled", "active", "active"]);
    expect(detail.lines[0]!.cancelReason).toBe("organiser");
    expect(await codeState(first!.id)).toBe("cancelled");
    expect(await codeState(others[0]!.id)).toBe("valid");

    const seats = await seatStates(t.database, dateId, ["G1:0:0", "G1:0:1"]);
    expect(seats["G1:0:0"]).toMatchObject({ status: "FREE", orderLineId: null });
    expect(seats["G1:0:1"]!.status).toBe("SOLD");

    expect(await refundsOf(t.database, bought.orderId)).toEqual([expect.objectContaining({ amount_cents: 1600, reason: "organiser_cancelled", status: "pending" })]);
    const mail = (await mailsTo(t.database, bought.input.buyer.email, "tickets_cancelled"))[0]!;
    expect(mail.locale).toBe("de");
    expect(mail.subject).toContain(detail.number);
    expect(mail.text).toContain("2 Tickets dieser Bestellung bleiben gültig");
    expect(mail.text).toMatch(/16,00\s€/);
    expect(detail.mails.map((m) => m.template)).toEqual(["order_confirmation", "tickets_cancelled"]);
    // The invoiced order gets a credit note for the cancelled ticket, referring to its invoice, attached to the mail.
    const documents = await shop.organiser.trpc.organiserOrders.invoices.query({ orderId: bought.orderId });
    const invoice = documents.find((d) => d.kind === "invoice")!;
    const credit = documents.find((d) => d.kind === "credit_note")!;
    expect(invoice.totalCents).toBe(4800);
    expect(credit).toMatchObject({ totalCents: 1600, refersToNumber: invoice.number });
    expect(mail.attachments).toEqual([{ kind: "order_invoice", invoiceId: credit.id }]);

    // Cancelling the same line again: refused, nothing changes.
    expect((await failure(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [first!.id] }))).appCode).toBe(
      "LINE_ALREADY_CANCELLED",
    );

    // The rest: the order is cancelled and everything left is refunded.
    const rest = await shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId });
    expect(rest.status).toBe("cancelled");
    expect(rest.lines.every((l) => l.status === "canceled")).toBe(true);
    const refunds = await refundsOf(t.database, bought.orderId);
    // 3 × (15.00 + 1.00 fee) = 48.00 paid: 16.00 back first, the other 32.00 now.
    expect(refunds.map((r) => r.amount_cents)).toEqual([1600, 3200]);
    expect(refunds.reduce((a, r) => a + r.amount_cents, 0)).toBe((await orderRow(t.database, bought.orderId))!.total_cents);
    expect((await failure(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId }))).appCode).toBe("ORDER_NOT_CHANGEABLE");

    // The refund job pays both back.
    expect(await processRefunds(t.deps)).toBe(2);
    expect((await refundsOf(t.database, bought.orderId)).map((r) => r.status)).toEqual(["done", "done"]);
  });

  it("a refund the provider refuses stays visible as failed and can be tried again", async () => {
    const cat1 = shop.category("cat1").id;
    const bought = await buySeats(t, dateId, cat1, ["G1:1:0"], { locale: "en" });
    await shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId });
    // The payment vanished at the provider: every attempt fails.
    await t.database.rows(sql`update test_payments set status = 'failed' where id = ${bought.paymentId} returning id`);
    await t.database.rows(sql`update refunds set attempts = 9 where order_id = ${bought.orderId} returning id`);
    await processRefunds(t.deps);
    const detail = await shop.organiser.trpc.organiserOrders.detail.query({ orderId: bought.orderId });
    expect(detail.refunds).toEqual([expect.objectContaining({ status: "failed", amountCents: 1600 })]);
    expect(detail.refunds[0]!.lastError).toBeTruthy();

    await t.database.rows(sql`update test_payments set status = 'paid' where id = ${bought.paymentId} returning id`);
    await shop.organiser.trpc.organiserOrders.retryRefund.mutate({ orderId: bought.orderId, refundId: detail.refunds[0]!.id });
    expect(await processRefunds(t.deps)).toBe(1);
    const after = await shop.organiser.trpc.organiserOrders.detail.query({ orderId: bought.orderId });
    expect(after.refunds[0]).toMatchObject({ status: "done" });
    expect((await failure(shop.organiser.trpc.organiserOrders.retryRefund.mutate({ orderId: bought.orderId, refundId: after.refunds[0]!.id }))).appCode).toBe(
      "REFUND_NOT_RETRYABLE",
    );
  });
});

describe("changing the date of tickets", () => {
  let shop: ShopEvent;
  let first: string;
  let second: string;

  beforeAll(async () => {
    shop = await twoDayEvent();
    [first, second] = shop.dateIds as [string, string];
  });

  it("moves a ticket to the same seat on the other date: old code refused, new code valid, confirmation resent", async () => {
    const cat1 = shop.category("cat1").id;
    const bought = await buySeats(t, first, cat1, ["G1:0:5", "G1:0:6"], { locale: "en" });
    const [line] = await linesOf(t.database, bought.orderId);
    const options = await shop.organiser.trpc.organiserOrders.dateOptions.query({ orderId: bought.orderId });
    expect(options.dates.map((d) => d.id)).toEqual([first, second]);

    const preview = await shop.organiser.trpc.organiserOrders.dateChangePreview.query({ orderId: bought.orderId, lineIds: [line!.id], targetScopeId: second });
    expect(preview).toMatchObject({ ready: true, differenceCents: 0 });
    expect(preview.lines[0]).toMatchObject({ available: true, needsSeatPick: false, paidCents: 1500, currentPriceCents: 1500 });

    const detail = await shop.organiser.trpc.organiserOrders.changeDate.mutate({ orderId: bought.orderId, lineIds: [line!.id], targetScopeId: second });
    const moved = detail.lines.find((l) => l.replacesLineId === line!.id)!;
    expect(moved).toMatchObject({ status: "active", scopeId: second, seatKeys: ["G1:0:5"], priceCents: 1500 });
    expect(detail.lines.find((l) => l.id === line!.id)).toMatchObject({ status: "canceled", cancelReason: "date_changed" });
    expect(await codeState(line!.id)).toBe("cancelled");
    expect(await codeState(moved.id)).toBe("valid");
    expect((await seatStates(t.database, first, ["G1:0:5"]))["G1:0:5"]!.status).toBe("FREE");
    expect((await seatStates(t.database, second, ["G1:0:5"]))["G1:0:5"]).toMatchObject({ status: "SOLD", orderLineId: moved.id });
    // One ticket still on the first date: the order keeps naming it.
    expect((await orderRow(t.database, bought.orderId))!.scope_id).toBe(first);
    expect((await mailsTo(t.database, bought.input.buyer.email, "order_confirmation")).length).toBe(2);
    expect(await refundsOf(t.database, bought.orderId)).toEqual([]);
  });

  it("asks for a seat when the same seat is taken, takes a picked one, and refuses a taken pick", async () => {
    const cat1 = shop.category("cat1").id;
    await buySeats(t, second, cat1, ["G1:1:1"]);
    const bought = await buySeats(t, first, cat1, ["G1:1:1"]);
    const [line] = await linesOf(t.database, bought.orderId);
    const change = { orderId: bought.orderId, lineIds: [line!.id], targetScopeId: second };

    const preview = await shop.organiser.trpc.organiserOrders.dateChangePreview.query(change);
    expect(preview.ready).toBe(false);
    expect(preview.lines[0]!.needsSeatPick).toBe(true);
    expect((await failure(shop.organiser.trpc.organiserOrders.changeDate.mutate(change))).appCode).toBe("SEAT_SELECTION_REQUIRED");
    expect((await failure(shop.organiser.trpc.organiserOrders.changeDate.mutate({ ...change, seats: { [line!.id]: ["G1:1:1"] } }))).appCode).toBe(
      "NO_PLACE_ON_DATE",
    );
    expect((await linesOf(t.database, bought.orderId)).map((l) => l.status)).toEqual(["active"]);

    const detail = await shop.organiser.trpc.organiserOrders.changeDate.mutate({ ...change, seats: { [line!.id]: ["G1:1:9"] } });
    expect(detail.lines.find((l) => l.status === "active")).toMatchObject({ scopeId: second, seatKeys: ["G1:1:9"] });
    // All its tickets are on the second date now: the order names it.
    expect((await orderRow(t.database, bought.orderId))!.scope_id).toBe(second);
  });

  it("refuses the line's own date, another event's date and a past date, changing nothing", async () => {
    const cat1 = shop.category("cat1").id;
    const bought = await buySeats(t, first, cat1, ["G1:1:5"]);
    const [line] = await linesOf(t.database, bought.orderId);
    const other = await twoDayEvent();
    const base = { orderId: bought.orderId, lineIds: [line!.id] };
    for (const targetScopeId of [first, other.dateIds[1]!]) {
      expect((await failure(shop.organiser.trpc.organiserOrders.changeDate.mutate({ ...base, targetScopeId }))).appCode).toBe("DATE_NOT_AVAILABLE");
    }
    await t.database.rows(sql`update event_dates set starts_at = now() - interval '1 hour' where id = ${second} returning id`);
    try {
      expect((await failure(shop.organiser.trpc.organiserOrders.changeDate.mutate({ ...base, targetScopeId: second }))).appCode).toBe("DATE_NOT_AVAILABLE");
    } finally {
      await t.database.rows(sql`update event_dates set starts_at = starts_at + interval '2 days' where id = ${second} returning id`);
    }
    expect(await t.database.rows(sql`select status::text as status, scope_id::text as scope from order_lines where order_id = ${bought.orderId}`)).toEqual([
      { status: "active", scope: first },
    ]);
  });
});

describe("seat picking on a code-protected event", () => {
  it("the date options carry the event's access token, which opens the new date's plan", async () => {
    const locked = await createShopEvent(t, {
      layout: gridLayout(1, 2, 10),
      categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })],
      options: eventOptions({ visibility: "code", accessCode: "DOOR-4711" }),
      step1: validEventStep1({ schedule: oneDaySchedule(localDateInDays(30), { additionalDates: [{ date: localDateInDays(31), start: "19:00", end: "22:00" }] }) }),
    });
    const unlocked = t.client();
    const { access } = await unlocked.trpc.shop.unlock.mutate({ eventId: locked.eventId, code: "DOOR-4711" });
    const cart = cartOf(ok(await holdVia(unlocked, { scopeId: locked.dateIds[0]!, access, seats: seatsAs(locked.category("cat1").id, ["G1:0:0"]) })));
    const order = ok(await checkoutVia(unlocked, checkoutInput(cart, seatTickets(locked.category("cat1").id, ["G1:0:0"]))));
    const options = await locked.organiser.trpc.organiserOrders.dateOptions.query({ orderId: order.orderId });
    expect(options.access).toBeTruthy();
    const plan = await locked.organiser.trpc.shop.scope.query({ scopeId: locked.dateIds[1]!, access: options.access! });
    expect(plan.locked).toBe(false);
    expect(plan.layout).not.toBeNull();
    // A public event needs none.
    const open = await twoDayEvent();
    const bought = await buySeats(t, open.dateIds[0]!, open.category("cat1").id, ["G1:0:0"]);
    expect((await open.organiser.trpc.organiserOrders.dateOptions.query({ orderId: bought.orderId })).access).toBeNull();
  });
});

describe("tenancy", () => {
  it("another organiser's order and lines are NOT_FOUND for every action", async () => {
    const a = await twoDayEvent();
    const b = await twoDayEvent();
    const bought = await buySeats(t, a.dateIds[0]!, a.category("cat1").id, ["G1:0:9"]);
    const [line] = await linesOf(t.database, bought.orderId);
    const api = b.organiser.trpc.organiserOrders;
    const ref = { orderId: bought.orderId };
    const calls = [
      () => api.detail.query(ref),
      () => api.resendConfirmation.mutate(ref),
      () => api.cancelPreview.query(ref),
      () => api.cancel.mutate({ ...ref, lineIds: [line!.id] }),
      () => api.dateOptions.query(ref),
      () => api.changeDate.mutate({ ...ref, lineIds: [line!.id], targetScopeId: a.dateIds[1]! }),
    ];
    for (const call of calls) expect((await failure(call())).appCode).toBe("NOT_FOUND");
    // A's own line id inside B's order reference does not help either.
    const own = await buySeats(t, b.dateIds[0]!, b.category("cat1").id, ["G1:0:9"]);
    expect((await failure(api.cancel.mutate({ orderId: own.orderId, lineIds: [line!.id] }))).appCode).toBe("NOT_FOUND");
    expect((await linesOf(t.database, bought.orderId)).map((l) => l.status)).toEqual(["active"]);
  });
});
