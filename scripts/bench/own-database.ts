import { connectPostgres } from "../../server/db/client";
import { loadConfig } from "../../server/config";

/** The Postgres server the benchmarks use (DATABASE_URL's, default the local one). */
export const BENCH_SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A benchmark's own database on the bench server, dropped and made afresh, and the app's config
 * for it (no jobs, no client, no demo data). `admin` is a connection to the server's default
 * database: the bench drops its database through it at the end.
 */
export async function freshBenchDatabase(name: string, appSecret: string) {
  const admin = connectPostgres(BENCH_SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = withDatabase(BENCH_SERVER_URL, name);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: url,
    LOG_LEVEL: "warn",
    RUN_JOBS: "false",
    SERVE_CLIENT: "false",
    SEED_DEMO: "false",
    APP_SECRET: appSecret,
  });
  return { admin, url, config };
}
