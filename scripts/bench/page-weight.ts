/**
 * What buyers download (issue 25 item 4, decision 032): the weight of the event page with the
 * seat plan of the demo football match (18,000 seats), its live seat snapshot, and the time to
 * the drawn map in Chromium.
 *
 *   npm run bench:page          # npm run build, then this script on the built client
 *
 * Builds nothing itself: the server serves dist/client (or CLIENT_DIST_DIR). Makes its own
 * database (bench_page, dropped at the end unless BENCH_KEEP_DB=1) on DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/postgres) and starts the app as `npm start` does
 * (server/main.ts in its own process: migrations, the demo data with its orders) on BENCH_PORT
 * (default 4462). Then:
 *
 * 1. the snapshot of the match date as a WebSocket client receives it, raw and on the wire;
 * 2. "late in a sale": BENCH_SOLD_SHARE (default 0.8) of the date's seats made taken directly
 *    in the database (four fifths sold, one fifth held for an hour, chosen at random: the worst
 *    case for packing), and the snapshot again;
 * 3. BENCH_WATCHERS (default 256) watchers opening the map together: time to their snapshot
 *    (BENCH_RUNS times);
 * 4. BENCH_RUNS (default 3) cold loads of /event/{match} in headless Chromium (a fresh browser
 *    context each: empty cache) and as many warm ones (the same context again): bytes of HTML,
 *    JS, CSS and API answers decoded and on the wire, requests that reached the server, and the
 *    time from navigation to the plan drawn with the snapshot's seat states; then the same
 *    through Chromium's network throttling as a buyer's connection (BENCH_NETWORK, default
 *    "10/5/40": 10 Mbit/s down, 5 up, 40 ms round trip; "off" skips it). CHROMIUM_PATH
 *    defaults to /usr/bin/chromium.
 *
 * Figures are printed; the last line is one JSON object.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connectPostgres } from "../../server/db/client";
import { chromium } from "playwright-core";
import { type Load, loadPage, type Network, newContext } from "./page-weight/browser";
import { measureSnapshot, snapshotStorm } from "./page-weight/snapshot";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = "bench_page";
const PORT = Number(process.env.BENCH_PORT ?? 4462);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 256);
const SOLD_SHARE = Number(process.env.BENCH_SOLD_SHARE ?? 0.8);
const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const MATCH = "FC Musterstadt – SV Beispielhausen";
const NETWORK: Network | null = (() => {
  const spec = process.env.BENCH_NETWORK ?? "10/5/40";
  if (spec === "off") return null;
  const [downMbit, upMbit, rttMs] = spec.split("/").map(Number);
  return { downMbit: downMbit!, upMbit: upMbit!, rttMs: rttMs! };
})();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const kb = (bytes: number) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const r0 = (n: number) => Math.round(n);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function startServer(databaseUrl: string): Promise<{ proc: ChildProcess; baseUrl: string; stop: () => Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    SEED_DEMO: "true",
    SERVE_CLIENT: "true",
    RUN_JOBS: "false",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
    APP_SECRET: randomBytes(32).toString("base64url"),
    // The watchers of step 3 stand for buyers on many addresses: the caps per address are raised by configuration.
    WS_MAX_SOCKETS_PER_ADDRESS: "100000",
    WS_SUBSCRIPTION_STARTS_PER_MINUTE: "1000000",
  };
  const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] });
  let exited = false;
  const gone = new Promise<void>((resolve) => proc.once("exit", () => ((exited = true), resolve())));
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (exited) throw new Error("the server exited during start-up");
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 240 s");
    const ok = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await sleep(500);
  }
  const index = await fetch(`${baseUrl}/`, { headers: { accept: "text/html" } });
  if (!index.ok) throw new Error("the server does not serve the client: run `npm run build` first");
  return {
    proc,
    baseUrl,
    stop: async () => {
      if (exited) return;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** Bytes of JS, CSS and HTML of a load, decoded and as sent, and the API answers'. */
