import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction `db.transaction` hands its callback (nested ones are savepoints). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Services take either, so they can join the caller's transaction. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** Arbitrary constant: the advisory lock that serialises migrations of instances starting together. */
const MIGRATION_LOCK_KEY = 727_001;

export type Database = {
  db: Db;
  kind: "postgres" | "pglite";
  /**
   * The connections the seat-hold statements run on (holds, releases and their reads): on
   * Postgres a pool of its own whose prepared statements always use their generic plan, as
   * those statements find every row by key and planning them anew each time costs more than
   * running them. The same as `db` on PGlite.
   */
  seats: Db;
  /** Rows of a raw SQL statement, the same shape on both drivers. */
  rows: <T extends Record<string, unknown>>(query: SQL) => Promise<T[]>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** The PGlite instance, when embedded (used for in-process LISTEN/NOTIFY). */
  pglite?: PGlite;
  /** The postgres.js client, when on a server. */
  pg?: postgres.Sql;
  /** The postgres.js client of `seats`, when on a server. */
  seatsPg?: postgres.Sql;
};

export type DatabaseOptions = {
  /** postgres:// URL; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; "memory://" keeps it in memory. */
  pgliteDir?: string;
  /** postgres.js pool size. */
  maxConnections?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.maxConnections ?? 10);
  return openPglite(options.pgliteDir ?? "memory://");
}

/**
 * The postgres.js client as drizzle should see it: every statement with parameters is a named
 * prepared statement of its connection. drizzle runs queries through `unsafe` unnamed, which
 * postgres.js sends as Parse/Describe, waits for the answer, then Bind/Execute: two round trips
 * and a fresh parse and plan each time. Prepared, a statement the connection has seen costs one
 * round trip and no parsing (issue 25). Transactions and savepoints hand out clients prepared
 * the same way. Statements without parameters keep the simple protocol (one round trip).
 */
export function preparedByDefault<T extends postgres.Sql | postgres.TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        return (query: string, params: unknown[] = [], options: Record<string, unknown> = {}) =>
          // drizzle passes `prepare: false` for every query without a name: overruled here.
          target.unsafe(query, params as postgres.ParameterOrJSON<never>[], params.length > 0 ? { ...options, prepare: true } : options);
      }
      if (prop === "begin") {
        return (...args: unknown[]) => {
          const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
          const options = typeof args[0] === "string" ? args[0] : "";
          return beginOnReserved(target as postgres.Sql, options, (tx) => callback(preparedByDefault(tx)));
        };
      }
      if (prop === "savepoint") {
        const original = Reflect.get(target, prop, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return original.call(target, ...args, (tx: postgres.TransactionSql) => callback(preparedByDefault(tx)));
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * A transaction on a connection reserved first, in place of postgres.js's `sql.begin`: in 3.4.9
 * (the latest) `begin` can send BEGIN on a connection it never reserves when BEGIN fills a busy
 * connection's pipeline or meets a full socket buffer (porsager/postgres#823, #1189). It then
 * fails with UNSAFE_TRANSACTION while Postgres keeps the transaction open, and the connection
 * goes back to the pool: other requests' statements run inside that transaction and are lost
 * with it (seen under bench:onsale: payments written and then not found). `reserve` only takes
 * an idle connection (or waits for one), so nothing else is pipelined onto it; BEGIN, COMMIT,
 * ROLLBACK and savepoints are then plain statements of that connection.
 */
async function beginOnReserved<R>(pool: postgres.Sql, options: string, run: (tx: postgres.TransactionSql) => R | Promise<R>): Promise<R> {
  const connection = await pool.reserve();
  try {
    await connection.unsafe(`begin ${options.replace(/[^a-z ]/gi, "")}`);
    let result: R;
    try {
      result = await run(transactionOn(connection));
    } catch (err) {
      // A failed rollback means a broken connection (postgres.js drops it): the first error is the one to tell.
      await connection.unsafe("rollback").catch(() => {});
      throw err;
    }
    await connection.unsafe("commit");
    return result;
  } finally {
    connection.release();
  }
}

/** The reserved connection as a transaction: its statements, and savepoints (rolled back to when their callback throws). */
function transactionOn(connection: postgres.ReservedSql): postgres.TransactionSql {
  let savepoints = 0;
  const tx: postgres.TransactionSql = new Proxy(connection, {
    get(target, prop, receiver) {
      if (prop === "savepoint") {
        return async (...args: unknown[]) => {
          const run = args.pop() as (sp: postgres.TransactionSql) => unknown;
          const name = `s${savepoints++}`;
          await target.unsafe(`savepoint ${name}`);
          try {
            const result = await run(tx);
            await target.unsafe(`release savepoint ${name}`);
            return result;
          } catch (err) {
            await target.unsafe(`rollback to savepoint ${name}`);
            throw err;
          }
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  }) as unknown as postgres.TransactionSql;
  return tx;
}

/**
 * postgres.js options for a DATABASE_URL. A `host` parameter naming a directory (libpq's
 * `?host=/var/run/postgresql`) connects through the Unix socket there: on the database's own
 * machine that saves the TCP stack's work on every statement.
 */
function postgresTarget(url: string): { url: string; options: { host?: string } } {
  const u = new URL(url);
  const socketDir = u.searchParams.get("host");
  if (!socketDir?.startsWith("/")) return { url, options: {} };
  u.searchParams.delete("host");
  return { url: u.toString(), options: { host: socketDir } };
}

/** A postgres.js client for a DATABASE_URL (its socket `host` parameter understood). */
export function connectPostgres(url: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const target = postgresTarget(url);
  return postgres(target.url, { ...target.options, ...options });
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pg = connectPostgres(url, { max, onnotice: () => {} });
  const db = drizzlePostgres(preparedByDefault(pg), { schema, casing: "snake_case" }) as unknown as Db;
  const seatsPg = connectPostgres(url, { max, onnotice: () => {}, connection: { plan_cache_mode: "force_generic_plan" } });
  return {
    db,
    seats: drizzlePostgres(preparedByDefault(seatsPg), { schema, casing: "snake_case" }) as unknown as Db,
    kind: "postgres",
    pg,
    seatsPg,
    rows: async <T extends Record<string, unknown>>(query: SQL) => (await db.execute(query)) as unknown as T[],
    migrate: async () => {
      // One connection so the session-level advisory lock covers the whole migration.
      const single = connectPostgres(url, { max: 1, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres(single, { casing: "snake_case" }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
        await single`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
      } finally {
        await single.end();
      }
    },
    close: async () => {
      await Promise.all([pg.end({ timeout: 5 }), seatsPg.end({ timeout: 5 })]);
    },
  };
}

async function openPglite(dir: string): Promise<Database> {
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  // pg_trgm: the organiser's order search (migration 0012) is a trigram index, as on Postgres.
  const pglite = new PGlite(dir, { extensions: { pg_trgm } });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    seats: db,
    kind: "pglite",
    pglite,
    rows: async <T extends Record<string, unknown>>(query: SQL) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    migrate: () => migratePglite(drizzlePglite(pglite, { casing: "snake_case" }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pglite.close(),
  };
}
