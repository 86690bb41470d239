/**
 * Statements and round trips per completed order (issue 25 item 3): where an on-sale order's
 * database work goes, step by step, on the local Postgres.
 *
 *   npm run bench:order-statements
 *
 * The real HTTP app in this process (Fastify inject, no network) on a fresh database with the
 * demo seed; BENCH_ORDERS (default 200) buyers one after another each hold 2 random free seats of
 * the demo football match (shop.hold; BENCH_MODE=best: the 2 best available, shop.holdBest), check out (orders.checkout) and pay on the test provider
 * (orders.testDecide), and the order is valid. Every statement postgres.js builds is counted (its
 * `debug` hook) per step, with its round trips: a statement with parameters that its connection
 * has not prepared before costs two (Parse/Describe, wait, Bind/Execute), otherwise one (before
 * issue 25 every such statement was unnamed and cost two every time); the
 * statements are grouped by their text to show the most frequent (BENCH_TRACE=1 also lists the last
 * order's statements in the order they were sent, with their pool and connection). The mail job does not run.
 * CPU per order is measured for this process (the app with the buyers' tRPC client and Fastify's
 * inject) and for the database's backends (/proc); without autovacuum on the server, the bench
 * runs VACUUM (ANALYZE) every BENCH_VACUUM_S seconds (default 15; onsale/maintenance.ts). The last line is one JSON object: {"orders",
 * "statementsPerOrder", "roundTripsPerOrder", "processCpuMsPerOrder", "postgresCpuMsPerOrder",
 * "steps": {hold, checkout, pay: {statements, roundTrips, ms}}}.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { seedDemoData } from "../../server/demo/seed";
import { createTestApp } from "../../tests/integration/helpers/app";
import { shuffled } from "./checkin/lib";
import { processCpuSeconds } from "./holds/lib";
import { findMatch, largestCategory } from "./holds/setup";
import { startMaintenance } from "./onsale/maintenance";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const STEPS = ["hold", "checkout", "pay"] as const;
/** BENCH_MODE=best: the buyers ask for the 2 best available seats (shop.holdBest) instead of clicking 2 random free seats. */
const BEST = process.env.BENCH_MODE === "best";
type Step = (typeof STEPS)[number];

process.env.TEST_DATABASE_URL ||= process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const log = (msg: string) => console.error(`[bench:order-statements] ${msg}`);

