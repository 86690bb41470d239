/**
 * On-sale benchmark (issue 25): do more buyers mean more completed orders, never fewer?
 *
 *   npm run bench:onsale
 *
 * For each level of concurrent buyers (BENCH_BUYERS, default 16,256,1024) and each way of
 * choosing seats (BENCH_MODES, default best,random), on a fresh database of its own on the local
 * Postgres (the demo seed's football match: one date, 18,000 seats): the server runs as its own
 * process (`node --import tsx server/main.ts`, jobs on, confirmation mails to a local SMTP sink in
 * this process), the buyers run in BENCH_LOAD_PROCS load processes (default 2,
 * scripts/bench/onsale/load.ts), each buyer its own device cookie, client address and WebSocket.
 * Each buyer repeats for BENCH_SECONDS (default 30) or until the date is sold out:
 *   hold 2 seats (best: shop.holdBest of 2; random: shop.hold of 2 random free seats) ->
 *   orders.checkout -> the test provider's "pay" (orders.testDecide) -> the order is valid.
 * The per-client hold limits of decision 011 are raised for the run by configuration
 * (HOLD_* settings), as each process here stands for many people; nothing is switched off in code.
 *
 * Figures per level: completed orders per minute, hold p50/p95/p99, order (checkout to valid)
 * p50/p95, holds refused as taken, server and Postgres CPU ms per completed order, mail delay
 * (order valid -> mail at the SMTP sink; the level waits up to BENCH_MAIL_WAIT seconds, default
 * 150, for the last one), then the checks: seats on two valid tickets (doubleSold) and
 * inventory:check's drift. pgbench's single-row conditional UPDATE (16 clients, prepared, 10 s)
 * runs first as the limit of this machine.
 *
 * The largest level of best available runs once more with the event's waiting room on
 * (BENCH_WAITING_RATE buyers let in per minute, default 20,000: the room's own cost; each buyer
 * joins, waits until let in, then holds with its admission; BENCH_WAITING=0 skips it).
 * BENCH_CPU_PROF=dir writes the server's V8 CPU profiles (main thread, mail workers) there.
 * Where the server runs without autovacuum (this machine's, for the tests), the bench does its
 * work every BENCH_VACUUM_S seconds (default 15; 0: never) during each level (onsale/maintenance.ts).
 * The last line is one JSON object for the largest level of best available:
 * {"buyers","mode","ordersPerMin","holdP95Ms","orderP95Ms","takenRate","doubleSold","drift","pgbenchTps"}
 * plus "mailP95S", "mailMaxS", "mailMissing", "levels" (every level's row).
 * Targets (issue 25): 1,024 buyers, best available, mails on: >= 10,000 orders/min, hold p95
 * < 250 ms, order p95 < 1 s, every mail within 2 minutes, doubleSold 0, drift 0; orders/min
 * never falls as buyers grow.
 */
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { connectPostgres } from "../../server/db/client";
import { BASE_DATABASE_URL, ROOT } from "./holds/config";
import { fmt, Histogram, machineCpuSeconds, processCpuSeconds, round, sleep } from "./holds/lib";
import { type Server, startServer, stopServer, withDatabase } from "./holds/server";
import { shuffled } from "./checkin/lib";
import { largestCategory, loadMatch } from "./holds/setup";
import { doubleSold, drift, soldFigures } from "./onsale/checks";
import type { LoadConfig, LoadResult } from "./onsale/load";
import { pgbenchTps } from "./onsale/pgbench";
import { startMaintenance } from "./onsale/maintenance";
import { type Sink, startSink } from "./onsale/sink";

const LEVELS = (process.env.BENCH_BUYERS ?? "16,256,1024").split(",").map(Number).filter((n) => n > 0);
const MODES = (process.env.BENCH_MODES ?? "best,random").split(",").filter((m): m is "best" | "random" => m === "best" || m === "random");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LOAD_PROCS = Number(process.env.BENCH_LOAD_PROCS ?? 2);
const MAIL_WAIT_S = Number(process.env.BENCH_MAIL_WAIT ?? 150);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const WAITING = process.env.BENCH_WAITING !== "0";
const WAITING_RATE = Number(process.env.BENCH_WAITING_RATE ?? 20_000);
const VACUUM_S = Number(process.env.BENCH_VACUUM_S ?? 15);

