/**
 * The raw phase of the hold benchmark: the hold statement the server runs, straight through
 * postgres.js (the physical limit of this machine), and the hold transaction timed alone.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { connectPostgres } from "../../../server/db/client";
import type { Db } from "../../../server/db/client";
import { holdStatement } from "../../../server/modules/inventory/hold";
import { releaseStatement } from "../../../server/modules/inventory/release";
import { hashSecret } from "../../../server/modules/shop/cart";
import type { ShopScope } from "../../../server/modules/shop/scope";
import { CONCURRENCY, SECONDS, WARMUP_MS } from "./config";
import { type Cores, NO_CPU } from "./cpu";
import { percentile } from "./lib";
import { type Context, type HoldSample, profiled, rate } from "./phase";
import { pickSeats } from "./tracker";

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
export async function rawSerialMs(ctx: Context, n: number): Promise<number> {
  const pg = connectPostgres(ctx.benchUrl, { max: 1, onnotice: () => {}, connection: RAW_CONNECTION });
  const db = drizzle(pg) as unknown as Db;
  const times: number[] = [];
  const cart = await createRawCart(ctx, db);
  for (let i = 0; i < n; i++) await rawHoldRelease(ctx, db, -1000, cart, (ms) => times.push(ms));
  await pg.end({ timeout: 5 });
  return percentile(times, 50);
}

/** The hold statement itself over postgres.js, C connections, hold then release per op. */
export async function rawPhase(ctx: Context, withCounters = true) {
  const pg = connectPostgres(ctx.benchUrl, { max: CONCURRENCY, onnotice: () => {}, connection: RAW_CONNECTION });
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

export type RawResult = Awaited<ReturnType<typeof rawPhase>>;
