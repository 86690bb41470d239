import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queuedFeed, socketFeed } from "../../server/realtime/seat-feed";
import { loadScope, type ShopScope } from "../../server/modules/shop/scope";
import type { SeatBus } from "../../server/realtime/seat-bus";
import type { CallSocket, Context } from "../../server/trpc/context";
import { transformer, wsEncoder } from "../../server/trpc/transformer";
import type { WatchMessage } from "../../shared/schemas/shop";
import { createTestApp, type TestApp } from "./helpers/app";
import { createShopEvent } from "./helpers/shop";

/** A WebSocket stand-in: records what the feed writes and lets the test fill its send buffer. */
class FakeSocket implements CallSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: { id: unknown; message: WatchMessage }[] = [];
  send(data: Buffer, options: { binary: boolean }): void {
    expect(options.binary).toBe(false);
    const reply = JSON.parse(data.toString()) as { id: unknown; result: { type: string; data: Parameters<typeof transformer.output.deserialize>[0] } };
    expect(reply.result.type).toBe("data");
    this.frames.push({ id: reply.id, message: transformer.output.deserialize(reply.result.data) as WatchMessage });
  }
}

/** What tRPC's WebSocket adapter does with a yielded value: serialise it, encode the reply, send it. */
function sendAsTrpc(socket: FakeSocket, id: number, value: WatchMessage): void {
  const frame = wsEncoder.encode({ id, result: { type: "data", data: transformer.output.serialize(value) } });
  socket.send(Buffer.from(frame as string), { binary: false });
}

const seat = (k: string, v: number) => ({ k, s: "PAYMENT_PENDING" as const, v });
const versions = (socket: FakeSocket) => socket.frames.map((f) => [f.message.type, f.message.version]);

