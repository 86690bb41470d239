import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedTicketCode, ticketCode } from "../../server/modules/orders/ticket-code";
import { activationTestLevers } from "../../server/modules/print/activation/activate";
import type { TestClient } from "./helpers/app";
import { fullPermissionSet } from "../../shared/permissions";
import { datesOf, eventRow, ok, signIn, signedInTeamMember } from "./helpers/events";
import { createUser } from "./helpers/factories";
import { buySeats, createOrdersApp, type OrdersApp } from "./helpers/orders";
import { expectNoDrift } from "./helpers/inventory";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt, failure, malformed } from "./helpers/trpc";

/**
 * Hard tickets activated after printing (issue 20, SPEC §4, decision 021): an inactive hard
 * ticket is refused at the door (NOT ACTIVATED) and admitted once activated; activating twice is
 * harmless; a range of a run; a voided ticket refused; printAreaAccess; another organiser's
 * ticket is not found. On PGlite and on Postgres (TEST_DATABASE_URL); the race only on Postgres.
 */
let t: OrdersApp;
beforeAll(async () => {
  t = await createOrdersApp();
});
afterAll(async () => {
  try {
    // Runs take their places through the inventory; voids and cancellations give them back.
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

type Line = { id: string; event_id: string; scope_id: string; activated_at: Date | string | null; changed_at: Date | string };
type Run = { runId: string; orderId: string; number: string; lines: Line[] };
type Activation = { line_id: string; activated_by: string | null; activated_at: Date | string; payment_method: string | null; price_cents: number | null; print_run_id: string };

/** The price of "Ticket a" (tests/integration/helpers/events.ts ticketCategory), printed as the face value. */
const FACE_VALUE = 1500;

/** A published event without a plan, one category of counted places ("Ticket a"), its organiser. */
async function organiserEvent(): Promise<ShopEvent & { organiserId: string; ownerName: string }> {
  const shop = await createShopEvent(t, { layout: null });
  const organiserId = (await eventRow(t.database.db, shop.eventId))!.organiserId;
  const [owner] = await t.database.rows<{ name: string }>(sql`select first_name || ' ' || last_name as name from users where organiser_id = ${organiserId} and role = 'organiser'`);
  return { ...shop, organiserId, ownerName: owner!.name };
}

/** A print run of `n` hard tickets (counted places) on the event's first date, made by print.createRun. */
async function printRun(shop: ShopEvent & { organiserId: string }, n: number): Promise<Run> {
  const made = await shop.organiser.trpc.print.createRun.mutate({
    idempotencyKey: randomUUID(),
    scopeId: shop.dateIds[0]!,
    ticketCategoryId: shop.category("a").id,
    count: n,
  });
  const [order] = await t.database.rows<{ number: string }>(sql`select number from orders where id = ${made.orderId}`);
  return { runId: made.runId, orderId: made.orderId, number: order!.number, lines: await linesOf(made.orderId) };
}

/** Voids a run through print.voidRun: its tickets not activated yet are cancelled (print_voided), activated ones kept. */
async function voidRun(shop: ShopEvent, run: Run) {
  return shop.organiser.trpc.print.voidRun.mutate({ runId: run.runId });
}

async function linesOf(orderId: string): Promise<Line[]> {
  return t.database.rows<Line>(sql`select id::text, event_id::text, scope_id::text, activated_at, changed_at from order_lines where order_id = ${orderId} order by created_at, id`);
}

async function activationsOf(lineIds: string[]): Promise<Activation[]> {
  const rows = await t.database.rows<Activation>(
    sql`select line_id::text, activated_by::text, activated_at, payment_method::text, price_cents, print_run_id::text from hard_ticket_activations order by activated_at`,
  );
  return rows.filter((r) => lineIds.includes(r.line_id));
}

const codeOf = (line: Pick<Line, "id" | "event_id" | "scope_id">) => signedTicketCode(t.config.APP_SECRET, { lineId: line.id, eventId: line.event_id, scopeId: line.scope_id });

/** A staff member of the event, signed in through the staff login, and a device at its first date. */
async function doorOf(shop: ShopEvent & { organiserId: string }) {
  const username = `staff-${randomUUID().slice(0, 8)}`;
  const user = await createUser(t.database.db, { role: "agent", organiserId: shop.organiserId, eventId: shop.eventId, username, firstName: "Sam", lastName: "Staff" });
  const client = t.client();
  ok(await attempt(client.trpc.auth.agentLogin.mutate({ username, password: user.password })));
  const dateId = shop.dateIds[0]!;
  const deviceId = `device-${randomUUID()}`;
  return {
    client,
    scan: (code: string) => client.trpc.staff.checkin.scan.mutate({ dateId, code, nonce: randomUUID(), deviceId, deviceLabel: "Gate 1" }),
    upload: (code: string) =>
      client.trpc.staff.checkin.upload.mutate({ dateId, deviceId, deviceLabel: "Gate 1", scans: [{ code, nonce: randomUUID(), scannedAt: new Date(Date.now() - 60_000) }] }),
    sync: (since: Date | null = null) => client.trpc.staff.checkin.sync.query({ dateId, since }),
  };
}

// ---------------------------------------------------------------- the door

describe("an inactive hard ticket at the door", () => {
  it("is refused (NOT ACTIVATED) online, by reference and in the device's list; activated it reaches the devices by the delta and is admitted", async () => {
    const shop = await organiserEvent();
    const door = await doorOf(shop);
    const before = await door.sync();
    const run = await printRun(shop, 2);
    const [line, other] = run.lines as [Line, Line];

    const refused = await door.scan(codeOf(line));
    expect(refused.outcome).toBe("refused");
    expect(refused.checkinId).toBeNull();
    expect(refused.verdict).toMatchObject({ kind: "not_activated", ticket: { lineId: line.id, reference: `${run.number}-1`, hardTicket: true, activated: false, categoryName: "Ticket a" } });
    expect((await door.scan(`${run.number}-2`)).verdict.kind).toBe("not_activated");
    // An offline scan the device let in (an old list) is refused when it arrives.
    expect((await door.upload(codeOf(other))).results[0]).toMatchObject({ outcome: "refused", verdict: "not_activated" });
    expect(await t.database.rows(sql`select id from checkins where line_id in (${line.id}, ${other.id})`)).toEqual([]);

    // The device's list has both with the facts the offline rule needs; the expected count leaves them out.
    const full = await door.sync();
    expect(full.tickets.filter((tk) => tk.orderId === run.orderId).map((tk) => [tk.lineId, tk.hardTicket, tk.activated])).toEqual([
      [line.id, true, false],
      [other.id, true, false],
    ]);
    expect(full.counts.expected).toBe(before.counts.expected);

    // Activated: the line's change stamp moves, so the next delta brings it.
    const activated = await shop.organiser.trpc.hardTickets.activate.mutate({ code: codeOf(line) });
    expect(activated).toMatchObject({ lineId: line.id, alreadyActive: false, activatedByName: shop.ownerName, sale: null });
    const [after] = (await linesOf(run.orderId)).filter((l) => l.id === line.id);
    expect(new Date(after!.changed_at).getTime()).toBeGreaterThan(new Date(line.changed_at).getTime());
    expect(new Date(after!.activated_at!)).toEqual(activated.activatedAt);
    const delta = await door.sync(full.serverTime);
    expect(delta.full).toBe(false);
    expect(delta.tickets.find((tk) => tk.lineId === line.id)).toMatchObject({ hardTicket: true, activated: true });
    expect(delta.counts.expected).toBe(before.counts.expected + 1);

    const admitted = await door.scan(codeOf(line));
    expect(admitted.outcome).toBe("admitted");
    expect(admitted.verdict).toMatchObject({ kind: "valid", ticket: { lineId: line.id, activated: true, lineStatus: "checked_in" } });
    // The other one is still refused.
    expect((await door.scan(codeOf(other))).verdict.kind).toBe("not_activated");
  });

  it("an ordinary ticket is no hard ticket: admitted as before", async () => {
    const shop = await createShopEvent(t);
    const organiserId = (await eventRow(t.database.db, shop.eventId))!.organiserId;
    const bought = await buySeats(t, shop.dateIds[0]!, shop.category("a").id, ["A:0:0"]);
    const [line] = await linesOf(bought.orderId);
    const door = await doorOf({ ...shop, organiserId });
    const r = await door.scan(codeOf(line!));
    expect(r.verdict).toMatchObject({ kind: "valid", ticket: { hardTicket: false, activated: false } });
  });
});

// ---------------------------------------------------------------- lookup and activation

describe("hardTickets.lookup and activate", () => {
  let shop: Awaited<ReturnType<typeof organiserEvent>>;
  beforeAll(async () => {
    shop = await organiserEvent();
  });

  it("looks a ticket up by its signed code, its old code or its typed reference", async () => {
    const run = await printRun(shop, 3);
    const line = run.lines[1]!;
    const [date] = await datesOf(t.database.db, shop.eventId);
    const expected = {
      lineId: line.id,
      runId: run.runId,
      reference: `${run.number}-2`,
      eventName: "Summer Concert",
      startsAt: date!.startsAt,
      timeZone: "Europe/Berlin",
      categoryName: "Ticket a",
      places: [],
      priceCents: FACE_VALUE,
      activatedAt: null,
      activatedByName: null,
      sale: null,
      voided: false,
      cancelled: false,
    };
    const api = shop.organiser.trpc.hardTickets;
    expect(await api.lookup.query({ code: codeOf(line) })).toEqual(expected);
    expect(await api.lookup.query({ code: ticketCode(t.config.APP_SECRET, line.id) })).toEqual(expected);
    expect(await api.lookup.query({ code: ` ${run.number.toLowerCase().replace("-", "")}-2 ` })).toEqual(expected);
    // A look-up writes nothing.
    expect(await activationsOf([line.id])).toEqual([]);
  });

  it("activates: who and when recorded, the line stamped; activating twice is harmless and keeps the first record", async () => {
    const run = await printRun(shop, 2);
    const line = run.lines[0]!;
    const api = shop.organiser.trpc.hardTickets;
    const first = await api.activate.mutate({ code: codeOf(line) });
    expect(first).toMatchObject({ lineId: line.id, alreadyActive: false, activatedByName: shop.ownerName, sale: null, voided: false });
    expect(Math.abs(first.activatedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    const [row] = await activationsOf([line.id]);
    expect(row).toMatchObject({ print_run_id: run.runId, payment_method: null, price_cents: null });
    expect(new Date(row!.activated_at)).toEqual(first.activatedAt);

    // Again, by another user of the organiser and with a sale: nothing changes.
    const member = await signedInTeamMember(t, shop.organiserId, { printAreaAccess: true });
    const again = await member.client.trpc.hardTickets.activate.mutate({ code: `${run.number}-1`, sale: { paymentMethod: "cash", priceCents: 900 } });
    expect(again).toEqual({ ...first, alreadyActive: true });
    expect(await activationsOf([line.id])).toEqual([row]);
    const [stored] = (await linesOf(run.orderId)).filter((l) => l.id === line.id);
    expect(new Date(stored!.activated_at!)).toEqual(first.activatedAt);
    expect(await api.lookup.query({ code: codeOf(line) })).toMatchObject({ activatedAt: first.activatedAt, activatedByName: shop.ownerName });
  });

  it("sold at activation: the payment method and price recorded on the activation", async () => {
    const run = await printRun(shop, 1);
    const line = run.lines[0]!;
    const member = await signedInTeamMember(t, shop.organiserId, { printAreaAccess: true });
    const sold = await member.client.trpc.hardTickets.activate.mutate({ code: codeOf(line), sale: { paymentMethod: "card", priceCents: FACE_VALUE } });
    expect(sold).toMatchObject({ alreadyActive: false, sale: { paymentMethod: "card", priceCents: FACE_VALUE }, activatedByName: "Test User" });
    expect(await activationsOf([line.id])).toEqual([expect.objectContaining({ activated_by: member.user.id, payment_method: "card", price_cents: FACE_VALUE })]);
    expect((await shop.organiser.trpc.hardTickets.lookup.query({ code: codeOf(line) })).sale).toEqual({ paymentMethod: "card", priceCents: FACE_VALUE });
  });

  it("bad input is refused and writes nothing", async () => {
    const run = await printRun(shop, 1);
    const code = codeOf(run.lines[0]!);
    const api = shop.organiser.trpc.hardTickets;
    const bad = [
      { code: "" },
      { code: "   " },
      { code, sale: { paymentMethod: "online", priceCents: 100 } },
      { code, sale: { paymentMethod: "cash", priceCents: -1 } },
      { code, sale: { paymentMethod: "cash", priceCents: 10_000_001 } },
      { code, sale: { paymentMethod: "cash", priceCents: 12.5 } },
      { code, sale: { paymentMethod: "cash" } },
      { code: "x".repeat(2001) },
    ];
    for (const input of bad) expect((await failure(api.activate.mutate(malformed(input)))).appCode, JSON.stringify(input).slice(0, 80)).toBe("VALIDATION");
    expect((await failure(api.activateRange.mutate(malformed({ fromCode: code })))).appCode).toBe("VALIDATION");
    expect(await activationsOf([run.lines[0]!.id])).toEqual([]);
    // The highest price is taken.
    expect((await api.activate.mutate({ code, sale: { paymentMethod: "free_of_charge", priceCents: 10_000_000 } })).sale).toEqual({ paymentMethod: "free_of_charge", priceCents: 10_000_000 });
  });

  it("not a hard ticket of the caller: forged, garbage, an online ticket, another organiser's → HARD_TICKET_NOT_FOUND on the field", async () => {
    const run = await printRun(shop, 1);
    const line = run.lines[0]!;
    const other = await organiserEvent();
    const theirs = await printRun(other, 1);
    const online = await createShopEvent(t);
    const bought = await buySeats(t, online.dateIds[0]!, online.category("a").id, ["A:0:1"]);
    const [onlineLine] = await linesOf(bought.orderId);
    const forged = codeOf(line).slice(0, -2) + (codeOf(line).endsWith("AA") ? "BA" : "AA");
    const api = shop.organiser.trpc.hardTickets;
    for (const code of [forged, "hello", "ABCD-EFGH-1", `${run.number}-2`, `${run.number}-0`, codeOf(theirs.lines[0]!), `${theirs.number}-1`, codeOf(onlineLine!)]) {
      const err = await failure(api.lookup.query({ code }));
      expect(err.appCode, code).toBe("HARD_TICKET_NOT_FOUND");
      expect(err.fieldErrors).toEqual({ code: ["HARD_TICKET_NOT_FOUND"] });
      expect((await failure(api.activate.mutate({ code }))).appCode).toBe("HARD_TICKET_NOT_FOUND");
    }
    // The online buyer's own organiser cannot activate an online ticket either.
    expect((await failure(online.organiser.trpc.hardTickets.activate.mutate({ code: codeOf(onlineLine!) }))).appCode).toBe("HARD_TICKET_NOT_FOUND");
    const err = await failure(api.activateRange.mutate({ fromCode: codeOf(theirs.lines[0]!), toCode: codeOf(line) }));
    expect(err).toMatchObject({ appCode: "HARD_TICKET_NOT_FOUND", fieldErrors: { fromCode: ["HARD_TICKET_NOT_FOUND"] } });
    expect(await activationsOf([line.id, theirs.lines[0]!.id, onlineLine!.id])).toEqual([]);
  });
});

// ---------------------------------------------------------------- ranges and voided runs

describe("ranges and voided runs", () => {
  let shop: Awaited<ReturnType<typeof organiserEvent>>;
  beforeAll(async () => {
    shop = await organiserEvent();
  });

  it("activates every ticket of the run from the first to the last scanned (either order), counting those active already", async () => {
    const run = await printRun(shop, 6);
    const ids = run.lines.map((l) => l.id);
    const api = shop.organiser.trpc.hardTickets;
    await api.activate.mutate({ code: codeOf(run.lines[2]!) });
    // From the fifth (scanned) back to the second (typed).
    const result = await api.activateRange.mutate({ fromCode: codeOf(run.lines[4]!), toCode: `${run.number}-2` });
    expect(result).toEqual({ runId: run.runId, activated: 3, already: 1, voided: 0 });
    const stored = await linesOf(run.orderId);
    expect(stored.map((l) => l.activated_at !== null)).toEqual([false, true, true, true, true, false]);
    const rows = await activationsOf(ids);
    expect(rows.map((r) => r.line_id).sort()).toEqual(ids.slice(1, 5).sort());
    expect(rows.every((r) => r.print_run_id === run.runId && r.payment_method === null)).toBe(true);
    // Again, and one ticket alone as a range.
    expect(await api.activateRange.mutate({ fromCode: codeOf(run.lines[1]!), toCode: codeOf(run.lines[4]!) })).toEqual({ runId: run.runId, activated: 0, already: 4, voided: 0 });
    expect(await api.activateRange.mutate({ fromCode: codeOf(run.lines[5]!), toCode: codeOf(run.lines[5]!) })).toEqual({ runId: run.runId, activated: 1, already: 0, voided: 0 });
    // The whole run: the first one is left.
    expect(await api.activateRange.mutate({ fromCode: `${run.number}-1`, toCode: `${run.number}-6` })).toEqual({ runId: run.runId, activated: 1, already: 5, voided: 0 });
    expect((await linesOf(run.orderId)).every((l) => l.activated_at !== null)).toBe(true);
  });

  it("codes of two runs are no range: HARD_TICKET_RANGE, nothing activated", async () => {
    const a = await printRun(shop, 2);
    const b = await printRun(shop, 2);
    const err = await failure(shop.organiser.trpc.hardTickets.activateRange.mutate({ fromCode: codeOf(a.lines[0]!), toCode: codeOf(b.lines[1]!) }));
    expect(err).toMatchObject({ appCode: "HARD_TICKET_RANGE", fieldErrors: { toCode: ["HARD_TICKET_RANGE"] } });
    expect(await activationsOf([...a.lines, ...b.lines].map((l) => l.id))).toEqual([]);
  });

  it("a voided run's ticket is refused (HARD_TICKET_VOIDED) and cancelled at the door; one activated before stays valid", async () => {
    const run = await printRun(shop, 3);
    const [kept, gone, alsoGone] = run.lines as [Line, Line, Line];
    const api = shop.organiser.trpc.hardTickets;
    await api.activate.mutate({ code: codeOf(kept) });
    expect(await voidRun(shop, run)).toEqual({ voided: 2, kept: 1 });

    const err = await failure(api.activate.mutate({ code: codeOf(gone), sale: { paymentMethod: "cash", priceCents: FACE_VALUE } }));
    expect(err).toMatchObject({ appCode: "HARD_TICKET_VOIDED", fieldErrors: { code: ["HARD_TICKET_VOIDED"] } });
    expect(await api.lookup.query({ code: codeOf(gone) })).toMatchObject({ voided: true, cancelled: true, activatedAt: null });
    expect(await api.lookup.query({ code: codeOf(kept) })).toMatchObject({ voided: false, cancelled: false, activatedAt: expect.any(Date) });
    expect(await api.activateRange.mutate({ fromCode: codeOf(kept), toCode: codeOf(alsoGone) })).toEqual({ runId: run.runId, activated: 0, already: 1, voided: 2 });
    expect((await activationsOf(run.lines.map((l) => l.id))).map((r) => r.line_id)).toEqual([kept.id]);

    const door = await doorOf(shop);
    expect((await door.scan(codeOf(gone))).verdict.kind).toBe("cancelled");
    expect((await door.scan(codeOf(kept))).outcome).toBe("admitted");
  });

  it("a ticket cancelled otherwise (by the organiser in the Orders area) is refused as cancelled", async () => {
    const run = await printRun(shop, 2);
    ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: run.orderId, lineIds: [run.lines[0]!.id] })));
    const err = await failure(shop.organiser.trpc.hardTickets.activate.mutate({ code: codeOf(run.lines[0]!) }));
    expect(err).toMatchObject({ appCode: "LINE_ALREADY_CANCELLED", fieldErrors: { code: ["LINE_ALREADY_CANCELLED"] } });
    expect(await shop.organiser.trpc.hardTickets.lookup.query({ code: codeOf(run.lines[0]!) })).toMatchObject({ voided: false, cancelled: true });
    expect(await shop.organiser.trpc.hardTickets.activateRange.mutate({ fromCode: codeOf(run.lines[0]!), toCode: codeOf(run.lines[1]!) })).toEqual({
      runId: run.runId,
      activated: 1,
      already: 0,
      voided: 1,
    });
  });
});

// ---------------------------------------------------------------- rights

describe("printAreaAccess", () => {
  it("the owner and a team member holding printAreaAccess may; without it, staff, resellers and strangers may not", async () => {
    const shop = await organiserEvent();
    const run = await printRun(shop, 4);
    const code = (i: number) => codeOf(run.lines[i]!);
    const allowed = await signedInTeamMember(t, shop.organiserId, { printAreaAccess: true });
    const without = await signedInTeamMember(t, shop.organiserId, { ...fullPermissionSet(), printAreaAccess: false });
    const staff = await doorOf(shop);
    const reseller = await createUser(t.database.db, { role: "reseller" });
    const resellerClient = await signIn(t, reseller.id);

    expect((await allowed.client.trpc.hardTickets.lookup.query({ code: code(0) })).lineId).toBe(run.lines[0]!.id);
    expect((await allowed.client.trpc.hardTickets.activate.mutate({ code: code(0) })).alreadyActive).toBe(false);
    expect((await allowed.client.trpc.hardTickets.activateRange.mutate({ fromCode: code(1), toCode: code(1) })).activated).toBe(1);

    const refused: [string, TestClient, string][] = [
      ["team member without the right", without.client, "FORBIDDEN"],
      ["event staff", staff.client, "FORBIDDEN"],
      ["reseller", resellerClient, "FORBIDDEN"],
      ["nobody signed in", t.client(), "UNAUTHENTICATED"],
    ];
    for (const [who, client, appCode] of refused) {
      expect((await failure(client.trpc.hardTickets.lookup.query({ code: code(2) }))).appCode, who).toBe(appCode);
      expect((await failure(client.trpc.hardTickets.activate.mutate({ code: code(2) }))).appCode, who).toBe(appCode);
      expect((await failure(client.trpc.hardTickets.activateRange.mutate({ fromCode: code(2), toCode: code(3) }))).appCode, who).toBe(appCode);
    }
    expect((await activationsOf(run.lines.map((l) => l.id))).map((r) => r.line_id).sort()).toEqual([run.lines[0]!.id, run.lines[1]!.id].sort());
  });
});

// ---------------------------------------------------------------- races (Postgres)

/** Two activations of one fresh ticket at the same moment, `rounds` times. */
async function pairs(shop: Awaited<ReturnType<typeof organiserEvent>>, clients: TestClient[], rounds: number) {
  const out: { rows: number; alreadyActive: boolean[]; errors: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const run = await printRun(shop, 1);
    const code = codeOf(run.lines[0]!);
    const results = await Promise.all(clients.map((c) => attempt(c.trpc.hardTickets.activate.mutate({ code }))));
    out.push({
      rows: (await activationsOf([run.lines[0]!.id])).length,
      alreadyActive: results.flatMap((r) => (r.data ? [r.data.alreadyActive] : [])).sort(),
      errors: results.filter((r) => r.error).length,
    });
  }
  return out;
}

describe.runIf(process.env.TEST_DATABASE_URL)("two activations of one ticket at once (Postgres)", () => {
  let shop: Awaited<ReturnType<typeof organiserEvent>>;
  let clients: TestClient[];
  beforeAll(async () => {
    shop = await organiserEvent();
    clients = [shop.organiser, (await signedInTeamMember(t, shop.organiserId, { printAreaAccess: true })).client];
  });

  it("one activation row, one alreadyActive", async () => {
    for (const r of await pairs(shop, clients, 10)) expect(r).toEqual({ rows: 1, alreadyActive: [false, true], errors: 0 });
  });

  it("control: without the locks and the key on the line, both activate (two records)", async () => {
    // This file's own database (one per file): dropping the key touches no other test file.
    expect(t.database.url).toBeDefined();
    activationTestLevers.skipLocks = true;
    await t.database.db.execute(sql`alter table hard_ticket_activations drop constraint hard_ticket_activations_pkey`);
    let doubled = 0;
    try {
      for (let round = 0; round < 10 && doubled === 0; round++) {
        const [r] = await pairs(shop, clients, 1);
        if (r!.rows > 1) {
          expect(r!.alreadyActive).toEqual([false, false]);
          doubled++;
        }
      }
      expect(doubled).toBeGreaterThan(0);
    } finally {
      activationTestLevers.skipLocks = false;
      // The doubles go (the first record stays), so the key can be made again as the migration made it.
      await t.database.db.execute(
        sql`delete from hard_ticket_activations a using hard_ticket_activations b where a.line_id = b.line_id and a.ctid > b.ctid`,
      );
      await t.database.db.execute(sql`alter table hard_ticket_activations add constraint hard_ticket_activations_pkey primary key (line_id)`);
    }
    // Guards back: one again.
    for (const r of await pairs(shop, clients, 3)) expect(r).toEqual({ rows: 1, alreadyActive: [false, true], errors: 0 });
  });

  it("an activation and the run's void at once: activated and kept, or voided and refused, never both", async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const run = await printRun(shop, 2);
      const line = run.lines[0]!;
      const [activated, voided] = await Promise.all([
        attempt(clients[1]!.trpc.hardTickets.activate.mutate({ code: codeOf(line) })),
        shop.organiser.trpc.print.voidRun.mutate({ runId: run.runId }),
      ]);
      const [row] = await t.database.rows<{ status: string; activated_at: Date | string | null }>(sql`select status::text, activated_at from order_lines where id = ${line.id}`);
      if (activated.data) {
        expect(activated.data.alreadyActive).toBe(false);
        expect(voided).toEqual({ voided: 1, kept: 1 });
        expect(row).toMatchObject({ status: "active", activated_at: expect.anything() });
        seen.add("activated, kept");
      } else {
        expect(activated.error.appCode).toBe("HARD_TICKET_VOIDED");
        expect(voided).toEqual({ voided: 2, kept: 0 });
        expect(row).toMatchObject({ status: "canceled", activated_at: null });
        expect(await activationsOf([line.id])).toEqual([]);
        seen.add("voided, refused");
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it("with only the key (no locks) a ticket is still activated once", async () => {
    activationTestLevers.skipLocks = true;
    try {
      for (const r of await pairs(shop, clients, 6)) expect(r).toEqual({ rows: 1, alreadyActive: [false, true], errors: 0 });
    } finally {
      activationTestLevers.skipLocks = false;
    }
  });
});
