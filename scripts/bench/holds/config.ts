/** Settings of the hold benchmark (scripts/bench/holds.ts, whose header describes them) and its log. */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/**
 * The local Postgres: through its Unix socket where there is one (cheaper per statement than TCP
 * for the server and for Postgres, as for an app on the database's own machine), else over TCP.
 */
export const BASE_DATABASE_URL =
  process.env.DATABASE_URL ||
  (existsSync("/var/run/postgresql/.s.PGSQL.5432") ? "postgres://postgres@localhost/postgres?host=/var/run/postgresql" : "postgres://postgres@127.0.0.1:5432/postgres");
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_MS = 2000;
export const WATCHER_COUNTS = (process.env.BENCH_WATCHERS ?? "1000,5000").split(",").map(Number).filter((n) => n > 0);
export const WATCHERS_PER_PROCESS = Number(process.env.BENCH_WATCHERS_PER_PROCESS ?? 2500);
export const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
export const MATCH_NAME = "FC Musterstadt – SV Beispielhausen";
/** Phases to run (for experiments): raw, api, paced, fanout. */
export const PHASES = new Set((process.env.BENCH_PHASES ?? "raw,api,paced,fanout,storm").split(","));
/** Watchers of the connect storm, opening within STORM_SPREAD_MS (issue: 5,000 within 10 s). */
export const STORM_WATCHERS = Number(process.env.BENCH_STORM_WATCHERS ?? 5000);
export const STORM_SPREAD_MS = 8000;
/** No call answered for this long, with calls waiting: the server is stuck. */
export const STALL_MS = 60_000;
/** During fan-out a buyer releases a hold only after this many newer ones: seats stay held long enough to be announced as held. */
export const FANOUT_HOLDS_KEPT = 8;

export const log = (msg: string) => console.error(`[bench] ${msg}`);
