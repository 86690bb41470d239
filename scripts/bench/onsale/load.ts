/**
 * A load process of the on-sale benchmark (scripts/bench/onsale.ts): its share of the buyers,
 * each its own device (a device cookie of its own), client address and WebSocket, as a browser
 * on the seat map. Each buyer repeats: hold 2 seats (best available, or 2 random free seats) ->
 * checkout -> the test provider's "pay" -> the order is valid, until the deadline or sell-out.
 * Talks to the parent over IPC: "ready" after connecting, then "go", then one "result".
 */
import { randomBytes } from "node:crypto";
import { createTRPCClient, createWSClient, type TRPCClient, wsLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../../../server/trpc/router";
import { mintDevice } from "../../../server/http/device";
import { Histogram, sleep, WS, wallMs, watcherAddress } from "../holds/lib";

export type LoadConfig = {
  worker: number;
  buyers: number;
  /** Buyer numbers start here (addresses and e-mails are unique across processes). */
  firstBuyer: number;
  wsUrl: string;
  origin: string;
  appSecret: string;
  scopeId: string;
  eventId: string;
  /** The event's waiting room is on: each buyer joins it and holds with its admission. */
  waitingRoom: boolean;
  ticketCategoryId: string;
  mode: "best" | "random";
  /** Random mode: the seat keys this process picks from (in random order). */
  seats: string[];
  seconds: number;
};

export type LoadResult = {
  worker: number;
  hold: [number, number][];
  order: [number, number][];
  holds: number;
  taken: number;
  soldOut: number;
  errors: number;
  errorSamples: string[];
  completed: number;
  /** Each completed order's buyer e-mail and when its order was valid (wall clock ms). */
  done: [string, number][];
  /** Wall clock of the first and last completion. */
  firstAt: number;
  lastAt: number;
  /** Waiting room: ms from joining to being let in, per buyer. */
  admitted: [number, number][];
};

type Client = { trpc: TRPCClient<AppRouter>; close: () => void };

function connect(cfg: LoadConfig, n: number): Client {
  const device = mintDevice(cfg.appSecret).cookie;
  const localAddress = watcherAddress(n * 50); // one address per buyer (127.10.x.y)
  const Base = WS as unknown as new (url: string, protocols?: string | string[], options?: Record<string, unknown>) => object;
  const Ws = class extends Base {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { origin: cfg.origin, headers: { cookie: `device=${device}` }, localAddress, perMessageDeflate: false });
    }
  };
  const client = createWSClient({ url: cfg.wsUrl, WebSocket: Ws as unknown as typeof WebSocket, lazy: { enabled: false, closeMs: 0 } });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] });
  return { trpc, close: () => void client.close() };
}

