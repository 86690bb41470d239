import { randomUUID } from "node:crypto";
import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkinTestLevers } from "../../server/modules/staff/checkin";
import { signedTicketCode, ticketCode } from "../../server/modules/orders/ticket-code";
import { CODE_MAX_LENGTH, parseTicketCode, verifySignedCode, type SignedCode } from "../../shared/checkin/code";
import { SCAN_INPUT_MAX } from "../../shared/schemas/checkin";
import type { TestClient } from "./helpers/app";
import {
  categoriesOf,
  createEventVia,
  datesOf,
  eventRow,
  localDateInDays,
  ok,
  oneDaySchedule,
  saveTicketsVia,
  
  ticketCategory,
  validEventStep1,
  
} from "./helpers/events";
import { createUser } from "./helpers/factories";
import { expectNoDrift } from "./helpers/inventory";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import { buySeats, checkoutInput, checkoutVia, createOrdersApp, decideVia, keyOf, linesOf, orderRow, type OrdersApp, paymentIdOf } from "./helpers/orders";
import { cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { attempt, failure, malformed, type RouterOutput } from "./helpers/trpc";

/**
 * Check-in at the door (issue 18, decision 018): staff sign in, scan online (exactly once per
 * ticket and date), sync the ticket list, upload offline scans (conflicts reported on both
 * devices), undo. On PGlite and on Postgres (TEST_DATABASE_URL); the race only on Postgres.
 */
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

type ScanResult = RouterOutput["staff"]["checkin"]["scan"];
type Line = { id: string; event_id: string; scope_id: string; status: string; checked_in_at: Date | string | null };

// ---------------------------------------------------------------- set-up

/** An event with two dates (in 30 and 31 days), two blocks of 5 × 10 seats, "Ticket cat1". */
function twoDayEvent(): Promise<ShopEvent> {
  return createShopEvent(t, {
    layout: gridLayout(2, 5, 10),
    categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })],
    step1: validEventStep1({ schedule: oneDaySchedule(localDateInDays(30), { additionalDates: [{ date: localDateInDays(31), start: "19:00", end: "22:00" }] }) }),
  });
}

const seatCounters = new Map<string, number>();
/** `n` seats of a date nobody bought yet in this file. */
function freeSeats(dateId: string, n: number): string[] {
  const start = seatCounters.get(dateId) ?? 0;
  seatCounters.set(dateId, start + n);
  return Array.from({ length: n }, (_, i) => {
    const k = start + i;
    return `G${Math.floor(k / 50) + 1}:${Math.floor((k % 50) / 10)}:${k % 10}`;
  });
}

/** A paid order of `n` seats on `dateId` of `shop`; its lines in order. */
async function buy(shop: ShopEvent, dateId: string, n = 1, overrides: Record<string, unknown> = {}) {
  const bought = await buySeats(t, dateId, shop.category("cat1").id, freeSeats(dateId, n), overrides);
  const order = (await orderRow(t.database, bought.orderId))!;
  return { ...bought, number: order.number, buyer: bought.input.buyer, lines: await linesAtDoor(bought.orderId) };
}

/** A paid order of one ticket of a category without seats. */
async function buyCounted(scopeId: string, ticketCategoryId: string) {
  const client = t.client();
  const cart = cartOf(ok(await holdVia(client, { scopeId, counts: [{ ticketCategoryId, areaId: null, quantity: 1 }] })));
  const result = ok(await checkoutVia(client, checkoutInput(cart, [{ ticketCategoryId, areaId: null }])));
  ok(await decideVia(client, paymentIdOf(result), "paid"));
  return { orderId: result.orderId, lines: await linesAtDoor(result.orderId) };
}

async function linesAtDoor(orderId: string): Promise<Line[]> {
  return t.database.rows<Line>(
    sql`select id::text, event_id::text, scope_id::text, status::text, checked_in_at from order_lines where order_id = ${orderId} order by created_at, id`,
  );
}

async function lineRow(lineId: string): Promise<Line> {
  const [row] = await t.database.rows<Line>(sql`select id::text, event_id::text, scope_id::text, status::text, checked_in_at from order_lines where id = ${lineId}`);
  return row!;
}

/** The signed code printed on a line's ticket. */
const codeOf = (line: Pick<Line, "id" | "event_id" | "scope_id">) => signedTicketCode(t.config.APP_SECRET, { lineId: line.id, eventId: line.event_id, scopeId: line.scope_id });

type CheckinRow = { id: string; line_id: string; outcome: string; device_id: string; staff_user_id: string | null; offline: boolean; scanned_at: Date | string; undone_at: Date | string | null };

async function checkinsOf(lineId: string): Promise<CheckinRow[]> {
  return t.database.rows<CheckinRow>(
    sql`select id::text, line_id::text, outcome::text, device_id, staff_user_id::text, offline, scanned_at, undone_at from checkins where line_id = ${lineId} order by recorded_at, id`,
  );
}

