/** The hold benchmark's report: its rows (label, figures), its verdicts and the final JSON object. */
import os from "node:os";
import type { ApiResult, PacedResult } from "./api";
import { buyerCloses } from "./buyers";
import { CONCURRENCY, MATCH_NAME, SECONDS } from "./config";
import type { ConnectionUse } from "./connections";
import { type Cores, cpuText } from "./cpu";
import type { FanoutResult } from "./fanout";
import { fmt, round } from "./lib";
import type { RawResult } from "./raw";
import { errorCount, errors, type Stall } from "./run-state";
import type { StormResult } from "./storm";

export type Row = [string, string];
export type Check = { ok: boolean; text: string };

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

/** The machine, the software, the event and the hold transaction timed alone. */
export function setupRows(o: { pgVersion: string; seats: number; coldMs: number; warmMs: number }): Row[] {
  return [
    ["machine", `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${fmt(os.totalmem() / 2 ** 30)} GiB, load avg at start ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`],
    ["software", `Node ${process.version}, PostgreSQL ${o.pgVersion}; server: node --import tsx server/main.ts, NODE_ENV=production, pool of 10`],
    ["event", `"${MATCH_NAME}": ${o.seats.toLocaleString("en-US")} seats; C = ${CONCURRENCY}; ${SECONDS} s measured per phase`],
    ["hold transaction alone (serial)", `${fmt(o.coldMs, 2)} ms before ANALYZE of the fresh inventory, ${fmt(o.warmMs, 2)} ms after (figures below: after)`],
    ["", ""],
  ];
}

/** The raw phase, and the same statements taking seats only. */
export function rawRows(raw: RawResult, seatsOnly: RawResult): Row[] {
  return [
    ["raw: hold statement, holds/s", `${fmt(raw.holdsPerSec)} (${fmt(raw.wonPerSec)} won)  hold p50 ${fmt(raw.p50, 2)} ms  p99 ${fmt(raw.p99, 2)} ms`],
    cpuRows("  CPU (cores)", raw.cpu),
    [
      "  CPU per hold + release",
      `${fmt(((raw.cpu.load + raw.cpu.postgres) * 1000) / raw.holdsPerSec, 2)} ms (driver ${fmt((raw.cpu.load * 1000) / raw.holdsPerSec, 2)}, postgres ${fmt((raw.cpu.postgres * 1000) / raw.holdsPerSec, 2)})`,
    ],
    ["  same, seats only (no counters)", `${fmt(seatsOnly.holdsPerSec)} holds/s  hold p50 ${fmt(seatsOnly.p50, 2)} ms  p99 ${fmt(seatsOnly.p99, 2)} ms`],
    [
      "    CPU per hold + release",
      `${fmt(((seatsOnly.cpu.load + seatsOnly.cpu.postgres) * 1000) / seatsOnly.holdsPerSec, 2)} ms (driver ${fmt((seatsOnly.cpu.load * 1000) / seatsOnly.holdsPerSec, 2)}, postgres ${fmt((seatsOnly.cpu.postgres * 1000) / seatsOnly.holdsPerSec, 2)})`,
    ],
  ];
}

/** The closed-loop api phase, and its ratio to the raw one when that ran. */
export function apiRows(api: ApiResult, raw: RawResult | null, rawSeatsOnly: number): Row[] {
  const rows: Row[] = [
    ["api: hold + release, holds/s", `${fmt(api.holdsPerSec)} (${fmt(api.wonPerSec)} won, ${api.taken} taken)  hold p50 ${fmt(api.p50, 2)} ms  p99 ${fmt(api.p99, 2)} ms`],
    ["  release latency", `p50 ${fmt(api.releaseP50, 2)} ms  p99 ${fmt(api.releaseP99, 2)} ms`],
    cpuRows("  CPU (cores)", api.cpu),
    [
      "  CPU per hold + release",
      `${fmt(((api.cpu.server + api.cpu.postgres + api.cpu.load) * 1000) / api.holdsPerSec, 2)} ms (server ${fmt((api.cpu.server * 1000) / api.holdsPerSec, 2)}, postgres ${fmt((api.cpu.postgres * 1000) / api.holdsPerSec, 2)}, buyers ${fmt((api.cpu.load * 1000) / api.holdsPerSec, 2)})`,
    ],
    ...connectionRows(api.connections),
  ];
  if (raw) {
    const rawCost = (raw.cpu.load + raw.cpu.postgres) / raw.holdsPerSec;
    const apiCost = (api.cpu.server + api.cpu.postgres + api.cpu.load) / api.holdsPerSec;
    rows.push([
      "ratio api/raw",
      `${fmt(api.holdsPerSec / raw.holdsPerSec, 3)}  (target >= 0.3); by CPU per hold: ${fmt(rawCost / apiCost, 3)}; against seats only: ${fmt(api.holdsPerSec / rawSeatsOnly, 3)}`,
    ]);
  }
  return rows;
}

/** The open-loop api phase at 80 % of the maximum rate. */
export function pacedRows(paced: PacedResult): Row[] {
  return [
    [
      "api at 80 % of max (open loop)",
      `${paced.issued} holds due at ${fmt(paced.targetPerSec)}/s  hold p50 ${fmt(paced.p50, 2)} ms  p99 ${fmt(paced.p99, 2)} ms  (target p99 < 50 ms); at most ${paced.maxQueued} waiting for a free buyer`,
    ],
    cpuRows("  CPU (cores)", paced.cpu),
    ...connectionRows(paced.connections),
  ];
}

