/**
 * Organiser orders benchmark (issue 16 "Speed"): the orders list with each filter and the
 * search, the order detail, and the CSV export of 100,000 orders, on the local Postgres.
 *
 *   npm run bench:orders
 *
 * Creates its own database (bench_orders, dropped at the end unless BENCH_KEEP_DB=1) on
 * DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), applies the
 * project's migrations, and seeds with set-based SQL (generate_series) BENCH_ORDERS orders
 * (default 100,000) for one organiser over a year, spread over 8 events (one a season of two of
 * them) with 5 dates each, all states, payment methods and channels, 1-4 ticket lines each
 * (some canceled or checked in), plus 2,000 orders of another organiser. Then VACUUM ANALYZE
 * (what autovacuum does minutes after such a load).
 *
 * Measured in this process, BENCH_RUNS runs each (default 50, after 5 warm-up runs):
 *   list     listOrders (the service behind organiserOrders.list) without a filter and with
 *            each filter, sort and a deep page;
 *   search   a buyer name fragment, a full email, an order number, a ticket code;
 *   detail   orderDetail of random orders;
 *   export   GET /api/organiser/orders.csv of all orders through the real HTTP app (listening
 *            on a local port, a session cookie of the organiser), read and counted (never kept)
 *            by a client process of its own; this process's RSS and heap sampled every 20 ms,
 *            and its live heap after a full GC every second (flat when the export streams).
 *   home     dashboardHome (the service behind dashboard.home, issue 22: figures, sales by
 *            ticket type, recent orders, next event) for each period: today, 7d, 30d, all.
 * Targets: list and search p95 < 100 ms, detail p95 < 50 ms, export < 10 s with memory flat,
 * dashboard home p95 < 150 ms for each period.
 * The last line is one JSON object: {"orders", "listP95Ms", "searchP95Ms", "detailP95Ms",
 * "exportMs", "exportPeakMb", "homeP95Ms": {today, 7d, 30d, all}, "linesRowsPerS", "linesPeakMb"}
 * (linesRowsPerS: the background export of every ticket line of a year, target > 50,000).
 */
import { spawn } from "node:child_process";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { buildApp } from "../../server/app";
import { freshBenchDatabase } from "./own-database";
import { openDatabase, type Database } from "../../server/db/client";
import { txRows } from "../../server/db/sql";
import { createDeps, type AppDeps } from "../../server/deps";
import { createLogger } from "../../server/logger";
import { createSession, SESSION_COOKIE } from "../../server/modules/auth/session";
import { dashboardHome, HOME_PERIODS } from "../../server/modules/dashboard/home";
import { orderDetail } from "../../server/modules/orders/organiser/detail";
import { listOrders } from "../../server/modules/orders/organiser/list";
import { ticketCode } from "../../server/modules/orders/ticket-code";
import type { OrderListInput } from "../../shared/schemas/organiser-orders";

const DB_NAME = "bench_orders";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const OTHER_ORDERS = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 5;
const TARGET = { listP95Ms: 100, searchP95Ms: 100, detailP95Ms: 50, exportMs: 10_000, homeP95Ms: 150 };

const log = (msg: string) => console.error(`[bench:orders] ${msg}`);
const mb = (bytes: number) => bytes / 1024 / 1024;
const r1 = (n: number) => Math.round(n * 10) / 10;

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}


// ---------------------------------------------------------------- seed

type Seeded = { organiserId: string; userId: string; otherOrganiserId: string; dateId: string; seasonId: string; eventId: string };

const FIRST_NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes", "Ida", "Jonas", "Klara", "Lukas", "Mia", "Noah", "Olga", "Paul", "Rosa", "Samuel", "Tilda", "Umut"];
const LAST_NAMES = [
  "Schmidt", "Müller", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
  "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann",
  "Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt", "Werner", "Schmitz", "Krause", "Meier",
  "Lehmann", "Schmid", "Schulze", "Maier", "Köhler", "Herrmann", "König", "Walter", "Mayer", "Huber",
  "Kaiser", "Fuchs", "Peters", "Lang", "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Vogel",
];

