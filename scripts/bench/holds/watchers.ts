/**
 * A watcher process of the hold benchmark (forked by scripts/bench/holds.ts): opens many
 * WebSockets that speak tRPC's WebSocket protocol directly, each subscribed to `shop.watch` of
 * one event date, and stamps every delivery on arrival.
 *
 * To stay light it reads only the delivery number (`version`, the same on every watcher of the
 * channel) of each delta; one reference socket per process parses deltas fully to learn which
 * seat states each delivery number carried. Delivery delays are computed here, at the end,
 * against the hold times the parent sends, and go back as a mergeable histogram.
 */
import { Histogram, originWebSocket, sleep, wallMs, watcherAddress, type WsSocket } from "./lib";

/**
 * `first`: the number of this process's first watcher among all (it picks the client address);
 * `spreadMs`: open the watchers evenly over this time instead of as fast as possible.
 */
export type StartMessage = {
  type: "start";
  url: string;
  origin: string;
  scopeId: string;
  count: number;
  first: number;
  connectConcurrency: number;
  spreadMs?: number;
  readyTimeoutMs: number;
};
/** One won seat of a hold: `key@version` (its announced state), request sent, response received. */
export type HoldRecord = [keyAtVersion: string, sentAt: number, returnedAt: number];
export type CollectMessage = { type: "collect"; holds: HoldRecord[]; quietMs: number; maxWaitMs: number };
export type ReadyReport = { type: "ready"; opened: number; failed: number; snapshotBytes: number; connectMs: number; errors: string[] };
export type ResultReport = {
  type: "result";
  fromCommit: [number, number][];
  fromReturn: [number, number][];
  fromSend: [number, number][];
  fromSentAt: [number, number][];
  matched: number;
  missing: number;
  unknownHolds: number;
  deltas: number;
  resyncs: number;
  closed: number;
  errors: string[];
};

const DELTA_MARK = Buffer.from('"type":"delta","version":');
const SNAPSHOT_MARK = '"type":"snapshot"';

type Watcher = {
  ws: WsSocket;
  ready: boolean;
  /** Delivery number of the snapshot; deltas count on from there. */
  base: number;
  /** Arrival time of delivery `base + 1 + i`. */
  times: number[];
  reference: boolean;
};

const errors: string[] = [];
const noteError = (msg: string) => {
  if (errors.length < 10) errors.push(msg);
};

/** Delivery number -> when the server sent it, and `key@version` of a held seat -> delivery number. */
const sentAtOf = new Map<number, number>();
const deliveryOf = new Map<string, number>();
let deltas = 0;
let resyncs = 0;
let closed = 0;
let lastMessageAt = 0;
let snapshotBytes = 0;

function readVersion(data: Buffer, at: number): number {
  let v = 0;
  for (let i = at; i < data.length; i++) {
    const c = data[i]!;
    if (c < 48 || c > 57) break;
    v = v * 10 + (c - 48);
  }
  return v;
}

