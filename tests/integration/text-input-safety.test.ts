import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { type AppDeps, createDeps } from "../../server/deps";
import { users } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { V } from "../../shared/schemas/messages";
import { appCodeOf, createTestClient, type TestClient } from "./helpers/app";
import { createTestConfig } from "./helpers/config";
import { createTestDatabase, type TestDatabase } from "./helpers/database";
import { createUser } from "./helpers/factories";
import { attempt, type RouterInput } from "./helpers/trpc";

/**
 * Issue 12 item 8: a NUL byte or a lone surrogate in a text field gave a 500, and the error
 * log held the statement's parameters (a password hash, buyer data). Now the shared schemas
 * refuse them with a field error, and the logger never writes a statement's parameters.
 */

let database: TestDatabase;
let deps: AppDeps;
let app: FastifyInstance;
let client: TestClient;
/** Everything the app logged, one JSON line each. */
const logged: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = createTestConfig({ LOG_LEVEL: "info" });
  deps = createDeps(config, database, createLogger(config, { write: (line: string) => void logged.push(line) }));
  app = await buildApp(deps);
  await app.ready();
  client = createTestClient(app);
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

async function userCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(users);
  return row!.n;
}

const PASSWORD = "Passw0rd!secret";

function registration(overrides: Record<string, string> = {}): RouterInput["auth"]["register"] {
  return {
    firstName: "Anna",
    lastName: "Berg",
    organizerName: "Stadtbühne Berg",
    email: "anna-nul@example.com",
    confirmEmail: "anna-nul@example.com",
    password: PASSWORD,
    locale: "en" as const,
    ...overrides,
  };
}

describe("control characters and broken Unicode in text fields", () => {
  it.each([
    ["a NUL in the first name", { firstName: "An\u0000na" }, "firstName"],
    ["a lone surrogate in the organiser name", { organizerName: "Bühne \ud800" }, "organizerName"],
    ["an escape character in the last name", { lastName: "Berg\u001b[31m" }, "lastName"],
  ])("registration with %s is 400 with a field error, and nothing is stored", async (_label, overrides, field) => {
    const before = await userCount();
    const res = await attempt(client.trpc.auth.register.mutate(registration(overrides)));
    expect(res.error?.httpStatus).toBe(400);
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error!.fieldErrors).toEqual({ [field]: [V.invalidCharacters] });
    expect(await userCount()).toBe(before);
  });

  it("a NUL in a login email or password is 400 with a field error", async () => {
    const user = await createUser(database.db, { role: "organiser" });
    const email = await attempt(client.trpc.auth.login.mutate({ email: `${user.email!}\u0000`, password: user.password }));
    expect(email.error?.httpStatus).toBe(400);
    expect(email.error!.fieldErrors).toEqual({ email: [V.invalidCharacters] });
    const password = await attempt(client.trpc.auth.login.mutate({ email: user.email!, password: `${user.password}\u0000` }));
    expect(password.error?.httpStatus).toBe(400);
    expect(password.error!.fieldErrors).toEqual({ password: [V.invalidCharacters] });
  });

  it("a multi-line field takes line breaks and tabs but no other control character", async () => {
    const message = { firstName: "Anna", lastName: "Berg", email: "anna@example.com", message: "Hello,\n\twe sell 500 tickets a year." };
    expect((await attempt(client.trpc.contact.submit.mutate(message))).error).toBeUndefined();
    const refused = await attempt(client.trpc.contact.submit.mutate({ ...message, message: "Hello\u0000" }));
    expect(refused.error?.httpStatus).toBe(400);
    expect(refused.error!.fieldErrors).toEqual({ message: [V.invalidCharacters] });
  });

  it("none of this reached the log as an error", () => {
    expect(logged.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});

describe("the logger and database errors", () => {
  it("logs a failed statement's error without its parameters", async () => {
    const existing = await createUser(database.db, { role: "organiser", password: PASSWORD });
    // A statement that fails with parameters as sensitive as the issue's: an email and a hash.
    const hash = existing.passwordHash;
    let error: unknown;
    try {
      await database.db.insert(users).values({ role: "organiser", email: existing.email, passwordHash: hash, firstName: "Dora", lastName: "Doppel", status: "active" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(Error);
    // The raw error does carry them: that is what must not be written.
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).message)).toContain(hash);

    logged.length = 0;
    deps.log.error({ err: error, path: "auth.register" }, "tRPC error");
    deps.log.error(error as Error);
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).not.toContain(hash);
      expect(line).not.toContain(existing.email!);
      expect(line).not.toContain("Doppel");
      expect(line).not.toMatch(/"param(eter)?s"/);
      const entry = JSON.parse(line) as { err: { type: string; message: string; stack: string; cause?: { code?: string } } };
      // What is needed to find the fault stays: the kind of error, the SQL, the Postgres code, the frames.
      expect(entry.err.message).toContain("insert into");
      expect(entry.err.cause?.code).toBe("23505");
      expect(entry.err.stack).toMatch(/\n\s+at /);
    }
    // The lookup of that email still works: nothing was stored.
    const [row] = await database.db.select({ n: count() }).from(users).where(eq(users.lastName, "Doppel"));
    expect(row!.n).toBe(0);
  });
});
