/**
 * Seat-hold benchmark: how fast buyers can hold and release seats of one 20,000-place event
 * through the real server, against what the database itself allows, and how quickly the seat
 * map of many watchers learns about each hold.
 *
 *   npm run bench:holds
 *
 * In one run, against the local Postgres, from this load process (the server runs as a
 * separate process: `node --import tsx server/main.ts` with the demo seed, on a fresh database
 * of its own, bench_holds_<random>, dropped at the end):
 *   raw      the hold statement the server runs (holdStatement: cart at its version, seats,
 *            counters, ledger; one statement, its own transaction, synchronous_commit off)
 *            straight through postgres.js, C connections with a cart each, each op holding 1-2
 *            random free seats, then the release statement (releaseStatement) the same way
 *            (the physical limit of this machine);
 *   api      C buyers with one tRPC WebSocket each (wsLink + superjson, as client/lib/trpc.ts),
 *            looping shop.hold of 1-2 random free seats then shop.release, on the demo football
 *            match (18,000 seats, 2,000 standing places); then an open-loop run at 80 % of that
 *            rate (at most C in flight) for the latency target;
 *   fan-out  1,000 and 5,000 watchers of that event date (raw tRPC WebSocket subscriptions to
 *            shop.watch, in forked processes) while the C buyers hold at full speed. Delay from
 *            commit to watcher, the commit taken as the earlier of the hold's response arriving
 *            here and the server sending the announcement (`sentAt`): both follow the commit.
 *   storm    BENCH_STORM_WATCHERS (default 5,000) watchers open the date within 8 s, from many
 *            loopback addresses, while /healthz is asked every 20 ms (its latency is the figure).
 * Before measuring, the fresh inventory is ANALYZEd (autovacuum would within a minute); the
 * hold transaction is timed alone before and after, as the plan without statistics is slow.
 * A seat won by a hold while this process knows another buyer still holds it (and has not
 * asked to release it) counts as doubleSold; counters and cart ledgers are checked against the
 * held seats after every phase.
 *
 * Settings: DATABASE_URL (the server to create the benchmark database on; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_CONCURRENCY (C, default 32; 60 s
 * without any answer from the server is reported as a stall and ends the run),
 * BENCH_SECONDS (measured seconds per phase, default 10), BENCH_WATCHERS (default "1000,5000"),
 * BENCH_PHASES (default "raw,api,paced,fanout,storm"), BENCH_PROFILE=<dir> (the server runs with
 * --inspect; a CPU profile of each phase is written there and summarised), BENCH_KEEP_DB=1.
 * The last line of the output is one JSON object with the figures (p50Ms/p99Ms: hold latency
 * at 80 % of the maximum rate; fanout: commit-to-watcher delay).
 * Targets (issue): api/raw >= 0.3; p99 hold latency < 50 ms at 80 % of the maximum rate;
 * fan-out p99 < 100 ms with 1,000 watchers and < 500 ms with 5,000; doubleSold = 0;
 * /healthz p99 < 100 ms during the storm.
 *
 * This file wires the phases and prints; in holds/: config.ts (the settings above), run-state.ts
 * (phase under way, call errors, stall watch), server.ts, buyers.ts, setup.ts, phase.ts (context,
 * rates, counter check), raw.ts, api.ts (closed and open loop), fanout.ts, storm.ts, report.ts
 * (rows, verdicts, the JSON line); watchers.ts runs in the forked watcher processes.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type postgres from "postgres";
import { connectPostgres } from "../../server/db/client";
import { type ApiResult, apiClosedPhase, apiOpenPhase, type PacedResult, warmUpBuyers } from "./holds/api";
import { type Buyer, closeBuyers, connectBuyers } from "./holds/buyers";
import {
  BASE_DATABASE_URL,
  CONCURRENCY,
  log,
  PHASES,
  PROFILE_DIR,
  SECONDS,
  STORM_SPREAD_MS,
  STORM_WATCHERS,
  WATCHER_COUNTS,
  WATCHERS_PER_PROCESS,
} from "./holds/config";
import { CpuMeter } from "./holds/cpu";
import { fanoutPhase, type FanoutResult, forkWatchers, measureSnapshot, nextMessage } from "./holds/fanout";
import { fmt, sleep } from "./holds/lib";
import { checkCounters, type Context } from "./holds/phase";
import { InspectorSession } from "./holds/profile";
import { type RawResult, rawPhase, rawSerialMs } from "./holds/raw";
import {
  apiRows,
  type Check,
  fanoutRows,
  integrityRows,
  pacedRows,
  rawRows,
  resultJson,
  type Row,
  setupRows,
  snapshotRow,
  stallRows,
  stormRows,
  verdicts,
} from "./holds/report";
import { errorCount, errors, setPhase, setStallProbe, stalled } from "./holds/run-state";
import { type Server, startServer, stopServer, withDatabase } from "./holds/server";
import { loadMatch, stallProbe } from "./holds/setup";
import { stormPhase, type StormResult } from "./holds/storm";
import { HoldTracker } from "./holds/tracker";

async function main() {
  const started = performance.now();
  const dbName = `bench_holds_${randomBytes(4).toString("hex")}`;
  const admin = connectPostgres(BASE_DATABASE_URL, { max: 1, onnotice: () => {} });
  const benchUrl = withDatabase(BASE_DATABASE_URL, dbName);
  const [{ version: pgVersion } = { version: "?" }] = await admin<{ version: string }[]>`select current_setting('server_version') as version`;
  await admin.unsafe(`create database ${dbName}`);
  log(`database ${dbName} created; starting the server`);
  let server: Server | null = null;
  let db: postgres.Sql | null = null;
  let profiler: InspectorSession | null = null;
  const buyers: Buyer[] = [];
  let cleaned: Promise<void> | null = null;
  /** Stops the server and drops the database: at the end, on an error, on Ctrl-C. */
  const cleanup = () =>
    (cleaned ??= (async () => {
      closeBuyers(buyers);
      profiler?.close();
      if (server) await stopServer(server);
      await db?.end({ timeout: 5 }).catch(() => {});
      if (process.env.BENCH_KEEP_DB === "1") log(`database ${dbName} kept`);
      else await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch((err: unknown) => log(`could not drop ${dbName}: ${String(err)}`));
      await admin.end({ timeout: 5 }).catch(() => {});
    })());
  const abort = (why: unknown) => {
    console.error(why);
    void cleanup().finally(() => process.exit(1));
  };
  process.once("SIGINT", () => abort("interrupted"));
  process.once("SIGTERM", () => abort("terminated"));
  // Once cleaning up, errors of connections cut by dropping the database are expected.
  process.on("unhandledRejection", (err) => (cleaned ? undefined : abort(err)));
  process.on("uncaughtException", (err) => (cleaned ? undefined : abort(err)));
  // Last resort if this process dies anyway: never leave the server running.
  process.once("exit", () => {
    if (server && server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill("SIGKILL");
  });
  try {
    server = await startServer(benchUrl);
    log(`server up at ${server.baseUrl} after ${fmt((performance.now() - started) / 1000)} s (migrations and demo seed)`);
    if (PROFILE_DIR) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      profiler = await InspectorSession.connect(server.inspectPort);
    }
    db = connectPostgres(benchUrl, { max: 2, onnotice: () => {}, connection: { application_name: "bench" } });
    setStallProbe(stallProbe(db, server));
    const match = await loadMatch(db, server);
    const ctx: Context = {
      server,
      ...match,
      db,
      benchUrl,
      tracker: new HoldTracker(),
      profiler,
      cpu: new CpuMeter(db, () => ({ server: server!.proc.pid!, watchers: ctx.watcherPids })),
      watcherPids: [],
    };

    // The inventory was just written by the seed and has no planner statistics yet; autovacuum
    // would analyse it within a minute. Time the hold statement before and after, then measure
    // with statistics (as a date on sale for more than a minute has them).
    const coldMs = await rawSerialMs(ctx, 30);
    await db`analyze`;
    const warmMs = await rawSerialMs(ctx, 30);
    log(`hold transaction alone: ${fmt(coldMs, 2)} ms before ANALYZE, ${fmt(warmMs, 2)} ms after`);

    buyers.push(...(await connectBuyers(server, CONCURRENCY)));
    setPhase("warm-up");
    await warmUpBuyers(ctx, buyers);

    const rows: Row[] = setupRows({ pgVersion, seats: ctx.seats.length, coldMs, warmMs });
    const checks: Check[] = [];
    let raw: RawResult | null = null;
    let api: ApiResult | null = null;
    let paced: PacedResult | null = null;
    const fanouts: FanoutResult[] = [];
    let rawSeatsOnly = NaN;

    if (PHASES.has("raw")) {
      setPhase("raw");
      log(`raw: the hold statement over postgres.js, ${CONCURRENCY} connections, ${SECONDS} s`);
      raw = await rawPhase(ctx);
      log(`raw: ${fmt(raw.holdsPerSec)} holds/s`);
      // For comparison: the same statements taking seats only (no counter rows, no ledger).
      log("raw, seats only: the same statements without counters");
      const seatsOnly = await rawPhase(ctx, false);
      rawSeatsOnly = seatsOnly.holdsPerSec;
      rows.push(...rawRows(raw, seatsOnly));
    }
    if (PHASES.has("api") && !stalled) {
      setPhase("api");
      log(`api: ${CONCURRENCY} buyers over tRPC WebSockets, hold + release, ${SECONDS} s`);
      api = await apiClosedPhase(ctx, buyers);
      log(`api: ${fmt(api.holdsPerSec)} holds/s${errorCount ? `; ${errorCount} errors: ${errors.join("; ")}` : ""}`);
      if (!stalled) checks.push(await checkCounters(ctx));
      rows.push(...apiRows(api, raw, rawSeatsOnly));
    }
    const maxRate = api?.holdsPerSec ?? Number(process.env.BENCH_RATE ?? 0);
    if (PHASES.has("paced") && !stalled && maxRate > 0) {
      setPhase("api at 80 %");
      log(`api at 80 %: ${fmt(maxRate * 0.8)} holds/s on a fixed schedule, ${SECONDS} s`);
      paced = await apiOpenPhase(ctx, buyers, maxRate * 0.8);
      if (!stalled) checks.push(await checkCounters(ctx));
      rows.push(...pacedRows(paced));
    }
    if (PHASES.has("fanout") && !stalled) {
      const [{ n: touched } = { n: 0 }] = await db<{ n: number }[]>`
        select count(*)::int as n from seat_inventory where event_date_id = ${ctx.scopeId} and (status <> 'FREE' or version > 1)`;
      rows.push(snapshotRow(touched, await measureSnapshot(server, ctx.scopeId)));
      for (const w of WATCHER_COUNTS) {
        if (stalled) break;
        setPhase(`fan-out ${w}`);
        log(`fan-out: ${w} watchers while ${CONCURRENCY} buyers hold at full speed, ${SECONDS} s`);
        const f = await fanoutPhase(ctx, buyers, w);
        fanouts.push(f);
        rows.push(...fanoutRows(f));
      }
    }
    let storm: StormResult | null = null;
    if (PHASES.has("storm") && !stalled && STORM_WATCHERS > 0) {
      setPhase("connect storm");
      log(`storm: ${STORM_WATCHERS} watchers open the date within ${STORM_SPREAD_MS / 1000} s while /healthz is asked every 20 ms`);
      storm = await stormPhase({
        wsUrl: server.wsUrl,
        baseUrl: server.baseUrl,
        scopeId: ctx.scopeId,
        watchers: STORM_WATCHERS,
        spreadMs: STORM_SPREAD_MS,
        watchersPerProcess: WATCHERS_PER_PROCESS,
        serverPid: server.proc.pid!,
        fork: forkWatchers,
        nextMessage,
        log,
      });
      rows.push(...stormRows(storm));
    }
    if (!stalled) checks.push(await checkCounters(ctx));

    // ------------------------------------------------------------------------------------------
    const doubleSold = ctx.tracker.doubles;
    rows.push(...integrityRows({ doubleSold, doubleSeats: ctx.tracker.doubleSeats, checks }));
    if (stalled) {
      // The stall probe (the server's connections, /healthz) may still be answering.
      await sleep(1000);
      rows.push(...stallRows(stalled));
    }
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nSeat-hold benchmark (${dbName}, ${fmt((performance.now() - started) / 1000)} s)`);
    for (const [k, v] of rows) console.log(k ? `  ${k.padEnd(width)}  ${v}` : "");
    const figures = { stalled: stalled !== null, raw, api, paced, fanouts, storm, doubleSold };
    console.log(`  ${verdicts(figures).join("; ")}\n`);
    console.log(JSON.stringify(resultJson(figures)));
    if (stalled) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
