/**
 * Check-in benchmark (issue 18 "Goal and benchmark"): the verdict time of an online check-in
 * through the API with 4 gates scanning in parallel against the local Postgres, and of the
 * offline decision of the check-in page's code in Chromium.
 *
 *   npm run bench:checkin
 *
 * Creates its own database (bench_checkin, dropped at the end unless BENCH_KEEP_DB=1) on
 * DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), applies the
 * project's migrations and seeds with set-based SQL one organiser, one published event with one
 * date (today, running), BENCH_LINES paid ticket lines (default 20,000; orders of 1-4 lines) and
 * BENCH_GATES event staff (default 4) assigned to the event; then VACUUM ANALYZE.
 *
 * Online: the real app listens on a local port; the staff sign in through `auth.agentLogin` over
 * HTTP, and a client process of its own runs the gates (one device each), each a closed loop of
 * `POST /trpc/staff.checkin.scan` (superjson body, same-origin headers) over a stream of
 * BENCH_SCANS distinct tickets (default 1,000 per gate) after BENCH_WARMUP warm-up scans (default
 * 20). BENCH_DOUBLE_SHARE (default 0.1) of that many tickets more are each scanned by two gates at
 * the same moment (the two gates meet before sending). Measured: each call's time from sending to
 * the parsed answer, as the device sees it. Afterwards: tickets with two standing admissions for
 * the date (`doubleAdmitted`, must be 0), each double-scanned ticket must have got exactly one
 * VALID and one ALREADY CHECKED IN, every single scan VALID. Target: p95 < 400 ms.
 *
 * Offline: the page's own code (`applySync`, `decideOffline` of client/pages/staff/door,
 * bundled with esbuild) in a blank page of headless Chromium served from http://localhost (a
 * secure context: IndexedDB and crypto.subtle). The date's ticket list is the real
 * `staff.checkin.sync` answer after the online run, stored in IndexedDB with applySync; then
 * BENCH_OFFLINE decisions (default 1,000 after 20 warm-ups) of real signed codes, mixed: tickets
 * not yet in, tickets the online run let in (BENCH_OFFLINE_ENTERED, default 50) and forged codes
 * (one signature character changed, BENCH_OFFLINE_FORGED, default 50), each timed with
 * performance.now(). Target: p95 < 150 ms. CHROMIUM_PATH defaults to /usr/bin/chromium.
 *
 * The last line is one JSON object: {"onlineP95Ms", "offlineP95Ms", "doubleAdmitted"}.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { buildApp } from "../../server/app";
import { freshBenchDatabase } from "./own-database";
import { openDatabase, type Database } from "../../server/db/client";
import { txRows } from "../../server/db/sql";
import { createDeps } from "../../server/deps";
import { hashPassword } from "../../server/lib/password";
import { createLogger } from "../../server/logger";
import { SESSION_COOKIE } from "../../server/modules/auth/session";
import { signedTicketCode } from "../../server/modules/orders/ticket-code";
import { doorCounts, ticketAtDoor } from "../../server/modules/staff/tickets";
import type { CheckinGate } from "../../shared/rules/checkin";

const DB_NAME = "bench_checkin";
const APP_SECRET = "bench-checkin-secret-0123456789abcdef";
const LINES = Number(process.env.BENCH_LINES ?? 20_000);
const GATES = Number(process.env.BENCH_GATES ?? 4);
const SCANS = Number(process.env.BENCH_SCANS ?? 1_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const DOUBLE_SHARE = Number(process.env.BENCH_DOUBLE_SHARE ?? 0.1);
const OFFLINE = Number(process.env.BENCH_OFFLINE ?? 1_000);
const OFFLINE_ENTERED = Number(process.env.BENCH_OFFLINE_ENTERED ?? 50);
const OFFLINE_FORGED = Number(process.env.BENCH_OFFLINE_FORGED ?? 50);
const OFFLINE_WARMUP = 20;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PASSWORD = "Bench-gate-pass1";
const TARGET = { onlineP95Ms: 400, offlineP95Ms: 150 };

const log = (msg: string) => console.error(`[bench:checkin] ${msg}`);
const r1 = (n: number) => Math.round(n * 10) / 10;
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function stats(values: readonly number[]) {
  return { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: values.length ? Math.max(...values) : NaN };
}


/** Fisher-Yates with a fixed seed (mulberry32): the same run order every time. */
function shuffled<T>(items: readonly T[], seed = 18): T[] {
  let s = seed >>> 0;
  const rnd = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------- seed

type Seeded = { organiserId: string; eventId: string; dateId: string; usernames: string[] };

async function seed(database: Database): Promise<Seeded> {
  const db = database.db;
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await txRows<T>(db, q))[0]!;
  const { id: organiserId } = await one<{ id: string }>(sql`insert into organisers (name) values ('Bench Organiser') returning id::text`);
  const { id: eventId } = await one<{ id: string }>(
    sql`insert into events (organiser_id, name, status, type, published_at, time_zone)
        values (${organiserId}, 'Bench Match', 'published', 'REGULAR', now() - interval '30 days', 'Europe/Berlin') returning id::text`,
  );
  // Today's date in the event's time zone, doors open: started an hour ago, ends in three.
  const { id: dateId } = await one<{ id: string }>(
    sql`insert into event_dates (event_id, organiser_id, local_date, starts_at, ends_at)
        values (${eventId}, ${organiserId}, to_char(now() at time zone 'Europe/Berlin', 'YYYY-MM-DD'), now() - interval '1 hour', now() + interval '3 hours')
        returning id::text`,
  );
  // Orders of 1-4 lines (2.5 on average) until LINES lines: order i has 1 + i % 4.
  const orders = Math.ceil(LINES / 2.5) + 4;
  await txRows(
    db,
    sql`insert into orders (number, organiser_id, event_id, scope_id, idempotency_key, status, buyer, buyer_email, locale, amounts, total_cents,
          payment_method, channel, provider, provider_ref, paid_at, created_at)
        select upper(substr(md5(i::text), 1, 4)) || '-' || upper(lpad(to_hex(i), 4, '0')), ${organiserId}::uuid, ${eventId}::uuid, ${dateId}::uuid, 'bench-' || i, 'valid',
          jsonb_build_object('firstName', 'Fan' || i, 'lastName', 'Bench' || (i % 997), 'email', 'fan' || i || '@example.com'),
          'fan' || i || '@example.com', 'de',
          jsonb_build_object('ticketsCents', tot, 'optionsCents', 0, 'feesCents', 0, 'discountCents', 0, 'vatCents', round(tot * 19 / 119.0)::int, 'totalCents', tot,
            'vat', jsonb_build_array(jsonb_build_object('rateBp', 1900, 'vatCents', round(tot * 19 / 119.0)::int))),
          tot, 'online', 'online', 'test', 'bench-pay-' || i, now() - (i * interval '1 minute'), now() - (i * interval '1 minute')
        from generate_series(1, ${orders}::int) i cross join lateral (select (1 + i % 4) * 3000 as tot) a`,
  );
  await txRows(
    db,
    sql`insert into order_lines (order_id, event_id, scope_id, category_name, seat_keys, place_labels, price_cents, total_cents, vat_rate_bp, vat_cents, status, created_at)
        select o.id, o.event_id, o.scope_id, 'Stehplatz Nord', '[]'::jsonb, jsonb_build_array('Block ' || (1 + n % 12) || ', Reihe ' || (1 + n % 25) || ', Platz ' || k),
          3000, 3000, 1900, 479, 'active', o.created_at + k * interval '1 millisecond'
        from (select o.*, row_number() over (order by o.created_at desc, o.id) as n from orders o) o
        cross join lateral generate_series(1, o.total_cents / 3000) k`,
  );
  // Exactly LINES lines: drop the newest surplus.
  await txRows(
    db,
    sql`delete from order_lines where id in (select id from order_lines order by created_at desc, id offset ${LINES}::int)`,
  );
  await txRows(db, sql`delete from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`);
  const passwordHash = await hashPassword(PASSWORD);
  const usernames = Array.from({ length: GATES }, (_, i) => `bench-gate-${i + 1}`);
  for (const [i, username] of usernames.entries()) {
    await txRows(
      db,
      sql`insert into users (username, password_hash, role, status, first_name, last_name, locale, organiser_id, event_id, activated_at)
          values (${username}, ${passwordHash}, 'agent', 'active', 'Gate', ${String(i + 1)}, 'de', ${organiserId}, ${eventId}, now())`,
    );
  }
  log("VACUUM ANALYZE");
  await txRows(db, sql`vacuum analyze`);
  return { organiserId, eventId, dateId, usernames };
}