async function checkinCount(): Promise<number> {
  const [row] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from checkins`);
  return Number(row!.n);
}

let staffCount = 0;
/** A staff member of `eventId`'s organiser assigned to it, signed in through the staff login. */
async function staffOf(eventId: string, organiserId?: string) {
  staffCount++;
  const organiser = organiserId ?? (await eventRow(t.database.db, eventId))!.organiserId;
  const username = `staff-${staffCount}-${randomUUID().slice(0, 8)}`;
  const user = await createUser(t.database.db, { role: "agent", organiserId: organiser, eventId, username, firstName: "Sam", lastName: `Staff${staffCount}` });
  const client = t.client();
  const login = await attempt(client.trpc.auth.agentLogin.mutate({ username, password: user.password }));
  ok(login);
  return { user, client, username, password: user.password, name: `Sam Staff${staffCount}` };
}

type Staff = Awaited<ReturnType<typeof staffOf>>;

/** A check-in device of a staff member at one date: scans with a fresh nonce each unless given. */
function deviceOf(staff: { client: TestClient }, dateId: string, label = "Gate 1") {
  const deviceId = `device-${randomUUID()}`;
  return {
    deviceId,
    label,
    scan: (code: string, nonce: string = randomUUID()) => staff.client.trpc.staff.checkin.scan.mutate({ dateId, code, nonce, deviceId, deviceLabel: label }),
    upload: (scans: { code: string; nonce?: string; scannedAt: Date }[]) =>
      staff.client.trpc.staff.checkin.upload.mutate({
        dateId,
        deviceId,
        deviceLabel: label,
        scans: scans.map((s) => ({ code: s.code, nonce: s.nonce ?? randomUUID(), scannedAt: s.scannedAt })),
      }),
  };
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

// ---------------------------------------------------------------- the door, online

describe("online check-in at the door", () => {
  let shop: ShopEvent;
  let first: string;
  let second: string;
  let staff: Staff;

  beforeAll(async () => {
    shop = await twoDayEvent();
    [first, second] = shop.dateIds as [string, string];
    staff = await staffOf(shop.eventId);
  });

  it("staff.home names the event, its dates and the public key that verifies the printed codes", async () => {
    const home = await staff.client.trpc.staff.home.query();
    expect(home).toMatchObject({ id: staff.user.id, name: "Sam", eventId: shop.eventId, eventName: "Summer Concert", eventCancelled: false });
    const dates = await datesOf(t.database.db, shop.eventId);
    expect(home.dates.map((d) => d.id)).toEqual([first, second]);
    expect(home.dates[0]).toMatchObject({ eventId: shop.eventId, seasonId: null, localDate: localDateInDays(30), timeZone: "Europe/Berlin", startsAt: dates[0]!.startsAt });
    expect(home.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const publicKey = decodeBase64urlIgnorePadding(home.publicKey);
    expect(publicKey.length).toBe(32);

    // The codes of a ticket PDF verify with it, offline (the shared noble verifier).
    const bought = await buy(shop, first, 2);
    const pdf = await t.client().request({ method: "GET", url: `/api/orders/${bought.orderId}/tickets.pdf?key=${keyOf(t, bought.orderId)}` });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const codes = text.replace(/\s+/g, "").match(/T2\.[A-Za-z0-9_-]{66}\.[A-Za-z0-9_-]{86}/g) ?? [];
    expect(codes).toHaveLength(2);
    for (const code of codes) {
      const parsed = parseTicketCode(code) as SignedCode;
      expect(parsed.kind).toBe("signed");
      expect(await verifySignedCode(parsed, publicKey)).toBe(true);
      expect(parsed).toMatchObject({ eventId: shop.eventId, scopeId: first });
    }
    expect(codes.map((c) => (parseTicketCode(c) as SignedCode).lineId).sort()).toEqual(bought.lines.map((l) => l.id).sort());
    // The same codes as the server signs for the lines.
    expect(codes.sort()).toEqual(bought.lines.map(codeOf).sort());
  });

  it("a valid ticket: VALID with category, place and buyer; admitted; the line checked in; the organiser's detail shows it", async () => {
    const bought = await buy(shop, first, 2);
    const [line, other] = bought.lines;
    const stored = (await linesOf(t.database, bought.orderId))[0]!;
    const gate = deviceOf(staff, first, "Gate 1");
    const before = await staff.client.trpc.staff.checkin.sync.query({ dateId: first });

    const result = await gate.scan(codeOf(line!));
    expect(result.outcome).toBe("admitted");
    expect(result.checkinId).toEqual(expect.any(String));
    expect(result.verdict).toMatchObject({
      kind: "valid",
      ticket: {
        lineId: line!.id,
        orderId: bought.orderId,
        orderNumber: bought.number,
        reference: `${bought.number}-1`,
        eventId: shop.eventId,
        scopeId: first,
        lineStatus: "checked_in",
        orderStatus: "valid",
        categoryName: "Ticket cat1",
        placeLabels: stored.place_labels,
        places: 1,
        buyerName: `${bought.buyer.firstName} ${bought.buyer.lastName}`,
      },
    });
    expect(stored.place_labels.length).toBe(1);
    expect(result.counts).toEqual({ expected: before.counts.expected, checkedIn: before.counts.checkedIn + 1 });

    const row = await lineRow(line!.id);
    expect(row.status).toBe("checked_in");
    expect(row.checked_in_at).not.toBeNull();
    expect(Math.abs(new Date(row.checked_in_at!).getTime() - Date.now())).toBeLessThan(60_000);
    expect((await lineRow(other!.id)).status).toBe("active");
    expect(await checkinsOf(line!.id)).toEqual([
      expect.objectContaining({ id: result.checkinId, outcome: "admitted", device_id: gate.deviceId, staff_user_id: staff.user.id, offline: false, undone_at: null }),
    ]);

    const detail = await shop.organiser.trpc.organiserOrders.detail.query({ orderId: bought.orderId });
    expect(detail.checkIns).toBe(1);
    expect(detail.lines.map((l) => l.status)).toEqual(["checked_in", "active"]);
    expect(detail.lines[0]!.lastCheckInAt).toEqual(new Date(row.checked_in_at!));
    expect(detail.lines[1]!.lastCheckInAt).toBeNull();
    // A checked-in ticket cannot be cancelled any more.
    expect((await failure(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [line!.id] }))).appCode).toBe("TICKET_CHECKED_IN");
  });

  it("a second scan: ALREADY CHECKED IN with the entry's time, device and staff name; nothing written", async () => {
    const bought = await buy(shop, first);
    const line = bought.lines[0]!;
    const first1 = await deviceOf(staff, first, "North gate").scan(codeOf(line));
    expect(first1.outcome).toBe("admitted");
    const entryAt = (await checkinsOf(line.id))[0]!.scanned_at;

    const other = await staffOf(shop.eventId);
    for (const [who, label] of [
      [staff, "North gate"],
      [other, "South gate"],
    ] as const) {
      const again = await deviceOf(who, first, label).scan(codeOf(line));
      expect(again.outcome).toBe("refused");
      expect(again.checkinId).toBeNull();
      expect(again.verdict).toMatchObject({
        kind: "already_checked_in",
        ticket: { lineId: line.id, lineStatus: "checked_in" },
        entry: { id: first1.checkinId, at: new Date(entryAt).toISOString(), deviceLabel: "North gate", staffName: staff.name },
      });
    }
    expect(await checkinsOf(line.id)).toHaveLength(1);
  });

  it("the same nonce sent again: outcome repeated, the first answer, nothing written twice", async () => {
    const bought = await buy(shop, first);
    const line = bought.lines[0]!;
    const gate = deviceOf(staff, first);
    const nonce = randomUUID();
    const once = await gate.scan(codeOf(line), nonce);
    expect(once.outcome).toBe("admitted");
    const rows = await checkinCount();
    for (let i = 0; i < 3; i++) {
      const again = await gate.scan(codeOf(line), nonce);
      expect(again).toMatchObject({ outcome: "repeated", checkinId: once.checkinId, verdict: { kind: "valid", ticket: { lineId: line.id } } });
    }
    // The nonce names the scan, not the code: another code under it is still the first scan.
    const otherTicket = (await buy(shop, first)).lines[0]!;
    expect(await gate.scan(codeOf(otherTicket), nonce)).toMatchObject({ outcome: "repeated", checkinId: once.checkinId });
    expect((await lineRow(otherTicket.id)).status).toBe("active");
    // Sent at once, too.
    const parallel = await Promise.all([gate.scan(codeOf(line), nonce), gate.scan(codeOf(line), nonce)]);
    expect(parallel.map((p) => p.outcome)).toEqual(["repeated", "repeated"]);
    expect(await checkinCount()).toBe(rows);
    expect(await checkinsOf(line.id)).toHaveLength(1);
    // Another staff member cannot replay somebody else's nonce.
    const other = await staffOf(shop.eventId);
    expect((await failure(deviceOf(other, first).scan(codeOf(line), nonce))).appCode).toBe("CONFLICT");
    expect(await checkinCount()).toBe(rows);
  });

  it("a nonce of the wrong shape, a label too long, an input over the bound: refused as input", async () => {
    const line = (await buy(shop, first)).lines[0]!;
    const base = { dateId: first, code: codeOf(line), nonce: randomUUID(), deviceId: "device-1234", deviceLabel: "Gate 1" };
    const api = staff.client.trpc.staff.checkin.scan;
    for (const input of [
      { ...base, nonce: "short" },
      { ...base, nonce: "has spaces in it" },
      { ...base, nonce: "x".repeat(65) },
      { ...base, deviceId: "" },
      { ...base, deviceLabel: "" },
      { ...base, deviceLabel: "x".repeat(41) },
      { ...base, dateId: "not-a-uuid" },
      { ...base, code: "x".repeat(SCAN_INPUT_MAX + 1) },
    ]) {
      expect((await failure(api.mutate(malformed(input)))).appCode, JSON.stringify(input).slice(0, 80)).toBe("VALIDATION");
    }
    expect(await checkinsOf(line.id)).toEqual([]);
  });

  it("a cancelled ticket: CANCELLED, nothing written", async () => {
    const bought = await buy(shop, first, 2);
    const [cancelled, kept] = bought.lines;
    await shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [cancelled!.id] });
    const gate = deviceOf(staff, first);
    expect(await gate.scan(codeOf(cancelled!))).toMatchObject({ outcome: "refused", checkinId: null, verdict: { kind: "cancelled", ticket: { lineId: cancelled!.id, lineStatus: "canceled" } } });
    expect(await checkinsOf(cancelled!.id)).toEqual([]);
    expect((await lineRow(cancelled!.id)).status).toBe("canceled");
    // The rest of the order (then cancelled as a whole).
    expect((await gate.scan(codeOf(kept!))).outcome).toBe("admitted");
    const whole = await buy(shop, first);
    await shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: whole.orderId });
    expect((await gate.scan(codeOf(whole.lines[0]!))).verdict.kind).toBe("cancelled");
  });

  it("an unpaid order: UNPAID; a failed one: CANCELLED", async () => {
    const pending = await buySeatsPending(shop, first);
    const gate = deviceOf(staff, first);
    expect((await gate.scan(codeOf(pending.lines[0]!))).verdict.kind).toBe("unpaid");
    ok(await decideVia(pending.client, pending.paymentId, "failed"));
    expect((await gate.scan(codeOf(pending.lines[0]!))).verdict.kind).toBe("cancelled");
    expect(await checkinsOf(pending.lines[0]!.id)).toEqual([]);
  });

  it("a ticket of the event's other date: OTHER DATE (naming it); valid at its own date", async () => {
    const bought = await buy(shop, second);
    const line = bought.lines[0]!;
    expect(await deviceOf(staff, first).scan(codeOf(line))).toMatchObject({ outcome: "refused", verdict: { kind: "other_date", scopeId: second } });
    expect(await checkinsOf(line.id)).toEqual([]);
    expect((await deviceOf(staff, second).scan(codeOf(line))).outcome).toBe("admitted");
  });

  it("another event of the same organiser, and another organiser's signed ticket: OTHER EVENT, nothing written", async () => {
    const otherEventId = await createEventVia(shop.organiser, validEventStep1({ name: "Other show", date: localDateInDays(40) }));
    await saveTicketsVia(shop.organiser, otherEventId, [ticketCategory("o", { name: "Ticket o" })]);
    await shop.organiser.trpc.events.publish.mutate({ id: otherEventId, publishOption: "now" });
    const [otherDate] = await datesOf(t.database.db, otherEventId);
    const [otherCategory] = await categoriesOf(t.database.db, otherEventId);
    const sameOrganiser = await buyCounted(otherDate!.id, otherCategory!.id);

    const foreignShop = await twoDayEvent();
    const foreign = (await buySeats(t, foreignShop.dateIds[0]!, foreignShop.category("cat1").id, ["G1:0:0"])).orderId;
    const foreignLine = (await linesAtDoor(foreign))[0]!;

    const rows = await checkinCount();
    const gate = deviceOf(staff, first);
    expect(await gate.scan(codeOf(sameOrganiser.lines[0]!))).toMatchObject({ outcome: "refused", checkinId: null, verdict: { kind: "other_event" } });
    // Signed by the platform, so genuine, but of another organiser: the door learns nothing about it.
    const verdict = (await gate.scan(codeOf(foreignLine))).verdict;
    expect(verdict).toEqual({ kind: "other_event" });
    // Its old code, its typed reference: unknown here.
    expect((await gate.scan(ticketCode(t.config.APP_SECRET, foreignLine.id))).verdict).toEqual({ kind: "unknown" });
    const foreignNumber = (await orderRow(t.database, foreign))!.number;
    expect((await gate.scan(`${foreignNumber}-1`)).verdict).toEqual({ kind: "unknown" });
    expect(await checkinCount()).toBe(rows);
    expect((await lineRow(foreignLine.id)).status).toBe("active");
  });

  it("forged, altered, garbage, truncated and oversized codes: FORGED; unknown lines: UNKNOWN; nothing written", async () => {
    const line = (await buy(shop, first)).lines[0]!;
    const code = codeOf(line);
    const [, payload, signature] = code.split(".");
    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === "A" ? "B" : "A"}${s.slice(i + 1)}`;
    const rows = await checkinCount();
    const gate = deviceOf(staff, first);
    const forged = [
      `T2.${flip(payload!, 10)}.${signature}`,
      `T2.${payload}.${flip(signature!, 20)}`,
      signedTicketCode("a-different-secret-of-at-least-32-chars!", { lineId: line.id, eventId: line.event_id, scopeId: line.scope_id }),
      ticketCode("a-different-secret-of-at-least-32-chars!", line.id),
      code.slice(0, 100),
      code.slice(0, -1),
      `${code}A`,
      `T2.${payload}${"A".repeat(CODE_MAX_LENGTH)}.${signature}`,
      "x".repeat(CODE_MAX_LENGTH + 1),
      "x".repeat(SCAN_INPUT_MAX),
      "garbage",
      "https://example.com/?ticket=1",
      "T2..",
      "   ",
      "' or 1=1 --",
      "K7M2-X9QD-0",
    ];
    for (const c of forged) expect(await gate.scan(c), c.slice(0, 60)).toMatchObject({ outcome: "refused", checkinId: null, verdict: { kind: "forged" } });
    // Genuine codes of lines nobody sold (the database is the truth online).
    expect((await gate.scan(signedTicketCode(t.config.APP_SECRET, { lineId: randomUUID(), eventId: shop.eventId, scopeId: first }))).verdict).toEqual({ kind: "unknown" });
    expect((await gate.scan(ticketCode(t.config.APP_SECRET, randomUUID()))).verdict).toEqual({ kind: "unknown" });
    expect((await gate.scan("ZZZZ-ZZZZ-1")).verdict).toEqual({ kind: "unknown" });
    expect(await checkinCount()).toBe(rows);
    // The genuine one still gets in afterwards.
    expect((await gate.scan(code)).outcome).toBe("admitted");
  });

  it("the typed reference NUMBER-POSITION checks the ticket in, as does an old T1 code", async () => {
    const bought = await buy(shop, first, 3);
    const gate = deviceOf(staff, first);
    const second1 = await gate.scan(`${bought.number}-2`);
    expect(second1).toMatchObject({ outcome: "admitted", verdict: { kind: "valid", ticket: { lineId: bought.lines[1]!.id, reference: `${bought.number}-2` } } });
    // Lower case, without the first dash, with spaces around: the same ticket, now in.
    expect((await gate.scan(`  ${bought.number.toLowerCase().replace("-", "")}-2 `)).verdict.kind).toBe("already_checked_in");
    expect((await gate.scan(`${bought.number}-4`)).verdict).toEqual({ kind: "unknown" });
    // The old HMAC code (tickets printed before signed codes) works online.
    const old = await gate.scan(ticketCode(t.config.APP_SECRET, bought.lines[2]!.id));
    expect(old).toMatchObject({ outcome: "admitted", verdict: { kind: "valid", ticket: { lineId: bought.lines[2]!.id } } });
    expect((await gate.scan(codeOf(bought.lines[2]!))).verdict.kind).toBe("already_checked_in");
    // An old code of the other date: OTHER DATE from the database's facts.
    const later = (await buy(shop, second)).lines[0]!;
    expect((await gate.scan(ticketCode(t.config.APP_SECRET, later.id))).verdict).toEqual({ kind: "other_date", scopeId: second });
  });

  it("undo: the entry is kept and marked, the line active again, the ticket may enter again", async () => {
    const bought = await buy(shop, first);
    const line = bought.lines[0]!;
    const gate = deviceOf(staff, first);
    const admitted = await gate.scan(codeOf(line));
    const counts = admitted.counts;
    expect((await lineRow(line.id)).status).toBe("checked_in");

    // Somebody else's check-in is not theirs to undo.
    const other = await staffOf(shop.eventId);
    expect((await failure(other.client.trpc.staff.checkin.undo.mutate({ checkinId: admitted.checkinId! }))).appCode).toBe("NOT_FOUND");
    expect((await failure(staff.client.trpc.staff.checkin.undo.mutate({ checkinId: randomUUID() }))).appCode).toBe("NOT_FOUND");

    expect(await staff.client.trpc.staff.checkin.undo.mutate({ checkinId: admitted.checkinId! })).toEqual({ ok: true });
    const row = await lineRow(line.id);
    expect(row).toMatchObject({ status: "active", checked_in_at: null });
    expect(await checkinsOf(line.id)).toEqual([expect.objectContaining({ id: admitted.checkinId, outcome: "admitted", undone_at: expect.anything() })]);
    const detail = await shop.organiser.trpc.organiserOrders.detail.query({ orderId: bought.orderId });
    expect([detail.checkIns, detail.lines[0]!.status, detail.lines[0]!.lastCheckInAt]).toEqual([0, "active", null]);
    // Undone twice: refused.
    expect((await failure(staff.client.trpc.staff.checkin.undo.mutate({ checkinId: admitted.checkinId! }))).appCode).toBe("CHECKIN_NOT_UNDOABLE");

    const again = await gate.scan(codeOf(line));
    expect(again).toMatchObject({ outcome: "admitted", verdict: { kind: "valid" } });
    expect(again.checkinId).not.toBe(admitted.checkinId);
    expect(again.counts).toEqual(counts);
    expect((await lineRow(line.id)).status).toBe("checked_in");
    expect((await checkinsOf(line.id)).map((c) => [c.outcome, c.undone_at === null])).toEqual([
      ["admitted", false],
      ["admitted", true],
    ]);
  });
});

