/**
 * Reports benchmark (issue 22 item 3 "Speed", decision 025): every report tab and view for a
 * year, on 100,000 orders of one organiser, on the local Postgres.
 *
 *   npx tsx scripts/bench/reports.ts
 *
 * Creates its own database (bench_reports, dropped at the end unless BENCH_KEEP_DB=1) on
 * DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), applies the
 * migrations and seeds with set-based SQL BENCH_ORDERS orders (default 100,000) over the last
 * year: 8 events with 5 dates each and a season over two of them, every state, payment method
 * and channel, online service fees and box office fees, 1–4 lines each (some cancelled in valid
 * orders), refunds, invoices and credit notes, vouchers on every 11th order, three resellers,
 * a closed box office shift per day with its frozen Z-report, 20,000 check-ins of one event;
 * plus 2,000 orders of another organiser. Then VACUUM ANALYZE.
 *
 * Measured in this process, BENCH_RUNS runs each (default 30, after 3 warm-ups): runReport of
 * each tab and view over the last 365 days, every event, and the sales per day of the season.
 * The first year report keeps the year's closed days (decision 025c; timed once, printed as
 * firstReportMs); "a day changed" times a report after one kept day was marked changed.
 * Target: p95 < 500 ms each. "floor" times the least a year report reads (the year's orders joined
 * with their lines, counted): on a loaded machine every case is slower by the same factor. The last line is one JSON object {"orders", "firstReportMs", "p95Ms": {case: ms}}.
 * BENCH_KEEP_DB=1 keeps the database; BENCH_REUSE=1 measures again on a kept one without seeding.
 */
import { sql } from "drizzle-orm";

import { connectPostgres, type Database, openDatabase } from "../../server/db/client";
import { txRows } from "../../server/db/sql";
import { runReport } from "../../server/modules/reports/run";
import { REPORT_TABS, REPORT_VIEWS, type ReportQuery } from "../../shared/schemas/reports";
import { BENCH_SERVER_URL, freshBenchDatabase, withDatabase } from "./own-database";

const DB_NAME = "bench_reports";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const OTHER_ORDERS = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const TARGET_P95_MS = 500;

const log = (msg: string) => console.error(`[bench:reports] ${msg}`);
const r1 = (n: number) => Math.round(n * 10) / 10;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

type Seeded = { organiserId: string; seasonId: string; checkinEventId: string };

