/**
 * The limit the on-sale benchmark compares with: pgbench's single-row conditional UPDATE on this
 * machine's Postgres, in the same run (issue 25: 17,000-20,000 per second measured before).
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connectPostgres } from "../../../server/db/client";
import { withDatabase } from "../holds/server";

export async function pgbenchTps(baseUrl: string, seconds: number, clients = 16): Promise<number> {
  const name = `bench_onsale_pgbench_${process.pid}`;
  const admin = connectPostgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  const url = withDatabase(baseUrl, name);
  const db = connectPostgres(url, { max: 1, onnotice: () => {} });
  try {
    await db.unsafe(`create table seat (id int primary key, held int not null default 0, capacity int not null default 1000000000)`);
    await db.unsafe(`insert into seat (id) select g from generate_series(1, 100000) g`);
    await db.unsafe(`vacuum analyze seat`);
    const script = path.join(tmpdir(), `onsale-pgbench-${process.pid}.sql`);
    writeFileSync(script, "\\set id random(1, 100000)\nupdate seat set held = held + 1 where id = :id and held < capacity;\n");
    const u = new URL(url);
    const out = execFileSync(
      "pgbench",
      ["-n", "-M", "prepared", "-c", String(clients), "-j", "2", "-T", String(seconds), "-f", script, "-h", u.searchParams.get("host")?.startsWith("/") ? u.searchParams.get("host")! : u.hostname, "-p", u.port || "5432", "-U", u.username || "postgres", name],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    const tps = /tps = ([\d.]+)/.exec(out);
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(tps[1]);
  } finally {
    await db.end();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
