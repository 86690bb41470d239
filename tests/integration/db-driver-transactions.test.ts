import { setImmediate as nextTurn } from "node:timers/promises";
import type postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { connectPostgres } from "../../server/db/client";

/**
 * postgres.js 3.4.9 could send a transaction's BEGIN on a connection it never reserved: when
 * BEGIN was the statement that filled a busy connection's pipeline (or the socket pushed back),
 * the hook that reserves the connection was skipped. The transaction failed with
 * UNSAFE_TRANSACTION, stayed open on the server, and the pool's next statements ran inside it
 * (porsager/postgres#823, #1189, #1210; bench:onsale lost payments to it, decision 035).
 * patches/postgres+3.4.9.patch mends the library at install; these tests fail without it.
 */
const server = process.env.TEST_DATABASE_URL;

describe.runIf(server)("postgres.js transactions on a busy pool (patched driver)", () => {
  const watcher = server ? connectPostgres(server, { max: 1, onnotice: () => {} }) : undefined;
  afterAll(() => watcher?.end());

  /** Connections of this pool that the server sees inside a transaction nobody runs. */
  async function leftOpen(application: string): Promise<number> {
    const [row] = await watcher!<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where application_name = ${application} and state like 'idle in transaction%'`;
    return row!.n;
  }

  function pool(application: string, options: { max: number; max_pipeline: number }): postgres.Sql {
    return connectPostgres(server!, { ...options, onnotice: () => {}, connection: { application_name: application } });
  }

  it("BEGIN that fills a busy connection's pipeline still reserves the connection", async () => {
    const application = "driver-test-boundary";
    const sql = pool(application, { max: 2, max_pipeline: 1 });
    const failures: string[] = [];
    const openAfterRounds: number[] = [];
    try {
      for (let round = 0; round < 20; round++) {
        // Both connections busy; each transaction's BEGIN is then queued onto one of them at the
        // pipeline's limit, the case the library got wrong.
        const busy = [sql`select pg_sleep(0.05)`.execute(), sql`select pg_sleep(0.05)`.execute()];
        await nextTurn();
        const transactions = [1, 2, 3].map((n) =>
          sql.begin(async (tx) => {
            const [row] = await tx<{ n: number }[]>`select ${n}::int as n`;
            return row!.n;
          }),
        );
        const settled = await Promise.allSettled([...busy, ...transactions]);
        for (const result of settled) {
          if (result.status === "rejected") failures.push(String((result.reason as Error).message));
        }
        openAfterRounds.push(await leftOpen(application));
      }
      expect(failures).toEqual([]);
      expect(openAfterRounds.every((n) => n === 0), `transactions left open per round: ${openAfterRounds.join(" ")}`).toBe(true);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it("a pool that pipelines nothing runs transactions", async () => {
    const application = "driver-test-no-pipeline";
    const sql = pool(application, { max: 2, max_pipeline: 0 });
    try {
      const results = await Promise.all([1, 2, 3, 4].map((n) => sql.begin(async (tx) => (await tx<{ n: number }[]>`select ${n}::int as n`)[0]!.n)));
      expect(results).toEqual([1, 2, 3, 4]);
      expect(await leftOpen(application)).toBe(0);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
