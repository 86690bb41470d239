import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, preparedByDefault } from "../../server/db/client";
import { createTestDatabase, type TestDatabase } from "./helpers/database";

/**
 * Transactions under a busy pool (issue 25): postgres.js 3.4.9's `sql.begin` can send BEGIN on a
 * connection it never reserves when all connections are busy and BEGIN fills one's pipeline
 * (porsager/postgres#823, #1189): the call fails with UNSAFE_TRANSACTION while the transaction
 * stays open on the server, and later statements of others run inside it. The app's client
 * (server/db/client.ts preparedByDefault) begins on a reserved connection instead. The scenario
 * here: every connection busy with a query when transactions arrive, pipelines of one query
 * (the boundary BEGIN must not reach, #1189; postgres.js pipelines up to 100 by default, and
 * under an on-sale's load that boundary is reached).
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pg!.unsafe("create table tx_probe (id int primary key)");
});
afterAll(async () => {
  await db.destroy();
});

async function crowd(begin: (pool: ReturnType<typeof connectPostgres>, id: number) => Promise<unknown>, rounds: number) {
  // max_pipeline is a postgres.js option its types do not list.
  const pool = connectPostgres(db.url!, { max: 2, onnotice: () => {}, ...({ max_pipeline: 1 } as object) });
  const failures: string[] = [];
  let id = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      // Sent at once (postgres.js sends a query on the next tick unless told), before the transactions.
      const busy = [0, 1].map(() => pool`select pg_sleep(0.1)`.execute());
      await new Promise((resolve) => setImmediate(resolve));
      const txs = Array.from({ length: 3 }, () => begin(pool, ++id).catch((err: unknown) => failures.push(err instanceof Error ? err.message : String(err))));
      await Promise.all([...busy, ...txs]);
    }
    // Nothing left open on the server.
    const open = await db.pg!<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
    return { failures, openAfter: open[0]!.n, tried: id };
  } finally {
    await pool.end({ timeout: 5 });
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)("transactions while every connection is busy", () => {
  it("control: postgres.js's own begin fails with UNSAFE_TRANSACTION in this scenario", async () => {
    const { failures } = await crowd((pool, id) => pool.begin((tx) => tx`insert into tx_probe (id) values (${-id})`), 10);
    expect(failures.filter((f) => f.includes("UNSAFE_TRANSACTION")).length, failures.join("; ")).toBeGreaterThan(0);
  });

  it("the app's begin runs every transaction on its own connection: all commit, none left open", async () => {
    await db.pg!`delete from tx_probe`;
    const { failures, openAfter, tried } = await crowd((pool, id) => preparedByDefault(pool).begin((tx) => tx`insert into tx_probe (id) values (${id})`), 10);
    expect(failures).toEqual([]);
    expect(openAfter).toBe(0);
    const [row] = await db.pg!<{ n: number }[]>`select count(*)::int as n from tx_probe where id > 0`;
    expect(row!.n).toBe(tried);
  });

  it("a savepoint rolls back alone; an error rolls the whole transaction back", async () => {
    const pool = preparedByDefault(connectPostgres(db.url!, { max: 2, onnotice: () => {} }));
    try {
      await pool.begin(async (tx) => {
        await tx`insert into tx_probe (id) values (100001)`;
        await expect(
          tx.savepoint(async (sp) => {
            await sp`insert into tx_probe (id) values (100002)`;
            throw new Error("undo the savepoint");
          }),
        ).rejects.toThrow("undo the savepoint");
        await tx.savepoint((sp) => sp`insert into tx_probe (id) values (100003)`);
      });
      await expect(
        pool.begin(async (tx) => {
          await tx`insert into tx_probe (id) values (100004)`;
          throw new Error("undo all");
        }),
      ).rejects.toThrow("undo all");
      const rows = await pool<{ id: number }[]>`select id from tx_probe where id > 100000 order by id`;
      expect(rows.map((r) => r.id)).toEqual([100001, 100003]);
    } finally {
      await pool.end({ timeout: 5 });
    }
  });
});
