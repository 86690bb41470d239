/**
 * The online part of the check-in benchmark: the gates' plan (each gate's stream with the
 * double-scanned tickets woven in), the gates' client process, and what their scans came to.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { txRows } from "../../../server/db/sql";
import { GATES, SCANS, WARMUP } from "./config";

export type GatePlan = { cookie: string; deviceId: string; label: string; warmup: string[]; stream: { code: string; double?: number }[] };
export type ScanRecord = { ms: number; kind: string; outcome: string; double?: number; error?: string };
export type GatesResult = { wallMs: number; gates: { warmupErrors: number; scans: ScanRecord[] }[] };

/**
 * The gates, in a process of their own (the client's work costs the server nothing): each a
 * closed loop over its stream; a double-scanned ticket sits in two gates' streams, ordered by its
 * number in both, and the two gates meet there and send at the same moment.
 */
const GATES_CLIENT = `
import { readFileSync } from "node:fs";
const plan = JSON.parse(readFileSync(process.env.PLAN_FILE, "utf8"));
const meet = new Map();
function rendezvous(d) {
  let m = meet.get(d);
  if (!m) {
    let release;
    const promise = new Promise((r) => (release = r));
    m = { arrived: 0, promise, release };
    meet.set(d, m);
  }
  if (++m.arrived === 2) m.release();
  return m.promise;
}
export async function scan(gate, code) {
  const started = performance.now();
  try {
    const res = await fetch(plan.base + "/trpc/staff.checkin.scan", {
      method: "POST",
      headers: { "content-type": "application/json", origin: plan.base, cookie: gate.cookie },
      body: JSON.stringify({ json: { dateId: plan.dateId, code, nonce: crypto.randomUUID(), deviceId: gate.deviceId, deviceLabel: gate.label } }),
    });
    const body = await res.json();
    const ms = performance.now() - started;
    if (!body.result) return { ms, kind: "error", outcome: "error", error: res.status + " " + JSON.stringify(body.error?.json?.message ?? body) };
    const r = body.result.data.json;
    return { ms, kind: r.verdict.kind, outcome: r.outcome };
  } catch (err) {
    return { ms: performance.now() - started, kind: "error", outcome: "error", error: String(err) };
  }
}
export async function measure(gate) {
  const scans = [];
  for (const item of gate.stream) {
    if (item.double !== undefined) await rendezvous(item.double);
    const r = await scan(gate, item.code);
    if (item.double !== undefined) r.double = item.double;
    scans.push(r);
  }
  return scans;
}
// Warm-up on every gate, then all start together.
const warm = await Promise.all(plan.gates.map(async (gate) => {
  let warmupErrors = 0;
  for (const code of gate.warmup) if ((await scan(gate, code)).kind !== "valid") warmupErrors++;
  return warmupErrors;
}));
const started = performance.now();
const all = await Promise.all(plan.gates.map((gate) => measure(gate)));
const wallMs = performance.now() - started;
console.log(JSON.stringify({ wallMs, gates: all.map((scans, i) => ({ warmupErrors: warm[i], scans })) }));
`;