describe("the seat feed over a watcher's own socket", () => {
  let t: TestApp;
  let scope: ShopScope;
  let bus: SeatBus;

  beforeAll(async () => {
    t = await createTestApp();
    const shop = await createShopEvent(t);
    scope = (await loadScope(t.deps.database.db, shop.dateIds[0]!))!;
    bus = t.deps.bus;
  });
  afterAll(async () => {
    await t.close();
  });

  function open(socket: FakeSocket) {
    const abort = new AbortController();
    const ctx: Context = { ...t.deps, auth: null, ip: "127.0.0.1", device: null, cookies: { set: () => {}, clear: () => {} }, socket };
    const feed = socketFeed(ctx, scope, socket, abort.signal);
    return { feed, abort };
  }

  it("after the snapshot, deltas go to the socket as tRPC replies of the subscription, numbered on from the snapshot", async () => {
    const a = new FakeSocket();
    const b = new FakeSocket();
    const fa = open(a);
    const fb = open(b);
    const first = await fa.feed.next();
    const firstB = await fb.feed.next();
    expect(first.value?.type).toBe("snapshot");
    sendAsTrpc(a, 7, first.value!);
    sendAsTrpc(b, 3, firstB.value!);
    // The feed resumes once tRPC has sent the snapshot; then it waits for the bus.
    const pendingA = fa.feed.next();
    const pendingB = fb.feed.next();
    await new Promise((r) => setImmediate(r));

    bus.announce(scope.scopeId, { seats: [seat("A:0:0", 2)] });
    bus.announce(scope.scopeId, { seats: [seat("A:0:1", 2)] });
    const base = first.value!.version;
    // The first goes out at once; the second may wait for the channel's fan-out window (longer
    // when the machine is busy and a delivery cost more than a millisecond).
    await vi.waitFor(() => expect(a.frames).toHaveLength(3), { timeout: 2000, interval: 5 });
    await vi.waitFor(() => expect(b.frames).toHaveLength(3), { timeout: 2000, interval: 5 });
    expect(versions(a)).toEqual([
      ["snapshot", base],
      ["delta", base + 1],
      ["delta", base + 2],
    ]);
    // Each socket's frames carry its own subscription id.
    expect(a.frames.map((f) => f.id)).toEqual([7, 7, 7]);
    expect(b.frames.map((f) => f.id)).toEqual([3, 3, 3]);
    expect(a.frames[2]!.message).toMatchObject({ type: "delta", seats: [seat("A:0:1", 2)] });

    // Stopping a feed takes it off the bus: no more frames.
    const before = bus.watcherCount();
    fa.abort.abort();
    expect((await pendingA).done).toBe(true);
    expect(bus.watcherCount()).toBe(before - 1);
    bus.announce(scope.scopeId, { seats: [seat("A:0:2", 2)] });
    await vi.waitFor(() => expect(b.frames).toHaveLength(4), { timeout: 2000, interval: 5 });
    expect(a.frames).toHaveLength(3);
    fb.abort.abort();
    await pendingB;
  });

  it("deltas announced while the snapshot is on its way follow it, in order", async () => {
    const a = new FakeSocket();
    const f = open(a);
    const snapshotPromise = f.feed.next();
    // Announced while the snapshot is being read: held back until it has gone out.
    bus.announce(scope.scopeId, { seats: [seat("B:0:0", 2)] });
    const snapshot = (await snapshotPromise).value!;
    bus.announce(scope.scopeId, { seats: [seat("B:0:1", 2)] });
    expect(a.frames).toEqual([]);
    sendAsTrpc(a, 1, snapshot);
    const pending = f.feed.next();
    // The second delta may wait for the channel's fan-out window.
    await vi.waitFor(() => expect(a.frames.at(-1)?.message).toMatchObject({ seats: [seat("B:0:1", 2)] }), { timeout: 2000, interval: 5 });
    const numbers = versions(a);
    expect(numbers[0]).toEqual(["snapshot", snapshot.version]);
    numbers.forEach(([, v], i) => expect(v).toBe(snapshot.version + i));
    expect(a.frames.at(-1)!.message).toMatchObject({ seats: [seat("B:0:1", 2)] });
    f.abort.abort();
    await pending;
  });

  it("a watcher whose socket is full is skipped, then resynced with a fresh snapshot once it caught up", async () => {
    const a = new FakeSocket();
    const f = open(a);
    sendAsTrpc(a, 1, (await f.feed.next()).value!);
    const next = f.feed.next();
    await new Promise((r) => setImmediate(r));
    bus.announce(scope.scopeId, { seats: [seat("C:0:0", 2)] });
    expect(a.frames).toHaveLength(2);

    a.bufferedAmount = 2 * 1024 * 1024;
    bus.announce(scope.scopeId, { seats: [seat("C:0:1", 2)] });
    bus.announce(scope.scopeId, { seats: [seat("C:0:2", 2)] });
    expect(a.frames).toHaveLength(2);
    // Nothing more while the socket is still full.
    const early = await Promise.race([next.then(() => "snapshot"), new Promise((r) => setTimeout(() => r("waiting"), 250))]);
    expect(early).toBe("waiting");

    a.bufferedAmount = 0;
    const resync = (await next).value!;
    expect(resync.type).toBe("snapshot");
    // The snapshot stands for every delivery up to now: the next delta numbers on from it.
    const last = a.frames[1]!.message.version;
    expect(resync.version).toBe(last + 2);
    sendAsTrpc(a, 1, resync);
    const pending = f.feed.next();
    await new Promise((r) => setImmediate(r));
    bus.announce(scope.scopeId, { seats: [seat("C:0:3", 2)] });
    expect(versions(a).slice(2)).toEqual([
      ["snapshot", resync.version],
      ["delta", resync.version + 1],
    ]);
    f.abort.abort();
    await pending;
  });

  it("when the bus lost announcements (its LISTEN reconnected), every watcher gets a fresh snapshot", async () => {
    const a = new FakeSocket();
    const f = open(a);
    sendAsTrpc(a, 1, (await f.feed.next()).value!);
    const next = f.feed.next();
    await new Promise((r) => setImmediate(r));
    (bus as unknown as { resyncAll: () => void }).resyncAll();
    const resync = (await next).value!;
    expect(resync.type).toBe("snapshot");
    expect(resync.version).toBe(a.frames[0]!.message.version);
    f.abort.abort();
    sendAsTrpc(a, 1, resync);
    await f.feed.next();
  });

  it("without a socket of its own (tRPC over HTTP), the same messages come through tRPC: snapshot, then numbered deltas", async () => {
    const abort = new AbortController();
    const ctx: Context = { ...t.deps, auth: null, ip: "127.0.0.1", device: null, cookies: { set: () => {}, clear: () => {} } };
    const feed = queuedFeed(ctx, scope, abort.signal);
    const snapshot = (await feed.next()).value!;
    expect(snapshot.type).toBe("snapshot");
    bus.announce(scope.scopeId, { seats: [seat("D:0:0", 2)] });
    const delta = (await feed.next()).value!;
    expect(delta).toMatchObject({ type: "delta", version: snapshot.version + 1, seats: [seat("D:0:0", 2)] });
    const pending = feed.next();
    abort.abort();
    expect((await pending).done).toBe(true);
  });
});
