import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinWaitingRoom, waitingRoomStatus } from "../../server/modules/waiting-room/queue";
import type { WaitingRoomStatus } from "../../shared/schemas/waiting-room";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok, signedInTeamMember } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { checkoutInput, checkoutVia, decideVia, orderRow, paymentIdOf, seatTickets } from "./helpers/orders";
import { cartOf, createShopEvent, holdVia, seatsAs, shopState, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { attempt, failure } from "./helpers/trpc";

/**
 * The on-sale waiting room (issue 25 item 5, decision 033): the organiser's switch and rate, a
 * fair queue (admission in order of arrival, a reload keeps the place, the rate holds over time,
 * abandoned places are skipped) and the gate of the shop's holds.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

async function shopWithRoom(perMinute: number | null): Promise<ShopEvent> {
  const shop = await createShopEvent(t, { layout: gridLayout(1, 5, 10) });
  if (perMinute !== null) await shop.organiser.trpc.waitingRoom.saveSettings.mutate({ eventId: shop.eventId, enabled: true, perMinute });
  return shop;
}

const at = (base: number, seconds: number) => new Date(base + seconds * 1000);

/** Joins `n` buyers one after the other at `now` (each its own address); their tokens in order of arrival. */
async function joinMany(eventId: string, n: number, now: Date): Promise<{ token: string; status: WaitingRoomStatus }[]> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const res = await joinWaitingRoom(t.deps, { eventId, token: null, ip: `10.99.${Math.floor(i / 200)}.${i % 200}`, now });
    out.push({ token: res.token!, status: res.status });
  }
  return out;
}

async function statuses(eventId: string, tokens: string[], now: Date) {
  const out: WaitingRoomStatus[] = [];
  for (const token of tokens) out.push(await waitingRoomStatus(t.deps, { eventId, token, now }));
  return out;
}