// ---------------------------------------------------------------- HTTP helpers

type TrpcAnswer<T> = { result?: { data: { json: T } }; error?: { json: { message: string; data?: { appCode?: string } } } };

async function trpcCall<T>(base: string, path: string, opts: { cookie?: string; input?: unknown; mutation?: boolean }): Promise<{ data: T; res: Response; bytes: number }> {
  const headers: Record<string, string> = { origin: base };
  if (opts.cookie) headers.cookie = opts.cookie;
  let res: Response;
  if (opts.mutation) {
    res = await fetch(`${base}/trpc/${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ json: opts.input }) });
  } else {
    const query = opts.input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: opts.input }))}`;
    res = await fetch(`${base}/trpc/${path}${query}`, { headers });
  }
  const text = await res.text();
  const body = JSON.parse(text) as TrpcAnswer<T>;
  if (!body.result) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body.error?.json ?? body)}`);
  return { data: body.result.data.json, res, bytes: Buffer.byteLength(text) };
}

async function signIn(base: string, username: string): Promise<string> {
  const { res } = await trpcCall(base, "auth.agentLogin", { mutation: true, input: { username, password: PASSWORD } });
  const session = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`no session cookie for ${username}`);
  return session.split(";")[0]!;
}

// ---------------------------------------------------------------- online: the gates

type GatePlan = { cookie: string; deviceId: string; label: string; warmup: string[]; stream: { code: string; double?: number }[] };
type ScanRecord = { ms: number; kind: string; outcome: string; double?: number; error?: string };
type GatesResult = { wallMs: number; gates: { warmupErrors: number; scans: ScanRecord[] }[] };

/**
 * The gates, in a process of their own (the client's work costs the server nothing): each a
 * closed loop over its stream; a double-scanned ticket sits in two gates' streams, ordered by its
 * number in both, and the two gates meet there and send at the same moment.
 */
const GATES_CLIENT = `
import { readFileSync } from "node:fs";
const plan = JSON.parse(readFileSync(process.env.PLAN_FILE, "utf8"));
const meet = new Map();
function rendezvous(d) {
  let m = meet.get(d);
  if (!m) {
    let release;
    const promise = new Promise((r) => (release = r));
    m = { arrived: 0, promise, release };
    meet.set(d, m);
  }
  if (++m.arrived === 2) m.release();
  return m.promise;
}
async function scan(gate, code) {
  const started = performance.now();
  try {
    const res = await fetch(plan.base + "/trpc/staff.checkin.scan", {
      method: "POST",
      headers: { "content-type": "application/json", origin: plan.base, cookie: gate.cookie },
      body: JSON.stringify({ json: { dateId: plan.dateId, code, nonce: crypto.randomUUID(), deviceId: gate.deviceId, deviceLabel: gate.label } }),
    });
    const body = await res.json();
    const ms = performance.now() - started;
    if (!body.result) return { ms, kind: "error", outcome: "error", error: res.status + " " + JSON.stringify(body.error?.json?.message ?? body) };
    const r = body.result.data.json;
    return { ms, kind: r.verdict.kind, outcome: r.outcome };
  } catch (err) {
    return { ms: performance.now() - started, kind: "error", outcome: "error", error: String(err) };
  }
}
async function measure(gate) {
  const scans = [];
  for (const item of gate.stream) {
    if (item.double !== undefined) await rendezvous(item.double);
    const r = await scan(gate, item.code);
    if (item.double !== undefined) r.double = item.double;
    scans.push(r);
  }
  return scans;
}
// Warm-up on every gate, then all start together.
const warm = await Promise.all(plan.gates.map(async (gate) => {
  let warmupErrors = 0;
  for (const code of gate.warmup) if ((await scan(gate, code)).kind !== "valid") warmupErrors++;
  return warmupErrors;
}));
const started = performance.now();
const all = await Promise.all(plan.gates.map((gate) => measure(gate)));
const wallMs = performance.now() - started;
console.log(JSON.stringify({ wallMs, gates: all.map((scans, i) => ({ warmupErrors: warm[i], scans })) }));
`;

async function runGates(plan: { base: string; dateId: string; gates: GatePlan[] }): Promise<GatesResult> {
  const dir = await mkdtemp(join(tmpdir(), "bench-checkin-"));
  try {
    const file = join(dir, "plan.json");
    await writeFile(file, JSON.stringify(plan));
    const child = spawn(process.execPath, ["--input-type=module", "-e", GATES_CLIENT], { env: { ...process.env, PLAN_FILE: file }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`gate client failed (${code}): ${out.slice(0, 500)}`);
    return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as GatesResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- offline: the page's code in Chromium

const ENTRY = `
import { applySync } from "./client/pages/staff/door/store";
import { decideOffline, publicKeyBytes } from "./client/pages/staff/door/decide";

