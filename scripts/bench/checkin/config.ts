/** Settings of the check-in benchmark (scripts/bench/checkin.ts, whose header describes them) and its log. */
export const DB_NAME = "bench_checkin";
export const APP_SECRET = "bench-checkin-secret-0123456789abcdef";
export const LINES = Number(process.env.BENCH_LINES ?? 20_000);
export const GATES = Number(process.env.BENCH_GATES ?? 4);
export const SCANS = Number(process.env.BENCH_SCANS ?? 1_000);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
export const DOUBLE_SHARE = Number(process.env.BENCH_DOUBLE_SHARE ?? 0.1);
export const OFFLINE = Number(process.env.BENCH_OFFLINE ?? 1_000);
export const OFFLINE_ENTERED = Number(process.env.BENCH_OFFLINE_ENTERED ?? 50);
export const OFFLINE_FORGED = Number(process.env.BENCH_OFFLINE_FORGED ?? 50);
export const OFFLINE_WARMUP = 20;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const PASSWORD = "Bench-gate-pass1";
export const TARGET = { onlineP95Ms: 400, offlineP95Ms: 150 };

export const log = (msg: string) => console.error(`[bench:checkin] ${msg}`);
