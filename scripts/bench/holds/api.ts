/** The api phases of the hold benchmark: C buyers over tRPC WebSockets, closed loop (the maximum rate) and open loop (latency at a set rate). */
import { CONCURRENCY, SECONDS, WARMUP_MS } from "./config";
import { sampleConnections } from "./connections";
import { type Cores, NO_CPU } from "./cpu";
import { apiHold, apiRelease, type Buyer, type Cart } from "./buyers";
import { percentile, sleep } from "./lib";
import { type Context, type HoldSample, profiled, rate } from "./phase";
import { errors, stalled } from "./run-state";
import { pickSeats } from "./tracker";

/** C buyers, each looping hold then release with its own cart, as fast as they get answers. */
export async function apiClosedPhase(ctx: Context, buyers: Buyer[]) {
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
export async function apiOpenPhase(ctx: Context, buyers: Buyer[], holdsPerSec: number) {
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

/** Sanity check and warm-up: one hold and release per buyer. */
export async function warmUpBuyers(ctx: Context, buyers: Buyer[]): Promise<void> {
  await Promise.all(
    buyers.map(async (b, w) => {
      let res = await apiHold(b, ctx.scopeId, null, pickSeats(ctx.seats, ctx.tracker));
      // Two buyers may have picked the same seat.
      for (let i = 0; i < 5 && res.status === "taken"; i++) res = await apiHold(b, ctx.scopeId, null, pickSeats(ctx.seats, ctx.tracker));
      if (res.status !== "held") throw new Error(`a first hold failed: ${res.status} ${errors.join("; ")}`);
      ctx.tracker.won(w, res.won);
      ctx.tracker.releasing(w, res.won);
      await apiRelease(b, res.cart!, res.won);
      ctx.tracker.released(w, res.won);
    }),
  );
}

export type ApiResult = Awaited<ReturnType<typeof apiClosedPhase>>;
export type PacedResult = Awaited<ReturnType<typeof apiOpenPhase>>;
