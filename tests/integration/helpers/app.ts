import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../../server/app";
import type { Config } from "../../../server/config";
import type { AppDeps } from "../../../server/deps";
import type { AppErrorCode } from "../../../shared/errors";
import { createTestDeps } from "./config";
import { createTestDatabase, type TestDatabase } from "./database";
import { createTestTrpc, type Attempt, type TestTrpc } from "./trpc";

/**
 * A browser-like client of the app: keeps the cookies the server sets (and drops those it
 * clears) and sends them back on every request.
 */
export type TestClient = {
  cookies: Map<string, string>;
  remoteAddress: string;
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** The procedures, typed: `trpc.events.create.mutate(input)` (rejects on an error; see `attempt`). */
  trpc: TestTrpc;
  /** The last HTTP response this client received (its cookies, headers); unclear under parallel calls. */
  lastResponse: () => LightMyRequestResponse | undefined;
};

let clientCount = 0;

/**
 * Every client comes from its own IP address (per-IP rate limits then do not leak between
 * tests); pass `remoteAddress` to make several clients share one.
 */
export function createTestClient(app: FastifyInstance, options: { remoteAddress?: string } = {}): TestClient {
  clientCount++;
  const remoteAddress = options.remoteAddress ?? `10.0.${Math.floor(clientCount / 250) % 250}.${(clientCount % 250) + 1}`;
  const cookies = new Map<string, string>();
  let lastResponse: LightMyRequestResponse | undefined;

  const request = async (init: InjectOptions): Promise<LightMyRequestResponse> => {
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await app.inject({
      remoteAddress,
      ...init,
      headers: { ...(cookieHeader ? { cookie: cookieHeader } : {}), ...init.headers },
    });
    lastResponse = response;
    for (const cookie of response.cookies) {
      const cleared = cookie.value === "" || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (cleared) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  };

  return {
    cookies,
    remoteAddress,
    request,
    trpc: createTestTrpc(request),
    lastResponse: () => lastResponse,
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** What the app was built with (the seat bus, the database, …). */
  deps: AppDeps;
  /** A new browser with an empty cookie jar (and, unless given, its own IP address). */
  client: (options?: { remoteAddress?: string }) => TestClient;
  close: () => Promise<void>;
};

/** The real HTTP app on a fresh database of its own. */
export async function createTestApp(configOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const deps = createTestDeps(database, configOverrides);
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    database,
    config: deps.config,
    deps,
    client: (options) => createTestClient(app, options),
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** The appCode of a settled call (`attempt`); fails loudly when the call succeeded. */
export function appCodeOf(res: Attempt<unknown>): AppErrorCode {
  if (!res.error) throw new Error(`expected an error, got success with ${JSON.stringify(res.data)}`);
  return res.error.appCode;
}
