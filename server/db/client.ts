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
      if (prop === "begin" || prop === "savepoint") {
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
