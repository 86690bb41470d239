/**
 * The fan-out phase of the hold benchmark: W watchers of the date (raw tRPC WebSocket
 * subscriptions to shop.watch, in forked processes, scripts/bench/holds/watchers.ts) while the
 * C buyers hold at full speed; the delay from commit to watcher is the figure.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { apiHold, apiRelease, type Buyer, type Cart } from "./buyers";
import { FANOUT_HOLDS_KEPT, log, ROOT, SECONDS, WATCHERS_PER_PROCESS } from "./config";
import { type Cores, NO_CPU } from "./cpu";
import { fmt, Histogram, originWebSocket, sleep, type WsSocket } from "./lib";
import { checkCounters, type Context, type HoldSample, profiled, rate } from "./phase";
import { stalled } from "./run-state";
import type { Server } from "./server";
import { pickSeats } from "./tracker";
import type { CollectMessage, HoldRecord, ReadyReport, ResultReport, StartMessage } from "./watchers";

/** One watcher's snapshot as the server sends it now: size and time. */
export async function measureSnapshot(server: Server, scopeId: string): Promise<{ bytes: number; ms: number }> {
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

export type FanoutResult = {
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

/** A watcher process (share `n` of the watchers: its client addresses), talking over IPC. */
export function forkWatchers(n: number): ChildProcess {
  return fork(path.join(ROOT, "scripts/bench/holds/watchers.ts"), [], {
    cwd: ROOT,
    execArgv: ["--import", "tsx", "--max-old-space-size=4096"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, BENCH_WATCHER_SHARE: String(n) },
  });
}

/** The next message of `type` from a watcher process; fails on its exit or after `timeoutMs`. */
export function nextMessage<T extends { type: string }>(child: ChildProcess, type: T["type"], timeoutMs: number): Promise<T> {
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
export async function fanoutPhase(ctx: Context, buyers: Buyer[], watchers: number): Promise<FanoutResult> {
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