async function seed(database: Database): Promise<Seeded> {
  const db = database.db;
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await txRows<T>(db, q))[0]!;
  const { id: organiserId } = await one<{ id: string }>(sql`insert into organisers (name) values ('Bench Organiser') returning id::text`);
  const { id: otherOrganiserId } = await one<{ id: string }>(sql`insert into organisers (name) values ('Other Organiser') returning id::text`);
  const { id: userId } = await one<{ id: string }>(
    sql`insert into users (email, password_hash, role, status, first_name, organiser_id, activated_at)
        values ('bench-owner@example.com', 'bench: no sign-in', 'organiser', 'active', 'Bench', ${organiserId}, now()) returning id::text`,
  );

  // 8 events of the organiser (5 dates each, spread over the year), one season over events 1 and 2; 1 event of the other one.
  await txRows(
    db,
    sql`insert into events (organiser_id, name, status, type, published_at)
        select ${organiserId}, 'Bench Event ' || e, 'published', 'REGULAR', now() - interval '1 year' from generate_series(1, 8) e`,
  );
  const { id: seasonId } = await one<{ id: string }>(
    sql`insert into events (organiser_id, name, status, type, published_at) values (${organiserId}, 'Bench Season', 'published', 'SEASONAL', now() - interval '1 year') returning id::text`,
  );
  await txRows(db, sql`update events set season_id = ${seasonId} where organiser_id = ${organiserId} and name in ('Bench Event 1', 'Bench Event 2')`);
  await txRows(db, sql`insert into events (organiser_id, name, status, type) values (${otherOrganiserId}, 'Other Event', 'published', 'REGULAR')`);
  await txRows(
    db,
    sql`insert into event_dates (event_id, organiser_id, local_date, starts_at, ends_at)
        select e.id, e.organiser_id, to_char(s, 'YYYY-MM-DD'), s, s + interval '3 hours'
        from events e cross join generate_series(0, 4) d
        cross join lateral (select date_trunc('day', now()) - interval '300 days' + (d * 70 + (hashtext(e.id::text) & 31)) * interval '1 day' + interval '19 hours' as s) x
        where e.type = 'REGULAR'`,
  );
  // Scopes numbered 0..n-1: every date of a regular event, and the season.
  await txRows(db, sql`create temporary table bench_scopes (n int primary key, organiser_id uuid, event_id uuid, scope_id uuid, is_season boolean)`);
  await txRows(
    db,
    sql`insert into bench_scopes
        select row_number() over (order by e.organiser_id, e.name, d.starts_at) - 1, e.organiser_id, e.id, d.id, false
        from event_dates d join events e on e.id = d.event_id where e.organiser_id = ${organiserId}`,
  );
  await txRows(db, sql`insert into bench_scopes select (select count(*) from bench_scopes), ${organiserId}, ${seasonId}, ${seasonId}, true`);
  const { n: scopes } = await one<{ n: number }>(sql`select count(*)::int as n from bench_scopes`);

  const firsts = `{${FIRST_NAMES.join(",")}}`;
  const lasts = `{${LAST_NAMES.join(",")}}`;
  const insertOrders = (org: string, count: number, from: number, scopeSql: ReturnType<typeof sql>) =>
    txRows(
      db,
      sql`insert into orders (number, organiser_id, event_id, scope_id, is_season, idempotency_key, status, buyer, buyer_email, locale, amounts, total_cents,
            payment_method, channel, provider, provider_ref, paid_at, cancelled_at, failed_at, created_at)
          select num, ${org}::uuid, s.event_id, s.scope_id, s.is_season, 'bench-' || i, st::order_status,
            jsonb_build_object('firstName', fn, 'lastName', ln, 'email', em, 'phone', '+49 30 ' || (1000000 + i), 'company', case when i % 9 = 0 then 'Firma ' || ln end),
            em, case when i % 5 = 0 then 'en' else 'de' end::locale,
            jsonb_build_object('ticketsCents', tot, 'optionsCents', 0, 'feesCents', 0, 'discountCents', 0, 'vatCents', round(tot * 19 / 119.0)::int, 'totalCents', tot,
              'vat', jsonb_build_array(jsonb_build_object('rateBp', 1900, 'vatCents', round(tot * 19 / 119.0)::int))),
            tot, pm::payment_method, ch::order_channel,
            case when pm = 'online' then 'test' end, case when pm = 'online' then 'bench-pay-' || i end,
            case when st in ('valid', 'cancelled') then ts end, case when st = 'cancelled' then least(ts + interval '2 days', now() - interval '1 hour') end, case when st = 'failed' then least(ts + interval '15 minutes', now() - interval '1 hour') end,
            ts
          from generate_series(${from}::int, ${from + count - 1}::int) i
          cross join lateral (select
            upper(substr(md5(i::text), 1, 4)) || '-' || upper(lpad(to_hex(i), 5, '0')) as num,
            (${firsts}::text[])[1 + i % 20] as fn,
            (${lasts}::text[])[1 + (i / 20) % 50] as ln,
            now() - (i - ${from}::int) * (interval '1 year' / ${count}::int) as ts,
            case i % 20 when 0 then 'cancelled' when 1 then 'failed' when 2 then 'pending' else 'valid' end as st,
            (array['online','online','online','online','cash','card','paypal','free_of_charge','other'])[1 + (i / 3) % 9] as pm,
            (1 + i % 4) * 2500 as tot) a
          cross join lateral (select lower(fn || '.' || ln || i || '@mail' || (i % 7) || '.example') as em,
            case when pm in ('cash', 'card') then 'box_office' when pm = 'other' then 'reseller' else 'online' end as ch) b
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
  log("seeding ticket lines");
  // 1-4 lines per order; canceled with the order, some of the valid ones checked in.
  await txRows(
    db,
    sql`insert into order_lines (order_id, event_id, scope_id, category_name, price_cents, total_cents, vat_rate_bp, vat_cents, status, checked_in_at, cancelled_at, created_at)
        select o.id, o.event_id, o.scope_id, 'Standard', 2500, 2500, 1900, 399,
          (case when o.status in ('cancelled', 'failed') then 'canceled' when o.status = 'valid' and (k + hashtext(o.number)) % 3 = 0 then 'checked_in' else 'active' end)::line_status,
          case when o.status = 'valid' and (k + hashtext(o.number)) % 3 = 0 then least(o.created_at + interval '30 days', now() - interval '1 hour') end,
          case when o.status in ('cancelled', 'failed') then least(o.created_at + interval '2 days', now() - interval '1 hour') end,
          o.created_at
        from orders o cross join lateral generate_series(1, o.total_cents / 2500) k`,
  );
  // Cancelled online orders were refunded (done two days after paying): the dashboard home subtracts them.
  await txRows(
    db,
    sql`insert into refunds (order_id, provider, provider_ref, amount_cents, reason, status, done_at, created_at)
        select id, 'test', provider_ref, total_cents, 'organiser', 'done', cancelled_at, cancelled_at
        from orders where status = 'cancelled' and paid_at is not null and payment_method = 'online'`,
  );
  // The steady state autovacuum reaches within minutes of a bulk load: statistics and the visibility map.
  log("VACUUM ANALYZE");
  await txRows(db, sql`vacuum analyze`);
  const { id: dateId, event_id: eventId } = await one<{ id: string; event_id: string }>(
    sql`select scope_id::text as id, event_id::text from bench_scopes where not is_season order by n limit 1 offset 7`,
  );
  return { organiserId, userId, otherOrganiserId, dateId, seasonId, eventId };
}

// ---------------------------------------------------------------- measuring

type Row = { group: "list" | "search" | "detail" | "home"; name: string; p50: number; p95: number; max: number; hits: number | string };

async function measure(fn: (i: number) => Promise<number | string>, runs = RUNS) {
  for (let i = 0; i < WARMUP; i++) await fn(i);
  const times: number[] = [];
  let hits: number | string = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    hits = await fn(i);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), hits };
}

/** The client of the export, in a process of its own (its reading costs this process nothing). */
const EXPORT_CLIENT = `
const started = performance.now();
const res = await fetch(process.env.EXPORT_URL, { headers: { cookie: process.env.EXPORT_COOKIE } });
if (res.status !== 200) { console.log(JSON.stringify({ error: res.status + " " + (await res.text()) })); process.exit(1); }
let bytes = 0, lines = 0, firstByteMs = NaN;
for await (const chunk of res.body) {
  if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
  bytes += chunk.length;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
}
console.log(JSON.stringify({ ms: performance.now() - started, firstByteMs, bytes, lines }));
`;

/** A gc() to call (V8's flag set at run time): the heap then holds only what is still in use. */
const forceGc: () => void = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/**
 * Exports every order through the HTTP route to a client process; meanwhile this process (the
 * server) samples its RSS and heap every 20 ms, and every second its live heap after a full GC
 * (what the export holds, without the garbage V8 has not collected yet).
 */
async function exportAll(baseUrl: string, cookie: string) {
  forceGc();
  const before = process.memoryUsage();
  const samples: { rss: number; heap: number }[] = [];
  const live: number[] = [];
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    samples.push({ rss: m.rss, heap: m.heapUsed });
  }, 20);
  const gcTimer = setInterval(() => {
    forceGc();
    live.push(process.memoryUsage().heapUsed);
  }, 1000);
  const child = spawn(process.execPath, ["--input-type=module", "-e", EXPORT_CLIENT], {
    env: { ...process.env, EXPORT_URL: `${baseUrl}/api/organiser/orders.csv?lang=de`, EXPORT_COOKIE: `${SESSION_COOKIE}=${cookie}` },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(timer);
  clearInterval(gcTimer);
  const result = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { ms: number; firstByteMs: number; bytes: number; lines: number; error?: string };
  if (code !== 0 || result.error) throw new Error(`export client failed (${code}): ${result.error ?? out}`);
  return {
    ms: result.ms,
    firstByteMs: result.firstByteMs,
    rows: result.lines - 1,
    bytes: result.bytes,
    rssBeforeMb: mb(before.rss),
    peakRssMb: mb(Math.max(before.rss, ...samples.map((x) => x.rss))),
    heapBeforeMb: mb(before.heapUsed),
    peakHeapMb: mb(Math.max(before.heapUsed, ...samples.map((x) => x.heap))),
    liveHeapMb: live.map(mb),
    samples: samples.length,
  };
}

// ---------------------------------------------------------------- report lines export (issue 22 item 3)

/**
 * The background export of every ticket line of the last 366 days (reportExports, decision
 * 025b): queued with startReportExport, written by the job (processReportExports: keyset batches
 * through csv-stringify into a file) into a temporary UPLOAD_DIR, timed; this process's RSS is
 * sampled every 20 ms and its live heap after a full GC every second (flat when it streams).
 * Target: 50,000 rows/s. Prints its own lines; the file is removed afterwards.
 */
async function benchLinesExport(deps: AppDeps, seeded: Seeded) {
  const { mkdtemp, rm, stat } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const { startReportExport } = await import("../../server/modules/reports/exports/service");
  const { processReportExports } = await import("../../server/modules/reports/exports/worker");
  const uploadDir = await mkdtemp(path.join(tmpdir(), "bench-lines-"));
  const exportDeps: AppDeps = { ...deps, config: { ...deps.config, UPLOAD_DIR: uploadDir } };
  const day = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(d);
  try {
    log("exporting every ticket line of the last 366 days in the background");
    const queued = await startReportExport(deps.database.db, {
      organiserId: seeded.organiserId,
      userId: seeded.userId,
      params: { from: day(new Date(Date.now() - 365 * 86_400_000)), to: day(new Date()), eventId: null, lang: "de" },
    });
    forceGc();
    const before = process.memoryUsage().rss;
    const rss: number[] = [];
    const live: number[] = [];
    const timer = setInterval(() => rss.push(process.memoryUsage().rss), 20);
    const gcTimer = setInterval(() => {
      forceGc();
      live.push(process.memoryUsage().heapUsed);
    }, 1000);
    const started = performance.now();
    await processReportExports(exportDeps);
    const ms = performance.now() - started;
    clearInterval(timer);
    clearInterval(gcTimer);
    forceGc();
    const after = process.memoryUsage().rss;
    const [row] = await txRows<{ status: string; rows_done: number; file_path: string | null }>(
      deps.database.db,
      sql`select status::text, rows_done, file_path from report_exports where id = ${queued.id}`,
    );
    const rows = Number(row?.rows_done ?? 0);
    const bytes = row?.file_path ? (await stat(path.join(uploadDir, row.file_path))).size : 0;
    const rowsPerS = rows / (ms / 1000);
    console.log(
      `\nlines   ${rows.toLocaleString("en-US")} ticket lines (${row?.status}), ${r1(mb(bytes))} MB in ${Math.round(ms)} ms: ` +
        `${Math.round(rowsPerS).toLocaleString("en-US")} rows/s (target > 50,000)`,
    );
    console.log(`        RSS ${r1(mb(before))} MB before, peak ${r1(mb(Math.max(before, ...rss)))} MB, ${r1(mb(after))} MB after`);
    console.log(`        live heap after a full GC, each second of the export: ${live.map((x) => r1(mb(x))).join(", ")} MB`);
    console.log(`  ${rowsPerS > 50_000 ? "ok     " : "MISSED "} lines export rows/s: ${Math.round(rowsPerS)} (target > 50000)`);
    return { rows, ms, rowsPerS, rssBeforeMb: mb(before), rssPeakMb: mb(Math.max(before, ...rss)), rssAfterMb: mb(after) };
  } finally {
    await rm(uploadDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const { admin, url, config } = await freshBenchDatabase(DB_NAME, "bench-orders-secret-0123456789abcdef");
  const database = await openDatabase({ url, maxConnections: 10 });
  let deps: AppDeps | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await database.migrate();
    const seedStarted = performance.now();
    const seeded = await seed(database);
    const seedS = (performance.now() - seedStarted) / 1000;
    const [counts] = await txRows<{ orders: number; lines: number }>(
      database.db,
      sql`select (select count(*) from orders where organiser_id = ${seeded.organiserId})::int as orders, (select count(*) from order_lines)::int as lines`,
    );
    log(`seeded ${counts!.orders.toLocaleString("en-US")} orders, ${counts!.lines.toLocaleString("en-US")} lines (all organisers) in ${r1(seedS)} s`);

    deps = createDeps(config, database, createLogger(config));
    const org = seeded.organiserId;
    const sample = await txRows<{ id: string; number: string; email: string; line_id: string }>(
      database.db,
      sql`select o.id::text, o.number, o.buyer_email as email, (select l.id::text from order_lines l where l.order_id = o.id limit 1) as line_id
          from orders o where o.organiser_id = ${org} order by md5(o.id::text) limit ${RUNS + WARMUP}`,
    );
    const pick = <T>(i: number, f: (s: (typeof sample)[number]) => T) => f(sample[i % sample.length]!);
    const rows: Row[] = [];
    const list = async (group: Row["group"], name: string, input: (i: number) => OrderListInput) => {
      const d = deps!;
      const m = await measure(async (i) => (await listOrders(d, org, input(i))).total);
      rows.push({ group, name, ...m });
      log(`${group} ${name}: p95 ${r1(m.p95)} ms`);
    };
    const month = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 7);
    await list("list", "no filter (newest first)", () => ({}));
    await list("list", "event", () => ({ eventId: seeded.eventId }));
    await list("list", "event date", () => ({ scopeId: seeded.dateId }));
    await list("list", "season", () => ({ scopeId: seeded.seasonId }));
    await list("list", "period (one month)", () => ({ from: `${month}-01`, to: `${month}-28` }));
    await list("list", "status failed", () => ({ status: "failed" }));
    await list("list", "status valid", () => ({ status: "valid" }));
    await list("list", "payment method cash", () => ({ paymentMethod: "cash" }));
    await list("list", "channel reseller", () => ({ channel: "reseller" }));
    await list("list", "event + status + channel", () => ({ eventId: seeded.eventId, status: "valid", channel: "box_office" }));
    await list("list", "sorted by total", () => ({ sort: "total", direction: "desc" }));
    await list("list", "sorted by buyer", () => ({ sort: "buyer", direction: "asc" }));
    await list("list", "sorted by number", () => ({ sort: "number", direction: "desc" }));
    await list("list", "sorted by status", () => ({ sort: "status", direction: "asc" }));
    await list("list", "status failed by buyer", () => ({ status: "failed", sort: "buyer", direction: "desc" }));
    await list("list", "page 40 of 100", () => ({ page: 40, pageSize: 100 }));
    await list("search", "name fragment", (i) => ({ search: LAST_NAMES[i % LAST_NAMES.length]!.slice(0, 5).toLowerCase() }));
    await list("search", "first + last name", (i) => ({ search: `${FIRST_NAMES[i % 20]} ${LAST_NAMES[(i * 3) % 50]}` }));
    await list("search", "email", (i) => ({ search: pick(i, (s) => s.email) }));
    await list("search", "order number", (i) => ({ search: pick(i, (s) => s.number.toLowerCase()) }));
    await list("search", "ticket code", (i) => ({ search: pick(i, (s) => ticketCode(config.APP_SECRET, s.line_id)) }));

    const d = deps;
    rows.push({ group: "detail", name: "order detail", ...(await measure(async (i) => ((await orderDetail(d, org, pick(i, (s) => s.id))) ? 1 : 0))) });

    for (const period of HOME_PERIODS) {
      const m = await measure(async () => (await dashboardHome(database.db, org, period)).figures.orders);
      rows.push({ group: "home", name: `dashboard home ${period}`, ...m });
      log(`home ${period}: p95 ${r1(m.p95)} ms`);
    }
    const homeP95 = Object.fromEntries(HOME_PERIODS.map((p) => [p, r1(rows.find((r) => r.name === `dashboard home ${p}`)!.p95)]));

    app = await buildApp(deps);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const { token } = await createSession(database.db, seeded.userId, { inactivityDays: config.SESSION_INACTIVITY_DAYS });
    log("exporting every order as CSV");
    const exported = await exportAll(address, token);
    const lines = await benchLinesExport(deps, seeded);

    // ------------------------------------------------------------ report
    const pad = (s: string, n: number) => s.padEnd(n);
    const num = (n: number) => (Number.isFinite(n) ? r1(n).toFixed(1) : "n/a").padStart(8);
    console.log(`\nOrganiser orders benchmark: ${counts!.orders.toLocaleString("en-US")} orders of one organiser, ${RUNS} runs each (Postgres)\n`);
    console.log(`${pad("", 8)}${pad("case", 32)}${"p50 ms".padStart(8)}${"p95 ms".padStart(8)}${"max ms".padStart(8)}   matches`);
    for (const r of rows) console.log(`${pad(r.group, 8)}${pad(r.name, 32)}${num(r.p50)}${num(r.p95)}${num(r.max)}   ${typeof r.hits === "number" ? r.hits.toLocaleString("en-US") : r.hits}`);
    const listP95 = Math.max(...rows.filter((r) => r.group === "list").map((r) => r.p95));
    const searchP95 = Math.max(...rows.filter((r) => r.group === "search").map((r) => r.p95));
    const detailP95 = rows.find((r) => r.group === "detail")!.p95;
    const rowsPerS = exported.rows / (exported.ms / 1000);
    console.log(
      `\nexport  ${exported.rows.toLocaleString("en-US")} rows, ${r1(mb(exported.bytes))} MB in ${Math.round(exported.ms)} ms ` +
        `(${Math.round(rowsPerS).toLocaleString("en-US")} rows/s, first byte after ${Math.round(exported.firstByteMs)} ms)`,
    );
    console.log(
      `        server RSS ${r1(exported.rssBeforeMb)} MB before, peak ${r1(exported.peakRssMb)} MB; heap ${r1(exported.heapBeforeMb)} MB before, peak ${r1(exported.peakHeapMb)} MB (${exported.samples} samples)`,
    );
    console.log(`        live heap after a full GC, each second of the export: ${exported.liveHeapMb.map((x) => r1(x)).join(", ")} MB`);
    const verdict = (name: string, value: number, target: number) => console.log(`  ${value < target ? "ok     " : "MISSED "} ${name}: ${r1(value)} (target < ${target})`);
    console.log("\nTargets");
    verdict("list p95 ms (worst filter)", listP95, TARGET.listP95Ms);
    verdict("search p95 ms (worst search)", searchP95, TARGET.searchP95Ms);
    verdict("detail p95 ms", detailP95, TARGET.detailP95Ms);
    verdict("export ms", exported.ms, TARGET.exportMs);
    for (const [period, p95] of Object.entries(homeP95)) verdict(`dashboard home ${period} p95 ms`, p95, TARGET.homeP95Ms);
    console.log(`  ${exported.rows === counts!.orders ? "ok     " : "MISSED "} export rows: ${exported.rows} of ${counts!.orders}`);
    console.log(
      JSON.stringify({
        orders: counts!.orders,
        listP95Ms: r1(listP95),
        searchP95Ms: r1(searchP95),
        detailP95Ms: r1(detailP95),
        exportMs: Math.round(exported.ms),
        exportPeakMb: r1(exported.peakRssMb),
        homeP95Ms: homeP95,
        linesRowsPerS: Math.round(lines.rowsPerS),
        linesPeakMb: r1(lines.rssPeakMb),
      }),
    );
  } finally {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP_DB === "1") log(`database ${DB_NAME} kept`);
    else await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch((err: unknown) => log(`could not drop ${DB_NAME}: ${String(err)}`));
    await admin.end({ timeout: 5 });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
