/**
 * Print runs of hard tickets (issue 20, decision 021): a run by number or by seats takes its
 * places off sale through the inventory module (seats SOLD to its lines, counters' sold up, a
 * buyer's hold refused), voiding gives back what is not activated (a buyer can take it again,
 * its codes are refused at the door) and keeps what is; refusals take nothing; printAreaAccess
 * and the organiser's boundary. On PGlite and on Postgres (TEST_DATABASE_URL).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signedTicketCode } from "../../server/modules/orders/ticket-code";
import { ok, signedInTeamMember } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { createOrdersApp, type OrdersApp, seatStates } from "./helpers/orders";
import { activateInSql, createRunVia, doorOf, printEvent, runLines, takenOf } from "./helpers/print";
import { cartOf, countersOf, holdVia, seatsAs, type ShopEvent } from "./helpers/shop";
import { attempt } from "./helpers/trpc";

let t: OrdersApp;
let shop: ShopEvent & { organiserId: string };
let other: ShopEvent & { organiserId: string };
let dateId: string;
let cat1: string;
let st: string;

beforeAll(async () => {
  t = await createOrdersApp();
  shop = await printEvent(t);
  other = await printEvent(t);
  dateId = shop.dateIds[0]!;
  cat1 = shop.category("cat1").id;
  st = shop.category("st").id;
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

const codeOf = (l: { id: string; event_id: string; scope_id: string }) => signedTicketCode(t.config.APP_SECRET, { lineId: l.id, eventId: l.event_id, scopeId: l.scope_id });

async function contingentOf(organiserId: string): Promise<number> {
  const [row] = await t.database.rows<{ n: number }>(sql`select ticket_contingent as n from organisers where id = ${organiserId}`);
  return Number(row!.n);
}

describe("what the Print area offers", () => {
  it("print.dates: the organiser's published dates with their categories (seated or counted); print.scope: the plan and what is left", async () => {
    const dates = await shop.organiser.trpc.print.dates.query();
    expect(dates).toHaveLength(1);
    expect(dates[0]).toMatchObject({ eventId: shop.eventId, eventName: "Summer Concert", isSeason: false, dates: [{ scopeId: dateId }] });
    expect(dates[0]!.dates[0]!.startsAt).toBeInstanceOf(Date);
    expect(dates[0]!.categories).toEqual([
      { id: cat1, name: "Ticket cat1", priceCents: 1500, seated: true },
      { id: st, name: "Ticket st", priceCents: 900, seated: false },
    ]);

    const scope = await shop.organiser.trpc.print.scope.query({ scopeId: dateId });
    expect(scope).toMatchObject({ scopeId: dateId, kind: "date", eventId: shop.eventId, eventName: "Summer Concert", timeZone: "Europe/Berlin" });
    expect(scope.layout?.blocks.map((b) => b.id)).toEqual(["G1", "G2", "S"]);
    expect(scope.categories.map((c) => ({ id: c.id, seated: c.seated, seatsPerTicket: c.seatsPerTicket }))).toEqual([
      { id: cat1, seated: true, seatsPerTicket: 1 },
      { id: st, seated: false, seatsPerTicket: 1 },
    ]);
    expect(scope.categories[1]!.remaining).toBeGreaterThan(0);
  });
});

describe("a print run takes its places off sale", () => {
  it("by number on a seated category: the best seats, SOLD to the run's lines in a valid hard_ticket order that costs nothing", async () => {
    const contingent = await contingentOf(shop.organiserId);
    const before = (await countersOf(t.database, dateId)).quota[`ticket:${cat1}`]!;
    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, count: 3 }));
    expect(run).toEqual({ runId: expect.any(String), orderId: expect.any(String), tickets: 3, pdfUrl: `/api/print/runs/${run.runId}/tickets.pdf` });

    const [order] = await t.database.rows<Record<string, unknown>>(
      sql`select o.status::text, o.channel::text, o.payment_method::text, o.provider, o.total_cents, o.buyer, o.buyer_email, o.paid_at, g.name as organiser
          from orders o join organisers g on g.id = o.organiser_id where o.id = ${run.orderId}`,
    );
    expect(order).toMatchObject({ status: "valid", channel: "hard_ticket", payment_method: "other", provider: null, total_cents: 0, buyer_email: "", paid_at: null });
    expect(order!.buyer).toEqual({ firstName: order!.organiser, lastName: "" });
    // No invoice and no mail for a run.
    const [extras] = await t.database.rows<{ invoices: number; mails: number }>(
      sql`select (select count(*)::int from order_invoices where order_id = ${run.orderId}) as invoices,
            (select count(*)::int from outbox_mails where order_id = ${run.orderId}) as mails`,
    );
    expect(extras).toEqual({ invoices: 0, mails: 0 });

    const lines = await runLines(t.database, run.runId);
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatchObject({ status: "active", price_cents: 1500, total_cents: 0, activated_at: null, area_id: null });
    // Best available: three adjacent seats in the front row of the first block.
    const keys = lines.flatMap((l) => l.seat_keys);
    expect(new Set(keys.map((k) => k.split(":").slice(0, 2).join(":")))).toEqual(new Set(["G1:0"]));
    const seats = await seatStates(t.database, dateId, keys);
    for (const l of lines) expect(seats[l.seat_keys[0]!]).toMatchObject({ status: "SOLD", orderLineId: l.id, ticketCategoryId: cat1, holdId: null });
    expect((await countersOf(t.database, dateId)).quota[`ticket:${cat1}`]).toEqual({ ...before, sold: before.sold + 3 });
    expect(await contingentOf(shop.organiserId)).toBe(contingent - 3);

    // A buyer's hold on one of them is refused.
    const held = ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(cat1, [keys[1]!]) }));
    expect(held).toEqual({ status: "taken", taken: [keys[1]] });

    const { rows } = await shop.organiser.trpc.print.runs.query({});
    expect(rows[0]).toMatchObject({ id: run.runId, eventId: shop.eventId, eventName: "Summer Concert", scopeId: dateId, categoryName: "Ticket cat1", tickets: 3, activated: 0, voidedAt: null, pdfUrl: run.pdfUrl });
    expect(rows[0]!.createdByName).toEqual(expect.any(String));
  });

  it("by seats picked on the plan: exactly those, and watchers of the date hear of them", async () => {
    const keys = ["G2:4:0", "G2:4:1"];
    const announce = vi.spyOn(t.deps.bus, "announce");
    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, seatKeys: keys }));
    expect(run.tickets).toBe(2);
    const told = announce.mock.calls.filter(([channel]) => channel === dateId).flatMap(([, c]) => c.seats ?? []);
    announce.mockRestore();
    expect(told.map((s) => [s.k, s.s]).sort()).toEqual([["G2:4:0", "SOLD"], ["G2:4:1", "SOLD"]]);
    const lines = await runLines(t.database, run.runId);
    expect(lines.map((l) => l.seat_keys)).toEqual([["G2:4:0"], ["G2:4:1"]]);
    const seats = await seatStates(t.database, dateId, keys);
    expect(keys.map((k) => seats[k]!.orderLineId)).toEqual(lines.map((l) => l.id));
    expect(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(cat1, keys) })).status).toBe("taken");
  });

  it("by number on a counted category: places in its standing area (area and ticket counters sold), no seat", async () => {
    const before = await countersOf(t.database, dateId);
    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: st, count: 4 }));
    const lines = await runLines(t.database, run.runId);
    expect(lines.map((l) => [l.area_id, l.seat_keys, l.price_cents])).toEqual(Array.from({ length: 4 }, () => ["S", [], 900]));
    const after = await countersOf(t.database, dateId);
    expect(after.quota[`ticket:${st}`]!.sold).toBe(before.quota[`ticket:${st}`]!.sold + 4);
    expect(after.areas.S!.sold).toBe(before.areas.S!.sold + 4);
  });
});

describe("voiding a run", () => {
  it("cancels what is not activated (seats back on sale, codes refused, contingent back), keeps what is; twice is refused", async () => {
    const keys = ["G2:3:0", "G2:3:1", "G2:3:2"];
    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, seatKeys: keys }));
    const lines = await runLines(t.database, run.runId);
    // The second ticket was activated (sold or handed out) before the void.
    await activateInSql(t.database, run.runId, lines[1]!.id, shop.organiserId);
    const contingent = await contingentOf(shop.organiserId);
    const sold = (await countersOf(t.database, dateId)).quota[`ticket:${cat1}`]!.sold;

    const announce = vi.spyOn(t.deps.bus, "announce");
    expect(ok(await attempt(shop.organiser.trpc.print.voidRun.mutate({ runId: run.runId })))).toEqual({ voided: 2, kept: 1 });
    const told = announce.mock.calls.filter(([channel]) => channel === dateId).flatMap(([, c]) => c.seats ?? []);
    announce.mockRestore();
    expect(told.map((s) => [s.k, s.s]).sort()).toEqual([["G2:3:0", "FREE"], ["G2:3:2", "FREE"]]);
    const after = await runLines(t.database, run.runId);
    expect(after.map((l) => [l.status, l.cancel_reason])).toEqual([
      ["canceled", "print_voided"],
      ["active", null],
      ["canceled", "print_voided"],
    ]);
    const seats = await seatStates(t.database, dateId, keys);
    expect([seats["G2:3:0"]!.status, seats["G2:3:1"]!.status, seats["G2:3:2"]!.status]).toEqual(["FREE", "SOLD", "FREE"]);
    expect((await countersOf(t.database, dateId)).quota[`ticket:${cat1}`]!.sold).toBe(sold - 2);
    expect(await contingentOf(shop.organiserId)).toBe(contingent + 2);
    const [order] = await t.database.rows<{ status: string }>(sql`select status::text from orders where id = ${run.orderId}`);
    expect(order!.status).toBe("valid");

    // A buyer can take the voided seats again; the kept one stays taken.
    const buyer = t.client();
    const held = ok(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(cat1, ["G2:3:0", "G2:3:2"]) }));
    expect(held.status).toBe("held");
    expect(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(cat1, ["G2:3:1"]) })).status).toBe("taken");
    ok(await attempt(buyer.trpc.shop.release.mutate({ cart: cartOf(held), all: true })));

    // At the door: the voided codes are refused as cancelled; the activated one admits.
    const door = await doorOf(t, shop.eventId, shop.organiserId, dateId);
    expect(await door.scan(codeOf(after[0]!))).toBe("cancelled");
    expect(await door.scan(codeOf(after[2]!))).toBe("cancelled");
    expect(await door.scan(codeOf(after[1]!))).toBe("valid");

    const again = await attempt(shop.organiser.trpc.print.voidRun.mutate({ runId: run.runId }));
    expect(again.error?.appCode).toBe("PRINT_RUN_VOIDED");
    const { rows } = await shop.organiser.trpc.print.runs.query({ eventId: shop.eventId });
    expect(rows.find((r) => r.id === run.runId)).toMatchObject({ tickets: 3, activated: 1, voidedAt: expect.any(Date) });
  });

  it("a run with nothing activated: every ticket goes and its order is cancelled", async () => {
    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: st, count: 2 }));
    const sold = (await countersOf(t.database, dateId)).areas.S!.sold;
    expect(ok(await attempt(shop.organiser.trpc.print.voidRun.mutate({ runId: run.runId })))).toEqual({ voided: 2, kept: 0 });
    expect((await countersOf(t.database, dateId)).areas.S!.sold).toBe(sold - 2);
    const [order] = await t.database.rows<{ status: string }>(sql`select status::text from orders where id = ${run.orderId}`);
    expect(order!.status).toBe("cancelled");
  });
});

describe("a double submit prints once", () => {
  it("the same idempotency key again, in turn and at once, returns the run it made: one order, one set of places", async () => {
    const key = `double-${Date.now()}-${Math.random()}`;
    const before = await takenOf(t.database, dateId, shop.organiserId);
    const [a, b] = await Promise.all([
      createRunVia(shop.organiser, { idempotencyKey: key, scopeId: dateId, ticketCategoryId: st, count: 2 }),
      createRunVia(shop.organiser, { idempotencyKey: key, scopeId: dateId, ticketCategoryId: st, count: 2 }),
    ]);
    const again = ok(await createRunVia(shop.organiser, { idempotencyKey: key, scopeId: dateId, ticketCategoryId: st, count: 2 }));
    expect(ok(a).runId).toBe(ok(b).runId);
    expect(again).toEqual(ok(a));
    const [runs] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from print_runs where idempotency_key = ${key}`);
    expect(Number(runs!.n)).toBe(1);
    const after = await takenOf(t.database, dateId, shop.organiserId);
    expect(Number(after.counters.find((c) => c.k === "area:S")!.sold)).toBe(Number(before.counters.find((c) => c.k === "area:S")!.sold) + 2);
    expect(after.facts).toMatchObject({ orders: before.facts!.orders + 1, runs: before.facts!.runs + 1, lines: before.facts!.lines + 2 });
  });
});

describe("refusals take nothing", () => {
  it("more tickets than are free: PRINT_NOT_ENOUGH on the field asked, by number (seated and counted) and by seats", async () => {
    const before = await takenOf(t.database, dateId, shop.organiserId);
    const tooMany = await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, count: 100 });
    expect(tooMany.error).toMatchObject({ appCode: "PRINT_NOT_ENOUGH", fieldErrors: { count: [expect.any(String)] } });
    // The standing category's 30 a day: some are printed already.
    const counted = await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: st, count: 30 });
    expect(counted.error).toMatchObject({ appCode: "PRINT_NOT_ENOUGH", fieldErrors: { count: [expect.any(String)] } });
    // Two free seats and one a run holds: none of the three is taken.
    const picked = await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, seatKeys: ["G2:2:0", "G2:4:0", "G2:2:1"] });
    expect(picked.error).toMatchObject({ appCode: "PRINT_NOT_ENOUGH", fieldErrors: { seatKeys: [expect.any(String)] } });
    expect(await takenOf(t.database, dateId, shop.organiserId)).toEqual(before);
    expect(await seatStates(t.database, dateId, ["G2:2:0", "G2:2:1"])).toMatchObject({ "G2:2:0": { status: "FREE" }, "G2:2:1": { status: "FREE" } });
  });

  it("a category of another event, another organiser's date, an unknown seat or one of another category: refused, nothing taken", async () => {
    const before = await takenOf(t.database, dateId, shop.organiserId);
    const foreign = await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: other.category("cat1").id, count: 1 });
    expect(foreign.error).toMatchObject({ appCode: "NOT_FOUND", httpStatus: 404 });
    const otherDate = await createRunVia(shop.organiser, { scopeId: other.dateIds[0]!, ticketCategoryId: other.category("cat1").id, count: 1 });
    expect(otherDate.error?.appCode).toBe("NOT_FOUND");
    expect((await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, seatKeys: ["G9:0:0"] })).error).toMatchObject({
      appCode: "SEAT_NOT_FOUND",
      detail: "G9:0:0",
    });
    // Seats picked for the standing category's ticket: not its places.
    expect((await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: st, seatKeys: ["G2:2:0"] })).error?.appCode).toBe("TICKET_NOT_SELECTABLE");
    // Neither or both of number and seats: a validation error.
    expect((await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1 })).error?.appCode).toBe("VALIDATION");
    expect((await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, count: 1, seatKeys: ["G2:2:0"] })).error?.appCode).toBe("VALIDATION");
    expect((await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, count: 501 })).error?.appCode).toBe("VALIDATION");
    expect(await takenOf(t.database, dateId, shop.organiserId)).toEqual(before);
  });
});

describe("rights and the organiser's boundary", () => {
  it("printAreaAccess allows a team member everything, another right nothing (the PDF included)", async () => {
    const printer = await signedInTeamMember(t, shop.organiserId, { printAreaAccess: true });
    expect((await printer.client.trpc.print.dates.query())[0]!.eventId).toBe(shop.eventId);
    const run = ok(await createRunVia(printer.client, { scopeId: dateId, ticketCategoryId: cat1, seatKeys: ["G2:0:9"] }));
    const { rows } = await printer.client.trpc.print.runs.query({});
    expect(rows[0]).toMatchObject({ id: run.runId, createdByName: `${printer.user.firstName} ${printer.user.lastName}`.trim() });
    expect((await printer.client.request({ method: "GET", url: run.pdfUrl })).statusCode).toBe(200);

    const cashier = await signedInTeamMember(t, shop.organiserId, { showBoxoffice: true, updateBoxoffice: true, viewOrders: true });
    for (const call of [
      attempt(cashier.client.trpc.print.dates.query()),
      attempt(cashier.client.trpc.print.scope.query({ scopeId: dateId })),
      attempt(cashier.client.trpc.print.runs.query({})),
      createRunVia(cashier.client, { scopeId: dateId, ticketCategoryId: cat1, count: 1 }),
      attempt(cashier.client.trpc.print.voidRun.mutate({ runId: run.runId })),
    ]) {
      expect((await call).error?.appCode).toBe("FORBIDDEN");
    }
    expect((await cashier.client.request({ method: "GET", url: run.pdfUrl })).statusCode).toBe(403);
    expect((await t.client().request({ method: "GET", url: run.pdfUrl })).statusCode).toBe(401);
    ok(await attempt(printer.client.trpc.print.voidRun.mutate({ runId: run.runId })));
  });

  it("another organiser's date, run and PDF are NOT_FOUND; its list shows only its own runs", async () => {
    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: cat1, seatKeys: ["G2:0:8"] }));
    expect((await attempt(other.organiser.trpc.print.scope.query({ scopeId: dateId }))).error?.appCode).toBe("NOT_FOUND");
    expect((await attempt(other.organiser.trpc.print.voidRun.mutate({ runId: run.runId }))).error?.appCode).toBe("NOT_FOUND");
    expect((await other.organiser.request({ method: "GET", url: run.pdfUrl })).statusCode).toBe(404);
    expect((await other.organiser.trpc.print.runs.query({})).rows).toEqual([]);
    expect((await other.organiser.trpc.print.dates.query()).map((e) => e.eventId)).toEqual([other.eventId]);
    // The run is untouched by the refused void.
    expect((await runLines(t.database, run.runId)).map((l) => l.status)).toEqual(["active"]);
  });
});