function describeLoad(label: string, l: Load): string[] {
  const b = l.byKind;
  const line = (name: string, x: { count: number; raw: number; wire: number }) =>
    `    ${name.padEnd(5)} ${String(x.count).padStart(3)} files  ${kb(x.raw).padStart(10)} decoded  ${kb(x.wire).padStart(10)} on the wire`;
  return [
    `  ${label}: map drawn ${r0(l.mapDrawnMs)} ms after navigation (DOMContentLoaded ${r0(l.domContentLoadedMs)} ms); ${l.requests} requests, ${l.toServer} reached the server; scripts sent as ${l.scriptEncoding}`,
    line("html", b.html),
    line("js", b.js),
    line("css", b.css),
    line("api", b.api),
    line("other", b.other),
  ];
}

async function main() {
  const admin = connectPostgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  await admin.unsafe(`create database ${DB_NAME}`);
  const url = withDatabase(SERVER_URL, DB_NAME);
  const db = connectPostgres(url, { max: 2, onnotice: () => {} });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    const started = performance.now();
    server = await startServer(url);
    console.error(`server up with the demo data in ${r0((performance.now() - started) / 1000)} s`);
    const [match] = await db<{ event_id: string; date_id: string; seats: number }[]>`
      select e.id as event_id, d.id as date_id, (select count(*)::int from seat_inventory s where s.event_date_id = d.id) as seats
      from events e join event_dates d on d.event_id = e.id where e.name = ${MATCH}`;
    if (!match) throw new Error("the demo match is missing");
    const wsUrl = `${server.baseUrl.replace("http", "ws")}/trpc`;
    const origin = server.baseUrl;

    const early = await measureSnapshot(wsUrl, origin, match.date_id);
    // Late in a sale: taken seats chosen at random (four fifths sold, the rest held for an hour).
    const target = Math.round(SOLD_SHARE * match.seats);
    await db`
      with taken as (select count(*)::int as n from seat_inventory where event_date_id = ${match.date_id} and status <> 'FREE'),
      pick as (
        select seat_key, random() as r from seat_inventory
        where event_date_id = ${match.date_id} and status = 'FREE'
        order by random() limit greatest(0, ${target} - (select n from taken))
      )
      update seat_inventory s
      set status = (case when p.r < 0.8 then 'SOLD' else 'PAYMENT_PENDING' end)::seat_status,
          hold_id = gen_random_uuid(), held_until = now() + interval '1 hour', version = s.version + 1
      from pick p where s.event_date_id = ${match.date_id} and s.seat_key = p.seat_key`;
    // A snapshot read before the update may be reused for a second.
    await sleep(1100);
    const late = await measureSnapshot(wsUrl, origin, match.date_id);
    const storms = [];
    for (let i = 0; i < RUNS; i++) storms.push(await snapshotStorm(wsUrl, origin, match.date_id, WATCHERS, server.proc.pid!));
    const storm = storms.slice().sort((a, b) => a.p95Ms - b.p95Ms)[Math.floor(storms.length / 2)]!;

    const page = `${server.baseUrl}/event/${match.event_id}`;
    const cold: Load[] = [];
    const warm: Load[] = [];
    const slowCold: Load[] = [];
    const slowWarm: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await newContext(browser);
      cold.push(await loadPage(context, page));
      warm.push(await loadPage(context, page));
      await context.close();
      if (!NETWORK) continue;
      const slow = await newContext(browser);
      slowCold.push(await loadPage(slow, page, NETWORK));
      slowWarm.push(await loadPage(slow, page, NETWORK));
      await slow.close();
    }

    const pick = (loads: Load[]) => loads.slice().sort((a, b) => a.mapDrawnMs - b.mapDrawnMs)[Math.floor(loads.length / 2)]!;
    const c = pick(cold);
    const w = pick(warm);
    console.log(`\nPage weight: ${MATCH} (${match.seats.toLocaleString("en-US")} seats), /event/{id}, ${RUNS} runs each`);
    console.log(`  live snapshot, demo orders only: ${early.seatsListed} seats listed, ${kb(early.rawBytes)} decoded, ${kb(early.wireBytes)} on the wire (extensions: ${early.extensions})`);
    console.log(`  live snapshot, ${Math.round(SOLD_SHARE * 100)} % taken: ${late.seatsListed.toLocaleString("en-US")} seats listed, ${kb(late.rawBytes)} decoded, ${kb(late.wireBytes)} on the wire`);
    console.log(`  ${storm.watchers} watchers opening the map together (median run by p95 of ${RUNS}): snapshot after p50 ${r0(storm.p50Ms)} ms, p95 ${r0(storm.p95Ms)} ms, max ${r0(storm.maxMs)} ms; ${kb(storm.wireBytes)} read per watcher with the handshake`);
    console.log(`    runs (p50/p95 ms): ${storms.map((x) => `${r0(x.p50Ms)}/${r0(x.p95Ms)}`).join(", ")}; server memory with them open: ${storms.map((x) => `+${kb(x.serverRssGrowthBytes / 1024)}`.replace(" KB", " MB")).join(", ")}`);
    for (const line of describeLoad(`cold (median of ${RUNS})`, c)) console.log(line);
    for (const line of describeLoad(`warm (median of ${RUNS})`, w)) console.log(line);
    console.log(`  map drawn, cold: ${cold.map((l) => r0(l.mapDrawnMs)).join(", ")} ms; warm: ${warm.map((l) => r0(l.mapDrawnMs)).join(", ")} ms`);
    if (NETWORK) {
      const net = `${NETWORK.downMbit}/${NETWORK.upMbit} Mbit/s, ${NETWORK.rttMs} ms round trip`;
      console.log(`  over ${net}: map drawn cold ${slowCold.map((l) => r0(l.mapDrawnMs)).join(", ")} ms; warm ${slowWarm.map((l) => r0(l.mapDrawnMs)).join(", ")} ms`);
    }
    const result = {
      seats: match.seats,
      jsRawBytes: c.byKind.js.raw,
      jsWireBytes: c.byKind.js.wire,
      cssRawBytes: c.byKind.css.raw,
      cssWireBytes: c.byKind.css.wire,
      htmlRawBytes: c.byKind.html.raw,
      htmlWireBytes: c.byKind.html.wire,
      apiRawBytes: c.byKind.api.raw,
      apiWireBytes: c.byKind.api.wire,
      scriptEncoding: c.scriptEncoding,
      snapshotRawBytes: early.rawBytes,
      snapshotWireBytes: early.wireBytes,
      lateSnapshotRawBytes: late.rawBytes,
      lateSnapshotWireBytes: late.wireBytes,
      wsExtensions: late.extensions,
      watchers: storm.watchers,
      watchersSnapshotP50Ms: r0(storm.p50Ms),
      watchersSnapshotP95Ms: r0(storm.p95Ms),
      watchersServerRssGrowthMb: Math.round(storms[0]!.serverRssGrowthBytes / 1024 / 1024),
      coldMapDrawnMs: r0(median(cold.map((l) => l.mapDrawnMs))),
      warmMapDrawnMs: r0(median(warm.map((l) => l.mapDrawnMs))),
      slowColdMapDrawnMs: NETWORK ? r0(median(slowCold.map((l) => l.mapDrawnMs))) : null,
      slowWarmMapDrawnMs: NETWORK ? r0(median(slowWarm.map((l) => l.mapDrawnMs))) : null,
      warmRequestsToServer: w.toServer,
      warmWireBytes: Object.values(w.byKind).reduce((n, x) => n + x.wire, 0),
    };
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await server?.stop();
    await db.end();
    if (process.env.BENCH_KEEP_DB !== "1") await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