/** An order placed but not paid yet (its payment still open). */
async function buySeatsPending(shop: ShopEvent, dateId: string) {
  const client = t.client();
  const keys = freeSeats(dateId, 1);
  const tc = shop.category("cat1").id;
  const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: keys.map((key) => ({ key, ticketCategoryId: tc })) })));
  const result = ok(await checkoutVia(client, checkoutInput(cart, keys.map((k) => ({ ticketCategoryId: tc, seatKeys: [k] })))));
  expect(result.status).toBe("pending");
  return { client, paymentId: paymentIdOf(result), orderId: result.orderId, lines: await linesAtDoor(result.orderId) };
}

// ---------------------------------------------------------------- who may check in

describe("staff only at their own event", () => {
  let a: ShopEvent;
  let staffA: Staff;
  let eventB: string;
  let dateB: string;
  let staffB: Staff;

  beforeAll(async () => {
    a = await twoDayEvent();
    staffA = await staffOf(a.eventId);
    eventB = await createEventVia(a.organiser, validEventStep1({ name: "Event B", date: localDateInDays(45) }));
    await saveTicketsVia(a.organiser, eventB, [ticketCategory("b", { name: "Ticket b" })]);
    await a.organiser.trpc.events.publish.mutate({ id: eventB, publishOption: "now" });
    dateB = (await datesOf(t.database.db, eventB))[0]!.id;
    staffB = await staffOf(eventB);
  });

  it("staff of event A cannot use a date of event B (NOT_FOUND) and get OTHER EVENT for B's tickets", async () => {
    const [categoryB] = await categoriesOf(t.database.db, eventB);
    const ticketB = (await buyCounted(dateB, categoryB!.id)).lines[0]!;
    const rows = await checkinCount();
    const api = staffA.client.trpc.staff.checkin;
    const device = { deviceId: "device-a-1234", deviceLabel: "Gate A" };
    const calls = [
      () => api.scan.mutate({ dateId: dateB, code: codeOf(ticketB), nonce: randomUUID(), ...device }),
      () => api.sync.query({ dateId: dateB }),
      () => api.search.query({ dateId: dateB, query: "Buyer" }),
      () => api.upload.mutate({ dateId: dateB, ...device, scans: [{ nonce: randomUUID(), code: codeOf(ticketB), scannedAt: minutesAgo(1) }] }),
      () => api.scan.mutate({ dateId: randomUUID(), code: codeOf(ticketB), nonce: randomUUID(), ...device }),
    ];
    for (const call of calls) expect((await failure(call())).appCode).toBe("NOT_FOUND");
    expect((await staffA.client.trpc.staff.home.query()).dates.map((d) => d.id)).toEqual(a.dateIds);

    expect(await deviceOf(staffA, a.dateIds[0]!).scan(codeOf(ticketB))).toMatchObject({ outcome: "refused", verdict: { kind: "other_event" } });
    expect(await checkinCount()).toBe(rows);
    // B's staff check it in at B.
    expect((await deviceOf(staffB, dateB).scan(codeOf(ticketB))).outcome).toBe("admitted");
    // And cannot undo at A what they did at B after being moved to A.
    const [c] = await checkinsOf(ticketB.id);
    await t.database.rows(sql`update users set event_id = ${a.eventId} where id = ${staffB.user.id} returning id`);
    try {
      expect((await failure(staffB.client.trpc.staff.checkin.undo.mutate({ checkinId: c!.id }))).appCode).toBe("NOT_FOUND");
    } finally {
      await t.database.rows(sql`update users set event_id = ${eventB} where id = ${staffB.user.id} returning id`);
    }
  });

  it("other roles cannot call the staff procedures; nobody signed out can", async () => {
    const line = (await buy(a, a.dateIds[0]!)).lines[0]!;
    const input = { dateId: a.dateIds[0]!, code: codeOf(line), nonce: randomUUID(), deviceId: "device-x-1234", deviceLabel: "Gate X" };
    expect((await failure(a.organiser.trpc.staff.checkin.scan.mutate(input))).appCode).toBe("FORBIDDEN");
    expect((await failure(t.client().trpc.staff.checkin.scan.mutate(input))).appCode).toBe("UNAUTHENTICATED");
    expect((await failure(t.client().trpc.staff.home.query())).appCode).toBe("UNAUTHENTICATED");
    expect(await checkinsOf(line.id)).toEqual([]);
  });

  it("a deactivated staff member is refused at once, and cannot sign in again", async () => {
    const line = (await buy(a, a.dateIds[0]!)).lines[0]!;
    const member = await staffOf(a.eventId);
    const gate = deviceOf(member, a.dateIds[0]!);
    expect((await member.client.trpc.staff.home.query()).id).toBe(member.user.id);

    // The status alone refuses the session (as the manage code sets it).
    await t.database.rows(sql`update users set status = 'deactivated' where id = ${member.user.id} returning id`);
    expect((await failure(gate.scan(codeOf(line)))).appCode).toBe("UNAUTHENTICATED");
    expect((await failure(member.client.trpc.staff.checkin.sync.query({ dateId: a.dateIds[0]! }))).appCode).toBe("UNAUTHENTICATED");
    expect((await failure(t.client().trpc.auth.agentLogin.mutate({ username: member.username, password: member.password }))).appCode).toBe("ACCOUNT_DISABLED");
    expect(await checkinsOf(line.id)).toEqual([]);

    // Sessions ended too (what deactivating does): reactivated, the old session stays gone.
    const second = await staffOf(a.eventId);
    await t.database.rows(sql`update users set status = 'deactivated' where id = ${second.user.id} returning id`);
    await t.database.rows(sql`delete from sessions where user_id = ${second.user.id} returning id`);
    await t.database.rows(sql`update users set status = 'active' where id = ${second.user.id} returning id`);
    expect((await failure(deviceOf(second, a.dateIds[0]!).scan(codeOf(line)))).appCode).toBe("UNAUTHENTICATED");
    expect(await checkinsOf(line.id)).toEqual([]);
    // Signing in again works once active.
    ok(await attempt(second.client.trpc.auth.agentLogin.mutate({ username: second.username, password: second.password })));
    expect((await deviceOf(second, a.dateIds[0]!).scan(codeOf(line))).outcome).toBe("admitted");
  });

  it("staff of a cancelled event have no dates", async () => {
    const c = await createEventVia(a.organiser, validEventStep1({ name: "Event C", date: localDateInDays(50) }));
    await saveTicketsVia(a.organiser, c, [ticketCategory("c", { name: "Ticket c" })]);
    await a.organiser.trpc.events.publish.mutate({ id: c, publishOption: "now" });
    const dateC = (await datesOf(t.database.db, c))[0]!.id;
    const member = await staffOf(c);
    expect((await member.client.trpc.staff.home.query()).dates.map((d) => d.id)).toEqual([dateC]);
    await a.organiser.trpc.events.cancel.mutate({ id: c });
    const home = await member.client.trpc.staff.home.query();
    expect(home).toMatchObject({ eventCancelled: true, dates: [] });
    expect((await failure(member.client.trpc.staff.checkin.sync.query({ dateId: dateC }))).appCode).toBe("NOT_FOUND");
  });
});