/** One watcher's snapshot before the fan-out phases. */
export function snapshotRow(touched: number, snap: { bytes: number; ms: number }): Row {
  return [
    "snapshot after the phases above",
    `${touched.toLocaleString("en-US")} seats in it, ${fmt(snap.bytes / 1024)} KiB, ${fmt(snap.ms)} ms (fan-out phases start from seat versions reset to 1)`,
  ];
}

/** The fan-out target: p99 below this many ms. */
const fanoutAim = (f: FanoutResult) => (f.watchers <= 1000 ? 100 : 500);

/** One fan-out phase. */
export function fanoutRows(f: FanoutResult): Row[] {
  const aim = fanoutAim(f);
  const rows: Row[] = [
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
  ];
  if (f.errors.length) rows.push(["  watcher errors", f.errors.join("; ")]);
  return rows;
}

/** The connect storm. */
export function stormRows(storm: StormResult): Row[] {
  const rows: Row[] = [
    ["", ""],
    [`connect storm, ${storm.watchers.toLocaleString("en-US")} watchers`, `${storm.connected} connected and snapshotted (${storm.failed} failed) in ${fmt(storm.connectMs / 1000)} s; snapshot ${fmt(storm.snapshotBytes / 1024)} KiB`],
    ["  /healthz meanwhile", `p50 ${fmt(storm.health.p50, 2)} ms  p99 ${fmt(storm.health.p99, 2)} ms  max ${fmt(storm.health.max, 2)} ms  (${storm.health.samples} answers, ${storm.health.failures} failed; target p99 < 100 ms)`],
    ["  server memory (RSS)", `${fmt(storm.rssMb.before)} MiB before, ${fmt(storm.rssMb.after)} MiB with the watchers`],
  ];
  if (storm.errors.length) rows.push(["  watcher errors", storm.errors.join("; ")]);
  return rows;
}

/** Double holds, the counter checks, call errors and closed buyer sockets over the whole run. */
export function integrityRows(o: { doubleSold: number; doubleSeats: readonly string[]; checks: Check[] }): Row[] {
  const { checks } = o;
  return [
    ["", ""],
    ["seats held twice (doubleSold)", `${o.doubleSold}${o.doubleSeats.length ? ` (${o.doubleSeats.join(", ")})` : ""}`],
    ["counters vs seats", checks.every((c) => c.ok) ? `consistent after every phase (${checks.at(-1)?.text ?? "not checked"})` : `INCONSISTENT: ${checks.map((c) => c.text).join(" | ")}`],
    ["call errors", `${errorCount}${errors.length ? `: ${errors.join("; ")}` : ""}`],
    [
      "buyer WebSockets closed",
      buyerCloses.size === 0 ? "none" : [...buyerCloses].map(([phase, n]) => `${n} during ${phase}`).join(", "),
    ],
  ];
}

/** Where the server stalled and what its connections were doing. */
export function stallRows(s: Stall): Row[] {
  return [["SERVER STALLED", `during ${s.phase}; /healthz: ${s.health}; remaining phases skipped`], ...s.activity.map((a): Row => ["  server DB connection(s)", a])];
}

/** The figures of a run, as the report and the JSON line take them. */
export type Figures = {
  stalled: boolean;
  raw: RawResult | null;
  api: ApiResult | null;
  paced: PacedResult | null;
  fanouts: FanoutResult[];
  storm: StormResult | null;
  doubleSold: number;
};

const ratioOf = (f: Figures) => (f.api && f.raw ? f.api.holdsPerSec / f.raw.holdsPerSec : NaN);

/** The verdicts against the targets (the report's last line). */
export function verdicts(f: Figures): string[] {
  const { paced, storm } = f;
  const ratio = ratioOf(f);
  return [
    ...(f.stalled ? ["SERVER STALLED"] : []),
    ...(Number.isFinite(ratio) ? [ratio >= 0.3 ? "ratio OK" : "ratio LOW (target >= 0.3)"] : []),
    ...(paced ? [paced.p99 < 50 ? "hold p99 OK" : "hold p99 SLOW (target < 50 ms at 80 %)"] : []),
    f.doubleSold === 0 ? "no double holds" : "DOUBLE HOLDS",
    ...f.fanouts.map((fo) => {
      const aim = fanoutAim(fo);
      const ok = fo.fromCommit.percentile(99) < aim && fo.missing === 0;
      return `fan-out ${fo.watchers}: ${ok ? "OK" : `SLOW or incomplete (target p99 < ${aim} ms)`}`;
    }),
    ...(storm ? [storm.health.p99 < 100 && storm.connected === storm.watchers ? "storm: health OK" : "storm: health SLOW or watchers refused (target p99 < 100 ms)"] : []),
  ];
}

/** The object of the final JSON line (p50Ms/p99Ms: hold latency at 80 %; fanout: commit-to-watcher delay). */
export function resultJson(f: Figures) {
  const { raw, api, paced, storm } = f;
  const orNull = (n: number | undefined, digits = 1) => (n === undefined || !Number.isFinite(n) ? null : round(n, digits));
  return {
    rawHoldsPerSec: orNull(raw?.holdsPerSec),
    apiHoldsPerSec: orNull(api?.holdsPerSec),
    ratio: orNull(ratioOf(f), 3),
    p50Ms: orNull(paced?.p50, 2),
    p99Ms: orNull(paced?.p99, 2),
    doubleSold: f.doubleSold,
    fanout: f.fanouts.map((fo) => ({ watchers: fo.watchers, p50Ms: orNull(fo.fromCommit.percentile(50)), p99Ms: orNull(fo.fromCommit.percentile(99)) })),
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
}
