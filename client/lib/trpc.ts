import { QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { AppRouter } from "../../server/trpc/router";

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

export function createHttpClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: "/trpc", transformer: superjson, fetch: (url, options) => fetch(url, { ...options, credentials: "same-origin" }) })],
  });
}
