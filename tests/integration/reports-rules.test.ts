/**
 * The reports' rules (issue 22 item 3, decision 025), on PGlite and Postgres: the SPEC's report
 * errors and the clear refusals of bad input (no data for the period, no data for the event, no
 * event chosen, a period ending before it starts or longer than a year and a day, a view the tab
 * has not, a day that does not exist, another organiser's event); the rights (reportAreaAccess
 * allows, a team member without it is refused, another organiser sees only its own); days are
 * Berlin's calendar days with both ends included; a season's report holds its season tickets and
 * its events' tickets, one of its events only its own; the filter's events and seasons.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReport } from "../../server/modules/reports/run";
import { emptyPermissionSet } from "../../shared/permissions";
import type { ReportQuery } from "../../shared/schemas/reports";
import type { TestClient } from "./helpers/app";
import { categoriesOf, createEventVia, datesOf, signedInTeamMember, validEventStep1 } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { buySeats, createOrdersApp, type OrdersApp } from "./helpers/orders";
import { berlinDay, berlinTime } from "./helpers/report-scene";
import { organiserIdOf } from "./helpers/resellers";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { failure } from "./helpers/trpc";
import { insertVoucher } from "./helpers/vouchers";

let t: OrdersApp;
let shop: ShopEvent;
let other: ShopEvent;
let organiserId: string;
let draftId: string;
const orders: Record<string, string> = {};
const TODAY = berlinDay(0);

const run = (q: Partial<ReportQuery>, client: TestClient = shop.organiser) =>
  client.trpc.reports.run.query({ tab: "sales", eventId: null, from: TODAY, to: TODAY, ...q });

/** The instant Berlin's `day` starts, found by trying UTC+1 and UTC+2 (independent of the server's helper). */
function berlinMidnight(day: string): Date {
  for (const offset of ["+01:00", "+02:00"]) {
    const at = new Date(`${day}T00:00:00${offset}`);
    if (berlinTime(at) === `${day} 00:00`) return at;
  }
  throw new Error(`no midnight for ${day}`);
}

async function setPaidAt(orderId: string, at: Date) {
  await t.database.rows(sql`update orders set paid_at = ${at.toISOString()}::timestamptz, created_at = ${at.toISOString()}::timestamptz where id = ${orderId} returning id`);
}

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  shop = await createShopEvent(t);
  other = await createShopEvent(t);
  organiserId = await organiserIdOf(t, shop.eventId);
  draftId = await createEventVia(shop.organiser, validEventStep1({ name: "Quiet Evening" }));
  const dateId = shop.dateIds[0]!;
  const a = shop.category("a").id;
  await insertVoucher(t.database, shop.eventId, { code: "RULES10", ticketCategoryIds: [a], validUntil: new Date(Date.now() + 5 * 86_400_000) });
  orders.today = (await buySeats(t, dateId, a, ["A:0:0"], { voucherCode: "RULES10" })).orderId;
  // Paid a minute before and exactly at the midnight that starts yesterday (Berlin).
  orders.lateEvening = (await buySeats(t, dateId, a, ["A:0:1"])).orderId;
  await setPaidAt(orders.lateEvening, new Date(berlinMidnight(berlinDay(1)).getTime() - 60_000));
  orders.midnight = (await buySeats(t, dateId, a, ["A:0:2"])).orderId;
  await setPaidAt(orders.midnight, berlinMidnight(berlinDay(1)));
  await buySeats(t, other.dateIds[0]!, other.category("a").id, ["A:0:0"]);
});

afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

