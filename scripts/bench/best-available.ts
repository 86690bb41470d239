/**
 * Best available under a crowd (issue 25 item 1, decision 031):
 *
 *   tsx scripts/bench/best-available.ts
 *
 * On a fresh database of its own on the local Postgres (the demo seed's football match, 18,000
 * seats), the server runs as its own process (`BEST_ROOT`: the checkout to run, default this one,
 * so an older commit's worktree can be measured the same way); BEST_BUYERS (default 64) buyers,
 * each its own device, address and WebSocket, ask for best available (BEST_QUANTITY seats,
 * default 2, of the ticket category BEST_CATEGORY, default "Gegengerade": 20 blocks of 600 seats)
 * again and again for BEST_SECONDS (default 15), each time with a new cart, keeping what they
 * hold. Prints holds per second, hold p50/p95/p99 and how many were refused as taken or sold out,
 * then checks that no seat is held twice and that inventory:check is clean. Last line: JSON.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import { connectPostgres } from "../../server/db/client";
import superjson from "superjson";
import { mintDevice } from "../../server/http/device";
import type { AppRouter } from "../../server/trpc/router";
import { BASE_DATABASE_URL, ROOT } from "./holds/config";
import { Histogram, watcherAddress, WS } from "./holds/lib";
import { type Server, startServer, stopServer, withDatabase } from "./holds/server";

const BUYERS = Number(process.env.BEST_BUYERS ?? 64);
const QUANTITY = Number(process.env.BEST_QUANTITY ?? 2);
const SECONDS = Number(process.env.BEST_SECONDS ?? 15);
const CATEGORY = process.env.BEST_CATEGORY ?? "Gegengerade";
const SERVER_ROOT = path.resolve(process.env.BEST_ROOT ?? ROOT);
const log = (msg: string) => console.error(`[bench:best] ${msg}`);

async function main() {
  const name = `bench_best_${randomBytes(4).toString("hex")}`;
  const admin = connectPostgres(BASE_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = withDatabase(BASE_DATABASE_URL, name);
  const appSecret = randomBytes(32).toString("base64url");
  let server: Server | null = null;
  const db = connectPostgres(url, { max: 2, onnotice: () => {} });
  try {
    server = await startServer(url, { APP_SECRET: appSecret }, { cwd: SERVER_ROOT });
    const { baseUrl, wsUrl } = server;
    const [date] = await db<{ id: string }[]>`select d.id::text from event_dates d join events e on e.id = d.event_id
      where e.name like 'FC Musterstadt%' and e.status <> 'draft' order by d.starts_at limit 1`;
    const [tc] = await db<{ id: string }[]>`select tc.id::text from ticket_categories tc join event_dates d on d.event_id = tc.event_id
      where d.id = ${date!.id} and tc.name = ${CATEGORY}`;
    const [free] = await db<{ n: number }[]>`select count(*)::int as n from seat_inventory s join ticket_categories tc on tc.seating_category_id = s.category_id
      where s.event_date_id = ${date!.id} and tc.id = ${tc!.id} and s.status = 'FREE'`;
    const seats = free!.n;
    log(`server ${SERVER_ROOT}, date ${date!.id}, ${CATEGORY}: ${seats} free seats; ${BUYERS} buyers × best available of ${QUANTITY} for ${SECONDS} s`);

    const clients = Array.from({ length: BUYERS }, (_, i) => {
      const device = mintDevice(appSecret).cookie;
      const Base = WS as unknown as new (url: string, protocols?: string | string[], options?: Record<string, unknown>) => object;
      const Ws = class extends Base {
        constructor(u: string, protocols?: string | string[]) {
          super(u, protocols, { origin: baseUrl, headers: { cookie: `device=${device}` }, localAddress: watcherAddress(i * 50), perMessageDeflate: false });
        }
      };
      const ws = createWSClient({ url: wsUrl, WebSocket: Ws as unknown as typeof WebSocket, lazy: { enabled: false, closeMs: 0 } });
      return { trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] }), close: () => ws.close() };
    });
    await Promise.all(clients.map((c) => c.trpc.shop.scope.query({ scopeId: date!.id })));

    const hist = new Histogram();
    // Latency by how much of the category was held when the call returned (tenths).
    const byTenth = Array.from({ length: 10 }, () => new Histogram());
    const counts = { held: 0, taken: 0, soldOut: 0, errors: 0 };
    const won: string[] = [];
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    let over = false;
    await Promise.all(
      clients.map(async (c) => {
        while (!over && Date.now() < deadline) {
          const t0 = performance.now();
          try {
            const res = await c.trpc.shop.holdBest.mutate({ scopeId: date!.id, cart: null, ticketCategoryId: tc!.id, quantity: QUANTITY });
            const ms = performance.now() - t0;
            hist.add(ms);
            byTenth[Math.min(9, Math.floor((10 * won.length) / seats))]!.add(ms);
            if (res.status === "held") {
              counts.held++;
              won.push(...res.seats);
            } else if (res.status === "taken") counts.taken++;
            else {
              counts.soldOut++;
              over = true;
            }
          } catch (err) {
            counts.errors++;
            if (counts.errors < 4) log(`error: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    for (const c of clients) c.close();
    const calls = counts.held + counts.taken + counts.soldOut;
    const twice = won.length - new Set(won).size;
    const [held] = await db<{ n: number }[]>`select count(*)::int as n from seat_inventory where event_date_id = ${date!.id} and status = 'PAYMENT_PENDING'`;
    const { checkInventory } = await import("../../server/modules/inventory/check");
    const { openDatabase } = await import("../../server/db/client");
    const checkDb = await openDatabase({ url, maxConnections: 1 });
    const drift = (await checkInventory(checkDb.db)).length;
    await checkDb.close();
    const row = {
      buyers: BUYERS,
      quantity: QUANTITY,
      holdsPerS: Math.round(counts.held / seconds),
      holdP50Ms: Math.round(hist.percentile(50)),
      holdP95Ms: Math.round(hist.percentile(95)),
      holdP99Ms: Math.round(hist.percentile(99)),
      calls,
      held: counts.held,
      takenRate: calls ? Math.round((1000 * counts.taken) / calls) / 1000 : 0,
      soldOut: counts.soldOut,
      errors: counts.errors,
      heldTwice: twice,
      heldInDb: Number(held!.n),
      heldToldBuyers: won.length,
      drift,
    };
    log(
      `${row.held} holds in ${seconds.toFixed(1)} s (${row.holdsPerS}/s), p50 ${row.holdP50Ms} ms, p95 ${row.holdP95Ms} ms, p99 ${row.holdP99Ms} ms; ` +
        `taken ${counts.taken} of ${calls} (${(100 * row.takenRate).toFixed(1)} %), sold out ${counts.soldOut}, errors ${counts.errors}; ` +
        `seats told twice ${twice}, held in the database ${row.heldInDb} (told ${won.length}), drift ${drift}`,
    );
    const tenths = byTenth.map((h, i) => (h.total ? `${i * 10}-${i * 10 + 10} %: ${h.total} calls, p50 ${Math.round(h.percentile(50))} ms, p95 ${Math.round(h.percentile(95))} ms` : "")).filter(Boolean);
    for (const line of tenths) log(`  held ${line}`);
    console.log(JSON.stringify(row));
  } finally {
    if (server) await stopServer(server);
    await db.end();
    if (!process.env.BEST_KEEP) await admin.unsafe(`drop database if exists ${name} with (force)`);
    else log(`kept database ${name}`);
    await admin.end();
  }
}

await main();