export async function runGates(plan: { base: string; dateId: string; gates: GatePlan[] }): Promise<GatesResult> {
  const dir = await mkdtemp(join(tmpdir(), "bench-checkin-"));
  try {
    const file = join(dir, "plan.json");
    await writeFile(file, JSON.stringify(plan));
    const child = spawn(process.execPath, ["--input-type=module", "-e", GATES_CLIENT], { env: { ...process.env, PLAN_FILE: file }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`gate client failed (${code}): ${out.slice(0, 500)}`);
    return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as GatesResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Each gate's plan: its warm-up and stream of tickets (taken from the pool in this order: per
 * gate warm-up then stream, then the doubles), each double woven into the streams of a pair of
 * gates (the pairs in turn) at the same place, in one global order.
 */
export function planGates(cookies: readonly string[], doubles: number, take: (n: number) => string[]): GatePlan[] {
  const gates: GatePlan[] = cookies.map((cookie, g) => ({
    cookie,
    deviceId: `bench-device-${g + 1}-${randomUUID().slice(0, 8)}`,
    label: `Gate ${g + 1}`,
    warmup: take(WARMUP),
    stream: take(SCANS).map((code) => ({ code })),
  }));
  // Each double goes to a pair of gates (the pairs in turn).
  const doubleCodes = take(doubles);
  const pairs: [number, number][] = [];
  for (let a = 0; a < GATES; a++) for (let b = a + 1; b < GATES; b++) pairs.push([a, b]);
  // Double d sits at place d × SCANS / doubles of both its gates' streams (spread evenly, in d's order).
  const slots = Array.from({ length: doubles }, (_, d) => Math.floor((d * SCANS) / doubles));
  const inserts: { gate: number; at: number; d: number; code: string }[] = [];
  doubleCodes.forEach((code, d) => {
    const [a, b] = pairs[d % pairs.length]!;
    inserts.push({ gate: a, at: slots[d]!, d, code }, { gate: b, at: slots[d]!, d, code });
  });
  for (let g = 0; g < GATES; g++) {
    const mine = inserts.filter((x) => x.gate === g).sort((x, y) => x.at - y.at || x.d - y.d);
    const stream: GatePlan["stream"] = [];
    let k = 0;
    gates[g]!.stream.forEach((item, i) => {
      while (k < mine.length && mine[k]!.at <= i) stream.push({ code: mine[k]!.code, double: mine[k++]!.d });
      stream.push(item);
    });
    while (k < mine.length) stream.push({ code: mine[k]!.code, double: mine[k++]!.d });
    gates[g]!.stream = stream;
  }
  // Doubles must come in one global order in every stream, or two gates could wait for each other.
  for (const g of gates) {
    const ds = g.stream.flatMap((x) => (x.double === undefined ? [] : [x.double]));
    if (ds.some((d, i) => i > 0 && d < ds[i - 1]!)) throw new Error("doubles out of order");
  }
  return gates;
}

/** The gates' scans sorted out: singles, doubles, errors, and the doubles with one VALID and one ALREADY CHECKED IN. */
export function analyseScans(online: GatesResult) {
  const all = online.gates.flatMap((g) => g.scans);
  const singles = all.filter((s) => s.double === undefined);
  const pairsScanned = all.filter((s) => s.double !== undefined);
  const errors = all.filter((s) => s.kind === "error");
  const notValid = singles.filter((s) => s.kind !== "valid");
  const byDouble = new Map<number, ScanRecord[]>();
  for (const s of pairsScanned) byDouble.set(s.double!, [...(byDouble.get(s.double!) ?? []), s]);
  let doublesOk = 0;
  for (const rs of byDouble.values()) {
    const kinds = rs.map((r) => r.kind).sort();
    if (rs.length === 2 && kinds[0] === "already_checked_in" && kinds[1] === "valid") doublesOk++;
  }
  return { all, singles, pairsScanned, errors, notValid, doublesOk };
}

export type ScanAnalysis = ReturnType<typeof analyseScans>;
export type AdmissionChecks = { double_admitted: number; admitted: number; lines_in: number };

/** Admissions in the database afterwards: tickets admitted twice (any date), standing admissions and lines checked in for the date. */
export async function admissionChecks(db: Db, dateId: string): Promise<AdmissionChecks> {
  const [checks] = await txRows<AdmissionChecks>(
    db,
    sql`select
          (select count(*)::int from (select line_id from checkins where outcome = 'admitted' and undone_at is null group by line_id, event_date_id having count(*) > 1) d) as double_admitted,
          (select count(*)::int from checkins where outcome = 'admitted' and undone_at is null and event_date_id = ${dateId}) as admitted,
          (select count(*)::int from order_lines where scope_id = ${dateId} and status = 'checked_in') as lines_in`,
  );
  return checks!;
}
