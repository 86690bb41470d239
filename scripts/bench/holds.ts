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
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTRPCClient, createWSClient, type TRPCClient, wsLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import superjson from "superjson";
import type { Db } from "../../server/db/client";
import { holdStatement } from "../../server/modules/inventory/hold";
import { releaseStatement } from "../../server/modules/inventory/release";
import { hashSecret } from "../../server/modules/shop/cart";
import type { ShopScope } from "../../server/modules/shop/scope";
import type { AppRouter } from "../../server/trpc/router";
import {
  fmt,
  Histogram,
  originWebSocket,
  percentile,
  round,
  sleep,
  wallMs,
  type WsSocket,
} from "./holds/lib";
import { InspectorSession, printSummary, saveProfile, summarise } from "./holds/profile";
import { type ConnectionUse, sampleConnections } from "./holds/connections";
import { type Cores, CpuMeter, cpuText, NO_CPU } from "./holds/cpu";
import { HoldTracker, pickSeats, type Seat } from "./holds/tracker";
import { stormPhase, type StormResult } from "./holds/storm";
import type { CollectMessage, HoldRecord, ReadyReport, ResultReport, StartMessage } from "./holds/watchers";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_MS = 2000;
const WATCHER_COUNTS = (process.env.BENCH_WATCHERS ?? "1000,5000").split(",").map(Number).filter((n) => n > 0);
const WATCHERS_PER_PROCESS = Number(process.env.BENCH_WATCHERS_PER_PROCESS ?? 2500);
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const MATCH_NAME = "FC Musterstadt – SV Beispielhausen";
/** Phases to run (for experiments): raw, api, paced, fanout. */
const PHASES = new Set((process.env.BENCH_PHASES ?? "raw,api,paced,fanout,storm").split(","));
/** Watchers of the connect storm, opening within STORM_SPREAD_MS (issue: 5,000 within 10 s). */
const STORM_WATCHERS = Number(process.env.BENCH_STORM_WATCHERS ?? 5000);
const STORM_SPREAD_MS = 8000;
/** No call answered for this long, with calls waiting: the server is stuck. */
const STALL_MS = 60_000;
/** During fan-out a buyer releases a hold only after this many newer ones: seats stay held long enough to be announced as held. */
const FANOUT_HOLDS_KEPT = 8;

type Cart = { id: string; secret: string };
type HoldOutcome = { status: "held" | "taken" | "sold_out" | "error"; won: string[]; sentAt: number; returnedAt: number; cart?: Cart };

// ---------------------------------------------------------------------------------------------
// Small utilities

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const log = (msg: string) => console.error(`[bench] ${msg}`);


// ---------------------------------------------------------------------------------------------
// The server under test

type Server = { proc: ChildProcess; baseUrl: string; wsUrl: string; inspectPort: number; exited: Promise<number | null> };

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const inspectPort = PROFILE_DIR ? await freePort() : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    SEED_DEMO: "true",
    RUN_JOBS: "false",
    SERVE_CLIENT: "false",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    APP_SECRET: randomBytes(32).toString("base64url"),
    // No money moves in the benchmark.
    ALLOW_TEST_PAYMENTS: "true",
    // Each of the C buyers stands for many people, holding far faster than one person would:
    // the per-client hold limits would measure themselves, not the holds. The socket caps stay
    // as configured (the watchers come from many addresses, see holds/lib.ts watcherAddress).
    HOLD_CALLS_PER_MINUTE: "1000000",
    HOLD_MAX_CARTS_PER_DEVICE: "1000",
    HOLD_MAX_PLACES_PER_ADDRESS: "1000000",
    HOLD_MAX_PLACES_PER_ADDRESS_WITH_DEVICE: "1000000",
  };
  const args = [...(PROFILE_DIR ? [`--inspect=127.0.0.1:${inspectPort}`] : []), "--import", "tsx", "server/main.ts"];
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim() && !line.includes("Debugger")) console.error(`[server] ${line}`);
  };
  proc.stdout!.on("data", forward);
  proc.stderr!.on("data", forward);
  const exited = new Promise<number | null>((resolve) =>
    proc.once("exit", (code, signal) => {
      if (!stopping.has(proc)) declareStall(`the server exited unexpectedly (code ${code}, signal ${signal}; code 0 is its shutdown on SIGTERM or SIGINT)`);
      resolve(code);
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (gone) throw new Error("the server exited during start-up");
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 180 s");
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return { proc, baseUrl, wsUrl: `ws://127.0.0.1:${port}/trpc`, inspectPort, exited };
}

const stopping = new WeakSet<ChildProcess>();

async function stopServer(server: Server): Promise<void> {
  stopping.add(server.proc);
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  server.proc.kill("SIGTERM");
  const timer = setTimeout(() => server.proc.kill("SIGKILL"), 15_000);
  await server.exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// Buyers: tRPC over WebSocket, as in the browser (client/lib/trpc.ts)

type Buyer = { trpc: TRPCClient<AppRouter>; close: () => void };

/** Buyer WebSockets that closed while in use (e.g. the server's keep-alive gave up on them), per phase. */
const buyerCloses = new Map<string, number>();
let closingBuyers = false;

async function connectBuyers(server: Server, n: number): Promise<Buyer[]> {
  const Ws = originWebSocket(server.baseUrl);
  const buyers = Array.from({ length: n }, () => {
    const client = createWSClient({
      url: server.wsUrl,
      WebSocket: Ws as unknown as typeof WebSocket,
      lazy: { enabled: false, closeMs: 0 },
      onClose: () => {
        if (!closingBuyers) buyerCloses.set(currentPhase, (buyerCloses.get(currentPhase) ?? 0) + 1);
      },
    });
    const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] });
    return { trpc, close: () => void client.close() };
  });
  return buyers;
}

