/** Helpers shared by the hold benchmark (scripts/bench/holds.ts) and its watcher processes. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";

/** Kernel clock ticks per second (the unit of /proc CPU times). */
const clockTicks = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const wallMs = () => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A figure for the report: rounded, with thousands separators, "n/a" when not measured. */
export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? round(n, digits).toLocaleString("en-US") : "n/a");

export const round = (n: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * A latency histogram that several processes can fill and merge: 0.1 ms buckets from -1 s to
 * +2 s, 1 ms buckets from 2 s to 180 s, one overflow bucket. Only non-empty buckets travel.
 */
export class Histogram {
  static readonly FINE_FROM = -1000;
  static readonly FINE_TO = 2000;
  static readonly COARSE_TO = 180_000;
  private static readonly FINE = (Histogram.FINE_TO - Histogram.FINE_FROM) * 10;
  private static readonly SIZE = Histogram.FINE + (Histogram.COARSE_TO - Histogram.FINE_TO) + 1;
  readonly counts = new Uint32Array(Histogram.SIZE);
  total = 0;

  add(ms: number): void {
    let i: number;
    if (ms < Histogram.FINE_FROM) i = 0;
    else if (ms < Histogram.FINE_TO) i = Math.floor((ms - Histogram.FINE_FROM) * 10);
    else if (ms < Histogram.COARSE_TO) i = Histogram.FINE + Math.floor(ms - Histogram.FINE_TO);
    else i = Histogram.SIZE - 1;
    this.counts[i]!++;
    this.total++;
  }

  /** The upper edge of bucket `i` in ms. */
  private static edge(i: number): number {
    if (i < Histogram.FINE) return Histogram.FINE_FROM + (i + 1) / 10;
    return Histogram.FINE_TO + (i - Histogram.FINE) + 1;
  }

  percentile(p: number): number {
    if (this.total === 0) return NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Histogram.edge(i);
    }
    return Infinity;
  }

  max(): number {
    for (let i = this.counts.length - 1; i >= 0; i--) if (this.counts[i]! > 0) return Histogram.edge(i);
    return NaN;
  }

  toJSON(): [number, number][] {
    const out: [number, number][] = [];
    this.counts.forEach((n, i) => {
      if (n > 0) out.push([i, n]);
    });
    return out;
  }

  merge(sparse: [number, number][]): void {
    for (const [i, n] of sparse) {
      this.counts[i]! += n;
      this.total += n;
    }
  }
}

/** The parts of a `ws` client socket the benchmark uses (the package ships no types here). */
export type WsSocket = {
  readyState: number;
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: "open", cb: () => void): void;
  on(event: "message", cb: (data: Buffer, isBinary: boolean) => void): void;
  on(event: "close", cb: (code: number) => void): void;
  on(event: "error", cb: (err: Error) => void): void;
  on(event: "unexpected-response", cb: (req: unknown, res: { statusCode?: number }) => void): void;
};
export type WsConstructor = new (url: string, protocols?: string | string[], options?: Record<string, unknown>) => WsSocket;

/** `WebSocket` from the `ws` package (a dependency of @fastify/websocket). */
export const WS = createRequire(import.meta.url)("ws") as WsConstructor & { OPEN: number };

/** A `ws` WebSocket class that sends the Origin header a browser on the site would send. */
export function originWebSocket(origin: string): WsConstructor {
  const Base = WS as unknown as new (url: string, protocols?: string | string[], options?: Record<string, unknown>) => object;
  return class extends Base {
    constructor(url: string, protocols?: string | string[], options: Record<string, unknown> = {}) {
      super(url, protocols, { ...options, origin, perMessageDeflate: false });
    }
  } as unknown as WsConstructor;
}

/** Watchers per client address: an on-sale's watchers come from thousands of addresses, not one. */
export const WATCHERS_PER_ADDRESS = 50;

/**
 * The loopback address watcher number `n` connects from (Linux routes all of 127.0.0.0/8 to
 * this machine), so the server's per-address caps apply as they would to real buyers.
 */
export function watcherAddress(n: number): string {
  const a = Math.floor(n / WATCHERS_PER_ADDRESS);
  return `127.${10 + Math.floor(a / 62_500)}.${Math.floor(a / 250) % 250}.${(a % 250) + 1}`;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return NaN;
  }
}

/** Whole-machine busy and total CPU seconds since boot, from /proc/stat. */
export function machineCpuSeconds(): { busy: number; total: number } {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    return { busy: (total - idle) / clockTicks, total: total / clockTicks };
  } catch {
    return { busy: NaN, total: NaN };
  }
}