async function load(sync) {
  const t0 = performance.now();
  await applySync(sync.dateId, sync.answer);
  return performance.now() - t0;
}

async function run(gate, publicKey, codes, warmup) {
  const key = publicKeyBytes(publicKey);
  const device = { deviceLabel: "Bench offline", staffName: "Gate 1" };
  const first = performance.now();
  await decideOffline(gate, key, warmup[0], new Date(), device);
  const firstMs = performance.now() - first;
  for (const code of warmup.slice(1)) await decideOffline(gate, key, code, new Date(), device);
  const times = [];
  const kinds = [];
  for (const code of codes) {
    const t0 = performance.now();
    const { verdict } = await decideOffline(gate, key, code, new Date(), device);
    times.push(performance.now() - t0);
    kinds.push(verdict.kind);
  }
  return { firstMs, times, kinds };
}

globalThis.checkinBench = { load, run };
`;

async function bundleEntry(): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), sourcefile: "checkin-bench-entry.ts", loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  return result.outputFiles[0]!.text;
}

type OfflineCase = { code: string; expect: "valid" | "already_checked_in" | "forged" };

async function runOffline(input: { gate: CheckinGate; publicKey: string; sync: unknown; cases: OfflineCase[]; warmup: string[] }) {
  const js = await bundleEntry();
  const html = `<!doctype html><meta charset="utf-8"><title>check-in bench</title><script type="module" src="/bench.js"></script>`;
  const server = createServer((req, res) => {
    if (req.url === "/bench.js") res.writeHead(200, { "content-type": "text/javascript" }).end(js);
    else if (req.url === "/") res.writeHead(200, { "content-type": "text/html" }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  try {
    const version = browser.version();
    const page = await browser.newPage();
    page.on("pageerror", (err) => log(`page error: ${String(err)}`));
    await page.goto(`http://localhost:${port}/`);
    await page.waitForFunction(() => "checkinBench" in globalThis);
    if (!(await page.evaluate(() => window.isSecureContext))) throw new Error("the page is not a secure context");
    const loadMs = await page.evaluate((sync) => (globalThis as unknown as { checkinBench: { load: (s: unknown) => Promise<number> } }).checkinBench.load(sync), input.sync);
    const result = await page.evaluate(
      ({ gate, publicKey, codes, warmup }) =>
        (globalThis as unknown as { checkinBench: { run: (...a: unknown[]) => Promise<{ firstMs: number; times: number[]; kinds: string[] }> } }).checkinBench.run(gate, publicKey, codes, warmup),
      { gate: input.gate, publicKey: input.publicKey, codes: input.cases.map((c) => c.code), warmup: input.warmup },
    );
    return { version, loadMs, ...result, bundleBytes: js.length };
  } finally {
    await browser.close();
    server.close();
  }
}

