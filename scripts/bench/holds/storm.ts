/**
 * The connect-storm phase of the hold benchmark (issue 12 item 4): W watchers open the seat map
 * of one date within a few seconds (an on-sale opening), from many client addresses, while this
 * process asks the server's /healthz every few milliseconds. One socket must not stall the
 * service, nor must thousands: the health check's latency is the figure (target p99 < 100 ms).
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { percentile, sleep } from "./lib";
import type { ReadyReport, StartMessage } from "./watchers";

export type StormOptions = {
  wsUrl: string;
  baseUrl: string;
  scopeId: string;
  watchers: number;
  /** The watchers open evenly over this time. */
  spreadMs: number;
  watchersPerProcess: number;
  serverPid: number;
  fork: (share: number) => ChildProcess;
  nextMessage: <T extends { type: string }>(child: ChildProcess, type: T["type"], timeoutMs: number) => Promise<T>;
  log: (msg: string) => void;
};

export type StormResult = {
  watchers: number;
  connected: number;
  failed: number;
  connectMs: number;
  health: { samples: number; p50: number; p99: number; max: number; failures: number };
  rssMb: { before: number; after: number };
  snapshotBytes: number;
  errors: string[];
};

/** Resident memory of a process in MiB (Linux /proc), NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Asks /healthz every `everyMs` until stopped; each answer's latency in ms (a failure counts apart). */
function pollHealth(baseUrl: string, everyMs: number) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - started);
        else failures++;
      } catch {
        failures++;
      }
      const wait = everyMs - (performance.now() - started);
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { latencies, failures };
    },
  };
}

export async function stormPhase(o: StormOptions): Promise<StormResult> {
  const before = rssMb(o.serverPid);
  const processes = Math.max(1, Math.ceil(o.watchers / o.watchersPerProcess));
  const children = Array.from({ length: processes }, (_, i) => o.fork(i));
  const health = pollHealth(o.baseUrl, 20);
  try {
    // Health is measured from the first connect until every watcher has its snapshot, plus a second.
    const started = performance.now();
    const ready = await Promise.all(
      children.map((child, i) => {
        const count = Math.floor(o.watchers / processes) + (i < o.watchers % processes ? 1 : 0);
        const first = Math.floor(o.watchers / processes) * i + Math.min(i, o.watchers % processes);
        const start: StartMessage = {
          type: "start",
          url: o.wsUrl,
          origin: o.baseUrl,
          scopeId: o.scopeId,
          count,
          first,
          connectConcurrency: 200,
          spreadMs: o.spreadMs,
          readyTimeoutMs: 90_000,
        };
        const p = o.nextMessage<ReadyReport>(child, "ready", 150_000);
        child.send(start);
        return p;
      }),
    );
    const connectMs = performance.now() - started;
    await sleep(1000);
    const { latencies, failures } = await health.stop();
    const result: StormResult = {
      watchers: o.watchers,
      connected: ready.reduce((n, r) => n + r.opened, 0),
      failed: ready.reduce((n, r) => n + r.failed, 0),
      connectMs,
      health: {
        samples: latencies.length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.length ? Math.max(...latencies) : NaN,
        failures,
      },
      rssMb: { before, after: rssMb(o.serverPid) },
      snapshotBytes: Math.max(0, ...ready.map((r) => r.snapshotBytes)),
      errors: ready.flatMap((r) => r.errors).slice(0, 5),
    };
    o.log(`storm: ${result.connected}/${o.watchers} watchers in ${(connectMs / 1000).toFixed(1)} s; /healthz p99 ${result.health.p99.toFixed(1)} ms`);
    return result;
  } finally {
    await health.stop().catch(() => undefined);
    for (const child of children) {
      if (child.connected) child.send({ type: "exit" });
    }
    await sleep(500);
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  }
}