async function run(cfg: LoadConfig, go: Promise<void>): Promise<LoadResult> {
  const clients = Array.from({ length: cfg.buyers }, (_, i) => connect(cfg, cfg.firstBuyer + i));
  // Connected: each asks the date once (as the page does), which also opens the socket.
  await Promise.all(clients.map((c) => c.trpc.shop.scope.query({ scopeId: cfg.scopeId })));
  process.send!({ type: "ready" });
  await go;
  const hold = new Histogram();
  const order = new Histogram();
  const admittedIn = new Histogram();
  const res: LoadResult = { worker: cfg.worker, hold: [], order: [], holds: 0, taken: 0, soldOut: 0, errors: 0, errorSamples: [], completed: 0, done: [], firstAt: 0, lastAt: 0, admitted: [] };
  const deadline = Date.now() + cfg.seconds * 1000;
  let soldOut = false;
  let cursor = 0;
  const nextSeats = () => {
    if (cursor + 2 > cfg.seats.length) return null;
    cursor += 2;
    return cfg.seats.slice(cursor - 2, cursor);
  };
  const fail = (err: unknown) => {
    res.errors++;
    if (res.errorSamples.length < 5) res.errorSamples.push(err instanceof Error ? err.message.slice(0, 200) : String(err));
  };

  await Promise.all(
    clients.map(async (c, i) => {
      const n = cfg.firstBuyer + i;
      let round = 0;
      // With the room on: join, wait to be let in (at the pace the server asks), hold with the admission.
      let admission: string | undefined;
      if (cfg.waitingRoom) {
        const joinedAt = performance.now();
        try {
          const joined = await c.trpc.waitingRoom.join.mutate({ eventId: cfg.eventId, token: null });
          let status = joined.status;
          admission = joined.token ?? undefined;
          while (status.state === "waiting" && Date.now() < deadline) {
            await sleep(status.pollMs);
            status = await c.trpc.waitingRoom.status.query({ eventId: cfg.eventId, token: admission! });
          }
          if (status.state !== "admitted" && status.state !== "off") return;
          admittedIn.add(performance.now() - joinedAt);
        } catch (err) {
          fail(err);
          return;
        }
      }
      while (!soldOut && Date.now() < deadline) {
        round++;
        const t0 = performance.now();
        let held: { cart: { id: string; secret: string }; seats: string[] } | null = null;
        try {
          let r;
          if (cfg.mode === "best") {
            r = await c.trpc.shop.holdBest.mutate({ scopeId: cfg.scopeId, cart: null, ticketCategoryId: cfg.ticketCategoryId, quantity: 2, admission });
          } else {
            const keys = nextSeats();
            if (!keys) {
              soldOut = true;
              break;
            }
            r = await c.trpc.shop.hold.mutate({ scopeId: cfg.scopeId, cart: null, seats: keys.map((key) => ({ key, ticketCategoryId: cfg.ticketCategoryId })), admission });
          }
          hold.add(performance.now() - t0);
          res.holds++;
          if (r.status === "held") held = { cart: { id: r.cart.id, secret: r.cart.secret! }, seats: r.seats };
          else if (r.status === "taken") res.taken++;
          else if (r.status === "sold_out") {
            res.soldOut++;
            if (cfg.mode === "best") soldOut = true;
          }
        } catch (err) {
          fail(err);
          await sleep(50);
        }
        if (!held) continue;
        const t1 = performance.now();
        const email = `b${n}-${round}@onsale.bench`;
        try {
          const co = await c.trpc.orders.checkout.mutate({
            cart: held.cart,
            idempotencyKey: randomBytes(12).toString("base64url"),
            buyer: { firstName: "Bench", lastName: `Buyer ${n}`, email },
            tickets: held.seats.map((key) => ({ ticketCategoryId: cfg.ticketCategoryId, seatKeys: [key] })),
            acceptTerms: true,
            locale: "de",
          });
          const paymentId = /\/test-payment\/([0-9a-f-]{36})/.exec(co.redirectUrl)?.[1];
          if (!paymentId) throw new Error(`checkout did not lead to the test provider: ${co.redirectUrl}`);
          const paid = await c.trpc.orders.testDecide.mutate({ paymentId, outcome: "paid" });
          if (paid.kind !== "order" || paid.status !== "valid") throw new Error(`order not valid after paying: ${JSON.stringify(paid)}`);
          order.add(performance.now() - t1);
          res.completed++;
          const at = wallMs();
          res.done.push([email, at]);
          if (!res.firstAt) res.firstAt = at;
          res.lastAt = at;
        } catch (err) {
          fail(err);
        }
      }
    }),
  );
  res.hold = hold.toJSON();
  res.admitted = admittedIn.toJSON();
  res.order = order.toJSON();
  for (const c of clients) c.close();
  return res;
}

let start: (cfg: LoadConfig) => void;
const configured = new Promise<LoadConfig>((resolve) => (start = resolve));
let letGo: () => void;
const go = new Promise<void>((resolve) => (letGo = resolve));
process.on("message", (msg: { type: string; config?: LoadConfig }) => {
  if (msg.type === "start") start(msg.config!);
  if (msg.type === "go") letGo();
});
const cfg = await configured;
run(cfg, go).then(
  (result) => process.send!({ type: "result", result }, () => process.exit(0)),
  (err: unknown) => {
    console.error(`[load ${cfg.worker}]`, err);
    process.exit(1);
  },
);
