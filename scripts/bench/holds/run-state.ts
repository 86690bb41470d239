/**
 * What the phases of the hold benchmark share while it runs: the phase under way, the call
 * errors, and the stall watch (no call answered for STALL_MS ends the run: every waiting call
 * fails, the remaining phases are skipped).
 */
import { log, STALL_MS } from "./config";

/** The first call errors (at most 5) and how many there were. */
export const errors: string[] = [];
export let errorCount = 0;

/** Counts a failed call; keeps the first few messages for the report. */
export function noteError(err: unknown): void {
  errorCount++;
  if (errors.length < 5) errors.push(err instanceof Error ? err.message : String(err));
}

class Stalled extends Error {}

export type Stall = { phase: string; activity: string[]; health: string };

/** Set when no call was answered for STALL_MS: what the server's connections were doing. */
export let stalled: Stall | null = null;
/** The phase under way (named in the report's stall and buyer-close rows). */
export let currentPhase = "start-up";
let onStall: (() => Promise<{ activity: string[]; health: string }>) | null = null;
let callsInFlight = 0;
let lastAnswer = performance.now();
let rejectAll: (err: Error) => void = () => {};
const stalledSignal = new Promise<never>((_, reject) => (rejectAll = reject));
stalledSignal.catch(() => {});

/** Names the phase that starts now. */
export function setPhase(phase: string): void {
  currentPhase = phase;
}

/** What to ask once the server stalled (its connections' activity, /healthz): filled into `stalled`. */
export function setStallProbe(probe: () => Promise<{ activity: string[]; health: string }>): void {
  onStall = probe;
}

/** A call to the server, given up (with every other) once the server stopped answering. */
export function call<T>(p: Promise<T>): Promise<T> {
  callsInFlight++;
  return Promise.race([p, stalledSignal]).finally(() => {
    callsInFlight--;
    lastAnswer = performance.now();
  });
}

/** Ends the run: every waiting call fails, the remaining phases are skipped. */
export function declareStall(why: string): void {
  if (stalled) return;
  stalled = { phase: currentPhase, activity: [], health: "?" };
  log(`${why} during ${currentPhase}`);
  rejectAll(new Stalled(why));
  void onStall?.().then((e) => Object.assign(stalled!, e));
}

setInterval(() => {
  if (callsInFlight > 0 && performance.now() - lastAnswer >= STALL_MS) declareStall(`no call answered for ${STALL_MS / 1000} s: the server is stuck`);
}, 1000).unref();