async function apiHold(buyer: Buyer, scopeId: string, cart: Cart | null, seats: readonly Seat[]): Promise<HoldOutcome> {
  const sentAt = wallMs();
  try {
    const res = await call(buyer.trpc.shop.hold.mutate({ scopeId, cart, seats: seats.map((s) => ({ key: s.key, ticketCategoryId: s.tc })) }));
    const returnedAt = wallMs();
    if (res.status === "held") {
      const next = res.cart.secret ? { id: res.cart.id, secret: res.cart.secret } : cart!;
      return { status: "held", won: res.seats, sentAt, returnedAt, cart: next };
    }
    return { status: res.status, won: [], sentAt, returnedAt };
  } catch (err) {
    noteError(err);
    return { status: "error", won: [], sentAt, returnedAt: wallMs() };
  }
}

async function apiRelease(buyer: Buyer, cart: Cart, keys: string[]): Promise<{ ms: number; released: string[] }> {
  const t = performance.now();
  try {
    const res = await call(buyer.trpc.shop.release.mutate({ cart, seatKeys: keys }));
    return { ms: performance.now() - t, released: res.released };
  } catch (err) {
    noteError(err);
    return { ms: performance.now() - t, released: [] };
  }
}

const errors: string[] = [];
let errorCount = 0;
function noteError(err: unknown): void {
  errorCount++;
  if (errors.length < 5) errors.push(err instanceof Error ? err.message : String(err));
}

class Stalled extends Error {}

/** Set when no call was answered for STALL_MS: what the server's connections were doing. */
let stalled: { phase: string; activity: string[]; health: string } | null = null;
let currentPhase = "start-up";
let onStall: (() => Promise<{ activity: string[]; health: string }>) | null = null;
let callsInFlight = 0;
let lastAnswer = performance.now();
let rejectAll: (err: Error) => void = () => {};
const stalledSignal = new Promise<never>((_, reject) => (rejectAll = reject));
stalledSignal.catch(() => {});

/** A call to the server, given up (with every other) once the server stopped answering. */
function call<T>(p: Promise<T>): Promise<T> {
  callsInFlight++;
  return Promise.race([p, stalledSignal]).finally(() => {
    callsInFlight--;
    lastAnswer = performance.now();
  });
}

/** Ends the run: every waiting call fails, the remaining phases are skipped. */
function declareStall(why: string): void {
  if (stalled) return;
  stalled = { phase: currentPhase, activity: [], health: "?" };
  log(`${why} during ${currentPhase}`);
  rejectAll(new Stalled(why));
  void onStall?.().then((e) => Object.assign(stalled!, e));
}

setInterval(() => {
  if (callsInFlight > 0 && performance.now() - lastAnswer >= STALL_MS) declareStall(`no call answered for ${STALL_MS / 1000} s: the server is stuck`);
}, 1000).unref();

// ---------------------------------------------------------------------------------------------
// Phases

type Window = { from: number; to: number };
type HoldSample = { start: number; end: number; won: boolean };

/** Throughput: holds answered within the window; latency: every hold started within it. */
function rate(samples: HoldSample[], w: Window) {
  const answered = samples.filter((s) => s.end >= w.from && s.end <= w.to);
  const lat = samples.filter((s) => s.start >= w.from && s.start <= w.to).map((s) => s.end - s.start);
  return {
    holdsPerSec: (answered.length * 1000) / (w.to - w.from),
    wonPerSec: (answered.filter((s) => s.won).length * 1000) / (w.to - w.from),
    n: answered.length,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
  };
}

type Context = {
  server: Server;
  scopeId: string;
  eventId: string;
  /** The scope's counters (quota_inventory keys) a hold takes units of. */
  counterKeys: Set<string>;
  seats: Seat[];
  db: postgres.Sql;
  benchUrl: string;
  tracker: HoldTracker;
  profiler: InspectorSession | null;
  cpu: CpuMeter;
  watcherPids: number[];
};

async function profiled<T>(ctx: Context, phase: string, run: () => Promise<T>): Promise<T> {
  if (!ctx.profiler) return run();
  await ctx.profiler.start();
  try {
    return await run();
  } finally {
    const profile = await ctx.profiler.stop();
    const file = saveProfile(PROFILE_DIR!, `server-${phase}`, profile);
    printSummary(phase, summarise(profile), file);
  }
}

/** The raw phase's connections are set up as the server's seat pool (server/db/client.ts). */
const RAW_CONNECTION = { application_name: "bench", plan_cache_mode: "force_generic_plan" };

/** A cart of the raw phase: a row of its own, its version followed here as the statements bump it. */
type RawCart = { id: string; secret: string; version: number };

async function createRawCart(ctx: Context, db: Db): Promise<RawCart> {
  const cart = { id: randomUUID(), secret: randomBytes(24).toString("base64url"), version: 0 };
  await db.execute(sql`insert into carts (id, secret_hash, event_id, scope_id, expires_at)
      values (${cart.id}, ${hashSecret(cart.secret)}, ${ctx.eventId}, ${ctx.scopeId}, now() + interval '1 day')`);
  return cart;
}

/**
 * One raw op: the hold statement (holdStatement, as the server runs it: the cart at its
 * version, the seats, the counter units, the ledger; its own transaction, synchronous_commit
 * off), then, if won, the release statement.
 */