describe("the organiser's switch and rate", () => {
  it("is off with 600 a minute until switched on; bad rates are refused with a field error and change nothing", async () => {
    const shop = await shopWithRoom(null);
    const api = shop.organiser.trpc.waitingRoom;
    expect(await api.settings.query({ eventId: shop.eventId })).toMatchObject({ enabled: false, perMinute: 600, waiting: 0, admittedLast10Minutes: 0 });
    for (const perMinute of [0, 100_001, 1.5, -3]) {
      const error = await failure(api.saveSettings.mutate({ eventId: shop.eventId, enabled: true, perMinute }));
      expect(error.appCode).toBe("VALIDATION");
      expect(error.fieldErrors).toEqual({ perMinute: ["ve.waitingRoomRate"] });
    }
    expect(await api.settings.query({ eventId: shop.eventId })).toMatchObject({ enabled: false, perMinute: 600 });
    expect(await api.saveSettings.mutate({ eventId: shop.eventId, enabled: true, perMinute: 30 })).toMatchObject({ enabled: true, perMinute: 30 });
    const [row] = await t.database.rows<{ on: boolean; rate: number }>(sql`select waiting_room_enabled as on, waiting_room_per_minute as rate from events where id = ${shop.eventId}`);
    expect(row).toEqual({ on: true, rate: 30 });
  });

  it("follows the rights of the event's settings: another organiser sees nothing, a creator cannot change a published event", async () => {
    const shop = await shopWithRoom(null);
    const other = await createShopEvent(t, { layout: null });
    expect((await failure(other.organiser.trpc.waitingRoom.saveSettings.mutate({ eventId: shop.eventId, enabled: true, perMinute: 10 }))).appCode).toBe("NOT_FOUND");
    expect((await failure(other.organiser.trpc.waitingRoom.settings.query({ eventId: shop.eventId }))).appCode).toBe("NOT_FOUND");
    const [owner] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id from events where id = ${shop.eventId}`);
    const creator = await signedInTeamMember(t, owner!.organiser_id, { createEvent: true });
    expect((await creator.client.trpc.waitingRoom.settings.query({ eventId: shop.eventId })).enabled).toBe(false);
    expect((await failure(creator.client.trpc.waitingRoom.saveSettings.mutate({ eventId: shop.eventId, enabled: true, perMinute: 10 }))).appCode).toBe("FORBIDDEN");
    const updater = await signedInTeamMember(t, owner!.organiser_id, { updateEvent: true });
    expect((await updater.client.trpc.waitingRoom.saveSettings.mutate({ eventId: shop.eventId, enabled: true, perMinute: 10 })).enabled).toBe(true);
    await shop.organiser.trpc.events.cancel.mutate({ id: shop.eventId });
    expect((await failure(shop.organiser.trpc.waitingRoom.saveSettings.mutate({ eventId: shop.eventId, enabled: false, perMinute: 10 }))).appCode).toBe("EVENT_CANCELLED");
  });
});

describe("the queue", () => {
  it("is not there while the room is off", async () => {
    const shop = await shopWithRoom(null);
    expect(await t.client().trpc.waitingRoom.join.mutate({ eventId: shop.eventId, token: null })).toEqual({ token: null, status: { state: "off" } });
  });

  it("lets buyers in in the order they arrived, one slot per interval, showing each its place and wait", async () => {
    const shop = await shopWithRoom(6); // one every 10 s, a burst of one
    const t0 = Date.now();
    const joined = await joinMany(shop.eventId, 5, at(t0, 0));
    // The first finds room in the budget and is let in at once; the others queue behind it.
    expect(joined.map((j) => j.status.state)).toEqual(["admitted", "waiting", "waiting", "waiting", "waiting"]);
    expect(joined.slice(1).map((j) => (j.status.state === "waiting" ? [j.status.position, j.status.ahead, j.status.waitSeconds] : null))).toEqual([
      [1, 0, 10],
      [2, 1, 20],
      [3, 2, 30],
      [4, 3, 40],
    ]);
    const tokens = joined.map((j) => j.token);
    const order: number[] = [0];
    for (let s = 5; s <= 60; s += 5) {
      const now = statuses(shop.eventId, tokens, at(t0, s));
      (await now).forEach((st, i) => {
        if (st.state === "admitted" && !order.includes(i)) order.push(i);
      });
    }
    expect(order).toEqual([0, 1, 2, 3, 4]);
    // Admission times are the slots, 10 s apart, in order of position.
    const rows = await t.database.rows<{ position: number; slot: number }>(
      sql`select position::int, (extract(epoch from admitted_at) * 1000)::float8 as slot from waiting_room_entries where event_id = ${shop.eventId} order by position`,
    );
    const gaps = rows.slice(1).map((r, i) => Math.round((Number(r.slot) - Number(rows[i]!.slot)) / 1000));
    expect(gaps).toEqual([10, 10, 10, 10]);
  });

  it("keeps a buyer's place through a reload: the same token comes back to the same place", async () => {
    const shop = await shopWithRoom(1);
    const t0 = Date.now();
    const [, second, third] = await joinMany(shop.eventId, 3, at(t0, 0));
    const again = await joinWaitingRoom(t.deps, { eventId: shop.eventId, token: third!.token, ip: "10.98.0.1", now: at(t0, 3) });
    expect(again.token).toBe(third!.token);
    expect(again.status).toMatchObject({ state: "waiting", position: 2, ahead: 1 });
    expect(await waitingRoomStatus(t.deps, { eventId: shop.eventId, token: second!.token, now: at(t0, 4) })).toMatchObject({ state: "waiting", position: 1 });
    const [count] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from waiting_room_entries where event_id = ${shop.eventId}`);
    expect(Number(count!.n)).toBe(3);
    // Over HTTP as the browser does it: join, reload (join with the kept token), status.
    const browser = t.client();
    const first = await browser.trpc.waitingRoom.join.mutate({ eventId: shop.eventId, token: null });
    const reloaded = await browser.trpc.waitingRoom.join.mutate({ eventId: shop.eventId, token: first.token });
    expect(reloaded.token).toBe(first.token);
    expect(reloaded.status).toMatchObject({ state: "waiting", position: 3, ahead: 2 });
    expect(await browser.trpc.waitingRoom.status.query({ eventId: shop.eventId, token: first.token! })).toMatchObject({ state: "waiting", position: 3 });
    // A token of another event is no place here: joining with it gives a new place.
    const elsewhere = await shopWithRoom(1);
    expect(await browser.trpc.waitingRoom.status.query({ eventId: elsewhere.eventId, token: first.token! })).toEqual({ state: "unknown" });
    const fresh = await browser.trpc.waitingRoom.join.mutate({ eventId: elsewhere.eventId, token: first.token });
    expect(fresh.token).not.toBe(first.token);
  });

  it("lets in at the set rate over time: a burst of ten seconds' worth, then one per interval", async () => {
    const shop = await shopWithRoom(60); // one a second, ten at once
    const t0 = Date.now();
    const tokens = (await joinMany(shop.eventId, 40, at(t0, 0))).map((j) => j.token);
    const admittedBy = async (s: number) => (await statuses(shop.eventId, tokens, at(t0, s))).filter((st) => st.state === "admitted").length;
    expect(await admittedBy(0)).toBe(10);
    for (const s of [0.5, 1, 1.5, 2, 5, 9.5, 10, 20, 29]) expect(await admittedBy(s), `after ${s} s`).toBe(Math.min(40, 10 + Math.floor(s)));
    expect(await admittedBy(31)).toBe(40);
  });

  it("lets buyers who arrive slower than the rate in at once, and an idle room saves up no more than its burst", async () => {
    const shop = await shopWithRoom(6);
    const t0 = Date.now();
    for (let i = 0; i < 4; i++) {
      const res = await joinWaitingRoom(t.deps, { eventId: shop.eventId, token: null, ip: "10.97.0.1", now: at(t0, i * 11) });
      expect(res.status.state, `buyer ${i}`).toBe("admitted");
    }
    const later = await joinMany(shop.eventId, 3, at(t0, 3600));
    expect(later.map((j) => j.status.state)).toEqual(["admitted", "waiting", "waiting"]);
  });

  it("skips a buyer who stopped asking, who gets its place back when it returns", async () => {
    const shop = await shopWithRoom(1); // one a minute
    const t0 = Date.now();
    const [, a1, a2, gone, stays, last] = await joinMany(shop.eventId, 6, at(t0, 0));
    const asking = { a1, a2, stays, last };
    // Everybody but `gone` asks every 20 s; `gone` is silent for over two minutes when its turn comes.
    const order: string[] = [];
    for (let s = 20; s <= 240; s += 20) {
      for (const [name, entry] of Object.entries(asking)) {
        const st = await waitingRoomStatus(t.deps, { eventId: shop.eventId, token: entry!.token, now: at(t0, s) });
        if (st.state === "admitted" && !order.includes(name)) order.push(name);
      }
    }
    expect(order).toEqual(["a1", "a2", "stays", "last"]);
    // Back: nobody is ahead of it any more, it is let in with the next slot.
    expect(await waitingRoomStatus(t.deps, { eventId: shop.eventId, token: gone!.token, now: at(t0, 250) })).toMatchObject({ state: "waiting", ahead: 0, waitSeconds: 50 });
    expect((await waitingRoomStatus(t.deps, { eventId: shop.eventId, token: gone!.token, now: at(t0, 300) })).state).toBe("admitted");
  });

  it("sends a buyer whose time to shop ran out to the end of the queue", async () => {
    const shop = await shopWithRoom(1);
    const t0 = Date.now();
    const [first, second] = await joinMany(shop.eventId, 2, at(t0, 0));
    expect(first!.status.state).toBe("admitted");
    const validFor = t.config.HOLD_TTL_SECONDS + 300;
    expect(await waitingRoomStatus(t.deps, { eventId: shop.eventId, token: first!.token, now: at(t0, validFor - 1) })).toMatchObject({ state: "admitted" });
    expect(await waitingRoomStatus(t.deps, { eventId: shop.eventId, token: first!.token, now: at(t0, validFor + 1) })).toEqual({ state: "expired" });
    await waitingRoomStatus(t.deps, { eventId: shop.eventId, token: second!.token, now: at(t0, validFor + 1) });
    const rejoined = await joinWaitingRoom(t.deps, { eventId: shop.eventId, token: first!.token, ip: "10.96.0.1", now: at(t0, validFor + 2) });
    expect(rejoined.token).not.toBe(first!.token);
    expect(rejoined.status.state).toBe("waiting");
  });
});

