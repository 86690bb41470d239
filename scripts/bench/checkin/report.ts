/** The check-in benchmark's report: online and offline figures, the targets, and the final JSON line. */
import { GATES, TARGET } from "./config";
import type { AdmissionChecks, GatesResult, ScanAnalysis } from "./gates";
import { load, percentile, r1, stats } from "./lib";
import type { OfflineCase, OfflineResult } from "./offline";

export type ReportInput = {
  loadStart: string;
  lineCount: number;
  online: GatesResult;
  scans: ScanAnalysis;
  doubles: number;
  ticketMs: number[];
  countsMs: number[];
  checks: AdmissionChecks;
  expectedIn: number;
  sync: { tickets: number; bytes: number; ms: number };
  offline: OfflineResult;
  cases: OfflineCase[];
};

/** Prints the report; true when the run failed (a ticket admitted twice, a wrong verdict, an error). */
export function report(r: ReportInput): boolean {
  const { online, offline, cases, doubles, ticketMs, countsMs, checks } = r;
  const { all, singles, pairsScanned, errors, notValid, doublesOk } = r.scans;
  const doubleAdmitted = Number(checks.double_admitted);
  const scanStats = stats(all.map((s) => s.ms));
  const singleStats = stats(singles.map((s) => s.ms));
  const doubleStats = stats(pairsScanned.map((s) => s.ms));
  const fmt = (s: ReturnType<typeof stats>) => `p50 ${r1(s.p50)} ms, p95 ${r1(s.p95)} ms, max ${r1(s.max)} ms (${s.n} scans)`;
  const offlineStats = stats(offline.times);
  const wrong = cases.filter((c, i) => offline.kinds[i] !== c.expect);
  const perKind = (k: OfflineCase["expect"]) => stats(offline.times.filter((_, i) => cases[i]!.expect === k));

  const verdict = (ok: boolean) => (ok ? "ok     " : "MISSED ");
  console.log(`\nCheck-in benchmark: ${r.lineCount.toLocaleString("en-US")} ticket lines of one date, ${GATES} gates (Postgres), load avg at start ${r.loadStart}\n`);
  console.log(`online  staff.checkin.scan over HTTP, as the gate sees it (send → parsed answer), ${r1(all.length / (online.wallMs / 1000))} scans/s in all`);
  console.log(`        all scans      ${fmt(scanStats)}`);
  console.log(`        single scans   ${fmt(singleStats)}`);
  console.log(`        double scans   ${fmt(doubleStats)}`);
  console.log(`        per gate p95   ${online.gates.map((g, i) => `gate ${i + 1} ${r1(percentile(g.scans.map((s) => s.ms), 95))} ms`).join(", ")}`);
  console.log(`        idle, one at a time: ticket query (ticketAtDoor) p50 ${r1(percentile(ticketMs, 50))} / p95 ${r1(percentile(ticketMs, 95))} ms, doorCounts p50 ${r1(percentile(countsMs, 50))} / p95 ${r1(percentile(countsMs, 95))} ms`);
  console.log(`        errors ${errors.length}${errors[0] ? ` (first: ${errors[0].error})` : ""}; single scans not VALID ${notValid.length}${notValid[0] ? ` (first: ${notValid[0].kind})` : ""}; warm-up scans not VALID ${online.gates.reduce((n, g) => n + g.warmupErrors, 0)}`);
  console.log(`        double-scanned tickets with one VALID and one ALREADY CHECKED IN: ${doublesOk} of ${doubles}`);
  console.log(`        admissions standing ${checks.admitted} (expected ${r.expectedIn}), lines checked in ${checks.lines_in}, tickets admitted twice ${doubleAdmitted}`);
  console.log(`        sync of the full list: ${r.sync.tickets} tickets, ${r1(r.sync.bytes / 1024 / 1024)} MB, ${Math.round(r.sync.ms)} ms`);
  console.log(`offline decideOffline in ${offline.version} (bundle ${r1(offline.bundleBytes / 1024)} KiB), list stored with applySync in ${Math.round(offline.loadMs)} ms, first decision ${r1(offline.firstMs)} ms`);
  console.log(`        all            p50 ${r1(offlineStats.p50)} ms, p95 ${r1(offlineStats.p95)} ms, max ${r1(offlineStats.max)} ms (${offlineStats.n} decisions)`);
  for (const k of ["valid", "already_checked_in", "forged"] as const) {
    const s = perKind(k);
    console.log(`        ${k.padEnd(19)}p50 ${r1(s.p50)} ms, p95 ${r1(s.p95)} ms (${s.n})`);
  }
  console.log(`        wrong verdicts ${wrong.length}${wrong[0] ? ` (first: expected ${wrong[0].expect}, got ${offline.kinds[cases.indexOf(wrong[0])]})` : ""}`);
  console.log("\nTargets");
  console.log(`  ${verdict(scanStats.p95 < TARGET.onlineP95Ms)} online p95 ms: ${r1(scanStats.p95)} (target < ${TARGET.onlineP95Ms})`);
  console.log(`  ${verdict(offlineStats.p95 < TARGET.offlineP95Ms)} offline p95 ms: ${r1(offlineStats.p95)} (target < ${TARGET.offlineP95Ms})`);
  console.log(`  ${verdict(doubleAdmitted === 0 && doublesOk === doubles)} tickets admitted twice: ${doubleAdmitted}; doubles with exactly one VALID: ${doublesOk} of ${doubles}`);
  console.log(`  load avg at the end ${load()}`);
  console.log(JSON.stringify({ onlineP95Ms: r1(scanStats.p95), offlineP95Ms: r1(offlineStats.p95), doubleAdmitted }));
  return doubleAdmitted > 0 || doublesOk !== doubles || errors.length > 0 || notValid.length > 0 || wrong.length > 0;
}
