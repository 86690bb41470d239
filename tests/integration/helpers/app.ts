import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../../server/app";
import type { Config } from "../../../server/config";
import type { AppDeps } from "../../../server/deps";
import { appRouter } from "../../../server/trpc/router";
import type { AppErrorCode } from "../../../shared/errors";
import { createTestDeps } from "./config";
import { createTestDatabase, type TestDatabase } from "./database";
import { createTestTrpc, type Attempt, type TestTrpc } from "./trpc";

/** The error body of a failed tRPC call, as our errorFormatter shapes it. */
export type TrpcErrorBody = {
  message: string;
  code: number;
  data: {
    code: string;
    httpStatus: number;
    path?: string;
    appCode: AppErrorCode;
    fieldErrors: Record<string, string[]> | null;
  };
};

export type TrpcResponse<T> = {
  status: number;
  response: LightMyRequestResponse;
  data: T | undefined;
  error: TrpcErrorBody | undefined;
};

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
  /** @deprecated by `trpc`: calls by path string with hand-written result types. */
  query: <T = unknown>(path: string, input?: unknown) => Promise<TrpcResponse<T>>;
  mutate: <T = unknown>(path: string, input?: unknown) => Promise<TrpcResponse<T>>;
};

/** The router's own data transformer, so the wire format is whatever the real client speaks. */
const transformer = appRouter._def._config.transformer;

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

  const toTrpc = <T>(response: LightMyRequestResponse): TrpcResponse<T> => {
    const body = response.json<{ result?: { data: unknown }; error?: unknown }>();
    return {
      status: response.statusCode,
      response,
      data: body.result ? (transformer.output.deserialize(body.result.data) as T) : undefined,
      error: body.error === undefined ? undefined : (transformer.output.deserialize(body.error) as TrpcErrorBody),
    };
  };

  return {
    cookies,
    remoteAddress,
    request,
    trpc: createTestTrpc(request),
    lastResponse: () => lastResponse,
    query: async <T>(path: string, input?: unknown) => {
      const search =
        input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(transformer.input.serialize(input)))}`;
      return toTrpc<T>(await request({ method: "GET", url: `/trpc/${path}${search}` }));
    },
    mutate: async <T>(path: string, input?: unknown) =>
      toTrpc<T>(
        await request({
          method: "POST",
          url: `/trpc/${path}`,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(input === undefined ? {} : transformer.input.serialize(input)),
        }),
      ),
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

/** The appCode of a failed call (by path string or `attempt`); fails loudly when the call succeeded. */
export function appCodeOf(res: Attempt<unknown>): AppErrorCode;
export function appCodeOf(res: TrpcResponse<unknown>): AppErrorCode;
export function appCodeOf(res: TrpcResponse<unknown> | Attempt<unknown>): AppErrorCode {
  if (!res.error) {
    const status = "status" in res ? `HTTP ${res.status}` : "success";
    throw new Error(`expected an error, got ${status} with ${JSON.stringify(res.data)}`);
  }
  return "appCode" in res.error ? res.error.appCode : res.error.data.appCode;
}