describe("the gate of the shop's holds", () => {
  it("refuses a hold without an admission while the room is on (and changes nothing); a buyer let in holds, checks out and pays", async () => {
    const shop = await shopWithRoom(1);
    const dateId = shop.dateIds[0]!;
    const tc = shop.category("cat1").id;
    const early = t.client();
    const waiting = t.client();
    const earlyJoin = await early.trpc.waitingRoom.join.mutate({ eventId: shop.eventId, token: null });
    const waitingJoin = await waiting.trpc.waitingRoom.join.mutate({ eventId: shop.eventId, token: null });
    expect(earlyJoin.status.state).toBe("admitted");
    expect(waitingJoin.status.state).toBe("waiting");

    const before = await shopState(t.database, shop.eventId);
    const skipper = t.client();
    const refusals = [
      await attempt(skipper.trpc.shop.hold.mutate({ scopeId: dateId, cart: null, seats: seatsAs(tc, ["G1:0:0"]), counts: [] })),
      await attempt(skipper.trpc.shop.holdBest.mutate({ scopeId: dateId, cart: null, ticketCategoryId: tc, quantity: 2 })),
      await attempt(waiting.trpc.shop.hold.mutate({ scopeId: dateId, cart: null, admission: waitingJoin.token!, seats: seatsAs(tc, ["G1:0:0"]), counts: [] })),
      await attempt(skipper.trpc.shop.hold.mutate({ scopeId: dateId, cart: null, admission: "x".repeat(43), seats: seatsAs(tc, ["G1:0:0"]), counts: [] })),
    ];
    for (const r of refusals) {
      expect(r.error?.appCode).toBe("WAITING_ROOM_NOT_ADMITTED");
      expect(r.error?.httpStatus).toBe(403);
    }
    expect(await shopState(t.database, shop.eventId)).toEqual(before);

    const held = ok(await holdVia(early, { scopeId: dateId, admission: earlyJoin.token!, seats: seatsAs(tc, ["G1:0:0", "G1:0:1"]) }));
    const cart = cartOf(held);
    const best = ok(await attempt(early.trpc.shop.holdBest.mutate({ scopeId: dateId, cart, admission: earlyJoin.token!, ticketCategoryId: tc, quantity: 1 })));
    expect(best.status).toBe("held");
    const keys = ["G1:0:0", "G1:0:1", ...(best.status === "held" ? best.seats : [])];
    const checkout = ok(await checkoutVia(early, checkoutInput(cart, seatTickets(tc, keys))));
    ok(await decideVia(early, paymentIdOf(checkout), "paid"));
    expect((await orderRow(t.database, checkout.orderId))?.status).toBe("valid");
  });

  it("refuses a hold whose admission ran out", async () => {
    const shop = await shopWithRoom(1);
    const buyer = t.client();
    const joined = await buyer.trpc.waitingRoom.join.mutate({ eventId: shop.eventId, token: null });
    expect(joined.status.state).toBe("admitted");
    await t.database.rows(sql`update waiting_room_entries set admission_expires_at = now() - interval '1 second' where event_id = ${shop.eventId} returning id`);
    const res = await holdVia(buyer, { scopeId: shop.dateIds[0]!, admission: joined.token!, seats: seatsAs(shop.category("cat1").id, ["G1:1:0"]) });
    expect(res.error?.appCode).toBe("WAITING_ROOM_NOT_ADMITTED");
    expect(await buyer.trpc.waitingRoom.status.query({ eventId: shop.eventId, token: joined.token! })).toEqual({ state: "expired" });
  });

  it("lets everybody hold while the room is off, and never gates the box office", async () => {
    const shop = await shopWithRoom(null);
    const dateId = shop.dateIds[0]!;
    const tc = shop.category("cat1").id;
    expect(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tc, ["G1:2:0"]) })).status).toBe("held");
    await shop.organiser.trpc.waitingRoom.saveSettings.mutate({ eventId: shop.eventId, enabled: true, perMinute: 1 });
    expect((await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tc, ["G1:2:1"]) })).error?.appCode).toBe("WAITING_ROOM_NOT_ADMITTED");
    const counter = await shop.organiser.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: seatsAs(tc, ["G1:2:2"]), counts: [] });
    expect(counter.status).toBe("held");
    await shop.organiser.trpc.waitingRoom.saveSettings.mutate({ eventId: shop.eventId, enabled: false, perMinute: 1 });
    expect(ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tc, ["G1:2:3"]) })).status).toBe("held");
  });
});
