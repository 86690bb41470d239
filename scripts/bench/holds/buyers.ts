/** Buyers of the hold benchmark: tRPC over WebSocket, as in the browser (client/lib/trpc.ts). */
import { createTRPCClient, createWSClient, type TRPCClient, wsLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../../../server/trpc/router";
import { originWebSocket, wallMs } from "./lib";
import { call, currentPhase, noteError } from "./run-state";
import type { Server } from "./server";
import type { Seat } from "./tracker";

export type Cart = { id: string; secret: string };
export type HoldOutcome = { status: "held" | "taken" | "sold_out" | "error"; won: string[]; sentAt: number; returnedAt: number; cart?: Cart };
export type Buyer = { trpc: TRPCClient<AppRouter>; close: () => void };

/** Buyer WebSockets that closed while in use (e.g. the server's keep-alive gave up on them), per phase. */
export const buyerCloses = new Map<string, number>();
let closingBuyers = false;

/** Closes the buyers' WebSockets at the end (not counted in buyerCloses). */
export function closeBuyers(buyers: readonly Buyer[]): void {
  closingBuyers = true;
  for (const b of buyers) b.close();
}

/** `n` buyers, each with a WebSocket of its own, connected now (not lazily). */
export async function connectBuyers(server: Server, n: number): Promise<Buyer[]> {
  const Ws = originWebSocket(server.baseUrl);
  const buyers = Array.from({ length: n }, () => {
    const client = createWSClient({
      url: server.wsUrl,
      WebSocket: Ws as unknown as typeof WebSocket,
      lazy: { enabled: false, closeMs: 0 },
      onClose: () => {
        if (!closingBuyers) buyerCloses.set(currentPhase, (buyerCloses.get(currentPhase) ?? 0) + 1);
      },
    });
    const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] });
    return { trpc, close: () => void client.close() };
  });
  return buyers;
}

/** shop.hold of `seats` in `cart` (a new cart when null), timed on the wall clock for the watchers. */
export async function apiHold(buyer: Buyer, scopeId: string, cart: Cart | null, seats: readonly Seat[]): Promise<HoldOutcome> {
  const sentAt = wallMs();
  try {
    const res = await call(buyer.trpc.shop.hold.mutate({ scopeId, cart, seats: seats.map((s) => ({ key: s.key, ticketCategoryId: s.tc })) }));
    const returnedAt = wallMs();
    if (res.status === "held") {
      const next = res.cart.secret ? { id: res.cart.id, secret: res.cart.secret } : cart!;
      return { status: "held", won: res.seats, sentAt, returnedAt, cart: next };
    }
    return { status: res.status, won: [], sentAt, returnedAt };
  } catch (err) {
    noteError(err);
    return { status: "error", won: [], sentAt, returnedAt: wallMs() };
  }
}

/** shop.release of `keys` from `cart`, timed. */
export async function apiRelease(buyer: Buyer, cart: Cart, keys: string[]): Promise<{ ms: number; released: string[] }> {
  const t = performance.now();
  try {
    const res = await call(buyer.trpc.shop.release.mutate({ cart, seatKeys: keys }));
    return { ms: performance.now() - t, released: res.released };
  } catch (err) {
    noteError(err);
    return { ms: performance.now() - t, released: [] };
  }
}