async function rawHoldRelease(ctx: Context, db: Db, by: number, cart: RawCart, onHeld?: (ms: number, won: boolean) => void, withCounters = true): Promise<void> {
  const seats = pickSeats(ctx.seats, ctx.tracker);
  const quota = new Map<string, number>();
  for (const seat of withCounters ? seats : []) {
    for (const k of [`ticket:${seat.tc}`, "attendees"]) if (ctx.counterKeys.has(k)) quota.set(k, (quota.get(k) ?? 0) + 1);
  }
  const start = performance.now();
  const [row] = (await db.execute(
    holdStatement({
      scope: { kind: "date", dateIds: [ctx.scopeId], scopeId: ctx.scopeId, event: { id: ctx.eventId } as ShopScope["event"] },
      cart: { id: cart.id, version: cart.version },
      seats: seats.map((x) => ({ key: x.key, tc: x.tc, cat: x.cat })),
      items: [],
      quota,
      area: new Map(),
      fast: true,
    }),
  )) as unknown as { cart: unknown; won: { k: string }[] }[];
  const won = row?.cart ? row.won : [];
  onHeld?.(performance.now() - start, won.length > 0);
  if (won.length === 0) return;
  cart.version++;
  const keys = [...new Set(won.map((r) => r.k))];
  ctx.tracker.won(by, keys);
  ctx.tracker.releasing(by, keys);
  const [released] = (await db.execute(
    releaseStatement({ scope: { dateIds: [ctx.scopeId], scopeId: ctx.scopeId }, cartId: cart.id, secretHash: hashSecret(cart.secret), seatKeys: keys, counts: [], fast: true }),
  )) as unknown as { freed: unknown[] }[];
  if (released?.freed.length) cart.version++;
  ctx.tracker.released(by, keys);
}

/** Median time of the hold transaction alone, one at a time (n ops). */
async function rawSerialMs(ctx: Context, n: number): Promise<number> {
  const pg = postgres(ctx.benchUrl, { max: 1, onnotice: () => {}, connection: RAW_CONNECTION });
  const db = drizzle(pg) as unknown as Db;
  const times: number[] = [];
  const cart = await createRawCart(ctx, db);
  for (let i = 0; i < n; i++) await rawHoldRelease(ctx, db, -1000, cart, (ms) => times.push(ms));
  await pg.end({ timeout: 5 });
  return percentile(times, 50);
}

/** The hold statement itself over postgres.js, C connections, hold then release per op. */
async function rawPhase(ctx: Context, withCounters = true) {
  const pg = postgres(ctx.benchUrl, { max: CONCURRENCY, onnotice: () => {}, connection: RAW_CONNECTION });
  const db = drizzle(pg) as unknown as Db;
  await Promise.all(Array.from({ length: CONCURRENCY }, () => db.execute(sql`select 1`)));
  const samples: HoldSample[] = [];
  const t0 = performance.now();
  const window = { from: t0 + WARMUP_MS, to: t0 + WARMUP_MS + SECONDS * 1000 };
  let cpu: Cores = NO_CPU;
  let cpuReset = false;
  const carts = await Promise.all(Array.from({ length: CONCURRENCY }, () => createRawCart(ctx, db)));
  const worker = async (w: number) => {
    const cart = carts[w]!;
    while (performance.now() < window.to) {
      if (!cpuReset && performance.now() >= window.from) {
        cpuReset = true;
        ctx.cpu.reset();
      }
      const start = performance.now();
      await rawHoldRelease(ctx, db, -1 - w, cart, (ms, won) => samples.push({ start, end: start + ms, won }), withCounters);
    }
  };
  await profiled(ctx, "raw", async () => {
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
    cpu = await ctx.cpu.cores();
  });
  await pg.end({ timeout: 5 });
  return { ...rate(samples, window), cpu };
}


/** C buyers, each looping hold then release with its own cart, as fast as they get answers. */
async function apiClosedPhase(ctx: Context, buyers: Buyer[]) {
  const samples: HoldSample[] = [];
  const releases: number[] = [];
  const t0 = performance.now();
  const window = { from: t0 + WARMUP_MS, to: t0 + WARMUP_MS + SECONDS * 1000 };
  let taken = 0;
  let cpu: Cores = NO_CPU;
  let cpuReset = false;
  const stopSampling = sampleConnections(ctx.db);
  const worker = async (w: number) => {
    let cart: Cart | null = null;
    while (performance.now() < window.to && !stalled) {
      if (!cpuReset && performance.now() >= window.from) {
        cpuReset = true;
        ctx.cpu.reset();
      }
      const seats = pickSeats(ctx.seats, ctx.tracker);
      const start = performance.now();
      const res = await apiHold(buyers[w]!, ctx.scopeId, cart, seats);
      samples.push({ start, end: performance.now(), won: res.status === "held" });
      if (res.status === "taken") taken++;
      if (res.status !== "held") continue;
      cart = res.cart!;
      ctx.tracker.won(w, res.won);
      ctx.tracker.releasing(w, res.won);
      const rel = await apiRelease(buyers[w]!, cart, res.won);
      if (start >= window.from) releases.push(rel.ms);
      ctx.tracker.released(w, res.won);
    }
  };
  await profiled(ctx, "api", async () => {
    await Promise.all(buyers.map((_, w) => worker(w)));
    cpu = await ctx.cpu.cores();
  });
  const connections = await stopSampling();
  return { ...rate(samples, window), taken, releaseP50: percentile(releases, 50), releaseP99: percentile(releases, 99), cpu, connections };
}

/**
 * Holds due on a fixed schedule (open loop) at `holdsPerSec`, at most C in flight like C
 * buyers; a hold that has to wait for a free buyer waits here, and its latency counts from
 * the time it was due.
 */