function open(w: Omit<Watcher, "ws">, start: StartMessage, Ws: ReturnType<typeof originWebSocket>, n: number): Promise<Watcher | null> {
  return new Promise((resolve) => {
    const ws = new Ws(start.url, undefined, { localAddress: watcherAddress(n) });
    const watcher: Watcher = { ...w, ws };
    let settled = false;
    const settle = (v: Watcher | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(v);
    };
    const timer = setTimeout(() => {
      noteError("no snapshot within the time limit");
      ws.terminate();
      settle(null);
    }, start.readyTimeoutMs);
    ws.on("unexpected-response", (_req, res) => {
      noteError(`upgrade refused: HTTP ${res.statusCode}`);
      settle(null);
    });
    ws.on("error", (err) => {
      noteError(err.message);
      settle(null);
    });
    ws.on("close", () => {
      if (watcher.ready) closed++;
      settle(null);
    });
    ws.on("open", () => {
      ws.send(JSON.stringify({ id: 1, method: "subscription", params: { path: "shop.watch", input: { json: { scopeId: start.scopeId } } } }));
    });
    ws.on("message", (data) => {
      const t = wallMs();
      lastMessageAt = t;
      const head = data.subarray(0, 160);
      const at = head.indexOf(DELTA_MARK);
      if (at >= 0) {
        const version = readVersion(data, at + DELTA_MARK.length);
        const i = version - watcher.base - 1;
        if (i >= 0) watcher.times[i] = t;
        if (watcher.reference) {
          deltas++;
          const msg = JSON.parse(data.toString()) as { result: { data: { json: { seats: { k: string; s: string; v: number }[]; sentAt: number } } } };
          const delta = msg.result.data.json;
          sentAtOf.set(version, delta.sentAt);
          for (const s of delta.seats) if (s.s === "PAYMENT_PENDING") deliveryOf.set(`${s.k}@${s.v}`, version);
        }
        return;
      }
      const text = data.toString();
      if (text === "PING") return ws.send("PONG");
      if (text.includes(SNAPSHOT_MARK)) {
        const msg = JSON.parse(text) as { result: { data: { json: { version: number } } } };
        if (!watcher.ready) {
          watcher.ready = true;
          watcher.base = msg.result.data.json.version;
          if (watcher.reference) snapshotBytes = data.length;
          settle(watcher);
        } else {
          // Fell too far behind: the server sent a fresh snapshot instead of the missed deltas.
          resyncs++;
        }
        return;
      }
      if (text.includes('"error"')) noteError(text.slice(0, 300));
    });
  });
}

async function start(msg: StartMessage): Promise<Watcher[]> {
  const Ws = originWebSocket(msg.origin);
  const started = performance.now();
  const watchers: Watcher[] = [];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < msg.count) {
      const index = next++;
      if (msg.spreadMs) {
        const due = started + (index * msg.spreadMs) / msg.count;
        if (performance.now() < due) await sleep(due - performance.now());
      }
      const w = await open({ ready: false, base: 0, times: [], reference: index === 0 }, msg, Ws, msg.first + index);
      if (w) watchers.push(w);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(msg.connectConcurrency, msg.count) }, worker));
  const report: ReadyReport = { type: "ready", opened: watchers.length, failed, snapshotBytes, connectMs: performance.now() - started, errors: [...errors] };
  process.send!(report);
  return watchers;
}

async function collect(watchers: Watcher[], msg: CollectMessage): Promise<ResultReport> {
  // Wait until the deliveries stopped coming (or the time limit).
  const until = wallMs() + msg.maxWaitMs;
  while (wallMs() - lastMessageAt < msg.quietMs && wallMs() < until) await sleep(100);
  const fromCommit = new Histogram();
  const fromReturn = new Histogram();
  const fromSend = new Histogram();
  const fromSentAt = new Histogram();
  let matched = 0;
  let missing = 0;
  let unknownHolds = 0;
  for (const [key, sentAt, returnedAt] of msg.holds) {
    const delivery = deliveryOf.get(key);
    if (delivery === undefined) {
      unknownHolds++;
      continue;
    }
    const serverSentAt = sentAtOf.get(delivery)!;
    // The commit came before the response left the server and before the announcement did.
    const committedBy = Math.min(returnedAt, serverSentAt);
    for (const w of watchers) {
      const t = w.times[delivery - w.base - 1];
      if (t === undefined) {
        missing++;
        continue;
      }
      matched++;
      fromCommit.add(t - committedBy);
      fromReturn.add(t - returnedAt);
      fromSend.add(t - sentAt);
      fromSentAt.add(t - serverSentAt);
    }
  }
  return {
    type: "result",
    fromCommit: fromCommit.toJSON(),
    fromReturn: fromReturn.toJSON(),
    fromSend: fromSend.toJSON(),
    fromSentAt: fromSentAt.toJSON(),
    matched,
    missing,
    unknownHolds,
    deltas,
    resyncs,
    closed,
    errors: [...errors],
  };
}

let watchers: Watcher[] = [];
process.on("message", (raw: StartMessage | CollectMessage | { type: "exit" }) => {
  void (async () => {
    if (raw.type === "start") watchers = await start(raw);
    else if (raw.type === "collect") process.send!(await collect(watchers, raw));
    else {
      for (const w of watchers) w.ws.terminate();
      process.disconnect();
      setTimeout(() => process.exit(0), 200).unref();
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
process.on("disconnect", () => process.exit(0));