/** The same code with one signature character changed (still well-formed: only the signature fails). */
function forge(code: string): string {
  const [prefix, payload, signature] = code.split(".") as [string, string, string];
  const i = 20;
  const c = signature[i] === "A" ? "B" : "A";
  return `${prefix}.${payload}.${signature.slice(0, i)}${c}${signature.slice(i + 1)}`;
}

// ---------------------------------------------------------------- main

async function main() {
  const loadStart = load();
  const { admin, url, config } = await freshBenchDatabase(DB_NAME, APP_SECRET);
  const database = await openDatabase({ url });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await database.migrate();
    const seedStarted = performance.now();
    const seeded = await seed(database);
    const lines = await txRows<{ id: string; event_id: string; scope_id: string }>(
      database.db,
      sql`select id::text, event_id::text, scope_id::text from order_lines where scope_id = ${seeded.dateId} order by id`,
    );
    log(`seeded ${lines.length.toLocaleString("en-US")} ticket lines, ${GATES} staff in ${r1((performance.now() - seedStarted) / 1000)} s`);

    const deps = createDeps(config, database, createLogger(config));
    app = await buildApp(deps);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const base = address.replace("127.0.0.1", "localhost");

    // Tickets: warm-ups, each gate's stream, the doubles, the rest (offline, never scanned).
    const doubles = Math.round(GATES * SCANS * DOUBLE_SHARE);
    const needed = GATES * (WARMUP + SCANS) + doubles + OFFLINE;
    if (needed > lines.length) throw new Error(`${needed} tickets needed, ${lines.length} seeded (raise BENCH_LINES or lower BENCH_SCANS/BENCH_OFFLINE)`);
    const pool = shuffled(lines);
    let next = 0;
    const take = (n: number) => pool.slice(next, (next += n));
    const codeOf = (l: { id: string; event_id: string; scope_id: string }) => signedTicketCode(APP_SECRET, { lineId: l.id, eventId: l.event_id, scopeId: l.scope_id });

    const cookies = await Promise.all(seeded.usernames.map((u) => signIn(base, u)));
    const gates: GatePlan[] = cookies.map((cookie, g) => ({
      cookie,
      deviceId: `bench-device-${g + 1}-${randomUUID().slice(0, 8)}`,
      label: `Gate ${g + 1}`,
      warmup: take(WARMUP).map(codeOf),
      stream: take(SCANS).map((l) => ({ code: codeOf(l) })),
    }));
    // Each double goes to a pair of gates (the pairs in turn).
    const doubleLines = take(doubles);
    const pairs: [number, number][] = [];
    for (let a = 0; a < GATES; a++) for (let b = a + 1; b < GATES; b++) pairs.push([a, b]);
    // Double d sits at place d × SCANS / doubles of both its gates' streams (spread evenly, in d's order).
    const slots = Array.from({ length: doubles }, (_, d) => Math.floor((d * SCANS) / doubles));
    const inserts: { gate: number; at: number; d: number; code: string }[] = [];
    doubleLines.forEach((l, d) => {
      const [a, b] = pairs[d % pairs.length]!;
      const code = codeOf(l);
      inserts.push({ gate: a, at: slots[d]!, d, code }, { gate: b, at: slots[d]!, d, code });
    });
    for (let g = 0; g < GATES; g++) {
      const mine = inserts.filter((x) => x.gate === g).sort((x, y) => x.at - y.at || x.d - y.d);
      const stream: GatePlan["stream"] = [];
      let k = 0;
      gates[g]!.stream.forEach((item, i) => {
        while (k < mine.length && mine[k]!.at <= i) stream.push({ code: mine[k]!.code, double: mine[k++]!.d });
        stream.push(item);
      });
      while (k < mine.length) stream.push({ code: mine[k]!.code, double: mine[k++]!.d });
      gates[g]!.stream = stream;
    }
    // Doubles must come in one global order in every stream, or two gates could wait for each other.
    for (const g of gates) {
      const ds = g.stream.flatMap((x) => (x.double === undefined ? [] : [x.double]));
      if (ds.some((d, i) => i > 0 && d < ds[i - 1]!)) throw new Error("doubles out of order");
    }

    log(`online: ${GATES} gates × ${SCANS} tickets + ${doubles} tickets scanned at two gates at once (${WARMUP} warm-up scans per gate); load avg ${load()}`);
    const online = await runGates({ base, dateId: seeded.dateId, gates });
    const all = online.gates.flatMap((g) => g.scans);
    const singles = all.filter((s) => s.double === undefined);
    const pairsScanned = all.filter((s) => s.double !== undefined);
    const errors = all.filter((s) => s.kind === "error");
    const notValid = singles.filter((s) => s.kind !== "valid");
    const byDouble = new Map<number, ScanRecord[]>();
    for (const s of pairsScanned) byDouble.set(s.double!, [...(byDouble.get(s.double!) ?? []), s]);
    let doublesOk = 0;
    for (const rs of byDouble.values()) {
      const kinds = rs.map((r) => r.kind).sort();
      if (rs.length === 2 && kinds[0] === "already_checked_in" && kinds[1] === "valid") doublesOk++;
    }
    const [checks] = await txRows<{ double_admitted: number; admitted: number; lines_in: number }>(
      database.db,
      sql`select
            (select count(*)::int from (select line_id from checkins where outcome = 'admitted' and undone_at is null group by line_id, event_date_id having count(*) > 1) d) as double_admitted,
            (select count(*)::int from checkins where outcome = 'admitted' and undone_at is null and event_date_id = ${seeded.dateId}) as admitted,
            (select count(*)::int from order_lines where scope_id = ${seeded.dateId} and status = 'checked_in') as lines_in`,
    );
    const doubleAdmitted = Number(checks!.double_admitted);
    const expectedIn = GATES * (WARMUP + SCANS) + doubles;

    const scanStats = stats(all.map((s) => s.ms));
    const singleStats = stats(singles.map((s) => s.ms));
    const doubleStats = stats(pairsScanned.map((s) => s.ms));
    const fmt = (s: ReturnType<typeof stats>) => `p50 ${r1(s.p50)} ms, p95 ${r1(s.p95)} ms, max ${r1(s.max)} ms (${s.n} scans)`;
    log(`online done in ${r1(online.wallMs / 1000)} s = ${r1(all.length / (online.wallMs / 1000))} scans/s; load avg ${load()}`);

    // Where a scan's time goes: the statements behind it, one at a time on an idle server.
    const sample = pool.slice(0, 50);
    const gateRow = { date: { id: seeded.dateId }, seasonId: null };
    const ticketMs: number[] = [];
    const countsMs: number[] = [];
    for (const l of sample) {
      let t0 = performance.now();
      await ticketAtDoor(database.db, seeded.organiserId, seeded.dateId, l.id, false);
      ticketMs.push(performance.now() - t0);
      t0 = performance.now();
      await doorCounts(database.db, gateRow);
      countsMs.push(performance.now() - t0);
    }

    // ------------------------------------------------------------ offline
    const cookie = cookies[0]!;
    const { data: home } = await trpcCall<{ publicKey: string; dates: { id: string; eventId: string; seasonId: string | null; localDate: string; timeZone: string }[] }>(base, "staff.home", { cookie });
    const date = home.dates.find((d) => d.id === seeded.dateId)!;
    const checkinGate: CheckinGate = { eventId: date.eventId, seasonId: date.seasonId, date: { id: date.id, localDate: date.localDate, timeZone: date.timeZone } };
    const syncStarted = performance.now();
    const { data: syncAnswer, bytes: syncBytes } = await trpcCall<{ tickets: unknown[] }>(base, "staff.checkin.sync", { cookie, input: { dateId: seeded.dateId, since: null } });
    const syncMs = performance.now() - syncStarted;
    log(`staff.checkin.sync (full list): ${syncAnswer.tickets.length.toLocaleString("en-US")} tickets in ${Math.round(syncMs)} ms`);

    const fresh = take(OFFLINE - OFFLINE_ENTERED - OFFLINE_FORGED);
    // Tickets the online run let in (the first gate's warm-up and stream).
    const entered = pool.slice(0, Math.min(OFFLINE_ENTERED, WARMUP + SCANS));
    const cases = shuffled(
      [
        ...fresh.map((l) => ({ code: codeOf(l), expect: "valid" as const })),
        ...entered.map((l) => ({ code: codeOf(l), expect: "already_checked_in" as const })),
        ...fresh.slice(0, OFFLINE_FORGED).map((l) => ({ code: forge(codeOf(l)), expect: "forged" as const })),
      ],
      11,
    );
    const warmupCodes = pool.slice(-OFFLINE_WARMUP).map(codeOf);
    log(`offline: ${cases.length} decisions in Chromium (${fresh.length} not in yet, ${entered.length} in already, ${OFFLINE_FORGED} forged) after ${OFFLINE_WARMUP} warm-ups`);
    const offline = await runOffline({ gate: checkinGate, publicKey: home.publicKey, sync: { dateId: seeded.dateId, answer: syncAnswer }, cases, warmup: warmupCodes });
    const offlineStats = stats(offline.times);
    const wrong = cases.filter((c, i) => offline.kinds[i] !== c.expect);
    const perKind = (k: OfflineCase["expect"]) => stats(offline.times.filter((_, i) => cases[i]!.expect === k));

    // ------------------------------------------------------------ report
    const verdict = (ok: boolean) => (ok ? "ok     " : "MISSED ");
    console.log(`\nCheck-in benchmark: ${lines.length.toLocaleString("en-US")} ticket lines of one date, ${GATES} gates (Postgres), load avg at start ${loadStart}\n`);
    console.log(`online  staff.checkin.scan over HTTP, as the gate sees it (send → parsed answer), ${r1(all.length / (online.wallMs / 1000))} scans/s in all`);
    console.log(`        all scans      ${fmt(scanStats)}`);
    console.log(`        single scans   ${fmt(singleStats)}`);
    console.log(`        double scans   ${fmt(doubleStats)}`);
    console.log(`        per gate p95   ${online.gates.map((g, i) => `gate ${i + 1} ${r1(percentile(g.scans.map((s) => s.ms), 95))} ms`).join(", ")}`);
    console.log(`        idle, one at a time: ticket query (ticketAtDoor) p50 ${r1(percentile(ticketMs, 50))} / p95 ${r1(percentile(ticketMs, 95))} ms, doorCounts p50 ${r1(percentile(countsMs, 50))} / p95 ${r1(percentile(countsMs, 95))} ms`);
    console.log(`        errors ${errors.length}${errors[0] ? ` (first: ${errors[0].error})` : ""}; single scans not VALID ${notValid.length}${notValid[0] ? ` (first: ${notValid[0].kind})` : ""}; warm-up scans not VALID ${online.gates.reduce((n, g) => n + g.warmupErrors, 0)}`);
    console.log(`        double-scanned tickets with one VALID and one ALREADY CHECKED IN: ${doublesOk} of ${doubles}`);
    console.log(`        admissions standing ${checks!.admitted} (expected ${expectedIn}), lines checked in ${checks!.lines_in}, tickets admitted twice ${doubleAdmitted}`);
    console.log(`        sync of the full list: ${syncAnswer.tickets.length} tickets, ${r1(syncBytes / 1024 / 1024)} MB, ${Math.round(syncMs)} ms`);
    console.log(`offline decideOffline in ${offline.version} (bundle ${r1(offline.bundleBytes / 1024)} KiB), list stored with applySync in ${Math.round(offline.loadMs)} ms, first decision ${r1(offline.firstMs)} ms`);
    console.log(`        all            p50 ${r1(offlineStats.p50)} ms, p95 ${r1(offlineStats.p95)} ms, max ${r1(offlineStats.max)} ms (${offlineStats.n} decisions)`);
    for (const k of ["valid", "already_checked_in", "forged"] as const) {
      const s = perKind(k);
      console.log(`        ${k.padEnd(19)}p50 ${r1(s.p50)} ms, p95 ${r1(s.p95)} ms (${s.n})`);
    }
    console.log(`        wrong verdicts ${wrong.length}${wrong[0] ? ` (first: expected ${wrong[0].expect}, got ${offline.kinds[cases.indexOf(wrong[0])]})` : ""}`);
    console.log("\nTargets");
    console.log(`  ${verdict(scanStats.p95 < TARGET.onlineP95Ms)} online p95 ms: ${r1(scanStats.p95)} (target < ${TARGET.onlineP95Ms})`);
    console.log(`  ${verdict(offlineStats.p95 < TARGET.offlineP95Ms)} offline p95 ms: ${r1(offlineStats.p95)} (target < ${TARGET.offlineP95Ms})`);
    console.log(`  ${verdict(doubleAdmitted === 0 && doublesOk === doubles)} tickets admitted twice: ${doubleAdmitted}; doubles with exactly one VALID: ${doublesOk} of ${doubles}`);
    console.log(`  load avg at the end ${load()}`);
    console.log(JSON.stringify({ onlineP95Ms: r1(scanStats.p95), offlineP95Ms: r1(offlineStats.p95), doubleAdmitted }));
    if (doubleAdmitted > 0 || doublesOk !== doubles || errors.length > 0 || notValid.length > 0 || wrong.length > 0) process.exitCode = 1;
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