async function main() {
  const t = await createTestApp({ HOLD_CALLS_PER_MINUTE: "1000000", HOLD_MAX_CARTS_PER_DEVICE: "1000", HOLD_MAX_PLACES_PER_ADDRESS: "1000000" });
  try {
    await seedDemoData(t.database.db);
    const match = await findMatch(t.database.pg!);
    // The ticket category most seats can be held with, and those seats in random order.
    const { ticketCategoryId, keys } = largestCategory(match.seats);
    const free = shuffled(keys, 25);
    await t.database.rows(sql`analyze`);

    // The counter: which step is running, and per connection which statements it has prepared.
    let step: Step | null = null;
    const counts = new Map<Step, { statements: number; roundTrips: number; ms: number; texts: Map<string, number> }>(
      STEPS.map((s) => [s, { statements: 0, roundTrips: 0, ms: 0, texts: new Map() }]),
    );
    const seen = new Map<string, Set<string>>();
    // BENCH_TRACE=1: the last order's statements in the order they were sent, with their connection.
    const trace: string[] = [];
    let tracing = false;
    const hook = (pool: string) => (connection: number, text: string, parameters: unknown[], types: unknown[]) => {
      if (!step) return;
      const c = counts.get(step)!;
      const key = `${pool}:${connection}`;
      const known = seen.get(key) ?? new Set<string>();
      seen.set(key, known);
      const signature = `${types.join(",")}${text}`;
      // The server's statements with parameters are named prepared ones (server/db/client.ts
      // preparedByDefault): one trip once the connection knows them, two the first time.
      const prepared = known.has(signature);
      known.add(signature);
      c.statements++;
      c.roundTrips += parameters.length > 0 && !prepared ? 2 : 1;
      const short = text.replace(/\s+/g, " ").trim().slice(0, 90);
      c.texts.set(short, (c.texts.get(short) ?? 0) + 1);
      if (tracing) trace.push(`${step.padEnd(8)} ${key.padEnd(8)} ${short}`);
    };
    for (const [name, client] of [["main", t.database.pg], ["seats", t.database.seatsPg]] as const) {
      if (!client) throw new Error("needs Postgres");
      (client.options as unknown as { debug: unknown }).debug = hook(name);
    }

    const timed = async <T>(s: Step, run: () => Promise<T>): Promise<T> => {
      step = s;
      const t0 = performance.now();
      try {
        return await run();
      } finally {
        counts.get(s)!.ms += performance.now() - t0;
        step = null;
      }
    };
    // CPU of this process (the app, and the buyers' client with it) and of the database's backends.
    const backends = async () => {
      const rows = await t.database.rows<{ pid: number }>(sql`select pid from pg_stat_activity where datname = current_database()`);
      return new Map(rows.map((r) => [Number(r.pid), processCpuSeconds(Number(r.pid))]));
    };
    const maintenance = await startMaintenance(
      (statement) => t.database.rows(sql.raw(statement)),
      async () => (await t.database.rows<{ autovacuum: string }>(sql`show autovacuum`))[0]!.autovacuum,
      Number(process.env.BENCH_VACUUM_S ?? 15) * 1000,
    );
    const pg0 = await backends();
    const cpu0 = process.cpuUsage();
    let done = 0;
    for (let i = 0; i < ORDERS; i++) {
      tracing = process.env.BENCH_TRACE === "1" && i === ORDERS - 1;
      const buyer = t.client();
      const clicked = free.slice(i * 2, i * 2 + 2);
      const held = await timed("hold", () =>
        BEST
          ? buyer.trpc.shop.holdBest.mutate({ scopeId: match.scopeId, cart: null, ticketCategoryId, quantity: 2 })
          : buyer.trpc.shop.hold.mutate({ scopeId: match.scopeId, cart: null, seats: clicked.map((key) => ({ key, ticketCategoryId })) }),
      );
      if (held.status !== "held") throw new Error(`hold ${i}: ${held.status}`);
      const seats = BEST ? held.seats : clicked;
      const cart = { id: held.cart.id, secret: held.cart.secret! };
      const co = await timed("checkout", () =>
        buyer.trpc.orders.checkout.mutate({
          cart,
          idempotencyKey: randomBytes(12).toString("base64url"),
          buyer: { firstName: "Bench", lastName: `Buyer ${i}`, email: `b${i}@statements.bench` },
          tickets: seats.map((key) => ({ ticketCategoryId, seatKeys: [key] })),
          acceptTerms: true,
          locale: "de",
        }),
      );
      const paymentId = /\/test-payment\/([0-9a-f-]{36})/.exec(co.redirectUrl)![1]!;
      const paid = await timed("pay", () => buyer.trpc.orders.testDecide.mutate({ paymentId, outcome: "paid" }));
      if (paid.kind !== "order" || paid.status !== "valid") throw new Error(`order ${i} not valid`);
      done++;
    }

    const cpu = process.cpuUsage(cpu0);
    const pg1 = await backends();
    const vacuums = await maintenance.stop();
    if (vacuums > 0) log(`autovacuum is off on this server: the bench ran VACUUM (ANALYZE) ${vacuums} times`);
    let pgSeconds = 0;
    for (const [pid, end] of pg1) pgSeconds += end - (pg0.get(pid) ?? 0);
    const processMs = (cpu.user + cpu.system) / 1000 / done;
    const postgresMs = (pgSeconds * 1000) / done;

    let statements = 0;
    let roundTrips = 0;
    const steps: Record<string, { statements: number; roundTrips: number; ms: number }> = {};
    for (const s of STEPS) {
      const c = counts.get(s)!;
      statements += c.statements;
      roundTrips += c.roundTrips;
      steps[s] = { statements: c.statements / done, roundTrips: c.roundTrips / done, ms: Math.round((c.ms / done) * 100) / 100 };
      console.log(`\n${s}: ${(c.statements / done).toFixed(1)} statements, ${(c.roundTrips / done).toFixed(1)} round trips, ${(c.ms / done).toFixed(2)} ms per order`);
      for (const [text, n] of [...c.texts].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${(n / done).toFixed(2).padStart(5)}  ${text}`);
    }
    if (trace.length > 0) console.log(`\nthe last order's statements in order:\n${trace.join("\n")}`);
    log(`${done} orders: ${(statements / done).toFixed(1)} statements and ${(roundTrips / done).toFixed(1)} round trips per order`);
    log(`CPU per order: this process (app and buyers' client) ${processMs.toFixed(1)} ms, Postgres backends ${postgresMs.toFixed(1)} ms`);
    console.log(
      JSON.stringify({
        orders: done,
        statementsPerOrder: statements / done,
        roundTripsPerOrder: roundTrips / done,
        processCpuMsPerOrder: Math.round(processMs * 10) / 10,
        postgresCpuMsPerOrder: Math.round(postgresMs * 10) / 10,
        steps,
      }),
    );
  } finally {
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