async function apiOpenPhase(ctx: Context, buyers: Buyer[], holdsPerSec: number) {
  const latencies: number[] = [];
  const carts: Cart[] = [];
  const due: number[] = [];
  let issued = 0;
  let inflight = 0;
  let maxQueued = 0;
  let next = 0;
  let opId = 1000;
  const pending = new Set<Promise<void>>();
  const op = async (scheduled: number) => {
    const by = opId++;
    const cart = carts.pop() ?? null;
    const buyer = buyers[next++ % buyers.length]!;
    const seats = pickSeats(ctx.seats, ctx.tracker);
    const res = await apiHold(buyer, ctx.scopeId, cart, seats);
    latencies.push(performance.now() - scheduled);
    if (res.status !== "held") {
      if (cart) carts.push(cart);
      return;
    }
    ctx.tracker.won(by, res.won);
    ctx.tracker.releasing(by, res.won);
    await apiRelease(buyer, res.cart!, res.won);
    ctx.tracker.released(by, res.won);
    carts.push(res.cart!);
  };
  const dispatch = () => {
    while (due.length > 0 && inflight < CONCURRENCY && !stalled) {
      inflight++;
      const p = op(due.shift()!).finally(() => {
        inflight--;
        pending.delete(p);
        dispatch();
      });
      pending.add(p);
    }
  };
  const duration = SECONDS * 1000;
  const stopSampling = sampleConnections(ctx.db);
  let cpu: Cores = NO_CPU;
  let t0 = 0;
  await profiled(ctx, "api-80pct", async () => {
    ctx.cpu.reset();
    t0 = performance.now() + 50;
    while (performance.now() < t0 + duration && !stalled) {
      // Op i is due at t0 + i / rate: by now, ops 0 .. floor(elapsed * rate) are.
      const dueNow = Math.floor(((performance.now() - t0) * holdsPerSec) / 1000) + 1;
      while (issued < dueNow) due.push(t0 + (issued++ * 1000) / holdsPerSec);
      maxQueued = Math.max(maxQueued, due.length);
      dispatch();
      await sleep(1);
    }
    cpu = await ctx.cpu.cores();
    while ((due.length > 0 || pending.size > 0) && !stalled) await Promise.race([...pending, sleep(50)]);
  });
  const connections = await stopSampling();
  return {
    targetPerSec: holdsPerSec,
    issued,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    maxQueued,
    cpu,
    connections,
  };
}

/** Seats held, counters and cart ledgers agree (run while nothing is in flight). */
async function checkCounters(ctx: Context): Promise<{ ok: boolean; text: string }> {
  const [row] = await ctx.db<{ seats: number; quota: number; ledger: number }[]>`
    select (select count(*)::int from seat_inventory where event_date_id = ${ctx.scopeId} and status = 'PAYMENT_PENDING') as seats,
           (select coalesce(sum(held), 0)::int from quota_inventory where scope_id = ${ctx.scopeId} and counter_key like 'ticket:%') as quota,
           (select coalesce(sum(cc.quantity), 0)::int from cart_counts cc join carts c on c.id = cc.cart_id
              where c.scope_id = ${ctx.scopeId} and cc.counter_key like 'ticket:%') as ledger`;
  const ok = row!.seats === ctx.tracker.size && row!.quota === row!.seats && row!.ledger === row!.seats;
  return { ok, text: `seats held ${row!.seats} (buyers think ${ctx.tracker.size}), quota held ${row!.quota}, cart ledgers ${row!.ledger}` };
}

/** One watcher's snapshot as the server sends it now: size and time. */
async function measureSnapshot(server: Server, scopeId: string): Promise<{ bytes: number; ms: number }> {
  const Ws = originWebSocket(server.baseUrl);
  const ws: WsSocket = new Ws(server.wsUrl);
  const t = performance.now();
  return new Promise((resolve, reject) => {
    ws.on("error", reject);
    ws.on("open", () => ws.send(JSON.stringify({ id: 1, method: "subscription", params: { path: "shop.watch", input: { json: { scopeId } } } })));
    ws.on("message", (data) => {
      if (!data.includes('"type":"snapshot"')) return;
      resolve({ bytes: data.length, ms: performance.now() - t });
      ws.close();
    });
  });
}

type FanoutResult = {
  watchers: number;
  connected: number;
  connectMs: number;
  holdsPerSec: number;
  holdP50: number;
  holdP99: number;
  fromCommit: Histogram;
  fromReturn: Histogram;
  fromSend: Histogram;
  fromSentAt: Histogram;
  matched: number;
  missing: number;
  unknownHolds: number;
  deltas: number;
  resyncs: number;
  closed: number;
  counters: string;
  cpu: Cores;
  errors: string[];
};

function forkWatchers(n: number): ChildProcess {
  return fork(path.join(ROOT, "scripts/bench/holds/watchers.ts"), [], {
    cwd: ROOT,
    execArgv: ["--import", "tsx", "--max-old-space-size=4096"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, BENCH_WATCHER_SHARE: String(n) },
  });
}

