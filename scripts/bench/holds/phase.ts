/** What every phase of the hold benchmark works with: the context, throughput and latency, profiling, the counter check. */
import type postgres from "postgres";
import { PROFILE_DIR } from "./config";
import type { CpuMeter } from "./cpu";
import { percentile } from "./lib";
import { type InspectorSession, printSummary, saveProfile, summarise } from "./profile";
import type { Server } from "./server";
import type { HoldTracker, Seat } from "./tracker";

export type Window = { from: number; to: number };
export type HoldSample = { start: number; end: number; won: boolean };

/** Throughput: holds answered within the window; latency: every hold started within it. */
export function rate(samples: HoldSample[], w: Window) {
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

/** The event date under test and what the phases share about it. */
export type Context = {
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

/** Runs a phase; with BENCH_PROFILE, under the server's CPU profiler (saved and summarised). */
export async function profiled<T>(ctx: Context, phase: string, run: () => Promise<T>): Promise<T> {
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

/** Seats held, counters and cart ledgers agree (run while nothing is in flight). */
export async function checkCounters(ctx: Context): Promise<{ ok: boolean; text: string }> {
  const [row] = await ctx.db<{ seats: number; quota: number; ledger: number }[]>`
    select (select count(*)::int from seat_inventory where event_date_id = ${ctx.scopeId} and status = 'PAYMENT_PENDING') as seats,
           (select coalesce(sum(held), 0)::int from quota_inventory where scope_id = ${ctx.scopeId} and counter_key like 'ticket:%') as quota,
           (select coalesce(sum(cc.quantity), 0)::int from cart_counts cc join carts c on c.id = cc.cart_id
              where c.scope_id = ${ctx.scopeId} and cc.counter_key like 'ticket:%') as ledger`;
  const ok = row!.seats === ctx.tracker.size && row!.quota === row!.seats && row!.ledger === row!.seats;
  return { ok, text: `seats held ${row!.seats} (buyers think ${ctx.tracker.size}), quota held ${row!.quota}, cart ledgers ${row!.ledger}` };
}
