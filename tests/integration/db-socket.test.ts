import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { connectPostgres, openDatabase } from "../../server/db/client";
import { createTestDatabase } from "./helpers/database";

/**
 * A DATABASE_URL's `host` parameter naming a directory connects through the Unix socket there
 * (libpq's convention), on Postgres's own machine cheaper than TCP per statement (issue 25).
 */
const SOCKET_DIR = "/var/run/postgresql";
const server = process.env.TEST_DATABASE_URL;

describe.runIf(server && existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`))("Postgres over its Unix socket", () => {
  const viaSocket = (url = server!) => {
    const u = new URL(url);
    u.searchParams.set("host", SOCKET_DIR);
    return u.toString();
  };

  it("connects through the socket when the URL names its directory, over TCP otherwise", async () => {
    const socket = connectPostgres(viaSocket(), { max: 1 });
    const tcp = connectPostgres(server!, { max: 1 });
    try {
      // inet_server_addr() is null on a Unix-socket connection.
      const [s] = await socket<{ addr: string | null }[]>`select inet_server_addr()::text as addr`;
      const [t] = await tcp<{ addr: string | null }[]>`select inet_server_addr()::text as addr`;
      expect(s!.addr).toBeNull();
      expect(t!.addr).not.toBeNull();
    } finally {
      await Promise.all([socket.end(), tcp.end()]);
    }
  });

  it("the app's database (both pools and the migration) works over it", async () => {
    const fresh = await createTestDatabase();
    const database = await openDatabase({ url: viaSocket(fresh.url), maxConnections: 1 });
    try {
      await database.migrate();
      const [row] = await database.seatsPg!<{ addr: string | null }[]>`select inet_server_addr()::text as addr`;
      expect(row!.addr).toBeNull();
      const [one] = await database.pg!<{ n: number }[]>`select 1 as n`;
      expect(one!.n).toBe(1);
    } finally {
      await database.close();
      await fresh.destroy();
    }
  });
});
