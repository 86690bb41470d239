/**
 * The reports' downloads (issue 22 item 3, decision 025b): GET /api/reports/{tab}.csv and .pdf.
 * Every tab and view of an organiser with online, voucher, partly cancelled, box office and
 * reseller sales and check-ins: the CSV parses back with csv-parse (German ";" and decimal comma,
 * English "," and point) to exactly the rows and totals reports.run answers, to the cent; the
 * PDF is a PDF whose text holds the title, organiser, period and totals. The SPEC's report
 * errors answer as JSON with their codes and status, never a file; rights: reportAreaAccess
 * (and viewOrders for the lines export's file).
 */
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18nFor } from "../../server/i18n";
import { processRefunds } from "../../server/modules/orders/jobs";
import { REPORT_COLUMN_LABELS, REPORT_TAB_LABELS, REPORT_VALUE_LABELS } from "../../shared/i18n/report-labels";
import { emptyPermissionSet } from "../../shared/permissions";
import { REPORT_TABS, REPORT_VIEWS, type ReportResult, type ReportRow, type ReportTab } from "../../shared/schemas/reports";
import type { TestClient } from "./helpers/app";
import { createEventVia, ok, signedInTeamMember, validEventStep1 } from "./helpers/events";
import { buySeats, createOrdersApp, linesOf, type OrdersApp } from "./helpers/orders";
import { allocateVia, countedTickets, createReseller, organiserIdOf, saleInput as resellerSale, sellVia } from "./helpers/resellers";
import { cartOf, createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt } from "./helpers/trpc";
import { insertVoucher } from "./helpers/vouchers";

type Lang = "de" | "en";
const TZ = "Europe/Berlin";
const berlinDay = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: TZ }).format(d);

let t: OrdersApp;
let shop: ShopEvent;
let other: ShopEvent;
let organiserId: string;
let emptyEventId: string;
const today = berlinDay(new Date());
const from = berlinDay(new Date(Date.now() - 20 * 86400_000));

/** Every tab and view, with the event the check-in report needs. */
const CASES = REPORT_TABS.flatMap((tab) =>
  (REPORT_VIEWS[tab] as readonly string[]).map((view) => ({ tab, view, eventId: tab === "checkins" ? "shop" : null })),
);

function download(client: TestClient, file: string, query: Record<string, string>) {
  return client.request({ method: "GET", url: `/api/reports/${file}`, query });
}

function queryOf(c: { view: string; eventId: string | null }, lang: Lang, period = { from, to: today }): Record<string, string> {
  return { view: c.view, from: period.from, to: period.to, lang, ...(c.eventId ? { eventId: shop.eventId } : {}) };
}

const run = (tab: ReportTab, view: string, eventId: string | null) =>
  shop.organiser.trpc.reports.run.query({ tab, view, eventId: eventId ? shop.eventId : null, from, to: today });

/**
 * A CSV cell read back into the value reports.run answers: money and rates from "1234,50" (a
 * decimal comma in German, a point in English, never a thousands separator), German days
 * "26.11.2026" back to "2026-11-26", code columns from their translated label.
 */
function readBack(cell: string, kind: string, key: string, lang: Lang): string | number | null {
  if (cell === "") return null;
  const decimal = lang === "de" ? "," : ".";
  switch (kind) {
    case "cents":
    case "basisPoints": {
      expect(cell, `${key}: plain decimal with "${decimal}"`).toMatch(lang === "de" ? /^-?\d+,\d{2}$/ : /^-?\d+\.\d{2}$/);
      return Math.round(Number(cell.replace(decimal, ".")) * 100);
    }
    case "count":
      expect(cell).toMatch(/^-?\d+$/);
      return Number(cell);
    case "day":
    case "hour": {
      if (lang === "en") return cell;
      const m = /^(\d{2})\.(\d{2})\.(\d{4})(.*)$/.exec(cell);
      expect(m, `${key}: German day "${cell}"`).not.toBeNull();
      return `${m![3]}-${m![2]}-${m![1]}${m![4]}`;
    }
    default: {
      const code = Object.entries(REPORT_VALUE_LABELS).find(([k, d]) => k.startsWith(`${key}.`) && i18nFor(lang)._(d) === cell);
      return code ? code[0].slice(key.length + 1) : cell;
    }
  }
}