function nextMessage<T extends { type: string }>(child: ChildProcess, type: T["type"], timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`watcher process: no "${type}" within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (msg: T) => {
      if (msg.type !== type) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(msg);
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`watcher process exited (${code}) while waiting for "${type}"`));
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/** W watchers of the date while the C buyers hold at full speed. */
async function fanoutPhase(ctx: Context, buyers: Buyer[], watchers: number): Promise<FanoutResult> {
  // Every seat is free again: start from a freshly published date (seat versions 1, so the
  // snapshot each watcher gets is as small as on a new event).
  if (ctx.tracker.size !== 0) throw new Error("seats still held before the fan-out phase");
  await ctx.db`update seat_inventory set version = 1 where event_date_id = ${ctx.scopeId} and status = 'FREE' and version <> 1`;
  const versions = new Map<string, number>();

  const processes = Math.max(1, Math.ceil(watchers / WATCHERS_PER_PROCESS));
  const children = Array.from({ length: processes }, (_, i) => forkWatchers(i));
  ctx.watcherPids = children.map((c) => c.pid!);
  try {
    const connectStarted = performance.now();
    const ready = await Promise.all(
      children.map((child, i) => {
        const count = Math.floor(watchers / processes) + (i < watchers % processes ? 1 : 0);
        const first = Math.floor(watchers / processes) * i + Math.min(i, watchers % processes);
        const start: StartMessage = { type: "start", url: ctx.server.wsUrl, origin: ctx.server.baseUrl, scopeId: ctx.scopeId, count, first, connectConcurrency: 50, readyTimeoutMs: 90_000 };
        const p = nextMessage<ReadyReport>(child, "ready", 150_000);
        child.send(start);
        return p;
      }),
    );
    const connectMs = performance.now() - connectStarted;
    const connected = ready.reduce((n, r) => n + r.opened, 0);
    const readyErrors = ready.flatMap((r) => r.errors);
    log(`${watchers} watchers: ${connected} connected in ${fmt(connectMs / 1000)} s${readyErrors.length ? ` (errors: ${readyErrors.slice(0, 3).join("; ")})` : ""}`);
    await sleep(500);

    // Holds at full speed; each buyer keeps its last few holds so they are announced as held.
    const holds: HoldRecord[] = [];
    const samples: HoldSample[] = [];
    const kept: { cart: Cart; keys: string[] }[][] = buyers.map(() => []);
    const carts: (Cart | null)[] = buyers.map(() => null);
    const window = { from: performance.now(), to: performance.now() + SECONDS * 1000 };
    const worker = async (w: number) => {
      const by = 100_000 + w;
      while (performance.now() < window.to && !stalled) {
        const seats = pickSeats(ctx.seats, ctx.tracker);
        const start = performance.now();
        const res = await apiHold(buyers[w]!, ctx.scopeId, carts[w]!, seats);
        samples.push({ start, end: performance.now(), won: res.status === "held" });
        if (res.status === "held") {
          carts[w] = res.cart!;
          ctx.tracker.won(by, res.won);
          for (const k of res.won) {
            const v = (versions.get(k) ?? 1) + 1;
            versions.set(k, v);
            holds.push([`${k}@${v}`, res.sentAt, res.returnedAt]);
          }
          kept[w]!.push({ cart: res.cart!, keys: res.won });
        }
        if (kept[w]!.length > FANOUT_HOLDS_KEPT || (res.status !== "held" && kept[w]!.length > 0)) {
          const old = kept[w]!.shift()!;
          ctx.tracker.releasing(by, old.keys);
          const rel = await apiRelease(buyers[w]!, old.cart, old.keys);
          for (const k of rel.released) versions.set(k, (versions.get(k) ?? 1) + 1);
          ctx.tracker.released(by, old.keys);
        }
      }
    };
    let cpu: Cores = NO_CPU;
    await profiled(ctx, `fanout-${watchers}`, async () => {
      ctx.cpu.reset();
      await Promise.all(buyers.map((_, w) => worker(w)));
      cpu = await ctx.cpu.cores();
    });
    const held = rate(samples, window);
    const counters = await checkCounters(ctx);
    // Give back what is still held.
    await Promise.all(
      kept.map(async (list, w) => {
        for (const old of list) {
          ctx.tracker.releasing(100_000 + w, old.keys);
          await apiRelease(buyers[w]!, old.cart, old.keys);
          ctx.tracker.released(100_000 + w, old.keys);
        }
      }),
    );

    const results = await Promise.all(
      children.map((child) => {
        const p = nextMessage<ResultReport>(child, "result", 120_000);
        child.send({ type: "collect", holds, quietMs: 1500, maxWaitMs: 60_000 } satisfies CollectMessage);
        return p;
      }),
    );
    const fromCommit = new Histogram();
    const fromReturn = new Histogram();
    const fromSend = new Histogram();
    const fromSentAt = new Histogram();
    for (const r of results) {
      fromCommit.merge(r.fromCommit);
      fromReturn.merge(r.fromReturn);
      fromSend.merge(r.fromSend);
      fromSentAt.merge(r.fromSentAt);
    }
    return {
      watchers,
      connected,
      connectMs,
      holdsPerSec: held.wonPerSec,
      holdP50: held.p50,
      holdP99: held.p99,
      fromCommit,
      fromReturn,
      fromSend,
      fromSentAt,
      matched: results.reduce((n, r) => n + r.matched, 0),
      missing: results.reduce((n, r) => n + r.missing, 0),
      unknownHolds: Math.max(...results.map((r) => r.unknownHolds)),
      deltas: Math.max(...results.map((r) => r.deltas)),
      resyncs: results.reduce((n, r) => n + r.resyncs, 0),
      closed: results.reduce((n, r) => n + r.closed, 0),
      counters: `${counters.ok ? "consistent" : "INCONSISTENT"}: ${counters.text}`,
      cpu,
      errors: [...readyErrors, ...results.flatMap((r) => r.errors)].slice(0, 5),
    };
  } finally {
    for (const child of children) {
      if (child.connected) child.send({ type: "exit" });
    }
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r)))));
    ctx.watcherPids = [];
  }
}

// ---------------------------------------------------------------------------------------------

type Row = [string, string];

function cpuRows(label: string, c: Cores, watchers = false): Row {
  return [label, cpuText(c, watchers)];
}

function connectionRows(c: ConnectionUse): Row[] {
  return [
    [
      "  server DB connections (avg)",
      `running ${fmt(c.active, 2)}, waiting on a lock ${fmt(c.lock, 2)}, idle in transaction (waiting for Node) ${fmt(c.idleInTx, 2)}, idle ${fmt(c.idle, 2)}`,
    ],
    ...c.waits.map((w): Row => ["    lock waits (avg)", w]),
  ];
}

async function main() {
  const started = performance.now();
  const dbName = `bench_holds_${randomBytes(4).toString("hex")}`;
  const admin = postgres(BASE_DATABASE_URL, { max: 1, onnotice: () => {} });
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
      closingBuyers = true;
      for (const b of buyers) b.close();
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
    db = postgres(benchUrl, { max: 2, onnotice: () => {}, connection: { application_name: "bench" } });
    const benchDb = db;
    onStall = async () => {
      const activity = await benchDb<{ n: number; state: string; wait: string | null; query: string; age: string }[]>`
        select count(*)::int as n, state, wait_event_type || ':' || wait_event as wait, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) as query,
               max(now() - xact_start)::text as age
        from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and application_name <> 'bench'
        group by 2, 3, 4 order by 1 desc`;
      const health = await fetch(`${server!.baseUrl}/healthz`, { signal: AbortSignal.timeout(3000) }).then(
        (r) => `HTTP ${r.status}`,
        (e: unknown) => `no answer (${e instanceof Error ? e.name : String(e)})`,
      );
      return { activity: activity.map((a) => `${a.n} x ${a.state}${a.wait ? ` [${a.wait}]` : ""}${a.age ? ` for ${a.age}` : ""}: ${a.query}`), health };
    };

    const [date] = await db<{ id: string; event_id: string }[]>`
      select d.id::text as id, d.event_id::text as event_id from event_dates d join events e on e.id = d.event_id
      where e.name = ${MATCH_NAME} and e.status <> 'draft' order by d.starts_at limit 1`;
    if (!date) throw new Error(`the demo seed has no published "${MATCH_NAME}"`);
    const tcs = await db<{ id: string; name: string; seating: string | null }[]>`
      select tc.id::text as id, tc.name, tc.seating_category_id as seating from ticket_categories tc
      join event_dates d on d.event_id = tc.event_id where d.id = ${date.id} order by tc.sort_order`;
    const [layout] = await db<{ categories: { id: string; name: string }[] }[]>`
      select es.layout -> 'categories' as categories from event_seating es join event_dates d on d.event_id = es.event_id where d.id = ${date.id}`;
    const seatRows = await db<{ k: string; c: string | null }[]>`
      select seat_key as k, category_id as c from seat_inventory where event_date_id = ${date.id} and status = 'FREE' order by block_id, row_label, seat_key`;
    const layoutName = new Map((layout?.categories ?? []).map((c) => [c.id, c.name]));
    // A seat's ticket category: the one linked to its seating category, else an unlinked one
    // of the same name (the demo data links none: then any seat works for any category).
    const seats: Seat[] = seatRows.flatMap((r) => {
      const tc =
        tcs.find((t) => t.seating !== null && t.seating === r.c) ??
        tcs.find((t) => t.seating === null && t.name === layoutName.get(r.c ?? "")) ??
        tcs.find((t) => t.seating === null);
      return tc ? [{ key: r.k, tc: tc.id, cat: tc.seating }] : [];
    });
    if (seats.length === 0) throw new Error("no seat of the match can be held with any of its ticket categories");
    log(`event date ${date.id}: ${seats.length} seats, ticket categories ${tcs.map((t) => t.name).join(", ")}`);

    // The server creates a date's counters when it first reads it (as for the first buyer).
    const scopeRead = await fetch(`${server.baseUrl}/trpc/shop.scope?input=${encodeURIComponent(JSON.stringify({ json: { scopeId: date.id } }))}`, {
      headers: { origin: server.baseUrl },
    });
    if (!scopeRead.ok) throw new Error(`reading the date through the server failed: HTTP ${scopeRead.status}`);
    const counterKeys = new Set((await db<{ k: string }[]>`select counter_key as k from quota_inventory where scope_id = ${date.id}`).map((r) => r.k));

    const ctx: Context = {
      server,
      scopeId: date.id,
      eventId: date.event_id,
      counterKeys,
      seats,
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
    // Sanity check and warm-up: one hold and release per buyer.
    currentPhase = "warm-up";
    await Promise.all(
      buyers.map(async (b, w) => {
        let res = await apiHold(b, ctx.scopeId, null, pickSeats(seats, ctx.tracker));
        // Two buyers may have picked the same seat.
        for (let i = 0; i < 5 && res.status === "taken"; i++) res = await apiHold(b, ctx.scopeId, null, pickSeats(seats, ctx.tracker));
        if (res.status !== "held") throw new Error(`a first hold failed: ${res.status} ${errors.join("; ")}`);
        ctx.tracker.won(w, res.won);
        ctx.tracker.releasing(w, res.won);
        await apiRelease(b, res.cart!, res.won);
        ctx.tracker.released(w, res.won);
      }),
    );

    const rows: Row[] = [
      ["machine", `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${fmt(os.totalmem() / 2 ** 30)} GiB, load avg at start ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`],
      ["software", `Node ${process.version}, PostgreSQL ${pgVersion}; server: node --import tsx server/main.ts, NODE_ENV=production, pool of 10`],
      ["event", `"${MATCH_NAME}": ${seats.length.toLocaleString("en-US")} seats; C = ${CONCURRENCY}; ${SECONDS} s measured per phase`],
      ["hold transaction alone (serial)", `${fmt(coldMs, 2)} ms before ANALYZE of the fresh inventory, ${fmt(warmMs, 2)} ms after (figures below: after)`],
      ["", ""],
    ];
    const checks: { ok: boolean; text: string }[] = [];
    let raw: Awaited<ReturnType<typeof rawPhase>> | null = null;
    let api: Awaited<ReturnType<typeof apiClosedPhase>> | null = null;
    let paced: Awaited<ReturnType<typeof apiOpenPhase>> | null = null;
    const fanouts: FanoutResult[] = [];
    let rawSeatsOnly = NaN;

    if (PHASES.has("raw")) {
      currentPhase = "raw";
      log(`raw: the hold statement over postgres.js, ${CONCURRENCY} connections, ${SECONDS} s`);
      raw = await rawPhase(ctx);
      log(`raw: ${fmt(raw.holdsPerSec)} holds/s`);
      rows.push(
        ["raw: hold statement, holds/s", `${fmt(raw.holdsPerSec)} (${fmt(raw.wonPerSec)} won)  hold p50 ${fmt(raw.p50, 2)} ms  p99 ${fmt(raw.p99, 2)} ms`],
        cpuRows("  CPU (cores)", raw.cpu),
        [
          "  CPU per hold + release",
          `${fmt(((raw.cpu.load + raw.cpu.postgres) * 1000) / raw.holdsPerSec, 2)} ms (driver ${fmt((raw.cpu.load * 1000) / raw.holdsPerSec, 2)}, postgres ${fmt((raw.cpu.postgres * 1000) / raw.holdsPerSec, 2)})`,
        ],
      );
      // For comparison: the same statements taking seats only (no counter rows, no ledger).
      log("raw, seats only: the same statements without counters");
      const seatsOnly = await rawPhase(ctx, false);
      rawSeatsOnly = seatsOnly.holdsPerSec;
      rows.push(
        ["  same, seats only (no counters)", `${fmt(seatsOnly.holdsPerSec)} holds/s  hold p50 ${fmt(seatsOnly.p50, 2)} ms  p99 ${fmt(seatsOnly.p99, 2)} ms`],
        [
          "    CPU per hold + release",
          `${fmt(((seatsOnly.cpu.load + seatsOnly.cpu.postgres) * 1000) / seatsOnly.holdsPerSec, 2)} ms (driver ${fmt((seatsOnly.cpu.load * 1000) / seatsOnly.holdsPerSec, 2)}, postgres ${fmt((seatsOnly.cpu.postgres * 1000) / seatsOnly.holdsPerSec, 2)})`,
        ],
      );
    }
    if (PHASES.has("api") && !stalled) {
      currentPhase = "api";
      log(`api: ${CONCURRENCY} buyers over tRPC WebSockets, hold + release, ${SECONDS} s`);
      api = await apiClosedPhase(ctx, buyers);
      log(`api: ${fmt(api.holdsPerSec)} holds/s${errorCount ? `; ${errorCount} errors: ${errors.join("; ")}` : ""}`);
      if (!stalled) checks.push(await checkCounters(ctx));
      rows.push(
        ["api: hold + release, holds/s", `${fmt(api.holdsPerSec)} (${fmt(api.wonPerSec)} won, ${api.taken} taken)  hold p50 ${fmt(api.p50, 2)} ms  p99 ${fmt(api.p99, 2)} ms`],
        ["  release latency", `p50 ${fmt(api.releaseP50, 2)} ms  p99 ${fmt(api.releaseP99, 2)} ms`],
        cpuRows("  CPU (cores)", api.cpu),
        [
          "  CPU per hold + release",
          `${fmt(((api.cpu.server + api.cpu.postgres + api.cpu.load) * 1000) / api.holdsPerSec, 2)} ms (server ${fmt((api.cpu.server * 1000) / api.holdsPerSec, 2)}, postgres ${fmt((api.cpu.postgres * 1000) / api.holdsPerSec, 2)}, buyers ${fmt((api.cpu.load * 1000) / api.holdsPerSec, 2)})`,
        ],
        ...connectionRows(api.connections),
      );
      if (raw) {
        const rawCost = (raw.cpu.load + raw.cpu.postgres) / raw.holdsPerSec;
        const apiCost = (api.cpu.server + api.cpu.postgres + api.cpu.load) / api.holdsPerSec;
        rows.push([
          "ratio api/raw",
          `${fmt(api.holdsPerSec / raw.holdsPerSec, 3)}  (target >= 0.3); by CPU per hold: ${fmt(rawCost / apiCost, 3)}; against seats only: ${fmt(api.holdsPerSec / rawSeatsOnly, 3)}`,
        ]);
      }
    }
    const maxRate = api?.holdsPerSec ?? Number(process.env.BENCH_RATE ?? 0);
    if (PHASES.has("paced") && !stalled && maxRate > 0) {
      currentPhase = "api at 80 %";
      log(`api at 80 %: ${fmt(maxRate * 0.8)} holds/s on a fixed schedule, ${SECONDS} s`);
      paced = await apiOpenPhase(ctx, buyers, maxRate * 0.8);
      if (!stalled) checks.push(await checkCounters(ctx));
      rows.push(
        [
          "api at 80 % of max (open loop)",
          `${paced.issued} holds due at ${fmt(paced.targetPerSec)}/s  hold p50 ${fmt(paced.p50, 2)} ms  p99 ${fmt(paced.p99, 2)} ms  (target p99 < 50 ms); at most ${paced.maxQueued} waiting for a free buyer`,
        ],
        cpuRows("  CPU (cores)", paced.cpu),
        ...connectionRows(paced.connections),
      );
    }
    if (PHASES.has("fanout") && !stalled) {
      const [{ n: touched } = { n: 0 }] = await db<{ n: number }[]>`
        select count(*)::int as n from seat_inventory where event_date_id = ${ctx.scopeId} and (status <> 'FREE' or version > 1)`;
      const snap = await measureSnapshot(server, ctx.scopeId);
      rows.push([
        "snapshot after the phases above",
        `${touched.toLocaleString("en-US")} seats in it, ${fmt(snap.bytes / 1024)} KiB, ${fmt(snap.ms)} ms (fan-out phases start from seat versions reset to 1)`,
      ]);
      for (const w of WATCHER_COUNTS) {
        if (stalled) break;
        currentPhase = `fan-out ${w}`;
        log(`fan-out: ${w} watchers while ${CONCURRENCY} buyers hold at full speed, ${SECONDS} s`);
        const f = await fanoutPhase(ctx, buyers, w);
        fanouts.push(f);
        const aim = f.watchers <= 1000 ? 100 : 500;
        rows.push(
          ["", ""],
          [`fan-out, ${f.watchers.toLocaleString("en-US")} watchers`, `${f.connected} connected and snapshotted in ${fmt(f.connectMs / 1000)} s`],
          ["  holds during fan-out", `${fmt(f.holdsPerSec)} won/s  hold p50 ${fmt(f.holdP50, 2)} ms  p99 ${fmt(f.holdP99, 2)} ms`],
          ["  delay commit -> watcher", `p50 ${fmt(f.fromCommit.percentile(50))} ms  p99 ${fmt(f.fromCommit.percentile(99))} ms  max ${fmt(f.fromCommit.max())} ms  (target p99 < ${aim} ms)`],
          ["    from hold response", `p50 ${fmt(f.fromReturn.percentile(50))} ms  p99 ${fmt(f.fromReturn.percentile(99))} ms`],
          ["    from server send (sentAt)", `p50 ${fmt(f.fromSentAt.percentile(50))} ms  p99 ${fmt(f.fromSentAt.percentile(99))} ms`],
          ["    from hold request (upper bound)", `p50 ${fmt(f.fromSend.percentile(50))} ms  p99 ${fmt(f.fromSend.percentile(99))} ms`],
          [
            "  deliveries",
            `${f.matched.toLocaleString("en-US")} seat deliveries measured, ${f.missing} missing, ${f.resyncs} resyncs, ${f.closed} closed, ${f.deltas} deltas, ${f.unknownHolds} holds not seen`,
          ],
          cpuRows("  CPU (cores)", f.cpu, true),
          ["  counters vs seats", f.counters],
        );
        if (f.errors.length) rows.push(["  watcher errors", f.errors.join("; ")]);
      }
    }
    let storm: StormResult | null = null;
    if (PHASES.has("storm") && !stalled && STORM_WATCHERS > 0) {
      currentPhase = "connect storm";
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
      rows.push(
        ["", ""],
        [`connect storm, ${storm.watchers.toLocaleString("en-US")} watchers`, `${storm.connected} connected and snapshotted (${storm.failed} failed) in ${fmt(storm.connectMs / 1000)} s; snapshot ${fmt(storm.snapshotBytes / 1024)} KiB`],
        ["  /healthz meanwhile", `p50 ${fmt(storm.health.p50, 2)} ms  p99 ${fmt(storm.health.p99, 2)} ms  max ${fmt(storm.health.max, 2)} ms  (${storm.health.samples} answers, ${storm.health.failures} failed; target p99 < 100 ms)`],
        ["  server memory (RSS)", `${fmt(storm.rssMb.before)} MiB before, ${fmt(storm.rssMb.after)} MiB with the watchers`],
      );
      if (storm.errors.length) rows.push(["  watcher errors", storm.errors.join("; ")]);
    }
    if (!stalled) checks.push(await checkCounters(ctx));

    // ------------------------------------------------------------------------------------------
    const ratio = api && raw ? api.holdsPerSec / raw.holdsPerSec : NaN;
    const doubleSold = ctx.tracker.doubles;
    rows.push(
      ["", ""],
      ["seats held twice (doubleSold)", `${doubleSold}${ctx.tracker.doubleSeats.length ? ` (${ctx.tracker.doubleSeats.join(", ")})` : ""}`],
      ["counters vs seats", checks.every((c) => c.ok) ? `consistent after every phase (${checks.at(-1)?.text ?? "not checked"})` : `INCONSISTENT: ${checks.map((c) => c.text).join(" | ")}`],
      ["call errors", `${errorCount}${errors.length ? `: ${errors.join("; ")}` : ""}`],
      [
        "buyer WebSockets closed",
        buyerCloses.size === 0 ? "none" : [...buyerCloses].map(([phase, n]) => `${n} during ${phase}`).join(", "),
      ],
    );
    if (stalled) {
      const s = stalled as { phase: string; activity: string[]; health: string };
      await sleep(1000);
      rows.push(["SERVER STALLED", `during ${s.phase}; /healthz: ${s.health}; remaining phases skipped`]);
      for (const a of s.activity) rows.push(["  server DB connection(s)", a]);
    }
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nSeat-hold benchmark (${dbName}, ${fmt((performance.now() - started) / 1000)} s)`);
    for (const [k, v] of rows) console.log(k ? `  ${k.padEnd(width)}  ${v}` : "");
    const verdicts = [
      ...(stalled ? ["SERVER STALLED"] : []),
      ...(Number.isFinite(ratio) ? [ratio >= 0.3 ? "ratio OK" : "ratio LOW (target >= 0.3)"] : []),
      ...(paced ? [paced.p99 < 50 ? "hold p99 OK" : "hold p99 SLOW (target < 50 ms at 80 %)"] : []),
      doubleSold === 0 ? "no double holds" : "DOUBLE HOLDS",
      ...fanouts.map((f) => {
        const aim = f.watchers <= 1000 ? 100 : 500;
        const ok = f.fromCommit.percentile(99) < aim && f.missing === 0;
        return `fan-out ${f.watchers}: ${ok ? "OK" : `SLOW or incomplete (target p99 < ${aim} ms)`}`;
      }),
      ...(storm ? [storm.health.p99 < 100 && storm.connected === storm.watchers ? "storm: health OK" : "storm: health SLOW or watchers refused (target p99 < 100 ms)"] : []),
    ];
    console.log(`  ${verdicts.join("; ")}\n`);
    const orNull = (n: number | undefined, digits = 1) => (n === undefined || !Number.isFinite(n) ? null : round(n, digits));
    const result = {
      rawHoldsPerSec: orNull(raw?.holdsPerSec),
      apiHoldsPerSec: orNull(api?.holdsPerSec),
      ratio: orNull(ratio, 3),
      p50Ms: orNull(paced?.p50, 2),
      p99Ms: orNull(paced?.p99, 2),
      doubleSold,
      fanout: fanouts.map((f) => ({ watchers: f.watchers, p50Ms: orNull(f.fromCommit.percentile(50)), p99Ms: orNull(f.fromCommit.percentile(99)) })),
      storm: storm
        ? {
            watchers: storm.watchers,
            connected: storm.connected,
            connectS: orNull(storm.connectMs / 1000, 2),
            healthP50Ms: orNull(storm.health.p50, 2),
            healthP99Ms: orNull(storm.health.p99, 2),
            healthMaxMs: orNull(storm.health.max, 2),
            rssMb: orNull(storm.rssMb.after),
          }
        : null,
    };
    console.log(JSON.stringify(result));
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