// ---------------------------------------------------------------- the ticket list

describe("counts, sync and search", () => {
  let shop: ShopEvent;
  let dateId: string;
  let staff: Staff;

  beforeAll(async () => {
    shop = await twoDayEvent();
    dateId = shop.dateIds[0]!;
    staff = await staffOf(shop.eventId);
  });

  it("counts: tickets of paid orders not cancelled against entries that stand", async () => {
    const api = staff.client.trpc.staff.checkin;
    expect((await api.sync.query({ dateId })).counts).toEqual({ expected: 0, checkedIn: 0 });
    const bought = await buy(shop, dateId, 3);
    await buy(shop, shop.dateIds[1]!, 2);
    await buySeatsPending(shop, dateId);
    expect((await api.sync.query({ dateId })).counts).toEqual({ expected: 3, checkedIn: 0 });
    await shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [bought.lines[2]!.id] });
    const gate = deviceOf(staff, dateId);
    const scanned = await gate.scan(codeOf(bought.lines[0]!));
    expect(scanned.counts).toEqual({ expected: 2, checkedIn: 1 });
    expect((await gate.scan(codeOf(bought.lines[0]!))).counts).toEqual({ expected: 2, checkedIn: 1 });
    await api.undo.mutate({ checkinId: scanned.checkinId! });
    expect((await api.sync.query({ dateId })).counts).toEqual({ expected: 2, checkedIn: 0 });
    expect((await gate.scan(codeOf(bought.lines[1]!))).counts).toEqual({ expected: 2, checkedIn: 1 });
    // The other date has its own.
    expect((await api.sync.query({ dateId: shop.dateIds[1]! })).counts).toEqual({ expected: 2, checkedIn: 0 });
  });

  it("sync: the whole list, then only what changed since (a cancellation, a check-in with its entry)", async () => {
    const api = staff.client.trpc.staff.checkin;
    const keep = await buy(shop, dateId, 2);
    const toCancel = await buy(shop, dateId, 1);
    const otherDate = await buy(shop, shop.dateIds[1]!, 1);

    const full = await api.sync.query({ dateId, since: null });
    expect(full.full).toBe(true);
    expect(full.serverTime).toBeInstanceOf(Date);
    const ids = full.tickets.map((x) => x.lineId);
    for (const l of [...keep.lines, ...toCancel.lines]) expect(ids).toContain(l.id);
    expect(ids).not.toContain(otherDate.lines[0]!.id);
    const listed = full.tickets.find((x) => x.lineId === keep.lines[0]!.id)!;
    expect(listed).toMatchObject({
      orderNumber: keep.number,
      reference: `${keep.number}-1`,
      eventId: shop.eventId,
      scopeId: dateId,
      lineStatus: "active",
      orderStatus: "valid",
      categoryName: "Ticket cat1",
      buyerName: `${keep.buyer.firstName} ${keep.buyer.lastName}`,
      entry: null,
    });
    expect(full.conflicts).toEqual([]);

    // Nothing changed for an hour: the delta is empty (the triggers stamp every change; the
    // stamps are moved back with them off, as if these lines were sold long ago).
    await t.database.db.execute(sql`alter table order_lines disable trigger order_lines_touch`);
    try {
      await t.database.rows(sql`update order_lines set changed_at = now() - interval '1 hour' where scope_id = ${dateId} returning id`);
    } finally {
      await t.database.db.execute(sql`alter table order_lines enable trigger order_lines_touch`);
    }
    const quiet = await api.sync.query({ dateId, since: full.serverTime });
    expect(quiet.full).toBe(false);
    expect(quiet.tickets).toEqual([]);

    // A cancellation after the first sync: the revoked ticket comes with the delta.
    await shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: toCancel.orderId });
    const delta = await api.sync.query({ dateId, since: quiet.serverTime });
    expect(delta.tickets.map((x) => [x.lineId, x.lineStatus, x.orderStatus])).toEqual([[toCancel.lines[0]!.id, "canceled", "cancelled"]]);

    // A check-in: the ticket comes with its entry.
    const scanned = await deviceOf(staff, dateId, "East gate").scan(codeOf(keep.lines[1]!));
    const next = await api.sync.query({ dateId, since: delta.serverTime });
    const changed = next.tickets.find((x) => x.lineId === keep.lines[1]!.id);
    expect(changed).toMatchObject({ lineStatus: "checked_in", entry: { id: scanned.checkinId, deviceLabel: "East gate", staffName: staff.name } });
    expect(next.tickets.map((x) => x.lineId).sort()).toEqual([toCancel.lines[0]!.id, keep.lines[1]!.id].sort());
    expect(next.serverTime.getTime()).toBeGreaterThanOrEqual(delta.serverTime.getTime());

    // An undo changes the line again.
    await api.undo.mutate({ checkinId: scanned.checkinId! });
    const undone = await api.sync.query({ dateId, since: next.serverTime });
    expect(undone.tickets.find((x) => x.lineId === keep.lines[1]!.id)).toMatchObject({ lineStatus: "active", entry: null });

    // A new sale comes as well.
    const sold = await buy(shop, dateId, 1);
    const afterSale = await api.sync.query({ dateId, since: undone.serverTime });
    expect(afterSale.tickets.map((x) => x.lineId)).toContain(sold.lines[0]!.id);
  });

  it("search by buyer name, email and order number; only the date's tickets", async () => {
    const api = staff.client.trpc.staff.checkin;
    const who = `Zed${randomUUID().slice(0, 6)}`;
    const bought = await buy(shop, dateId, 2, { buyer: { firstName: "Quinn", lastName: who, email: `${who.toLowerCase()}@example.com` } });
    const elsewhere = await buy(shop, shop.dateIds[1]!, 1, { buyer: { firstName: "Quinn", lastName: who, email: `${who.toLowerCase()}-2@example.com` } });

    const byName = await api.search.query({ dateId, query: who.toLowerCase() });
    expect(byName.map((x) => x.lineId).sort()).toEqual(bought.lines.map((l) => l.id).sort());
    expect(byName[0]).toMatchObject({ buyerName: `Quinn ${who}`, orderNumber: bought.number, entry: null });
    expect((await api.search.query({ dateId, query: `Quinn ${who}` })).length).toBe(2);
    expect((await api.search.query({ dateId, query: bought.number })).map((x) => x.reference).sort()).toEqual([`${bought.number}-1`, `${bought.number}-2`]);
    expect((await api.search.query({ dateId, query: bought.number.toLowerCase() })).length).toBe(2);
    expect((await api.search.query({ dateId, query: `${who.toLowerCase()}@example` })).length).toBe(2);
    expect(await api.search.query({ dateId, query: elsewhere.number })).toEqual([]);
    expect((await api.search.query({ dateId: shop.dateIds[1]!, query: who })).map((x) => x.lineId)).toEqual([elsewhere.lines[0]!.id]);
    // LIKE wildcards are literal.
    expect(await api.search.query({ dateId, query: "%%" })).toEqual([]);
    expect(await api.search.query({ dateId, query: "__" })).toEqual([]);
    // A checked-in ticket shows its entry.
    await deviceOf(staff, dateId, "Search gate").scan(codeOf(bought.lines[0]!));
    const found = await api.search.query({ dateId, query: who });
    expect(found.find((x) => x.lineId === bought.lines[0]!.id)).toMatchObject({ lineStatus: "checked_in", entry: { deviceLabel: "Search gate" } });
    // Too short a query is refused as input.
    expect((await failure(api.search.query({ dateId, query: "a" }))).appCode).toBe("VALIDATION");
  });
});