/** The header the CSV should write: each column's label, money "(EUR)", rates "(%)". */
function expectedHeader(result: ReportResult, lang: Lang): string[] {
  const i18n = i18nFor(lang);
  return result.columns.map((c) => {
    const label = i18n._(REPORT_COLUMN_LABELS[`${result.tab}.${c.key}`]!);
    return c.kind === "cents" ? `${label} (EUR)` : c.kind === "basisPoints" ? `${label} (%)` : label;
  });
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** A day as the PDF writes it: "26.11.2026" in German, "26 Nov 2026" in English. */
function dayText(day: string, lang: Lang): string {
  const [y, m, d] = day.split("-").map(Number);
  return lang === "de" ? day.split("-").reverse().join(".") : new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(Date.UTC(y!, m! - 1, d!, 12));
}

const euro = (cents: number, lang: Lang) =>
  new Intl.NumberFormat(lang === "de" ? "de-DE" : "en-GB", { style: "currency", currency: "EUR" }).format(cents / 100).replace(/\s+/g, " ");

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  shop = await createShopEvent(t);
  other = await createShopEvent(t);
  organiserId = await organiserIdOf(t, shop.eventId);
  const dateId = shop.dateIds[0]!;
  const keys = async (category: string) =>
    (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${dateId} and category_id = ${category} order by seat_key`)).map(
      (r) => r.k,
    );
  const seatsA = await keys("a");
  const seatsB = await keys("b");
  const [tcA, tcB, tcC] = [shop.category("a").id, shop.category("b").id, shop.category("c").id];

  const online = await buySeats(t, dateId, tcA, seatsA.slice(0, 3));
  // Paid five days ago: a second day in the sales per day.
  await t.database.rows(sql`update orders set paid_at = now() - interval '5 days' where id = ${online.orderId} returning id`);
  const partial = await buySeats(t, dateId, tcA, seatsA.slice(3, 6));
  const [line] = await linesOf(t.database, partial.orderId);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: partial.orderId, lineIds: [line!.id] })));
  await processRefunds(t.deps);
  await insertVoucher(t.database, shop.eventId, { code: "REPORT10", ticketCategoryIds: [tcA] });
  await buySeats(t, dateId, tcA, seatsA.slice(6, 8), { voucherCode: "REPORT10" });

  ok(await attempt(shop.organiser.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "a4" })));
  const shiftId = ok(await attempt(shop.organiser.trpc.boxOffice.openShift.mutate({ startingCashCents: 5000 }))).id;
  const counter = seatsB.slice(0, 2);
  const cart = cartOf(
    ok(await attempt(shop.organiser.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: counter.map((key) => ({ key, ticketCategoryId: tcB })), counts: [] }))),
  );
  ok(
    await attempt(
      shop.organiser.trpc.boxOffice.sell.mutate({
        cart,
        idempotencyKey: `sale-${randomUUID()}`,
        shiftId,
        tickets: counter.map((k) => ({ ticketCategoryId: tcB, seatKeys: [k] })),
        paymentMethod: "cash",
        locale: "en",
      }),
    ),
  );
  const kiosk = await createReseller(t, organiserId, shop.eventId, { [tcC]: 1250 }, "Kiosk Report");
  const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, counts: [{ ticketCategoryId: tcC, areaId: "S", quantity: 4 }] }));
  ok(await sellVia(kiosk.client, resellerSale(allocationId, countedTickets(tcC, "S", 2))));

  // Two admissions at two gates (the check-in report reads the checkins table).
  const lines = await linesOf(t.database, online.orderId);
  for (const [i, l] of lines.slice(0, 2).entries()) {
    await t.database.rows(sql`
      insert into checkins (organiser_id, event_id, event_date_id, line_id, order_id, device_id, device_label, nonce, scanned_at)
      values (${organiserId}, ${shop.eventId}, ${dateId}, ${l.id}, ${online.orderId}, ${`device-${i}`}, ${i === 0 ? "North gate" : "South gate"},
        ${randomUUID()}, now() - make_interval(mins => ${i * 70})) returning id`);
  }
  emptyEventId = await createEventVia(shop.organiser, validEventStep1({ name: "Nothing sold" }));
  await buySeats(t, other.dateIds[0]!, other.category("a").id, ["A:0:0"]);
});

afterAll(async () => {
  await t.close();
});

describe("CSV: the same rows as reports.run", () => {
  it.each(CASES.flatMap((c) => (["de", "en"] as const).map((lang) => ({ ...c, lang }))))("$tab per $view ($lang)", async ({ tab, view, eventId, lang }) => {
    const result = await run(tab, view, eventId);
    expect(result.rows.length).toBeGreaterThan(0);
    const res = await download(shop.organiser, `${tab}.csv`, queryOf({ view, eventId }, lang));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="report-${tab}-${view}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const records: string[][] = parse(res.rawPayload, { bom: true, delimiter: lang === "de" ? ";" : ",", relax_column_count: false });
    const [header, ...body] = records;
    expect(header).toEqual(expectedHeader(result, lang));
    const hasTotals = Object.keys(result.totals).length > 0;
    const rows = hasTotals ? body.slice(0, -1) : body;
    expect(rows).toHaveLength(result.rows.length);
    // Text a spreadsheet would run as a formula is quoted away ('=…); read it back without the guard.
    const unguard = (s: string) => (/^'[=+\-@]/.test(s) ? s.slice(1) : s);
    const back: ReportRow[] = rows.map((r) => Object.fromEntries(result.columns.map((c, i) => [c.key, readBack(c.kind === "text" ? unguard(r[i]!) : r[i]!, c.kind, c.key, lang)])));
    expect(back).toEqual(result.rows.map((r) => Object.fromEntries(result.columns.map((c) => [c.key, r[c.key] ?? null]))));
    if (hasTotals) {
      const totals = body.at(-1)!;
      const label = result.columns.findIndex((c) => !(c.key in result.totals));
      expect(totals[label]).toBe(lang === "de" ? i18nFor("de")._({ id: "reports.total", message: "Total" }) : "Total");
      const sums = Object.fromEntries(result.columns.flatMap((c, i) => (c.key in result.totals ? [[c.key, readBack(totals[i]!, c.kind, c.key, lang)]] : [])));
      expect(sums).toEqual(result.totals);
      // And the totals are the sums of the rows the file holds.
      for (const key of Object.keys(result.totals)) expect(sums[key]).toBe(back.reduce((a, r) => a + Number(r[key] ?? 0), 0));
    }
  });
});

describe("PDF", () => {
  it.each(CASES)("$tab per $view is a PDF with title, organiser, period and totals", async ({ tab, view, eventId }) => {
    const result = await run(tab, view, eventId);
    for (const lang of ["de", "en"] as const) {
      const res = await download(shop.organiser, `${tab}.pdf`, queryOf({ view, eventId }, lang));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(i18nFor(lang)._(REPORT_TAB_LABELS[tab]));
      const [organiser] = await t.database.rows<{ name: string }>(sql`select name from organisers where id = ${organiserId}`);
      expect(text).toContain(organiser!.name);
      expect(text).toContain(`${dayText(from, lang)} – ${dayText(today, lang)}`);
      for (const c of result.columns.filter((col) => col.kind === "cents" && col.key in result.totals)) expect(text).toContain(euro(result.totals[c.key]!, lang));
      expect(text).toContain(i18nFor(lang)._({ id: "reportPdf.page", message: "Page {page} of {pages}", values: { page: 1, pages: 1 } }));
    }
  });

  it("names the event when one is chosen, and 'All events' otherwise", async () => {
    const [event] = await t.database.rows<{ name: string }>(sql`select name from events where id = ${shop.eventId}`);
    const one = await pdfText((await download(shop.organiser, "sales.pdf", { ...queryOf({ view: "day", eventId: "shop" }, "en") })).rawPayload);
    expect(one).toContain(event!.name);
    const all = await pdfText((await download(shop.organiser, "sales.pdf", queryOf({ view: "day", eventId: null }, "en"))).rawPayload);
    expect(all).toContain("All events");
  });
});

describe("the SPEC's report errors: JSON with the code, never a file", () => {
  const expectError = (res: Awaited<ReturnType<typeof download>>, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["content-disposition"]).toBeUndefined();
    expect(res.json()).toEqual({ error: code });
  };

  it.each(["csv", "pdf"])("%s: no data for the period, for the event, no event selected, a reversed period", async (ext) => {
    expectError(await download(shop.organiser, `sales.${ext}`, { view: "day", from: "2020-01-01", to: "2020-01-31", lang: "de" }), 404, "REPORT_NO_DATA_PERIOD");
    expectError(await download(shop.organiser, `sales.${ext}`, { view: "day", from, to: today, eventId: emptyEventId, lang: "de" }), 404, "REPORT_NO_DATA_EVENT");
    expectError(await download(shop.organiser, `checkins.${ext}`, { view: "hour", from, to: today, lang: "en" }), 400, "REPORT_NO_EVENT_SELECTED");
    expectError(await download(shop.organiser, `sales.${ext}`, { view: "day", from: today, to: from, lang: "en" }), 400, "REPORT_PERIOD_INVALID");
  });

  it("refuses another organiser's event, an unknown tab or view and a malformed day", async () => {
    expectError(await download(shop.organiser, "sales.csv", { view: "day", from, to: today, eventId: other.eventId }), 404, "NOT_FOUND");
    expectError(await download(shop.organiser, "profits.csv", { from, to: today }), 404, "NOT_FOUND");
    expectError(await download(shop.organiser, "sales.xlsx", { from, to: today }), 404, "NOT_FOUND");
    expectError(await download(shop.organiser, "sales.csv", { view: "week", from, to: today }), 400, "VALIDATION");
    expectError(await download(shop.organiser, "sales.csv", { view: "day", from: "2026-02-30", to: today }), 400, "VALIDATION");
    expectError(await download(shop.organiser, "sales.csv", { view: "day" }), 400, "VALIDATION");
  });

  it("shows another organiser only its own sales", async () => {
    const res = await download(other.organiser, "sales.csv", queryOf({ view: "channel", eventId: null }, "en"));
    const [, ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    // One online order of one ticket, then the totals.
    expect(rows[0]![0]).toBe("Online");
    expect(rows[0]![2]).toBe("1");
  });
});

describe("rights", () => {
  it("refuses without a session, and a team member without reportAreaAccess", async () => {
    const anonymous = await download(t.client(), "sales.csv", queryOf({ view: "day", eventId: null }, "en"));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: "UNAUTHENTICATED" });
    const { client: clerk } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true, viewMainDashboard: true });
    for (const file of ["sales.csv", "sales.pdf"]) {
      const res = await download(clerk, file, queryOf({ view: "day", eventId: null }, "en"));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "FORBIDDEN" });
    }
  });

  it("lets a team member with reportAreaAccess download; the lines export's file also takes viewOrders", async () => {
    const { client: reporter } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), reportAreaAccess: true });
    const csv = await download(reporter, "sales.csv", queryOf({ view: "day", eventId: null }, "de"));
    expect(csv.statusCode).toBe(200);
    const mine = await download(shop.organiser, "sales.csv", queryOf({ view: "day", eventId: null }, "de"));
    expect(csv.body).toBe(mine.body);
    const id = randomUUID();
    expect((await reporter.request({ method: "GET", url: `/api/reports/exports/${id}.csv` })).statusCode).toBe(403);
    const { client: both } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), reportAreaAccess: true, viewOrders: true });
    // Allowed through, and an export that does not exist is not found.
    const missing = await both.request({ method: "GET", url: `/api/reports/exports/${id}.csv` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "NOT_FOUND" });
  });
});
