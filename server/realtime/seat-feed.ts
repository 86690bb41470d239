import type { WatchMessage } from "../../shared/schemas/shop";
import type { ShopScope } from "../modules/shop/scope";
import type { CallSocket } from "../trpc/context";
import { dataFrame, type ReplyAddress, shared, sharedCopy, sharedJson, withReplyAddress } from "../trpc/transformer";
import { type BusDelivery, MAX_QUEUED_MESSAGES } from "./seat-bus";
import { type SnapshotDeps, sharedSnapshot } from "./seat-snapshots";

const WS_OPEN = 1;
/** A watcher whose socket has this much unsent is skipped and later resynced with a snapshot. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** ...once it has caught up to this. */
const CAUGHT_UP_BYTES = 64 * 1024;

const TEXT_FRAME = { binary: false };

/**
 * The frames of the delivery being fanned out, one per reply address: watchers' subscriptions
 * mostly share a few ids (each socket numbers its own calls), so thousands of watchers get a
 * handful of buffers, each encoded once.
 */
let frames: { message: object; byAddress: Map<string, Buffer> } | null = null;
function frameOf(message: object, address: Addressed): Buffer {
  if (frames?.message !== message) frames = { message, byAddress: new Map() };
  let frame = frames.byAddress.get(address.key);
  if (!frame) frames.byAddress.set(address.key, (frame = Buffer.from(dataFrame(address, sharedJson(message)))));
  return frame;
}

type Addressed = ReplyAddress & { key: string };

/**
 * The live seat map over the watcher's WebSocket: a snapshot through tRPC, then every delta
 * written to the socket straight from the bus's fan-out, as the frame tRPC would send (its
 * JSON made once for all watchers). A delivery costs one socket write per watcher and no
 * per-subscription promise. Deltas that arrive while a snapshot is on its way wait for it; a
 * watcher that cannot keep up (its socket's buffer full) or a bus that lost announcements gets
 * a fresh snapshot instead of the missed deltas.
 */
export async function* socketFeed(deps: SnapshotDeps, scope: ShopScope, socket: CallSocket, signal: AbortSignal | undefined): AsyncGenerator<WatchMessage> {
  let address: Addressed | null = null;
  let live = false;
  let held: Extract<BusDelivery, { kind: "delta" }>[] = [];
  let needSnapshot = false;
  let wake: (() => void) | null = null;
  const sub = deps.bus.watch(scope.scopeId, (d) => {
    if (d.kind === "delta") seen = d.message.version;
    if (d.kind === "resync") {
      live = false;
      needSnapshot = true;
      wake?.();
    } else if (!live) {
      // The snapshot under way covers what is dropped here.
      if (held.length < MAX_QUEUED_MESSAGES) held.push(d);
    } else if (socket.readyState === WS_OPEN) {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        live = false;
        needSnapshot = true;
        wake?.();
      } else {
        socket.send(frameOf(d.message, address!), TEXT_FRAME);
      }
    }
  });
  let seen = sub.version;
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    do {
      needSnapshot = false;
      while (socket.bufferedAmount > CAUGHT_UP_BYTES && !signal?.aborted) await new Promise((resolve) => setTimeout(resolve, 100));
      // Deliveries up to `seen` are in the snapshot read from here on; later ones wait in `held`.
      const version = seen;
      held = [];
      // Read and encoded once for every watcher at this delivery number; each gets its own copy
      // to learn its reply address from.
      const snapshot = sharedCopy(await sharedSnapshot(deps, scope, version));
      yield withReplyAddress(snapshot, (to) => (address = { ...to, key: JSON.stringify([to.id ?? null, to.jsonrpc ?? null]) }));
      // tRPC has written the snapshot (and told its address): deltas now go straight out.
      if (!address) throw new Error("seat feed: the snapshot's reply address is unknown");
      if (needSnapshot) continue;
      for (const d of held) if (d.message.version > version) socket.send(frameOf(d.message, address), TEXT_FRAME);
      held = [];
      live = true;
      while (!needSnapshot && !signal?.aborted) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    } while (!signal?.aborted);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    sub.stop();
  }
}

/** The same feed for transports without a socket of their own (tRPC over HTTP): every message through tRPC. */
export async function* queuedFeed(deps: SnapshotDeps, scope: ShopScope, signal: AbortSignal | undefined): AsyncGenerator<WatchMessage> {
  const queue: BusDelivery[] = [];
  let wake: (() => void) | null = null;
  const sub = deps.bus.watch(scope.scopeId, (d) => {
    if (queue.length >= MAX_QUEUED_MESSAGES) queue.splice(0, queue.length, { kind: "resync" });
    else queue.push(d);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    let version = sub.version;
    yield await sharedSnapshot(deps, scope, version);
    while (!signal?.aborted) {
      const next = queue.shift();
      if (!next) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      if (next.kind === "resync") {
        yield await sharedSnapshot(deps, scope, version);
        continue;
      }
      version = next.message.version;
      // The same object goes to every watcher of this channel: serialised once.
      yield shared(next.message);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    sub.stop();
  }
}
