
import { connectPostgres, type Database, openDatabase } from "../../../server/db/client";

export type TestDatabase = Database & {
  /** The postgres:// URL of this database; undefined on PGlite (in memory, one process). */
  url: string | undefined;
  /** Closes the connection and, on a Postgres server, drops the database. */
  destroy: () => Promise<void>;
};

function uniqueDatabaseName(): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `test_${process.pid}_${Date.now().toString(36)}_${random}`;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * uniquely named database on the server of TEST_DATABASE_URL (dropped by `destroy`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return { ...database, url: undefined, destroy: () => database.close() };
  }

  const name = uniqueDatabaseName();
  const admin = connectPostgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), maxConnections: 5 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      const dropper = connectPostgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
