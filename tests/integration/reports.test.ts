/**
 * The organiser's reports (issue 22 item 3, decision 025), on PGlite and Postgres: every column of
 * every tab and view equals a sum the test computes itself from the orders, lines, refunds and
 * check-ins of the scene (helpers/report-scene.ts: online, partly cancelled with its refund, a
 * voucher, a box office shift with a cancelled sale closed 70 cents short, a reseller sale with a
 * cancelled ticket, pending and failed orders that count nowhere, orders 2 and 8 days old, door
 * scans with an undo and a conflict), to the cent; and the reports agree with each other and with
 * the dashboard home.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_COLUMN_LABELS } from "../../shared/i18n/report-labels";
import { SERVICE_FEE_CENTS_PER_TICKET, SERVICE_FEE_VAT_BP, vatOfGross } from "../../shared/rules/pricing";
import { REPORT_TABS, REPORT_VIEWS, type ReportQuery, type ReportTab } from "../../shared/schemas/reports";
import { expectNoDrift } from "./helpers/inventory";
import { berlinDay, buildScene, type Scene } from "./helpers/report-scene";
import { countedIn, doorSums, loadFacts, type OrderFact, type Period, resellerSums, salesSums, ticketSums, vatSums, voucherSums } from "./helpers/report-sums";

let s: Scene;
let facts: OrderFact[];
const WEEKS: Period = { from: berlinDay(10), to: berlinDay(0) };
const TODAY: Period = { from: berlinDay(0), to: berlinDay(0) };
const PERIODS = [
  ["ten days", WEEKS],
  ["today", TODAY],
] as const;

const run = (q: Partial<ReportQuery> & Pick<ReportQuery, "tab">, p: Period = WEEKS, client = s.shop.organiser) =>
  client.trpc.reports.run.query({ eventId: null, ...p, ...q });

/** A report's rows by one of its text columns. */
const byKey = (rows: Record<string, unknown>[], key: string) => Object.fromEntries(rows.map((r) => [String(r[key]), r]));

beforeAll(async () => {
  s = await buildScene();
  facts = await loadFacts(s.t, s.organiserId);
});

afterAll(async () => {
  try {
    await expectNoDrift(s.t.database);
  } finally {
    await s.t.close();
  }
});

describe("the scene", () => {
  it("is what the tests mean: statuses, a refund done, a discount, two VAT rates, a closed shift", () => {
    const of = (k: string) => facts.find((f) => f.id === s.made[k])!;
    expect(of("pending").status).toBe("pending");
    expect(of("failed").status).toBe("failed");
    expect(of("boxCancelled").status).toBe("cancelled");
    expect(of("partial").refunds.map((r) => r.status)).toEqual(["done"]);
    expect(of("refundPending").refunds.map((r) => r.status)).toEqual(["pending"]);
    expect(of("refundPending").status).toBe("cancelled");
    expect(of("voucher").lines.every((l) => l.discount > 0)).toBe(true);
    expect(new Set(facts.flatMap((f) => f.vat.map((v) => v.rateBp)))).toEqual(new Set([700, 1900]));
    expect(of("boxCash").boFee).toBe(150);
    expect(facts.every((f) => f.eventId === s.shop.eventId)).toBe(true);
  });
});

describe("sales", () => {
  it.each(PERIODS.flatMap(([name, p]) => REPORT_VIEWS.sales.map((view) => [name, view, p] as const)))(
    "%s, per %s: every row equals the direct sums, to the cent",
    async (_name, view, p) => {
      const got = await run({ tab: "sales", view }, p);
      const want = salesSums(facts, p, view);
      expect(got.view).toBe(view);
      expect(byKey(got.rows, view)).toEqual(want);
      expect(got.chart).toEqual({ type: view === "day" ? "line" : "bar", index: view, series: ["grossCents", "revenueCents"] });
      if (view === "day") expect(got.rows.map((r) => r.day)).toEqual(Object.keys(want).sort());
    },
  );

  it("counts pending and failed orders nowhere; days by the Berlin day they were paid", async () => {
    const days = await run({ tab: "sales", view: "day" });
    expect(days.rows.map((r) => r.day)).toEqual([berlinDay(8), berlinDay(2), berlinDay(0)]);
    expect(days.totals.orders).toBe(countedIn(facts, WEEKS).length);
    const ids = new Set(countedIn(facts, WEEKS).map((o) => o.id));
    expect(ids.has(s.made.pending!) || ids.has(s.made.failed!)).toBe(false);
    // Channels: online (6 orders), box office (3, one cancelled), reseller (1).
    const channels = byKey((await run({ tab: "sales", view: "channel" })).rows, "channel");
    expect(Object.fromEntries(Object.entries(channels).map(([k, r]) => [k, r.orders]))).toEqual({ online: 6, box_office: 3, reseller: 1 });
    const methods = byKey((await run({ tab: "sales", view: "method" })).rows, "method");
    expect(methods.card?.paidCents).toBe(2390 + 150);
  });

  it("the three views and the dashboard home agree on the totals", async () => {
    const totals = await Promise.all(REPORT_VIEWS.sales.map(async (view) => (await run({ tab: "sales", view })).totals));
    expect(totals[1]).toEqual(totals[0]);
    expect(totals[2]).toEqual(totals[0]);
    const home = (await s.shop.organiser.trpc.dashboard.home.query({ period: "30d" })).figures;
    const month = await run({ tab: "sales", view: "day" }, { from: berlinDay(29), to: berlinDay(0) });
    expect({ gross: month.totals.grossCents, paid: month.totals.paidCents, refunds: month.totals.refundsCents, revenue: month.totals.revenueCents, tickets: month.totals.tickets, orders: month.totals.orders }).toEqual({
      gross: home.grossCents,
      paid: home.paidCents,
      refunds: home.refundedCents,
      revenue: home.revenueCents,
      tickets: home.tickets,
      orders: home.orders,
    });
    // Gross less revenue: the service fees of the valid tickets and what the pending refund will give back.
    const valid = countedIn(facts, WEEKS).filter((o) => o.channel === "online").flatMap((o) => o.lines.filter((l) => l.status !== "canceled" && l.total > 0));
    const pending = facts.flatMap((o) => o.refunds.filter((r) => r.status === "pending")).reduce((a, r) => a + r.amount, 0);
    expect(pending).toBe(1499 + SERVICE_FEE_CENTS_PER_TICKET);
    expect(totals[0]!.grossCents! - totals[0]!.revenueCents!).toBe(valid.length * SERVICE_FEE_CENTS_PER_TICKET + pending);
  });
});

