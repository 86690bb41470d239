import { createTRPCClient, httpLink, TRPCClientError, type TRPCClient } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import superjson from "superjson";
import type { AppRouter } from "../../../server/trpc/router";
import type { AppErrorCode } from "../../../shared/errors";

/** The app's procedures, typed from the router: `trpc.events.create.mutate(input)`. */
export type TestTrpc = TRPCClient<AppRouter>;

/** Only the path travels to `app.inject`; the origin is a placeholder the link needs. */
const ORIGIN = "http://test.invalid";

/**
 * A tRPC client whose requests go through `request` (the test client's `app.inject` with its
 * cookie jar and address), speaking the wire format of the real browser client (httpLink, superjson).
 */
export function createTestTrpc(request: (init: InjectOptions) => Promise<LightMyRequestResponse>): TestTrpc {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${ORIGIN}/trpc`,
        transformer: superjson,
        fetch: async (input, init) => {
          const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
          const response = await request({
            method: (init?.method ?? "GET") as InjectOptions["method"],
            url: url.pathname + url.search,
            headers: Object.fromEntries(new Headers(init?.headers as HeadersInit | undefined)),
            ...(typeof init?.body === "string" ? { payload: init.body } : {}),
          });
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
          }
          return new Response(response.body, { status: response.statusCode, headers });
        },
      }),
    ],
  });
}

/** A refused call, as our errorFormatter describes it. */
export type CallError = {
  appCode: AppErrorCode;
  httpStatus: number;
  fieldErrors: Record<string, string[]> | null;
  retryAfter: number | null;
  detail: string | null;
  message: string;
};

export type Attempt<T> = { data: T; error?: undefined } | { data?: undefined; error: CallError };

/** Settles a typed call into its data or its error (only tRPC errors; anything else rethrows). */
export async function attempt<T>(call: Promise<T>): Promise<Attempt<T>> {
  try {
    return { data: await call };
  } catch (cause) {
    if (!(cause instanceof TRPCClientError) || !cause.data) throw cause;
    const data = (cause as TRPCClientError<AppRouter>).data!;
    return {
      error: {
        appCode: data.appCode,
        httpStatus: data.httpStatus,
        fieldErrors: data.fieldErrors,
        retryAfter: data.retryAfter,
        detail: data.detail,
        message: cause.message,
      },
    };
  }
}

/** The error of a call that must be refused; fails loudly when it succeeded. */
export async function failure(call: Promise<unknown>): Promise<CallError> {
  const result = await attempt(call);
  if (!result.error) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
  return result.error;
}

/** What a procedure takes and returns: `RouterInput["events"]["create"]`. */
export type RouterInput = inferRouterInputs<AppRouter>;
export type RouterOutput = inferRouterOutputs<AppRouter>;

/** Input the router's types refuse, sent on purpose to test the server's validation. */
export function malformed<T>(input: unknown): T {
  return input as T;
}