// ---------------------------------------------------------------- offline

describe("offline scans uploaded later", () => {
  let shop: ShopEvent;
  let dateId: string;
  let staff1: Staff;
  let staff2: Staff;

  beforeAll(async () => {
    shop = await twoDayEvent();
    dateId = shop.dateIds[0]!;
    staff1 = await staffOf(shop.eventId);
    staff2 = await staffOf(shop.eventId);
  });

  it("two devices check the same ticket offline: the first upload admits, the second is a conflict, both see it in sync", async () => {
    const line = (await buy(shop, dateId)).lines[0]!;
    const a = deviceOf(staff1, dateId, "Offline A");
    const b = deviceOf(staff2, dateId, "Offline B");
    const scanA = { code: codeOf(line), nonce: randomUUID(), scannedAt: minutesAgo(5) };
    const scanB = { code: codeOf(line), nonce: randomUUID(), scannedAt: minutesAgo(4) };

    const upA = await a.upload([scanA]);
    expect(upA.results).toEqual([{ nonce: scanA.nonce, outcome: "admitted", verdict: "valid", lineId: line.id, checkinId: expect.any(String) }]);
    const row = await lineRow(line.id);
    expect(row.status).toBe("checked_in");
    // The line's time is the scan's (the device's clock), not the upload's.
    expect(new Date(row.checked_in_at!).getTime()).toBe(scanA.scannedAt.getTime());

    const upB = await b.upload([scanB]);
    expect(upB.results).toEqual([{ nonce: scanB.nonce, outcome: "conflict", verdict: "already_checked_in", lineId: line.id, checkinId: expect.any(String) }]);
    expect(upB.counts.checkedIn).toBe(upA.counts.checkedIn);

    const rows = await checkinsOf(line.id);
    expect(rows.map((r) => [r.outcome, r.device_id, r.offline])).toEqual([
      ["admitted", a.deviceId, true],
      ["conflict", b.deviceId, true],
    ]);
    for (const who of [staff1, staff2]) {
      const { conflicts } = await who.client.trpc.staff.checkin.sync.query({ dateId });
      expect(conflicts).toEqual([
        {
          lineId: line.id,
          entries: [
            { id: upA.results[0]!.checkinId, outcome: "admitted", deviceId: a.deviceId, deviceLabel: "Offline A", scannedAt: scanA.scannedAt.toISOString(), offline: true, undone: false },
            { id: upB.results[0]!.checkinId, outcome: "conflict", deviceId: b.deviceId, deviceLabel: "Offline B", scannedAt: scanB.scannedAt.toISOString(), offline: true, undone: false },
          ],
        },
      ]);
    }
    // A conflict is no entry: undoing it is refused, the count stays.
    expect((await failure(staff2.client.trpc.staff.checkin.undo.mutate({ checkinId: upB.results[0]!.checkinId! }))).appCode).toBe("CHECKIN_NOT_UNDOABLE");

    // Replayed batches (a lost answer, a device retrying): the first answers, nothing written twice.
    const total = await checkinCount();
    const replayA = await a.upload([scanA]);
    const replayB = await b.upload([scanB]);
    expect(replayA.results).toEqual([expect.objectContaining({ outcome: "repeated", verdict: "valid", checkinId: upA.results[0]!.checkinId })]);
    expect(replayB.results).toEqual([expect.objectContaining({ outcome: "repeated", verdict: "already_checked_in", checkinId: upB.results[0]!.checkinId })]);
    await Promise.all([a.upload([scanA]), a.upload([scanA]), b.upload([scanB])]);
    expect(await checkinCount()).toBe(total);
  });

  it("an offline scan that meets an online entry is a conflict; an online scan after an offline one is ALREADY CHECKED IN", async () => {
    const [one, two] = (await buy(shop, dateId, 2)).lines;
    const online = await deviceOf(staff1, dateId, "Online").scan(codeOf(one!));
    const up = await deviceOf(staff2, dateId, "Offline").upload([{ code: codeOf(one!), scannedAt: minutesAgo(2) }]);
    expect(up.results[0]).toMatchObject({ outcome: "conflict", verdict: "already_checked_in" });

    await deviceOf(staff2, dateId, "Offline").upload([{ code: codeOf(two!), scannedAt: minutesAgo(3) }]);
    expect(await deviceOf(staff1, dateId, "Online").scan(codeOf(two!))).toMatchObject({ outcome: "refused", verdict: { kind: "already_checked_in", entry: { deviceLabel: "Offline", staffName: staff2.name } } });
    expect((await checkinsOf(one!.id)).map((c) => c.outcome)).toEqual(["admitted", "conflict"]);
    expect(online.outcome).toBe("admitted");
  });

  it("a batch: in the order scanned; a cancelled ticket refused; a forged code refused; a time in the future clamped", async () => {
    const bought = await buy(shop, dateId, 3);
    const [valid, cancelled, later] = bought.lines;
    await shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [cancelled!.id] });
    const device = deviceOf(staff1, dateId, "Batch");
    const scans = [
      { code: codeOf(later!), nonce: randomUUID(), scannedAt: new Date(Date.now() + 86_400_000) },
      { code: codeOf(cancelled!), nonce: randomUUID(), scannedAt: minutesAgo(9) },
      { code: "garbage-code", nonce: randomUUID(), scannedAt: minutesAgo(8) },
      { code: codeOf(valid!), nonce: randomUUID(), scannedAt: minutesAgo(10) },
      { code: codeOf(valid!), nonce: randomUUID(), scannedAt: minutesAgo(7) },
    ];
    const up = await device.upload(scans);
    // Sorted by the time scanned: the first scan of `valid` admits, its second is a conflict of this device with itself.
    expect(up.results.map((r) => [r.nonce, r.outcome, r.verdict])).toEqual([
      [scans[3]!.nonce, "admitted", "valid"],
      [scans[1]!.nonce, "refused", "cancelled"],
      [scans[2]!.nonce, "refused", "forged"],
      [scans[4]!.nonce, "conflict", "already_checked_in"],
      [scans[0]!.nonce, "admitted", "valid"],
    ]);
    expect(await checkinsOf(cancelled!.id)).toEqual([]);
    expect((await lineRow(cancelled!.id)).status).toBe("canceled");
    const [future] = await checkinsOf(later!.id);
    expect(new Date(future!.scanned_at).getTime()).toBeLessThanOrEqual(Date.now());

    // The whole batch again: refused scans are decided again (still refused), the rest repeated; nothing new.
    const total = await checkinCount();
    const again = await device.upload(scans);
    expect(again.results.map((r) => r.outcome)).toEqual(["repeated", "refused", "refused", "repeated", "repeated"]);
    expect(await checkinCount()).toBe(total);
  });

  it("an offline admission already sent is undone on the server by its nonce, by its own staff member only", async () => {
    const line = (await buy(shop, dateId)).lines[0]!;
    const nonce = randomUUID();
    expect((await deviceOf(staff1, dateId, "Offline").upload([{ code: codeOf(line), nonce, scannedAt: minutesAgo(1) }])).results[0]).toMatchObject({ outcome: "admitted" });
    expect((await failure(staff2.client.trpc.staff.checkin.undo.mutate({ nonce }))).appCode).toBe("NOT_FOUND");
    expect((await lineRow(line.id)).status).toBe("checked_in");
    await staff1.client.trpc.staff.checkin.undo.mutate({ nonce });
    expect((await lineRow(line.id)).status).toBe("active");
    expect((await checkinsOf(line.id)).map((c) => [c.outcome, c.undone_at !== null])).toEqual([["admitted", true]]);
    expect(await deviceOf(staff2, dateId, "Online").scan(codeOf(line))).toMatchObject({ outcome: "admitted", verdict: { kind: "valid" } });
  });

  it("a scan whose nonce another staff member used is refused alone; the rest of the batch is taken", async () => {
    const [first, second] = (await buy(shop, dateId, 2)).lines;
    const taken = randomUUID();
    expect((await deviceOf(staff2, dateId, "Other").upload([{ code: codeOf(first!), nonce: taken, scannedAt: minutesAgo(6) }])).results[0]).toMatchObject({ outcome: "admitted" });
    const up = await deviceOf(staff1, dateId, "Mine").upload([
      { code: codeOf(second!), nonce: taken, scannedAt: minutesAgo(5) },
      { code: codeOf(second!), nonce: randomUUID(), scannedAt: minutesAgo(4) },
    ]);
    expect(up.results.map((r) => [r.outcome, r.verdict])).toEqual([
      ["refused", "unknown"],
      ["admitted", "valid"],
    ]);
    expect((await checkinsOf(second!.id)).map((c) => c.outcome)).toEqual(["admitted"]);
  });

  it("a batch is bounded and validated", async () => {
    const line = (await buy(shop, dateId)).lines[0]!;
    const api = staff1.client.trpc.staff.checkin.upload;
    const base = { dateId, deviceId: "device-batch-1", deviceLabel: "Batch" };
    expect((await failure(api.mutate({ ...base, scans: [] }))).appCode).toBe("VALIDATION");
    const many = Array.from({ length: 201 }, () => ({ nonce: randomUUID(), code: codeOf(line), scannedAt: minutesAgo(1) }));
    expect((await failure(api.mutate({ ...base, scans: many }))).appCode).toBe("VALIDATION");
    expect((await failure(api.mutate(malformed({ ...base, scans: [{ nonce: randomUUID(), code: codeOf(line), scannedAt: "yesterday" }] })))).appCode).toBe("VALIDATION");
    expect(await checkinsOf(line.id)).toEqual([]);
  });
});

