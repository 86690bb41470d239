/**
 * The sales and tickets reports' kept days (decision 025c), on PGlite and Postgres: a report keeps
 * the closed days it read; a later change to a kept day (a ticket cancelled, a refund done on an
 * earlier day, an order moved to another day) is in the next report, which then
 * equals both the direct sums and a report read with nothing kept. On Postgres: a change still
 * being written while a report runs is in the report after it commits.
 */
import { sql } from "drizzle-orm";
import { connectPostgres } from "../../server/db/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_VIEWS, type ReportQuery } from "../../shared/schemas/reports";
import { expectNoDrift } from "./helpers/inventory";
import { ok } from "./helpers/events";
import { linesOf } from "./helpers/orders";
import { berlinDay, buildScene, type Scene } from "./helpers/report-scene";
import { loadFacts, type Period, salesSums, ticketSums } from "./helpers/report-sums";
import { attempt, failure } from "./helpers/trpc";

let s: Scene;
const WEEKS: Period = { from: berlinDay(10), to: berlinDay(0) };
const ALL_VIEWS = [...REPORT_VIEWS.sales.map((view) => ({ tab: "sales" as const, view })), { tab: "tickets" as const, view: "category" as const }];

const run = (q: Pick<ReportQuery, "tab" | "view">, p: Period = WEEKS) => s.shop.organiser.trpc.reports.run.query({ eventId: null, ...p, ...q });
const byKey = (rows: Record<string, unknown>[], key: string) => Object.fromEntries(rows.map((r) => [String(r[key]), r]));

/** Every view's rows against the direct sums of the orders as they are now. */
async function expectDirectSums(p: Period = WEEKS) {
  const facts = await loadFacts(s.t, s.organiserId);
  for (const view of REPORT_VIEWS.sales) expect(byKey((await run({ tab: "sales", view }, p)).rows, view), `sales per ${view}`).toEqual(salesSums(facts, p, view));
  const tickets = (await run({ tab: "tickets", view: "category" }, p)).rows;
  expect(Object.fromEntries(tickets.map((r) => [`${r.event}|${r.category}`, r]))).toEqual(ticketSums(facts, p));
}

/** Every view read once with kept days and once with nothing kept: the same answers. */
async function expectSameAsUnkept(p: Period = WEEKS) {
  const kept = await Promise.all(ALL_VIEWS.map((q) => run(q, p)));
  await forget();
  const fresh = await Promise.all(ALL_VIEWS.map((q) => run(q, p)));
  expect(kept).toEqual(fresh);
}

async function forget() {
  for (const table of ["report_day_range", "report_sales_days", "report_ticket_days", "report_day_marks"]) {
    await s.t.database.db.execute(sql`delete from ${sql.raw(table)} where organiser_id = ${s.organiserId}`);
  }
}

const keptDays = async () =>
  (await s.t.database.rows<{ day: string }>(sql`select distinct day::text as day from report_sales_days where organiser_id = ${s.organiserId} order by 1`)).map((r) => r.day);

beforeAll(async () => {
  s = await buildScene();
});

afterAll(async () => {
  try {
    await expectNoDrift(s.t.database);
  } finally {
    await s.t.close();
  }
});

describe("kept days", () => {
  it("are the closed days a report read; today is read live", async () => {
    await expectDirectSums();
    expect(await keptDays()).toEqual([berlinDay(8), berlinDay(2)]);
    const [range] = await s.t.database.rows<{ from_day: string; until_day: string }>(
      sql`select from_day::text, until_day::text from report_day_range where organiser_id = ${s.organiserId}`,
    );
    expect(range).toEqual({ from_day: berlinDay(10), until_day: berlinDay(0) });
  });

  it("follow a ticket of a kept day cancelled today", async () => {
    const [line] = await linesOf(s.t.database, s.made.eightDays!);
    ok(await attempt(s.shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: s.made.eightDays!, lineIds: [line!.id] })));
    await expectDirectSums();
    await expectSameAsUnkept();
  });

  it("follow a refund done on an earlier day and orders moved to other days", async () => {
    await s.t.database.db.execute(sql`
      insert into refunds (order_id, provider, provider_ref, amount_cents, reason, status, done_at)
      values (${s.made.twoDays}, 'test', 'kept-days', 500, 'goodwill', 'done', now() - interval '5 days')`);
    await s.t.database.db.execute(sql`update orders set paid_at = paid_at - interval '1 day' where id = ${s.made.twoDays}`);
    await s.t.database.db.execute(sql`update orders set paid_at = now() - interval '4 days' where id = ${s.made.voucher}`);
    await expectDirectSums();
    expect(await keptDays()).toEqual([berlinDay(8), berlinDay(5), berlinDay(4), berlinDay(3)]);
    await expectSameAsUnkept();
  });

  it("grow to a longer period without reading the kept days again, and answer a period in the future", async () => {
    const year: Period = { from: berlinDay(365), to: berlinDay(0) };
    await expectDirectSums(year);
    const [range] = await s.t.database.rows<{ from_day: string }>(sql`select from_day::text from report_day_range where organiser_id = ${s.organiserId}`);
    expect(range!.from_day).toBe(berlinDay(365));
    const tomorrow = berlinDay(-1);
    const nothing = await failure(s.shop.organiser.trpc.reports.run.query({ tab: "sales", view: "day", eventId: null, from: tomorrow, to: tomorrow }));
    expect(nothing.appCode).toBe("REPORT_NO_DATA_PERIOD");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a change written while a report runs (Postgres)", () => {
  it("is in the report after it commits", async () => {
    const before = await run({ tab: "sales", view: "day" });
    const other = connectPostgres(s.t.database.url!, { max: 1, onnotice: () => {} });
    try {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const isStarted = new Promise<void>((r) => (started = r));
      const writer = other.begin(async (tx) => {
        // An order moved to a kept day and a refund done on another: marks written, not yet committed.
        await tx`update orders set paid_at = now() - interval '6 days' where id = ${s.made.online!}`;
        await tx`insert into refunds (order_id, provider, provider_ref, amount_cents, reason, status, done_at)
                 values (${s.made.online!}, 'test', 'kept-days-late', 300, 'goodwill', 'done', now() - interval '7 days')`;
        started();
        await released;
      });
      await isStarted;
      // While it runs, its day cannot be seen and the report is what it was.
      expect((await run({ tab: "sales", view: "day" })).rows).toEqual(before.rows);
      release();
      await writer;
      await expectDirectSums();
      await expectSameAsUnkept();
    } finally {
      await other.end();
    }
  });
});