describe("errors", () => {
  it("no data for the period: REPORT_NO_DATA_PERIOD, not an empty report", async () => {
    const e = await failure(run({ from: "2020-01-01", to: "2020-01-31" }));
    expect(e.appCode).toBe("REPORT_NO_DATA_PERIOD");
    for (const tab of ["tickets", "vouchers", "resellers", "vat", "shifts"] as const) {
      expect((await failure(run({ tab, from: "2020-01-01", to: "2020-01-31" }))).appCode).toBe("REPORT_NO_DATA_PERIOD");
    }
    // This organiser has no reseller sales and no shifts even today.
    expect((await failure(run({ tab: "resellers" }))).appCode).toBe("REPORT_NO_DATA_PERIOD");
    expect((await failure(run({ tab: "shifts" }))).appCode).toBe("REPORT_NO_DATA_PERIOD");
  });

  it("no data for the event: REPORT_NO_DATA_EVENT (an event without sales, a door without check-ins)", async () => {
    expect((await failure(run({ eventId: draftId }))).appCode).toBe("REPORT_NO_DATA_EVENT");
    expect((await failure(run({ tab: "vat", eventId: draftId }))).appCode).toBe("REPORT_NO_DATA_EVENT");
    expect((await failure(run({ tab: "checkins", eventId: shop.eventId }))).appCode).toBe("REPORT_NO_DATA_EVENT");
  });

  it("no event selected for the check-ins: REPORT_NO_EVENT_SELECTED on eventId", async () => {
    for (const view of ["hour", "device"]) {
      const e = await failure(run({ tab: "checkins", view }));
      expect(e.appCode).toBe("REPORT_NO_EVENT_SELECTED");
      expect(e.fieldErrors).toEqual({ eventId: ["REPORT_NO_EVENT_SELECTED"] });
    }
  });

  it("a period ending before it starts, or longer than a year and a day: REPORT_PERIOD_INVALID on to", async () => {
    const before = await failure(run({ from: "2026-03-02", to: "2026-03-01" }));
    expect(before.appCode).toBe("REPORT_PERIOD_INVALID");
    expect(before.fieldErrors).toEqual({ to: ["REPORT_PERIOD_INVALID"] });
    expect((await failure(run({ from: "2025-01-01", to: "2026-01-02" }))).appCode).toBe("REPORT_PERIOD_INVALID");
    // 366 days (both included) is a period; it has no data.
    expect((await failure(run({ from: "2025-01-01", to: "2026-01-01" }))).appCode).toBe("REPORT_NO_DATA_PERIOD");
    // The check comes before the event's: a bad period with an event is still a bad period.
    expect((await failure(run({ tab: "checkins", from: "2026-03-02", to: "2026-03-01" }))).appCode).toBe("REPORT_PERIOD_INVALID");
  });

  it("a view the tab has not, a day that does not exist, a malformed day or tab: VALIDATION", async () => {
    const view = await failure(run({ tab: "tickets", view: "day" }));
    expect(view).toMatchObject({ appCode: "VALIDATION", fieldErrors: { view: ["VALIDATION"] } });
    expect((await failure(run({ view: "weekday" }))).appCode).toBe("VALIDATION");
    expect((await failure(run({ from: "2026-02-30", to: "2026-03-01" }))).fieldErrors).toEqual({ from: ["VALIDATION"] });
    expect((await failure(run({ from: "2026-02-01", to: "2026-02-29" }))).fieldErrors).toEqual({ to: ["VALIDATION"] });
    expect((await failure(run({ from: "2026-2-1" }))).appCode).toBe("VALIDATION");
    expect((await failure(run({ tab: "money" as "sales" }))).appCode).toBe("VALIDATION");
  });

  it("another organiser's event or an unknown one: NOT_FOUND, never its figures", async () => {
    for (const eventId of [other.eventId, randomUUID()]) {
      const e = await failure(run({ eventId }));
      expect(e.appCode).toBe("NOT_FOUND");
      expect(e.fieldErrors).toEqual({ eventId: ["NOT_FOUND"] });
    }
    expect((await failure(run({ tab: "checkins", eventId: other.eventId }))).appCode).toBe("NOT_FOUND");
  });
});

describe("rights and organisers", () => {
  it("reportAreaAccess alone reads every report and the events; without it FORBIDDEN", async () => {
    const { client: reader } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), reportAreaAccess: true });
    expect(await run({}, reader)).toEqual(await run({}));
    expect(await reader.trpc.reports.events.query()).toEqual(await shop.organiser.trpc.reports.events.query());
    const { client: clerk } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewMainDashboard: true, viewOrders: true });
    expect((await failure(run({}, clerk))).appCode).toBe("FORBIDDEN");
    expect((await failure(clerk.trpc.reports.events.query())).appCode).toBe("FORBIDDEN");
    expect((await failure(run({}, t.client()))).appCode).toBe("UNAUTHENTICATED");
  });

  it("another organiser sees only its own orders and events", async () => {
    const theirs = await run({}, other.organiser);
    expect(theirs.totals).toMatchObject({ orders: 1, tickets: 1 });
    expect((await other.organiser.trpc.reports.events.query()).map((e) => e.id)).toEqual([other.eventId]);
    const mine = await run({});
    expect(mine.totals.orders).toBe(1);
  });
});