// ---------------------------------------------------------------- season tickets

describe("season tickets at a child event's door", () => {
  it("are valid on each date of the season's events, once per date; the line stays active", async () => {
    const { childId, childDates, seasonId, seasonA } = await publishedSeasonWithMatchDay(t);
    const bought = await buySeats(t, seasonId, seasonA, ["A:0:0"]);
    const line = (await linesAtDoor(bought.orderId))[0]!;
    expect([line.event_id, line.scope_id]).toEqual([seasonId, seasonId]);

    const staff = await staffOf(childId);
    const home = await staff.client.trpc.staff.home.query();
    expect(home.dates.map((d) => [d.id, d.seasonId])).toEqual(childDates.map((id) => [id, seasonId]));

    const day1 = deviceOf(staff, childDates[0]!);
    const day2 = deviceOf(staff, childDates[1]!);
    expect(await day1.scan(codeOf(line))).toMatchObject({ outcome: "admitted", verdict: { kind: "valid", ticket: { lineId: line.id, eventId: seasonId, lineStatus: "active" } } });
    expect((await lineRow(line.id)).status).toBe("active");
    expect((await lineRow(line.id)).checked_in_at).not.toBeNull();
    expect((await day1.scan(codeOf(line))).verdict.kind).toBe("already_checked_in");
    expect((await day2.scan(codeOf(line))).outcome).toBe("admitted");
    expect((await day2.scan(codeOf(line))).verdict.kind).toBe("already_checked_in");
    // Listed and counted at each date.
    for (const dateId of childDates) {
      const sync = await staff.client.trpc.staff.checkin.sync.query({ dateId });
      expect(sync.tickets.map((x) => x.lineId)).toContain(line.id);
      expect(sync.counts).toEqual({ expected: 1, checkedIn: 1 });
    }
    expect((await checkinsOf(line.id)).map((c) => c.outcome)).toEqual(["admitted", "admitted"]);
  });
});

