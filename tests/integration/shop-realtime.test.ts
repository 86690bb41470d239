import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HoldResult } from "../../server/modules/shop/holds";
import type { WatchMessage } from "../../shared/schemas/shop";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok } from "./helpers/events";
import { cartOf, createShopEvent, eventOptions, holdVia, seatRows, seatsAs, type ShopEvent } from "./helpers/shop";
import { connectWs, createInstance, type Instance, listenLocal, seatIn, upgradeStatus, watch, wsAppCode, type WsTrpc } from "./helpers/ws";

type Delta = Extract<WatchMessage, { type: "delta" }>;

const isDelta = (m: WatchMessage): m is Delta => m.type === "delta";
/** A delta naming `key` in state `status`. */
const deltaWith = (key: string, status: string) => (m: WatchMessage) => isDelta(m) && seatIn(m, key)?.s === status;

describe("shop.watch: the live seat map", () => {
  let t: TestApp;
  let url: string;
  let shop: ShopEvent;
  const sockets: WsTrpc[] = [];
  const ws = () => {
    const s = connectWs(url);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp();
    url = await listenLocal(t.app);
    shop = await createShopEvent(t);
  });
  afterAll(async () => {
    for (const s of sockets) await s.close();
    await t.close();
  });

  it("starts with a snapshot that has the seats held before; then numbered deltas of holds and releases", async () => {
    const dateId = shop.dateIds[0]!;
    const tcA = shop.category("a").id;
    const early = ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tcA, ["A:0:0"]) }));
    expect(early.status).toBe("held");

    const socket = ws();
    const watcher = watch(socket, { scopeId: dateId });
    const first = await watcher.waitFor(() => true);
    expect(watcher.received[0]).toBe(first);
    const snapshot = first.message;
    expect(snapshot.type).toBe("snapshot");
    expect(seatIn(snapshot, "A:0:0")).toMatchObject({ s: "PAYMENT_PENDING" });
    expect(seatIn(snapshot, "A:0:1")).toBeUndefined();
    expect(snapshot.counters.find((c) => c.k === `ticket:${tcA}`)).toMatchObject({ held: 1, sold: 0 });

    // Holds and releases travel over the same socket.
    const held = (await socket.trpc.shop.hold.mutate({ scopeId: dateId, cart: null, seats: seatsAs(tcA, ["A:0:1"]) })) as HoldResult;
    const cart = cartOf(held);
    const onHold = (await watcher.waitFor(deltaWith("A:0:1", "PAYMENT_PENDING"))).message as Delta;
    expect(onHold.counters.find((c) => c.k === `ticket:${tcA}`)).toMatchObject({ held: 2 });
    expect(onHold.sentAt).toBeGreaterThan(0);

    ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tcA, ["A:1:0"]) }));
    await watcher.waitFor(deltaWith("A:1:0", "PAYMENT_PENDING"));
    expect(await socket.trpc.shop.release.mutate({ cart, seatKeys: ["A:0:1"] })).toEqual({ released: ["A:0:1"] });
    const onRelease = (await watcher.waitFor(deltaWith("A:0:1", "FREE"))).message as Delta;
    expect(seatIn(onRelease, "A:0:1")!.v).toBeGreaterThan(seatIn(onHold, "A:0:1")!.v);
    expect(onRelease.counters.find((c) => c.k === `ticket:${tcA}`)).toMatchObject({ held: 2 });

    // Every delta after the snapshot, numbered one after the other without a gap.
    const versions = watcher.received.map((r) => r.message.version);
    expect(watcher.received.slice(1).every((r) => r.message.type === "delta")).toBe(true);
    expect(versions.length).toBeGreaterThanOrEqual(4);
    versions.forEach((v, i) => expect(v).toBe(snapshot.version + i));

    // A watcher arriving now sees the current state in its snapshot.
    const late = watch(ws(), { scopeId: dateId });
    const lateSnapshot = (await late.waitFor(() => true)).message;
    expect(lateSnapshot.type).toBe("snapshot");
    expect(seatIn(lateSnapshot, "A:0:1")).toMatchObject({ s: "FREE" });
    expect(seatIn(lateSnapshot, "A:1:0")).toMatchObject({ s: "PAYMENT_PENDING" });
    watcher.stop();
    late.stop();
  });

  it("a malformed scope id is refused with VALIDATION, an unknown one with NOT_FOUND", async () => {
    const socket = ws();
    const bad = watch(socket, { scopeId: "not-a-uuid" });
    expect(wsAppCode(await bad.waitForError())).toBe("VALIDATION");
    const unknown = watch(socket, { scopeId: randomUUID() });
    expect(wsAppCode(await unknown.waitForError())).toBe("NOT_FOUND");
    expect(bad.received).toEqual([]);
    expect(unknown.received).toEqual([]);
  });

  it("a draft event's date is NOT_FOUND; a code-protected one needs the access token", async () => {
    const draft = await createShopEvent(t, { publish: false });
    const socket = ws();
    const refused = watch(socket, { scopeId: draft.dateIds[0]! });
    expect(wsAppCode(await refused.waitForError())).toBe("NOT_FOUND");
    expect(refused.received).toEqual([]);

    const locked = await createShopEvent(t, { options: eventOptions({ visibility: "code", accessCode: "LIVE-1234" }) });
    const noAccess = watch(socket, { scopeId: locked.dateIds[0]! });
    expect(wsAppCode(await noAccess.waitForError())).toBe("ACCESS_CODE_INVALID");
    const { access } = await t.client().trpc.shop.unlock.mutate({ eventId: locked.eventId, code: "LIVE-1234" });
    const unlocked = watch(socket, { scopeId: locked.dateIds[0]!, access });
    expect((await unlocked.waitFor(() => true)).message.type).toBe("snapshot");
    unlocked.stop();
  });

  it("a WebSocket upgrade from another origin is refused", async () => {
    expect(await upgradeStatus(url, "https://evil.example")).toBe(403);
    expect(await upgradeStatus(url, t.config.PUBLIC_BASE_URL)).toBe(101);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one database", () => {
  let t: TestApp;
  let second: Instance;
  let url: string;
  let shop: ShopEvent;
  let socket: WsTrpc;

  beforeAll(async () => {
    t = await createTestApp();
    second = await createInstance(t.database);
    url = await listenLocal(t.app);
    await listenLocal(second.app);
    shop = await createShopEvent(t);
  });
  afterAll(async () => {
    await socket?.close();
    await second.close();
    await t.close();
  });

  it("a hold on instance 2 reaches a watcher of instance 1 within a second; instance 1 carries on when 2 is gone", async () => {
    const dateId = shop.dateIds[0]!;
    const tcB = shop.category("b").id;
    socket = connectWs(url);
    const watcher = watch(socket, { scopeId: dateId });
    expect((await watcher.waitFor(() => true)).message.type).toBe("snapshot");

    const started = Date.now();
    const held = ok(await holdVia(second.client(), { scopeId: dateId, seats: seatsAs(tcB, ["B:1:1"]) }));
    const cart = cartOf(held);
    const seen = await watcher.waitFor(deltaWith("B:1:1", "PAYMENT_PENDING"), 1000);
    const delay = seen.at - started;
    expect(delay, `delivered after ${delay} ms`).toBeLessThan(1000);

    // Instance 2 goes away: the hold is committed, not kept by the instance.
    await second.close();
    const [row] = (await seatRows(t.database, [dateId])).filter((r) => r.key === "B:1:1");
    expect(row).toMatchObject({ status: "PAYMENT_PENDING", holdId: cart.id, ticketCategoryId: tcB });

    // Instance 1 still serves the buyer's cart and releases it; its watcher sees the seat free.
    const view = await socket.trpc.shop.cart.query({ cart });
    expect(view.seats.map((s) => s.key)).toEqual(["B:1:1"]);
    expect(await socket.trpc.shop.release.mutate({ cart, all: true })).toEqual({ released: ["B:1:1"] });
    await watcher.waitFor(deltaWith("B:1:1", "FREE"), 2000);
    expect(await seatRows(t.database, [dateId])).toEqual([]);
    const again = ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tcB, ["B:1:1"]) }));
    expect(again.status).toBe("held");
    watcher.stop();
  });
});
