import { QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../server/trpc/router";

/** What the procedures return and take, for naming a reply's type in a component. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** SPEC §7: no refetch on focus, no retries; query errors logged only when cached data exists. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined) console.error(error);
      },
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/** Shop calls that travel over the seat map's WebSocket (ARCHITECTURE "Realtime"). */
const WS_MUTATIONS = new Set(["shop.hold", "shop.holdBest", "shop.release", "shop.extend"]);

/**
 * HTTP for the app; one WebSocket, opened only while needed (the seat map), for live seat
 * updates and the buyer's holds and releases. It reconnects by itself; subscriptions then
 * start over with a fresh snapshot.
 */
export function createAppClient() {
  const http = httpBatchLink({ url: "/trpc", transformer: superjson, fetch: (url, options) => fetch(url, { ...options, credentials: "same-origin" }) });
  const ws = createWSClient({
    url: () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/trpc`,
    lazy: { enabled: true, closeMs: 30_000 },
  });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription" || WS_MUTATIONS.has(op.path),
        true: wsLink({ client: ws, transformer: superjson }),
        false: http,
      }),
    ],
  });
}
