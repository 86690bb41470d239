/**
 * The plain HTTP routes answer errors through one handler (server/http/errors.ts): an AppError
 * with its status and `{ error: code }`, anything else with a 500 that tells nothing and is
 * logged once.
 */
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createDeps } from "../../server/deps";
import { AppError } from "../../server/lib/app-error";
import { createLogger } from "../../server/logger";
import { orderKey } from "../../server/modules/orders/links";
import { createTestConfig } from "./helpers/config";
import { createTestDatabase, type TestDatabase } from "./helpers/database";

let database: TestDatabase;
let app: FastifyInstance;
let secret: string;
const lines: { level: number; msg?: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = createTestConfig({ LOG_LEVEL: "info" });
  secret = config.APP_SECRET;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg?: string });
      done();
    },
  });
  app = await buildApp(createDeps(config, database, createLogger(config, sink)));
  // Routes that fail the ways a real one can: a refusal, a refusal by a limit, a bug.
  app.get("/api/test/refused", async () => {
    throw new AppError("TICKETS_UNAVAILABLE");
  });
  app.get("/api/test/limited", async () => {
    throw new AppError("TOO_MANY_REQUESTS", { retryAfter: 42 });
  });
  app.get("/api/test/bug", async () => {
    throw new Error("connect ECONNREFUSED postgres://admin:s3cret@db-internal:5432");
  });
  app.post("/api/test/echo", async (req) => req.body);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

beforeEach(() => {
  lines.length = 0;
});

const errorLines = () => lines.filter((l) => l.level >= 50);

describe("the plain HTTP routes' error handler", () => {
  it("an AppError answers with its code's status and { error: code }, and is not logged as an error", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/refused" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "TICKETS_UNAVAILABLE" });
    expect(errorLines()).toEqual([]);
  });

  it("a refusal by a limit tells when to come back", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/limited" });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("42");
    expect(res.json()).toEqual({ error: "TOO_MANY_REQUESTS" });
  });

  it("anything else is a 500 that says nothing of the internals, logged once", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/bug" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "INTERNAL" });
    expect(res.body).not.toContain("s3cret");
    expect(res.body).not.toContain("ECONNREFUSED");
    expect(errorLines()).toHaveLength(1);
  });

  it("the real routes throw AppErrors: an unknown order's tickets, an upload without a session", async () => {
    const id = randomUUID();
    const tickets = await app.inject({ method: "GET", url: `/api/orders/${id}/tickets.pdf?key=${orderKey(secret, id)}` });
    expect(tickets.statusCode).toBe(404);
    expect(tickets.json()).toEqual({ error: "ORDER_UNAVAILABLE" });
    const upload = await app.inject({
      method: "POST",
      url: "/api/uploads/event-image",
      headers: { "content-type": "multipart/form-data; boundary=x", origin: "http://localhost:3000" },
      payload: "--x--\r\n",
    });
    expect(upload.statusCode).toBe(401);
    expect(upload.json()).toEqual({ error: "UNAUTHENTICATED" });
  });

  it("the framework's own refusals keep their status: malformed JSON is a 400 with a code", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "BAD_REQUEST" });
    expect(errorLines()).toEqual([]);
  });
});
