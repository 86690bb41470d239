/**
 * CPU profiles of the server process for chosen phases of the hold benchmark, taken through the
 * inspector protocol (the server runs with --inspect when BENCH_PROFILE is set), so a profile
 * covers exactly one phase and not the start-up and seeding.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { WS, type WsSocket } from "./lib";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export class InspectorSession {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly ws: WsSocket) {
    ws.on("message", (data) => {
      const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
      if (msg.id === undefined) return;
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (msg.error) w?.reject(new Error(msg.error.message));
      else w?.resolve(msg.result);
    });
  }

  static async connect(inspectPort: number): Promise<InspectorSession> {
    const list = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
    const ws = new WS(list[0]!.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      ws.on("open", resolve);
      ws.on("error", reject);
    });
    const session = new InspectorSession(ws);
    await session.call("Profiler.enable");
    await session.call("Profiler.setSamplingInterval", { interval: 500 });
    return session;
  }

  call<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.ws.send(JSON.stringify({ id, method, ...(params ? { params } : {}) }));
    });
  }

  async start(): Promise<void> {
    await this.call("Profiler.start");
  }

  async stop(): Promise<CpuProfile> {
    return (await this.call<{ profile: CpuProfile }>("Profiler.stop")).profile;
  }

  close(): void {
    this.ws.close();
  }
}

/** Where a function comes from: a package under node_modules, the project, or node itself. */
function origin(url: string): string {
  if (!url) return "(native / V8)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return "node internals";
  const m = /\/work\/[^/]+\/(.*)$/.exec(url.replace(/^file:\/\//, ""));
  return m ? `project: ${m[1]!.split("/").slice(0, 2).join("/")}` : url;
}

export type ProfileSummary = {
  totalMs: number;
  idleMs: number;
  top: { name: string; where: string; selfMs: number; pct: number }[];
  byOrigin: { origin: string; selfMs: number; pct: number }[];
};

/** Self time per function and per package, busiest first (idle excluded from the shares). */
export function summarise(profile: CpuProfile, topN = 20): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const fn = new Map<string, { name: string; where: string; selfMs: number }>();
  const pkg = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  for (const [id, ms] of self) {
    const cf = byId.get(id)!.callFrame;
    totalMs += ms;
    if (cf.functionName === "(idle)") {
      idleMs += ms;
      continue;
    }
    const file = cf.url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "");
    const where = cf.url ? `${file.replace(/^\/work\/[^/]+\//, "")}:${cf.lineNumber + 1}` : "";
    const name = cf.functionName || "(anonymous)";
    const key = `${name}|${where}`;
    const entry = fn.get(key) ?? { name, where, selfMs: 0 };
    entry.selfMs += ms;
    fn.set(key, entry);
    const o = cf.functionName.startsWith("(") ? cf.functionName : origin(cf.url);
    pkg.set(o, (pkg.get(o) ?? 0) + ms);
  }
  const busy = totalMs - idleMs;
  return {
    totalMs,
    idleMs,
    top: [...fn.values()]
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, topN)
      .map((e) => ({ ...e, pct: (100 * e.selfMs) / busy })),
    byOrigin: [...pkg]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([o, ms]) => ({ origin: o, selfMs: ms, pct: (100 * ms) / busy })),
  };
}

export function printSummary(phase: string, summary: ProfileSummary, file: string): void {
  const r = (n: number) => n.toFixed(1);
  console.log(`\nServer CPU profile, ${phase}: ${r(summary.totalMs)} ms sampled, ${r(summary.totalMs - summary.idleMs)} ms busy (${file})`);
  console.log("  self time by origin:");
  for (const o of summary.byOrigin) console.log(`    ${r(o.pct).padStart(5)} %  ${r(o.selfMs).padStart(8)} ms  ${o.origin}`);
  console.log("  top functions by self time:");
  for (const f of summary.top) console.log(`    ${r(f.pct).padStart(5)} %  ${r(f.selfMs).padStart(8)} ms  ${f.name}  ${f.where}`);
}

export function saveProfile(dir: string, name: string, profile: CpuProfile): string {
  const file = path.join(dir, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}
