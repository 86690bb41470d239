import type postgres from "postgres";
import { fmt, sleep } from "./lib";

export type ConnectionUse = { active: number; lock: number; idleInTx: number; idle: number; waits: string[] };

/**
 * Samples what the server's database connections are doing (pg_stat_activity, every 50 ms):
 * averages per state, and for lock waits which statement waits and what its blocker is doing.
 */
export function sampleConnections(db: postgres.Sql): () => Promise<ConnectionUse> {
  const totals = { active: 0, lock: 0, idleInTx: 0, idle: 0, samples: 0 };
  const waits = new Map<string, number>();
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const rows = await db<{ state: string | null; wait: string | null; q: string; blocker: string | null }[]>`
        select a.state, a.wait_event_type as wait, left(regexp_replace(a.query, '[[:space:]]+', ' ', 'g'), 40) as q,
               (select b.state || ' after "' || left(regexp_replace(b.query, '[[:space:]]+', ' ', 'g'), 40) || '"'
                  from pg_stat_activity b where b.pid = (pg_blocking_pids(a.pid))[1] limit 1) as blocker
        from pg_stat_activity a
        where a.datname = current_database() and a.backend_type = 'client backend' and a.application_name <> 'bench'`.catch(() => []);
      // A backend still starting up has no state yet (null).
      for (const r of rows) {
        if (r.wait === "Lock") {
          totals.lock++;
          const key = `"${r.q.trim()}" blocked by ${r.blocker ?? "?"}`;
          waits.set(key, (waits.get(key) ?? 0) + 1);
        } else if (r.state === "active") totals.active++;
        else if (r.state?.startsWith("idle in transaction")) totals.idleInTx++;
        else if (r.state === "idle") totals.idle++;
      }
      totals.samples++;
      await sleep(50);
    }
  })();
  return async () => {
    stop = true;
    await done;
    const n = Math.max(1, totals.samples);
    return {
      active: totals.active / n,
      lock: totals.lock / n,
      idleInTx: totals.idleInTx / n,
      idle: totals.idle / n,
      waits: [...waits]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 3)
        .map(([k, c]) => `${fmt(c / n, 2)} ${k}`),
    };
  };
}