async function seed(database: Database): Promise<Seeded> {
  const db = database.db;
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await txRows<T>(db, q))[0]!;
  const { id: organiserId } = await one<{ id: string }>(sql`insert into organisers (name) values ('Bench Organiser') returning id::text`);
  const { id: otherOrganiserId } = await one<{ id: string }>(sql`insert into organisers (name) values ('Other Organiser') returning id::text`);
  const { id: userId } = await one<{ id: string }>(
    sql`insert into users (email, password_hash, role, status, first_name, organiser_id, activated_at)
        values ('bench-owner@example.com', 'bench: no sign-in', 'organiser', 'active', 'Bench', ${organiserId}, now()) returning id::text`,
  );
  await txRows(
    db,
    sql`insert into users (email, password_hash, role, status, first_name, last_name, organiser_id, activated_at)
        select 'reseller' || r || '@example.com', 'bench: no sign-in', 'reseller', 'active', 'Kiosk ' || r, '', ${organiserId}, now() from generate_series(1, 3) r`,
  );
  await txRows(
    db,
    sql`insert into reseller_profiles (user_id, organiser_id, name, address, city, zip, state, country, mobile)
        select id, organiser_id, first_name, 'Hauptstr. 1', 'Berlin', '10115', 'Berlin', 'DE', '+49 30 1' from users where role = 'reseller'`,
  );

  await txRows(
    db,
    sql`insert into events (organiser_id, name, status, type, published_at, vat_rate_bp)
        select ${organiserId}, 'Bench Event ' || e, 'published', 'REGULAR', now() - interval '1 year', case when e % 2 = 0 then 700 else 1900 end from generate_series(1, 8) e`,
  );
  const { id: seasonId } = await one<{ id: string }>(
    sql`insert into events (organiser_id, name, status, type, published_at) values (${organiserId}, 'Bench Season', 'published', 'SEASONAL', now() - interval '1 year') returning id::text`,
  );
  await txRows(db, sql`update events set season_id = ${seasonId}, type = 'SEASON_CHILD' where organiser_id = ${organiserId} and name in ('Bench Event 1', 'Bench Event 2')`);
  await txRows(db, sql`insert into events (organiser_id, name, status, type) values (${otherOrganiserId}, 'Other Event', 'published', 'REGULAR')`);
  await txRows(
    db,
    sql`insert into event_dates (event_id, organiser_id, local_date, starts_at, ends_at)
        select e.id, e.organiser_id, to_char(s, 'YYYY-MM-DD'), s, s + interval '3 hours'
        from events e cross join generate_series(0, 4) d
        cross join lateral (select date_trunc('day', now()) - interval '300 days' + (d * 70 + (hashtext(e.id::text) & 31)) * interval '1 day' + interval '19 hours' as s) x
        where e.type <> 'SEASONAL'`,
  );
  await txRows(db, sql`create temporary table bench_scopes (n int primary key, organiser_id uuid, event_id uuid, scope_id uuid, is_season boolean)`);
  await txRows(
    db,
    sql`insert into bench_scopes
        select row_number() over (order by e.organiser_id, e.name, d.starts_at) - 1, e.organiser_id, e.id, d.id, false
        from event_dates d join events e on e.id = d.event_id where e.organiser_id = ${organiserId}`,
  );
  await txRows(db, sql`insert into bench_scopes select (select count(*) from bench_scopes), ${organiserId}, ${seasonId}, ${seasonId}, true`);
  const { n: scopes } = await one<{ n: number }>(sql`select count(*)::int as n from bench_scopes`);
  await txRows(
    db,
    sql`insert into vouchers (organiser_id, event_id, code, kind, value, max_order_cents, valid_from, valid_until)
        select ${organiserId}, (select event_id from bench_scopes where n = v % ${scopes}::int), 'BENCH' || v, 'percent', 1000, 10000000, now() - interval '1 year', now() + interval '1 year'
        from generate_series(0, 49) v`,
  );
  await txRows(db, sql`create temporary table bench_vouchers as select row_number() over (order by code) - 1 as n, id, event_id from vouchers`);
  await txRows(db, sql`create temporary table bench_resellers as select row_number() over (order by id) - 1 as n, id from users where role = 'reseller'`);

  // Orders: n tickets of 25.00 (1-4), 1.00 service fee per ticket online, 1.50 per ticket at the counter.
  const insertOrders = (org: string, count: number, from: number, scopeSql: ReturnType<typeof sql>) =>
    txRows(
      db,
      sql`insert into orders (number, organiser_id, event_id, scope_id, is_season, idempotency_key, status, buyer, buyer_email, locale, amounts, total_cents,
            payment_method, channel, provider, provider_ref, voucher_id, reseller_id, paid_at, cancelled_at, failed_at, created_at)
          select upper(substr(md5(i::text), 1, 4)) || '-' || upper(lpad(to_hex(i), 5, '0')), ${org}::uuid, s.event_id, s.scope_id, s.is_season, 'bench-' || i, st::order_status,
            jsonb_build_object('firstName', 'Bea', 'lastName', 'Buyer' || i), 'b' || i || '@example.com', 'de',
            jsonb_build_object('ticketsCents', n * 2500, 'optionsCents', 0, 'feesCents', fees, 'discountCents', 0, 'vatCents', 0, 'totalCents', n * 2500 + fees + bo,
              'vat', jsonb_build_array(jsonb_build_object('rateBp', 1900, 'vatCents', round((n * 2500 + fees + bo) * 19 / 119.0)::int)))
              || case when ch = 'box_office' then jsonb_build_object('boxOfficeFeeCents', 150, 'boxOfficeFeesCents', bo) else '{}'::jsonb end,
            n * 2500 + fees + bo, pm::payment_method, ch::order_channel,
            case when pm = 'online' then 'test' end, case when pm = 'online' then 'bench-pay-' || i end,
            case when i % 11 = 0 then (select id from bench_vouchers where bench_vouchers.n = i % 50) end,
            case when ch = 'reseller' then (select id from bench_resellers r where r.n = i % 3) end,
            case when st in ('valid', 'cancelled') then ts end, case when st = 'cancelled' then ts + interval '2 days' end, case when st = 'failed' then ts + interval '15 minutes' end,
            ts
          from generate_series(${from}::int, ${from + count - 1}::int) i
          cross join lateral (select now() - (i - ${from}::int) * (interval '1 year' / ${count}::int) as ts,
            case i % 20 when 0 then 'cancelled' when 1 then 'failed' when 2 then 'pending' else 'valid' end as st,
            (array['online','online','online','online','cash','card','paypal','free_of_charge','other'])[1 + (i / 3) % 9] as pm, 1 + i % 4 as n) a
          cross join lateral (select case when pm in ('cash', 'card') then 'box_office' when pm = 'other' then 'reseller' else 'online' end as ch) b
          cross join lateral (select case when ch = 'online' then n * 100 else 0 end as fees, case when ch = 'box_office' then n * 150 else 0 end as bo) c
          cross join lateral (${scopeSql}) s`,
    );
  log(`seeding ${ORDERS.toLocaleString("en-US")} orders`);
  await insertOrders(organiserId, ORDERS, 1, sql`select event_id, scope_id, is_season from bench_scopes where n = (i * 7) % ${scopes}::int`);
  await insertOrders(
    otherOrganiserId,
    OTHER_ORDERS,
    ORDERS + 1,
    sql`select e.id as event_id, d.id as scope_id, false as is_season from event_dates d join events e on e.id = d.event_id where e.organiser_id = ${otherOrganiserId} order by d.starts_at limit 1`,
  );
  log("seeding ticket lines, refunds, invoices");
  // Lines: cancelled with the order; in every 13th valid order the first line cancelled by the organiser.
  await txRows(
    db,
    sql`insert into order_lines (order_id, event_id, scope_id, category_name, price_cents, total_cents, vat_rate_bp, vat_cents, status, cancel_reason, cancelled_at, created_at)
        select o.id, o.event_id, o.scope_id, 'Category ' || (1 + (k + hashtext(o.number) & 3)), 2500, 2500, 1900, 399,
          (case when o.status in ('cancelled', 'failed') or (k = 1 and o.status = 'valid' and hashtext(o.number) % 13 = 0) then 'canceled' else 'active' end)::line_status,
          case when o.status = 'cancelled' or (k = 1 and o.status = 'valid' and hashtext(o.number) % 13 = 0) then 'organiser' end::line_cancel_reason,
          case when o.status in ('cancelled', 'failed') then o.created_at + interval '2 days' end,
          o.created_at
        from orders o cross join lateral generate_series(1, (o.amounts->>'ticketsCents')::int / 2500) k`,
  );
  await txRows(
    db,
    sql`insert into refunds (order_id, provider, provider_ref, amount_cents, reason, status, done_at, created_at)
        select id, coalesce(provider, 'box_office'), coalesce(provider_ref, 'bench-' || id), total_cents, 'organiser', 'done', cancelled_at, cancelled_at
        from orders where status = 'cancelled' and paid_at is not null and total_cents > 0`,
  );
  await txRows(
    db,
    sql`insert into order_invoices (organiser_id, order_id, kind, number, year, counter, issued_at, due_on, locale, seller, recipient, items, vat, total_cents)
        select organiser_id, id, 'invoice', 'RE-' || row_number() over (partition by organiser_id order by paid_at, id), 2026,
          row_number() over (partition by organiser_id order by paid_at, id), paid_at, paid_at::date, 'de', '{}'::jsonb, '{}'::jsonb, '[]'::jsonb,
          jsonb_build_array(jsonb_build_object('rateBp', 1900, 'grossCents', total_cents, 'vatCents', round(total_cents * 19 / 119.0)::int, 'netCents', total_cents - round(total_cents * 19 / 119.0)::int)),
          total_cents
        from orders where paid_at is not null and total_cents > 0`,
  );
  await txRows(
    db,
    sql`insert into order_invoices (organiser_id, order_id, kind, number, year, counter, issued_at, due_on, locale, seller, recipient, items, vat, total_cents)
        select organiser_id, id, 'credit_note', 'GS-' || row_number() over (partition by organiser_id order by cancelled_at, id), 2026,
          row_number() over (partition by organiser_id order by cancelled_at, id), cancelled_at, cancelled_at::date, 'de', '{}'::jsonb, '{}'::jsonb, '[]'::jsonb,
          jsonb_build_array(jsonb_build_object('rateBp', 1900, 'grossCents', total_cents, 'vatCents', round(total_cents * 19 / 119.0)::int, 'netCents', total_cents - round(total_cents * 19 / 119.0)::int)),
          total_cents
        from orders where status = 'cancelled' and paid_at is not null and total_cents > 0`,
  );
  log("seeding shifts and check-ins");
  // A shift per day with box office sales, closed with its frozen Z-report (figures as the box office writes them).
  await txRows(
    db,
    sql`insert into box_office_shifts (organiser_id, user_id, opened_at, closed_at, starting_cash_cents, counted_cash_cents, report)
        select ${organiserId}, ${userId}, day + interval '9 hours', day + interval '23 hours', 10000, 10000,
          jsonb_build_object('shiftId', '', 'cashier', 'Bench', 'openedAt', day + interval '9 hours', 'closedAt', day + interval '23 hours', 'startingCashCents', 10000,
            'countedCashCents', 10000, 'methods', '[]'::jsonb, 'salesCount', 0, 'ticketsCount', 0, 'salesCents', 0, 'refundsCents', 0, 'boxOfficeFeesCents', 0,
            'cashExpectedCents', 10000, 'differenceCents', 0)
        from generate_series(date_trunc('day', now()) - interval '364 days', date_trunc('day', now()), interval '1 day') day`,
  );
  await txRows(
    db,
    sql`insert into box_office_sales (order_id, shift_id, organiser_id, idempotency_key, created_at)
        select o.id, s.id, o.organiser_id, 'bench-' || o.id, o.created_at from orders o
        join box_office_shifts s on s.organiser_id = o.organiser_id and date_trunc('day', s.opened_at) = date_trunc('day', o.created_at)
        where o.channel = 'box_office' and o.organiser_id = ${organiserId}`,
  );
  const { event_id: checkinEventId } = await one<{ event_id: string }>(sql`select event_id::text from bench_scopes where not is_season and n = 12`);
  await txRows(
    db,
    sql`insert into checkins (organiser_id, event_id, event_date_id, line_id, order_id, device_id, device_label, nonce, scanned_at, undone_at)
        select ${organiserId}, l.event_id, l.scope_id, l.id, l.order_id, 'device-' || (k % 6), 'Gate ' || (k % 6), 'bench-' || l.id,
          d.starts_at - interval '2 hours' + (k % 240) * interval '1 minute', case when k % 50 = 0 then d.starts_at end
        from (select l.*, row_number() over (order by l.id) as k from order_lines l join orders o on o.id = l.order_id
              where l.event_id = ${checkinEventId} and o.status = 'valid' and l.status <> 'canceled' limit 20000) l
        join event_dates d on d.id = l.scope_id`,
  );
  log("VACUUM ANALYZE");
  await txRows(db, sql`vacuum analyze`);
  return { organiserId, seasonId, checkinEventId };
}

