import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { pipelined } from "../../server/db/sql";

/**
 * `pipelined` (server/db/sql.ts): a transaction's statements sent together, run in the order
 * given. A sale sends its last writes this way (orders/settle.ts), so Postgres runs them while
 * this process is busy elsewhere instead of waiting for its event loop between them (issue 25).
 */
const server = process.env.TEST_DATABASE_URL;

describe("pipelined statements", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(server ? { url: server, maxConnections: 2 } : {});
  });
  afterAll(() => database.close());

  it("run in the order given, each seeing what the one before wrote", async () => {
    const results = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table pipeline_steps (n int) on commit drop`);
      return pipelined(tx, [
        sql`insert into pipeline_steps values (${1}::int) returning n`,
        sql`insert into pipeline_steps select count(*)::int + ${1}::int from pipeline_steps returning n`,
        sql`insert into pipeline_steps select count(*)::int + ${1}::int from pipeline_steps returning n`,
        sql`select array_agg(n order by n)::text as ns from pipeline_steps where n > ${0}::int`,
      ]);
    });
    expect(results.map((rows) => rows[0])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { ns: "{1,2,3}" }]);
  });

  it("an error fails the call and the transaction, and the statements after it change nothing", async () => {
    await database.db.execute(sql`create table if not exists pipeline_kept (n int)`);
    try {
      await expect(
        database.db.transaction((tx) =>
          pipelined(tx, [
            sql`insert into pipeline_kept values (${1}::int)`,
            sql`select ${1}::int / ${0}::int`,
            sql`insert into pipeline_kept values (${2}::int)`,
          ]),
        ),
      ).rejects.toThrow();
      const rows = (await database.rows<{ n: number }>(sql`select count(*)::int as n from pipeline_kept`))[0];
      expect(rows!.n).toBe(0);
    } finally {
      await database.db.execute(sql`drop table pipeline_kept`);
    }
  });

  it.runIf(server)("on Postgres, run while this process's event loop is busy (no round trip between them)", async () => {
    const stamps = await database.db.transaction(async (tx) => {
      const at = sql`(extract(epoch from clock_timestamp()) * 1000)::float8`;
      const queries = [
        sql`select ${at} as at, pg_sleep(${0.2}::float8)::text as slept`,
        sql`select ${at} as at, ${2}::int as n`,
        sql`select ${at} as at, ${3}::int as n`,
      ];
      // Once first: each connection describes a statement it has not prepared before answering.
      await pipelined(tx, queries);
      const sent = pipelined(tx, queries);
      // Two turns: postgres.js writes what was queued in a turn at the end of it.
      await nextTurn();
      await nextTurn();
      // The first statement sleeps 200 ms while the event loop is busy for 600 ms: a statement
      // sent only after the answer to the one before would start at least 600 ms after it.
      const busyUntil = Date.now() + 600;
      while (Date.now() < busyUntil) {
        /* busy */
      }
      return (await sent).map((rows) => Number((rows[0] as { at: number }).at));
    });
    expect(stamps[2]! - stamps[0]!).toBeGreaterThanOrEqual(190);
    expect(stamps[2]! - stamps[0]!).toBeLessThan(400);
  });
});