// ---------------------------------------------------------------- the race (Postgres only)

/** 50 scans of one ticket at once, each with its own nonce, from 5 staff members' devices. */
async function fiftyAtOnce(shop: ShopEvent, dateId: string, staff: Staff[]) {
  const line = (await buy(shop, dateId)).lines[0]!;
  const devices = staff.flatMap((s, i) => [deviceOf(s, dateId, `Gate ${i}a`), deviceOf(s, dateId, `Gate ${i}b`)]);
  const results: ScanResult[] = await Promise.all(Array.from({ length: 50 }, (_, i) => devices[i % devices.length]!.scan(codeOf(line))));
  const admittedRows = (await checkinsOf(line.id)).filter((c) => c.outcome === "admitted" && c.undone_at === null);
  return { line, results, admittedRows };
}

// On PGlite (one connection) the scans would run one after the other; on Postgres they overlap,
// which the control run proves by taking both guards away.
describe.runIf(process.env.TEST_DATABASE_URL)("50 gates scanning one ticket at the same moment (Postgres)", () => {
  let shop: ShopEvent;
  let dateId: string;
  let staff: Staff[];

  beforeAll(async () => {
    shop = await twoDayEvent();
    dateId = shop.dateIds[0]!;
    staff = [];
    for (let i = 0; i < 5; i++) staff.push(await staffOf(shop.eventId));
  });

  it("exactly one VALID (admitted), 49 ALREADY CHECKED IN, one admitted entry", async () => {
    for (let round = 0; round < 3; round++) {
      const { line, results, admittedRows } = await fiftyAtOnce(shop, dateId, staff);
      expect(results.filter((r) => r.verdict.kind === "valid" && r.outcome === "admitted")).toHaveLength(1);
      expect(results.filter((r) => r.verdict.kind === "already_checked_in" && r.outcome === "refused")).toHaveLength(49);
      expect(admittedRows).toHaveLength(1);
      const winner = results.find((r) => r.outcome === "admitted")!;
      expect(admittedRows[0]!.id).toBe(winner.checkinId);
      // Every loser names the winner's entry.
      for (const r of results) if (r.verdict.kind === "already_checked_in") expect(r.verdict.entry?.id).toBe(winner.checkinId);
      expect((await lineRow(line.id)).status).toBe("checked_in");
    }
  });

  it("a check-in and the organiser's cancellation of the same ticket at once: never a cancelled ticket with an entry", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const bought = await buy(shop, dateId, 2);
      const line = bought.lines[0]!;
      const gate = deviceOf(staff[round % staff.length]!, dateId, "Race");
      const [scan, cancel] = await Promise.all([
        gate.scan(codeOf(line)),
        attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: bought.orderId, lineIds: [line.id] })),
      ]);
      const row = await lineRow(line.id);
      const admitted = (await checkinsOf(line.id)).filter((c) => c.outcome === "admitted" && c.undone_at === null);
      if (scan.outcome === "admitted") {
        // In first: the cancellation must refuse it (the holder is inside), nothing refunded.
        expect(cancel.error?.appCode).toBe("TICKET_CHECKED_IN");
        expect(row.status).toBe("checked_in");
        expect(admitted).toHaveLength(1);
        outcomes.add("checked in");
      } else {
        expect(cancel.error).toBeUndefined();
        expect(scan.verdict.kind).toBe("cancelled");
        expect(row.status).toBe("canceled");
        expect(admitted).toHaveLength(0);
        outcomes.add("cancelled");
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("control: without the line's lock and the unique index, the same scans admit more than once", async () => {
    // This file's own database (createTestDatabase makes one per file): dropping the index here
    // touches no other test file.
    expect(t.database.url).toBeDefined();
    checkinTestLevers.skipLineLock = true;
    await t.database.db.execute(sql`drop index checkins_line_date_admitted_unique`);
    const lines: string[] = [];
    let most = 0;
    try {
      for (let round = 0; round < 5 && most <= 1; round++) {
        const { line, admittedRows, results } = await fiftyAtOnce(shop, dateId, staff);
        lines.push(line.id);
        most = Math.max(most, admittedRows.length);
        expect(results.filter((r) => r.outcome === "admitted")).toHaveLength(admittedRows.length);
      }
      expect(most).toBeGreaterThan(1);
    } finally {
      checkinTestLevers.skipLineLock = false;
      // The doubles the control made go, so the index can be built again as the migration made it.
      for (const id of lines) await t.database.rows(sql`delete from checkins where line_id = ${id} returning id`);
      await t.database.db.execute(
        sql`create unique index checkins_line_date_admitted_unique on checkins using btree (line_id, event_date_id) where outcome = 'admitted' and undone_at is null`,
      );
    }
    // Guards back: one again.
    const { results, admittedRows } = await fiftyAtOnce(shop, dateId, staff);
    expect(results.filter((r) => r.outcome === "admitted")).toHaveLength(1);
    expect(admittedRows).toHaveLength(1);
  });

  /** The same nonce sent three times at once: twice for one ticket (a retry), once for another (a device bug). */
  async function sameNonceRounds(rounds: number) {
    const gate = deviceOf(staff[0]!, dateId, "Retry gate");
    for (let round = 0; round < rounds; round++) {
      const [line, other] = (await buy(shop, dateId, 2)).lines;
      const nonce = randomUUID();
      // The retry of the same scan, and (a device bug) another ticket under the same nonce.
      const results = await Promise.all([gate.scan(codeOf(line!), nonce), gate.scan(codeOf(line!), nonce), gate.scan(codeOf(other!), nonce)]);
      const admitted = results.filter((r) => r.outcome === "admitted");
      expect(admitted).toHaveLength(1);
      expect(results.filter((r) => r.outcome === "repeated")).toHaveLength(2);
      // Whichever came first is the scan the nonce names: the others answer it.
      const winner = admitted[0]!.verdict.kind === "valid" ? admitted[0]!.verdict.ticket!.lineId : null;
      expect([line!.id, other!.id]).toContain(winner);
      for (const r of results) expect(r).toMatchObject({ checkinId: admitted[0]!.checkinId, verdict: { kind: "valid", ticket: { lineId: winner } } });
      const loser = winner === line!.id ? other! : line!;
      expect(await checkinsOf(winner!)).toHaveLength(1);
      expect(await checkinsOf(loser.id)).toEqual([]);
      expect((await lineRow(loser.id)).status).toBe("active");
    }
  }

  it("the same nonce sent twice at once (a retry while the first is under way): one admitted, the other repeats it", async () => {
    await sameNonceRounds(8);
  });

  it("with only the unique index (no lock) it still admits once", async () => {
    checkinTestLevers.skipLineLock = true;
    try {
      const { results, admittedRows } = await fiftyAtOnce(shop, dateId, staff);
      expect(results.filter((r) => r.outcome === "admitted")).toHaveLength(1);
      expect(results.filter((r) => r.verdict.kind === "already_checked_in")).toHaveLength(49);
      expect(admittedRows).toHaveLength(1);
      await sameNonceRounds(4);
    } finally {
      checkinTestLevers.skipLineLock = false;
    }
  });
});
