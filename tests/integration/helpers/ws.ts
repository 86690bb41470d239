import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { createTRPCClient, createWSClient, TRPCClientError, wsLink } from "@trpc/client";
import type { FastifyInstance } from "fastify";
import superjson from "superjson";
import { buildApp } from "../../../server/app";
import type { Config } from "../../../server/config";
import { openDatabase } from "../../../server/db/client";
import type { AppDeps } from "../../../server/deps";
import type { AppRouter } from "../../../server/trpc/router";
import type { AppErrorCode } from "../../../shared/errors";
import type { WatchMessage } from "../../../shared/schemas/shop";
import { unpackSeats } from "../../../shared/seating/packed-seats";
import { createTestClient, type TestClient } from "./app";
import { createTestDeps, TEST_BASE_URL } from "./config";
import type { TestDatabase } from "./database";

/**
 * The `ws` package (a dependency of @fastify/websocket, without bundled types): the WebSocket
 * a Node client needs, which, unlike a browser's, lets a test set the Origin header.
 */
type NodeWebSocketClass = new (address: string, options?: { headers?: Record<string, string> }) => WebSocket & {
  on: (event: string, listener: (...args: never[]) => void) => void;
  terminate: () => void;
};
const NodeWebSocket = createRequire(import.meta.url)("ws") as NodeWebSocketClass;

/** Listens on a free local port; returns the WebSocket URL of the tRPC endpoint. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${address.port}/trpc`;
}

/** The HTTP status a bare WebSocket upgrade from `origin` gets (101 when it is accepted). */
export function upgradeStatus(url: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new NodeWebSocket(url, { headers: { origin } });
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("unexpected-response", (_req: never, res: { statusCode: number }) => {
      socket.terminate();
      resolve(res.statusCode);
    });
    socket.on("error", (err: Error) => reject(err));
  });
}

export type WsTrpc = {
  trpc: ReturnType<typeof createTRPCClient<AppRouter>>;
  close: () => Promise<void>;
};

/** A tRPC client speaking over one WebSocket, as the buyer's seat-map page does (`headers`: e.g. a session cookie). */
export function connectWs(url: string, origin: string = TEST_BASE_URL, headers: Record<string, string> = {}): WsTrpc {
  class OriginWebSocket extends NodeWebSocket {
    constructor(address: string) {
      super(address, { headers: { ...headers, origin } });
    }
  }
  const client = createWSClient({ url, WebSocket: OriginWebSocket as unknown as typeof WebSocket, retryDelayMs: () => 200 });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] });
  return { trpc, close: () => client.close() };
}

export type Received = { message: WatchMessage; at: number };

export type Watcher = {
  /** Everything received so far, in order, with the local time it arrived. */
  received: Received[];
  error: TRPCClientError<AppRouter> | null;
  /** The first message (from the start) that matches; waits up to `timeoutMs`. */
  waitFor: (match: (m: WatchMessage) => boolean, timeoutMs?: number) => Promise<Received>;
  /** The error that ended the subscription; waits up to `timeoutMs`. */
  waitForError: (timeoutMs?: number) => Promise<TRPCClientError<AppRouter>>;
  stop: () => void;
};

/** Subscribes to `shop.watch` and records what arrives. */
export function watch(ws: WsTrpc, input: { scopeId: string; access?: string }): Watcher {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const poke = () => {
    for (const w of waiters) w();
  };
  const watcher: Watcher = {
    received,
    error: null,
    waitFor: (match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find((r) => match(r.message));
          if (hit) {
            done();
            resolve(hit);
          } else if (watcher.error) {
            done();
            reject(watcher.error);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching watch message within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.message))}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    waitForError: (timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (watcher.error) {
            done();
            resolve(watcher.error);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no error within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.message))}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    stop: () => sub.unsubscribe(),
  };
  const sub = ws.trpc.shop.watch.subscribe(input, {
    onData: (message) => {
      received.push({ message: message as WatchMessage, at: Date.now() });
      poke();
    },
    onError: (err) => {
      watcher.error = err;
      poke();
    },
  });
  return watcher;
}

/** The appCode of a tRPC client error (over WebSocket). */
export function wsAppCode(err: unknown): AppErrorCode | undefined {
  if (!(err instanceof TRPCClientError)) throw err;
  return (err.data as { appCode?: AppErrorCode } | undefined)?.appCode;
}

/** The seat state of `key` in a watch message (a snapshot's seats unpacked), if it names it. */
export function seatIn(message: WatchMessage, key: string) {
  return (message.type === "snapshot" ? unpackSeats(message.seats) : message.seats).find((s) => s.k === key);
}

export type Instance = {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  client: (options?: { remoteAddress?: string }) => TestClient;
  close: () => Promise<void>;
};

/**
 * Another instance of the app on an existing Postgres database (its own connections, its own
 * LISTEN and seat bus), as a second server of a deployment would be.
 */
export async function createInstance(database: TestDatabase, configOverrides: Record<string, string> = {}): Promise<Instance> {
  if (!database.url) throw new Error("a second instance needs a Postgres database (TEST_DATABASE_URL)");
  const own = await openDatabase({ url: database.url, maxConnections: 5 });
  const deps = createTestDeps(own, configOverrides);
  const app = await buildApp(deps);
  await app.ready();
  let closed = false;
  return {
    app,
    deps,
    config: deps.config,
    client: (options) => createTestClient(app, options),
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await own.close();
    },
  };
}