describe("periods and events", () => {
  it("days are Berlin's calendar days, both ends included", async () => {
    const yesterday = await run({ from: berlinDay(1), to: berlinDay(1) });
    expect(yesterday.rows.map((r) => [r.day, r.orders])).toEqual([[berlinDay(1), 1]]);
    const before = await run({ from: berlinDay(2), to: berlinDay(2) });
    expect(before.rows.map((r) => [r.day, r.orders])).toEqual([[berlinDay(2), 1]]);
    const three = await run({ view: "day", from: berlinDay(2), to: TODAY });
    expect(three.rows.map((r) => r.day)).toEqual([berlinDay(2), berlinDay(1), TODAY]);
    expect(three.totals.orders).toBe(3);
    expect({ from: three.from, to: three.to, eventId: three.eventId }).toEqual({ from: berlinDay(2), to: TODAY, eventId: null });
  });

  it("a voucher's state is the vouchers list's rule at the time asked (runReport's now)", async () => {
    const query = { tab: "vouchers", view: "voucher", eventId: null, from: TODAY, to: TODAY } as const;
    expect((await runReport(t.database.db, organiserId, query)).rows[0]).toMatchObject({ code: "RULES10", state: "active", uses: 1 });
    const later = new Date(Date.now() + 6 * 86_400_000);
    expect((await runReport(t.database.db, organiserId, query, later)).rows[0]).toMatchObject({ code: "RULES10", state: "expired" });
  });

  it("a season holds its season tickets and its events' tickets; one of its events only its own", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const [dayTicket] = await categoriesOf(t.database.db, season.childId);
    const seasonOrder = await buySeats(t, season.seasonId, season.seasonA, ["A:0:0"]);
    const childOrder = await buySeats(t, season.childDates[0]!, dayTicket!.id, ["A:0:1"]);
    const single = await createEventVia(season.organiser, validEventStep1({ name: "Single Night" }));
    const runFor = (eventId: string | null) => season.organiser.trpc.reports.run.query({ tab: "tickets", eventId, from: TODAY, to: TODAY });
    const all = await runFor(null);
    const whole = await runFor(season.seasonId);
    expect(whole.rows).toEqual(all.rows);
    expect(whole.rows.map((r) => [r.category, r.sold]).sort()).toEqual([
      ["Season a", 1],
      ["Ticket a", 1],
    ]);
    const child = await runFor(season.childId);
    expect(child.rows.map((r) => [r.event, r.category, r.sold])).toEqual([["Match day", "Ticket a", 1]]);
    expect((await failure(runFor(single))).appCode).toBe("REPORT_NO_DATA_EVENT");
    const paid = await t.database.rows<{ total: number }>(
      sql`select sum(total_cents)::int as total from orders where id in (${seasonOrder.orderId}::uuid, ${childOrder.orderId}::uuid)`,
    );
    const sales = await season.organiser.trpc.reports.run.query({ tab: "sales", view: "channel", eventId: season.seasonId, from: TODAY, to: TODAY });
    expect(sales.totals.paidCents).toBe(Number(paid[0]!.total));

    // The filter lists the season (its days are its events' dates), its event and the single one.
    const events = await season.organiser.trpc.reports.events.query();
    const dates = (await datesOf(t.database.db, season.childId)).map((d) => berlinDay(0, d.startsAt)).sort();
    expect(events.find((e) => e.id === season.seasonId)).toMatchObject({ isSeason: true, seasonId: null, firstDate: dates[0], lastDate: dates.at(-1) });
    expect(events.find((e) => e.id === season.childId)).toMatchObject({ isSeason: false, seasonId: season.seasonId, firstDate: dates[0], lastDate: dates.at(-1) });
    expect(events.find((e) => e.id === single)).toMatchObject({ name: "Single Night", isSeason: false });
    expect(events).toHaveLength(3);
  });
});