async function measure(fn: () => Promise<number>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows = await fn();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), rows };
}

/** The database a run with BENCH_KEEP_DB=1 left (BENCH_REUSE=1: measure again without seeding). */
async function reuse(database: Database): Promise<Seeded> {
  const [row] = await txRows<Seeded>(
    database.db,
    sql`select o.id::text as "organiserId", (select id::text from events where organiser_id = o.id and type = 'SEASONAL') as "seasonId",
          (select event_id::text from checkins where organiser_id = o.id limit 1) as "checkinEventId"
        from organisers o where o.name = 'Bench Organiser'`,
  );
  return row!;
}

async function main() {
  const reusing = process.env.BENCH_REUSE === "1";
  const { admin, url } = reusing
    ? { admin: connectPostgres(BENCH_SERVER_URL, { max: 1, onnotice: () => {} }), url: withDatabase(BENCH_SERVER_URL, DB_NAME) }
    : await freshBenchDatabase(DB_NAME, "bench-reports-secret-0123456789abcdef");
  const database = await openDatabase({ url, maxConnections: 10 });
  try {
    const started = performance.now();
    if (!reusing) await database.migrate();
    const seeded = reusing ? await reuse(database) : await seed(database);
    const [counts] = await txRows<{ orders: number; lines: number }>(
      database.db,
      sql`select (select count(*) from orders where organiser_id = ${seeded.organiserId})::int as orders, (select count(*) from order_lines)::int as lines`,
    );
    log(`seeded ${counts!.orders.toLocaleString("en-US")} orders, ${counts!.lines.toLocaleString("en-US")} lines in ${r1((performance.now() - started) / 1000)} s`);
    const day = (ago: number) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date(Date.now() - ago * 86_400_000));
    const year = { from: day(364), to: day(0) };
    const cases: [string, ReportQuery][] = [];
    for (const tab of REPORT_TABS) {
      for (const view of REPORT_VIEWS[tab]) cases.push([`${tab}/${view}`, { tab, view, eventId: tab === "checkins" ? seeded.checkinEventId : null, ...year }]);
    }
    cases.push(["sales/day of the season", { tab: "sales", view: "day", eventId: seeded.seasonId, ...year }]);
    const results: { name: string; p50: number; p95: number; max: number; rows: number }[] = [];
    // The floor on this machine now: the least any year report reads (the year's counted orders and their lines, summed).
    const floor = await measure(async () => {
      const [row] = await txRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from orders o join order_lines l on l.order_id = o.id
            where o.organiser_id = ${seeded.organiserId} and o.status in ('valid', 'cancelled') and o.paid_at >= now() - interval '365 days'`,
      );
      return Number(row!.n);
    });
    results.push({ name: "floor: a year's lines", ...floor });
    // Kept days (decision 025c): the first year report keeps the year's closed days (timed once,
    // with nothing kept); a report after a change to one kept day reads that day again (the mark
    // a trigger writes for it, written here directly before each run).
    for (const table of ["report_day_range", "report_sales_days", "report_ticket_days", "report_day_marks"]) await txRows(database.db, sql`delete from ${sql.raw(table)}`);
    const coldStarted = performance.now();
    await runReport(database.db, seeded.organiserId, { tab: "sales", view: "day", eventId: null, ...year });
    const coldMs = performance.now() - coldStarted;
    log(`first year report, keeping the year's days: ${r1(coldMs)} ms`);
    const changed = await measure(async () => {
      await txRows(database.db, sql`insert into report_day_marks (organiser_id, day) values (${seeded.organiserId}, ${day(100)}::date)`);
      return (await runReport(database.db, seeded.organiserId, { tab: "sales", view: "day", eventId: null, ...year })).rows.length;
    });
    results.push({ name: "sales/day, a day changed", ...changed });
    for (const [name, query] of cases) {
      const m = await measure(async () => (await runReport(database.db, seeded.organiserId, query)).rows.length);
      results.push({ name, ...m });
      log(`${name}: p95 ${r1(m.p95)} ms (${m.rows} rows)`);
    }
    console.log(`\nReports benchmark: ${counts!.orders.toLocaleString("en-US")} orders of one organiser over a year, ${RUNS} runs each (Postgres)\n`);
    console.log(`${"case".padEnd(28)}${"p50 ms".padStart(8)}${"p95 ms".padStart(8)}${"max ms".padStart(8)}   rows   verdict`);
    for (const r of results) {
      console.log(`${r.name.padEnd(28)}${r1(r.p50).toFixed(1).padStart(8)}${r1(r.p95).toFixed(1).padStart(8)}${r1(r.max).toFixed(1).padStart(8)}   ${String(r.rows).padStart(4)}   ${r.p95 < TARGET_P95_MS ? "ok" : "MISSED"} (< ${TARGET_P95_MS})`);
    }
    console.log(`first year report (keeps the year's days): ${r1(coldMs).toFixed(1)} ms, once`);
    console.log(JSON.stringify({ orders: counts!.orders, firstReportMs: r1(coldMs), p95Ms: Object.fromEntries(results.map((r) => [r.name, r1(r.p95)])) }));
  } finally {
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP_DB === "1" || reusing) log(`database ${DB_NAME} kept`);
    else await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch((err: unknown) => log(`could not drop ${DB_NAME}: ${String(err)}`));
    await admin.end({ timeout: 5 });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