describe("tickets, vouchers, resellers", () => {
  it.each(PERIODS)("%s: tickets per event and category equal the direct sums; revenue equals the sales'", async (_name, p) => {
    const got = await run({ tab: "tickets" }, p);
    expect(Object.fromEntries(got.rows.map((r) => [`${r.event}|${r.category}`, r]))).toEqual(ticketSums(facts, p));
    expect(got.totals.revenueCents).toBe((await run({ tab: "sales" }, p)).totals.revenueCents);
    expect(got.chart).toEqual({ type: "bar", index: "category", series: ["sold"] });
  });

  it("tickets: by hand, category a sold 2 + 2 + 2 with two cancelled, 10 % off the voucher's", async () => {
    const a = (await run({ tab: "tickets" }, TODAY)).rows.find((r) => r.category === "Ticket a")!;
    const discount = Math.round(1499 * 0.1) * 2;
    expect(a).toMatchObject({ sold: 6, cancelled: 2, listCents: 6 * 1499, discountCents: discount, boxOfficeFeesCents: 0, revenueCents: 6 * 1499 - discount });
    const b = (await run({ tab: "tickets" }, TODAY)).rows.find((r) => r.category === "Ticket b")!;
    // Counter: two cash and one card (1.50 fee each); the cancelled sale's ticket is cancelled.
    expect(b).toMatchObject({ sold: 3, cancelled: 1, listCents: 3 * 2390, boxOfficeFeesCents: 3 * 150, revenueCents: 3 * 2390 + 3 * 150 });
  });

  it.each(PERIODS)("%s: vouchers per code equal the direct sums, with the voucher's state", async (_name, p) => {
    const got = await run({ tab: "vouchers" }, p);
    const [voucher] = await s.t.database.rows<{ id: string }>(sql`select id::text from vouchers where code = 'REPORT10'`);
    expect(got.rows).toEqual([{ code: "REPORT10", event: "Summer Concert", state: "active", ...voucherSums(facts, p)[voucher!.id] }]);
    expect(got.rows[0]).toMatchObject({ uses: 1, tickets: 2 });
  });

  it.each(PERIODS)("%s: resellers: what each sold, had cancelled and owes", async (_name, p) => {
    const got = await run({ tab: "resellers" }, p);
    const want = resellerSums(facts, p);
    expect(Object.keys(want)).toHaveLength(1);
    expect(got.rows).toEqual([{ reseller: "Kiosk Report", ...Object.values(want)[0] }]);
    // By hand: three places at 12.50, one cancelled by the organiser.
    expect(got.rows[0]).toMatchObject({ orders: 1, tickets: 2, cancelled: 1, soldCents: 3750, cancelledCents: 1250, owesCents: 2500 });
  });
});