const log = (msg: string) => console.error(`[bench:onsale] ${msg}`);

type Row = {
  buyers: number;
  mode: "best" | "random";
  waitingRoom: boolean;
  /** Waiting room: join to let in, p50 / p95 ms. */
  admittedP50Ms: number;
  admittedP95Ms: number;
  completed: number;
  seconds: number;
  ordersPerMin: number;
  holdP50Ms: number;
  holdP95Ms: number;
  holdP99Ms: number;
  orderP50Ms: number;
  orderP95Ms: number;
  takenRate: number;
  soldOut: boolean;
  errors: number;
  serverCpuMsPerOrder: number;
  postgresCpuMsPerOrder: number;
  machineBusy: number;
  mailP95S: number;
  mailMaxS: number;
  mailMissing: number;
  doubleSold: number;
  drift: number;
};

/** CPU seconds of every Postgres process (backends included) now. */
function postgresCpuSeconds(): number {
  try {
    const pids = execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
    return pids.reduce((sum, pid) => sum + (processCpuSeconds(pid) || 0), 0);
  } catch {
    return NaN;
  }
}

function startLoad(cfg: LoadConfig): { proc: ChildProcess; ready: Promise<void>; result: Promise<LoadResult> } {
  const proc = fork(path.join(ROOT, "scripts/bench/onsale/load.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let onReady: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const result = new Promise<LoadResult>((resolve, reject) => {
    proc.on("message", (msg: { type: string; result?: LoadResult }) => {
      if (msg.type === "ready") onReady();
      if (msg.type === "result") resolve(msg.result!);
    });
    proc.once("exit", (code) => (code === 0 ? undefined : reject(new Error(`load process ${cfg.worker} exited with ${code}`))));
  });
  proc.send({ type: "start", config: cfg });
  return { proc, ready, result };
}

