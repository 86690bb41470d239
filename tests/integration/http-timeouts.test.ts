import { createRequire } from "node:module";
import { type AddressInfo, connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createTestDeps, TEST_BASE_URL } from "./helpers/config";
import { createTestDatabase, type TestDatabase } from "./helpers/database";

/**
 * Issue 12 item 8: the server never timed a request out (Fastify's default), so a client that
 * sends its headers or body a byte at a time holds a connection for ever. Here with a 1 s
 * request timeout (production: HTTP_REQUEST_TIMEOUT_MS, 120 s by default).
 */

const TIMEOUT_MS = 1000;

let database: TestDatabase;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(createTestDeps(database, { HTTP_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

/** Sends `head` and then nothing; resolves with what came back and when the server closed. */
function sendAndStall(head: string, giveUpMs = 15_000): Promise<{ response: string; closedAfterMs: number | null }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    let response = "";
    socket.on("data", (chunk) => (response += chunk.toString("latin1")));
    socket.on("error", reject);
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ response, closedAfterMs: null });
    }, giveUpMs);
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ response, closedAfterMs: Date.now() - started });
    });
  });
}

describe("request timeouts", () => {
  it("a body that never arrives is cut off with 408", async () => {
    const head =
      "POST /trpc/contact.submit HTTP/1.1\r\nHost: localhost\r\nOrigin: " +
      TEST_BASE_URL +
      "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"firstName\":";
    const { response, closedAfterMs } = await sendAndStall(head);
    expect(closedAfterMs, "the server never closed the connection").not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(response).toMatch(/^HTTP\/1\.1 408/);
  });

  it("headers that never end are cut off too", async () => {
    const { response, closedAfterMs } = await sendAndStall("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1");
    expect(closedAfterMs, "the server never closed the connection").not.toBeNull();
    expect(response).toMatch(/^HTTP\/1\.1 408/);
  });

  it("an idle connection that never sends a request is closed", async () => {
    const { closedAfterMs } = await sendAndStall("");
    expect(closedAfterMs, "the server never closed the connection").not.toBeNull();
  });

  it("a normal request is answered, and a WebSocket outlives the timeouts", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);

    const NodeWebSocket = createRequire(import.meta.url)("ws") as new (url: string, options: object) => {
      readyState: number;
      on: (event: string, listener: () => void) => void;
      close: () => void;
    };
    const socket = new NodeWebSocket(`ws://127.0.0.1:${port}/trpc`, { headers: { origin: TEST_BASE_URL } });
    await new Promise<void>((resolve, reject) => {
      socket.on("open", resolve);
      socket.on("error", reject);
    });
    // Idle for longer than both the request and the connection timeout.
    await new Promise((r) => setTimeout(r, 3 * TIMEOUT_MS));
    expect(socket.readyState).toBe(1); // OPEN
    socket.close();
  });
});