describe("VAT", () => {
  it.each(PERIODS)("%s: per rate equals the orders' VAT less what was given back, to the cent", async (_name, p) => {
    const got = await run({ tab: "vat" }, p);
    expect(byKey(got.rows, "rate")).toEqual(vatSums(facts, p, { cents: SERVICE_FEE_CENTS_PER_TICKET, rateBp: SERVICE_FEE_VAT_BP }));
    expect(got.rows.map((r) => r.rate)).toEqual([700, 1900]);
    for (const r of got.rows) expect(r.netCents).toBe(Number(r.grossCents) - Number(r.vatCents));
  });

  it("reconciles: Σ VAT = Σ amounts.vat − cancelled lines' VAT − the VAT of fees given back; Σ gross = paid − every refund", async () => {
    const got = await run({ tab: "vat" });
    const counted = countedIn(facts, WEEKS);
    const orderVat = counted.reduce((a, o) => a + o.vat.reduce((b, v) => b + v.vatCents, 0), 0);
    const cancelledVat = counted.reduce((a, o) => a + o.lines.filter((l) => l.status === "canceled").reduce((b, l) => b + l.vat, 0), 0);
    // Given back with cancelled tickets: two orders' 1.00 service fee (19 %), the cancelled counter sale's 1.50 fee (7 %).
    const feeVat = 2 * vatOfGross(100, 1900) + vatOfGross(150, 700);
    expect(got.totals.vatCents).toBe(orderVat - cancelledVat - feeVat);
    const refunded = counted.reduce((a, o) => a + o.refunds.reduce((b, r) => b + r.amount, 0), 0);
    expect(got.totals.grossCents).toBe(counted.reduce((a, o) => a + o.total, 0) - refunded);
  });
});

describe("box office shifts", () => {
  it("the shift's row is its Z-report: sales per method, refunds, cash expected, counted and the difference", async () => {
    const got = await run({ tab: "shifts" });
    const z = (await s.shop.organiser.trpc.boxOffice.shift.query({ shiftId: s.shiftId })).report;
    expect(got.rows).toHaveLength(1);
    const row = got.rows[0]!;
    const of = (k: string) => facts.find((f) => f.id === s.made[k])!;
    const cash = of("boxCash").total + of("boxCancelled").total;
    const card = of("boxCard").total;
    const refunds = of("boxCancelled").refunds.reduce((a, r) => a + r.amount, 0);
    expect(refunds).toBe(2390 + 150);
    expect(row).toMatchObject({
      cashier: z.cashier,
      sales: 3,
      tickets: 4,
      salesCents: cash + card,
      cashCents: cash,
      cardCents: card,
      otherCents: 0,
      refundsCents: refunds,
      startingCashCents: s.startingCashCents,
      expectedCashCents: s.startingCashCents + cash - refunds,
      countedCents: s.countedCashCents,
      differenceCents: -70,
    });
    expect(row.closed).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/));
    expect(got.totals).toMatchObject({ sales: 3, cashCents: cash, differenceCents: -70 });
  });
});

describe("check-ins", () => {
  it("per hour and per device: admissions not undone, conflicts not counted, first and last", async () => {
    const want = await doorSums(s.t, s.organiserId, WEEKS);
    expect(want.all.filter((r) => r.outcome === "conflict")).toHaveLength(1);
    expect(want.all.filter((r) => r.undone_at !== null)).toHaveLength(1);
    const hours = await run({ tab: "checkins", view: "hour", eventId: s.shop.eventId });
    expect(byKey(hours.rows, "hour")).toEqual(want.hours);
    expect(hours.totals.admissions).toBe(3);
    const devices = await run({ tab: "checkins", view: "device", eventId: s.shop.eventId });
    expect(devices.rows).toEqual(Object.values(want.devices).sort((a, b) => b.admissions - a.admissions));
    expect(devices.rows.map((r) => [r.device, r.admissions])).toEqual([
      ["Gate 1", 2],
      ["Gate 2", 1],
    ]);
    expect(devices.totals).toEqual({ admissions: 3 });
  });
});

describe("every tab", () => {
  it.each(REPORT_TABS.flatMap((tab) => REPORT_VIEWS[tab].map((view) => [tab, view] as const)))(
    "%s per %s: labelled columns; totals are the sums of its count and cents columns",
    async (tab: ReportTab, view: string) => {
      const got = await run({ tab, view, eventId: tab === "checkins" ? s.shop.eventId : null });
      for (const c of got.columns) expect(REPORT_COLUMN_LABELS[`${tab}.${c.key}`], `${tab}.${c.key}`).toBeDefined();
      const summed = got.columns.filter((c) => c.kind === "count" || c.kind === "cents");
      expect(Object.keys(got.totals).sort()).toEqual(summed.map((c) => c.key).sort());
      for (const c of summed) expect(got.totals[c.key]).toBe(got.rows.reduce((a, r) => a + Number(r[c.key] ?? 0), 0));
      expect(got.columns.map((c) => c.key)).toContain(got.chart.index);
      expect({ tab: got.tab, view: got.view, from: got.from, to: got.to }).toEqual({ tab, view, ...WEEKS });
    },
  );

  it("the chosen event gives the same figures (all of the scene is one event)", async () => {
    for (const tab of ["sales", "tickets", "vouchers", "resellers", "vat", "shifts"] as const) {
      const all = await run({ tab });
      const one = await run({ tab, eventId: s.shop.eventId });
      expect({ rows: one.rows, totals: one.totals }).toEqual({ rows: all.rows, totals: all.totals });
    }
  });
});