async function runLevel(buyers: number, mode: "best" | "random", sink: Sink, waitingRoom = false): Promise<Row> {
  // Buyers' addresses repeat from level to level (b<n>-<round>@…): only this level's mails count.
  sink.arrivals.clear();
  const name = `bench_onsale_${randomBytes(4).toString("hex")}`;
  const admin = connectPostgres(BASE_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = withDatabase(BASE_DATABASE_URL, name);
  const appSecret = randomBytes(32).toString("base64url");
  let server: Server | null = null;
  const db = connectPostgres(url, { max: 2, onnotice: () => {}, connection: { application_name: "bench" } });
  try {
    server = await startServer(url, {
      APP_SECRET: appSecret,
      RUN_JOBS: "true",
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      // Every buyer is its own device and address here; a device may start a cart per order.
      HOLD_MAX_CARTS_PER_DEVICE: "1000",
      WAITING_ROOM_JOINS_PER_MINUTE: "1000000",
    }, {
      // BENCH_CPU_PROF=dir: the server writes V8 CPU profiles there (main thread and mail workers) when it stops.
      nodeArgs: process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
    });
    const match = await loadMatch(db, server);
    await db`analyze seat_inventory`;
    if (waitingRoom) {
      await db`update events set waiting_room_enabled = true, waiting_room_per_minute = ${WAITING_RATE} where id = ${match.eventId}`;
      // Instances read the switch within a second.
      await sleep(1500);
    }
    // Best available asks for the ticket category most seats can be held with (as most on-sale buyers do).
    const { ticketCategoryId: tc, keys: seatKeys } = largestCategory(match.seats);
    log(`${buyers} buyers, ${mode}: ${seatKeys.length} seats of the category on sale`);

    // Random seats: one shuffle dealt out to the load processes, each handing its buyers the next
    // two, so no two buyers click the same seat (as buyers click seats their live map shows free).
    const dealt = mode === "random" ? shuffled(seatKeys, Date.now()) : [];
    const per = Math.ceil(buyers / LOAD_PROCS);
    const loads = Array.from({ length: Math.min(LOAD_PROCS, buyers) }, (_, w) =>
      startLoad({
        worker: w,
        buyers: Math.min(per, buyers - w * per),
        firstBuyer: w * per,
        wsUrl: server!.wsUrl,
        origin: server!.baseUrl,
        appSecret,
        scopeId: match.scopeId,
        eventId: match.eventId,
        waitingRoom,
        ticketCategoryId: tc,
        mode,
        seats: dealt.filter((_, i) => i % LOAD_PROCS === w),
        seconds: SECONDS,
      }),
    );
    await Promise.all(loads.map((l) => l.ready));
    const maintenance = await startMaintenance(
      (statement) => db.unsafe(statement),
      async () => (await db<{ autovacuum: string }[]>`show autovacuum`)[0]!.autovacuum,
      VACUUM_S * 1000,
    );
    const cpu0 = { server: processCpuSeconds(server.proc.pid!), pg: postgresCpuSeconds(), machine: machineCpuSeconds() };
    const t0 = Date.now();
    for (const l of loads) l.proc.send({ type: "go" });
    const results = await Promise.all(loads.map((l) => l.result));
    const elapsed = (Date.now() - t0) / 1000;
    const cpu1 = { server: processCpuSeconds(server.proc.pid!), pg: postgresCpuSeconds(), machine: machineCpuSeconds() };
    const vacuums = await maintenance.stop();
    if (vacuums > 0) log(`  autovacuum is off on this server: the bench ran VACUUM (ANALYZE) ${vacuums} times (every ${VACUUM_S} s)`);

    const hold = new Histogram();
    const order = new Histogram();
    const admitted = new Histogram();
    let completed = 0;
    let holds = 0;
    let taken = 0;
    let errors = 0;
    let soldOut = false;
    const done: [string, number][] = [];
    for (const r of results) {
      hold.merge(r.hold);
      order.merge(r.order);
      admitted.merge(r.admitted);
      completed += r.completed;
      holds += r.holds;
      taken += r.taken;
      errors += r.errors;
      soldOut ||= r.soldOut > 0;
      done.push(...r.done);
      for (const e of r.errorSamples) log(`  error sample (load ${r.worker}): ${e}`);
    }
    // Counted: orders valid within the measured window (the buyers finish what they started
    // after it, but those orders do not count), over the window or up to the sell-out.
    const lastAt = Math.max(...results.map((r) => r.lastAt));
    const windowEnd = t0 + SECONDS * 1000;
    const counted = done.filter(([, at]) => at <= windowEnd).length;
    const seconds = Math.min(elapsed, SECONDS);

    // Mails: wait for every order's confirmation (or the limit); the delay counts from the
    // order's paid_at (its commit), not from when its buyer heard of it.
    const mailDeadline = Date.now() + MAIL_WAIT_S * 1000;
    const missing = () => done.filter(([email]) => !sink.arrivals.has(email)).length;
    while (missing() > 0 && Date.now() < mailDeadline) await sleep(500);
    const paidAt = new Map(
      (await db<{ email: string; at: Date }[]>`select buyer_email as email, paid_at as at from orders where status = 'valid' and buyer_email like '%@onsale.bench'`).map((r) => [r.email, r.at.getTime()]),
    );
    const delays = done.filter(([email]) => sink.arrivals.has(email) && paidAt.has(email)).map(([email]) => (sink.arrivals.get(email)! - paidAt.get(email)!) / 1000);
    const mail = new Histogram();
    for (const d of delays) mail.add(d * 1000);

    const twice = await doubleSold(db, match.scopeId);
    const found = await drift(url);
    for (const s of found.samples) log(`  drift: ${s}`);
    const sold = await soldFigures(db, match.scopeId);
    log(`  sold ${sold.sold} seats in ${sold.orders} valid orders (buyers saw ${completed} complete; last at +${fmt((lastAt - t0) / 1000)} s)`);
    return {
      buyers,
      mode,
      waitingRoom,
      admittedP50Ms: round(admitted.percentile(50)),
      admittedP95Ms: round(admitted.percentile(95)),
      completed,
      seconds: round(seconds, 1),
      ordersPerMin: Math.round((counted / seconds) * 60),
      holdP50Ms: round(hold.percentile(50)),
      holdP95Ms: round(hold.percentile(95)),
      holdP99Ms: round(hold.percentile(99)),
      orderP50Ms: round(order.percentile(50)),
      orderP95Ms: round(order.percentile(95)),
      takenRate: holds ? round(taken / holds, 3) : 0,
      soldOut,
      errors,
      serverCpuMsPerOrder: completed ? round(((cpu1.server - cpu0.server) * 1000) / completed, 2) : NaN,
      postgresCpuMsPerOrder: completed ? round(((cpu1.pg - cpu0.pg) * 1000) / completed, 2) : NaN,
      machineBusy: round((cpu1.machine.busy - cpu0.machine.busy) / (cpu1.machine.total - cpu0.machine.total), 3),
      mailP95S: round(mail.percentile(95) / 1000, 1),
      mailMaxS: round(mail.max() / 1000, 1),
      mailMissing: missing(),
      doubleSold: twice,
      drift: found.count,
    };
  } finally {
    if (server) await stopServer(server);
    await db.end();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  log(`levels ${LEVELS.join(", ")} x ${MODES.join(", ")}, ${SECONDS} s each, ${LOAD_PROCS} load processes`);
  const tps = await pgbenchTps(BASE_DATABASE_URL, PGBENCH_SECONDS);
  log(`pgbench single-row conditional UPDATE: ${fmt(tps, 0)} tps`);
  const sink = await startSink();
  const rows: Row[] = [];
  try {
    const report = (row: Row) => {
      rows.push(row);
      log(
        `  ${row.buyers} ${row.mode}${row.waitingRoom ? " + waiting room" : ""}: ${fmt(row.ordersPerMin, 0)} orders/min, hold p50/p95/p99 ${fmt(row.holdP50Ms)}/${fmt(row.holdP95Ms)}/${fmt(row.holdP99Ms)} ms, ` +
          `order p50/p95 ${fmt(row.orderP50Ms)}/${fmt(row.orderP95Ms)} ms, taken ${fmt(row.takenRate * 100)} %, errors ${row.errors}, ` +
          `CPU/order server ${fmt(row.serverCpuMsPerOrder)} ms, Postgres ${fmt(row.postgresCpuMsPerOrder)} ms, machine ${fmt(row.machineBusy * 100, 0)} % busy, ` +
          `mail p95/max ${fmt(row.mailP95S)}/${fmt(row.mailMaxS)} s (${row.mailMissing} missing), doubleSold ${row.doubleSold}, drift ${row.drift}` +
          (row.waitingRoom ? `, let in after p50/p95 ${fmt(row.admittedP50Ms)}/${fmt(row.admittedP95Ms)} ms` : ""),
      );
    };
    for (const mode of MODES) for (const buyers of LEVELS) report(await runLevel(buyers, mode, sink));
    const largest = Math.max(...LEVELS);
    if (WAITING && MODES.includes("best")) report(await runLevel(largest, "best", sink, true));
  } finally {
    await sink.close();
  }

  console.log("");
  console.log("| buyers | mode | room | orders/min | hold p50 / p95 / p99 ms | order p50 / p95 ms | taken | CPU/order server / PG ms | mail p95 / max s | doubleSold | drift |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.buyers} | ${r.mode} | ${r.waitingRoom ? "on" : "off"} | ${fmt(r.ordersPerMin, 0)} | ${fmt(r.holdP50Ms)} / ${fmt(r.holdP95Ms)} / ${fmt(r.holdP99Ms)} | ${fmt(r.orderP50Ms)} / ${fmt(r.orderP95Ms)} | ${fmt(r.takenRate * 100)} % | ` +
        `${fmt(r.serverCpuMsPerOrder)} / ${fmt(r.postgresCpuMsPerOrder)} | ${fmt(r.mailP95S)} / ${fmt(r.mailMaxS)}${r.mailMissing ? ` (${r.mailMissing} missing)` : ""} | ${r.doubleSold} | ${r.drift} |`,
    );
  }
  console.log(`pgbench single-row conditional UPDATE: ${fmt(tps, 0)} tps`);
  const best = rows.filter((r) => r.mode === "best" && !r.waitingRoom).sort((a, b) => b.buyers - a.buyers)[0] ?? rows[0]!;
  console.log(
    JSON.stringify({
      buyers: best.buyers,
      mode: best.mode,
      ordersPerMin: best.ordersPerMin,
      holdP95Ms: best.holdP95Ms,
      orderP95Ms: best.orderP95Ms,
      takenRate: best.takenRate,
      doubleSold: best.doubleSold,
      drift: best.drift,
      pgbenchTps: Math.round(tps),
      mailP95S: best.mailP95S,
      mailMaxS: best.mailMaxS,
      mailMissing: best.mailMissing,
      levels: rows,
    }),
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
