import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../server/deps";
import { sweepExpiredCarts } from "../../server/modules/shop/holds";
import type { WatchMessage } from "../../shared/schemas/shop";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { createTestDeps } from "./helpers/config";
import { categoriesOf, createEventVia, datesOf, ok, saveTicketsVia, signedInOrganiser, ticketCategory, validSeasonStep1 } from "./helpers/events";
import { cartOf, countersOf, expireCart, holdVia, seatRows, seatsAs, shopState } from "./helpers/shop";
import { chooseTemplate, createEventWithDates, createTemplateVia, smallLayout } from "./helpers/stadiums";
import { connectWs, listenLocal, seatIn, watch, type WsTrpc } from "./helpers/ws";
import { expectNoDrift } from "./helpers/inventory";

/**
 * Season tickets (ARCHITECTURE "Seat inventory and holds"): a season ticket holds its seat on
 * every date of every event of the season, all or nothing.
 */
let t: TestApp;
let jobDeps: AppDeps;
let organiser: TestClient;
let seasonId: string;
/** The season's ticket categories (seats of category a and b). */
let seasonA: string;
let seasonB: string;
/** The child events: one with one date, one with two. */
let children: { eventId: string; dateIds: string[]; ticketA: string; ticketB: string }[];
let allDates: string[];
let url: string;
const sockets: WsTrpc[] = [];

beforeAll(async () => {
  t = await createTestApp();
  jobDeps = createTestDeps(t.database);
  url = await listenLocal(t.app);
  ({ client: organiser } = await signedInOrganiser(t));
  // Children use a daily plan, the season a seasonal one: the same seats, so the same keys.
  const daily = await createTemplateVia(organiser, smallLayout(), { name: "Arena daily", type: "daily" });
  const seasonal = await createTemplateVia(organiser, smallLayout(), { name: "Arena season", type: "seasonal" });
  children = [];
  for (const days of [[30], [60, 61]]) {
    const eventId = await createEventWithDates(organiser, days, `Match ${days[0]}`);
    ok(await chooseTemplate(organiser, eventId, daily));
    await saveTicketsVia(organiser, eventId, [
      ticketCategory("a", { name: "Ticket a", seatingCategoryId: "a" }),
      ticketCategory("b", { name: "Ticket b", seatingCategoryId: "b" }),
      // The standing area S (category c) needs a ticket too (SPEC §5).
      ticketCategory("c", { name: "Ticket c", seatingCategoryId: "c" }),
    ]);
    await organiser.trpc.events.publish.mutate({ id: eventId, publishOption: "now" });
    const [a, b] = await categoriesOf(t.database.db, eventId);
    children.push({ eventId, dateIds: (await datesOf(t.database.db, eventId)).map((d) => d.id), ticketA: a!.id, ticketB: b!.id });
  }
  seasonId = await createEventVia(organiser, validSeasonStep1(children.map((c) => c.eventId)));
  ok(await chooseTemplate(organiser, seasonId, seasonal));
  await saveTicketsVia(organiser, seasonId, [
    ticketCategory("sa", { name: "Season a", seatingCategoryId: "a" }),
    ticketCategory("sb", { name: "Season b", seatingCategoryId: "b" }),
  ]);
  await organiser.trpc.events.publish.mutate({ id: seasonId, publishOption: "now" });
  const categories = await categoriesOf(t.database.db, seasonId);
  seasonA = categories.find((c) => c.name === "Season a")!.id;
  seasonB = categories.find((c) => c.name === "Season b")!.id;
  allDates = children.flatMap((c) => c.dateIds);
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  await jobDeps.bus.stop();
  // inventory:check after everything this file did: no drift.
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

/** Every stored row of the season and its events. */
async function everything() {
  return {
    season: await shopState(t.database, seasonId),
    children: await Promise.all(children.map((c) => shopState(t.database, c.eventId))),
  };
}

/** Status and holder of one seat on every date of the season, in date order. */
async function seatAcrossDates(key: string) {
  const rows = (await seatRows(t.database, allDates, { all: true })).filter((r) => r.key === key);
  expect(rows).toHaveLength(allDates.length);
  return allDates.map((d) => rows.find((r) => r.dateId === d)!).map((r) => ({ status: r.status, holdId: r.holdId }));
}

describe("season tickets", () => {
  it("the season shop lists the season's categories over all dates of its events", async () => {
    expect(allDates).toHaveLength(3);
    const scope = await t.client().trpc.shop.scope.query({ scopeId: seasonId });
    expect(scope).toMatchObject({ kind: "season", dateCount: 3, onSale: true });
    expect(scope.categories.map((c) => c.name)).toEqual(["Season a", "Season b"]);
  });

  it("a season hold blocks the seat on every date; single-date buyers cannot take it", async () => {
    const buyer = t.client();
    const res = ok(await holdVia(buyer, { scopeId: seasonId, seats: seatsAs(seasonA, ["A:0:0", "A:0:1"]) }));
    expect(res.status === "held" && [...res.seats].sort()).toEqual(["A:0:0", "A:0:1"]);
    const cart = cartOf(res);
    const expiresAt = res.status === "held" ? res.cart.expiresAt.getTime() : 0;
    const rows = await seatRows(t.database, allDates);
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      expect(r).toMatchObject({ status: "SEASON_BLOCKED", holdId: cart.id, ticketCategoryId: seasonA });
      expect(r.heldUntil?.getTime()).toBe(expiresAt);
    }
    expect(new Set(rows.map((r) => r.dateId))).toEqual(new Set(allDates));
    // Counted once on the season's quota, not on the dates'.
    expect((await countersOf(t.database, seasonId)).quota[`ticket:${seasonA}`]).toMatchObject({ held: 2 });
    expect((await buyer.trpc.shop.cart.query({ cart })).seats.map((s) => s.key)).toEqual(["A:0:0", "A:0:1"]);

    for (const child of children) {
      for (const dateId of child.dateIds) {
        const single = ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(child.ticketA, ["A:0:1", "A:0:2"]) }));
        expect(single).toEqual({ status: "taken", taken: ["A:0:1"] });
      }
    }
    // A season cart is not a date's cart.
    expect(appCodeOf(await holdVia(buyer, { scopeId: children[0]!.dateIds[0]!, cart, seats: seatsAs(children[0]!.ticketA, ["A:0:2"]) }))).toBe("CART_NOT_FOUND");
    await buyer.trpc.shop.release.mutate({ cart, all: true });
  });

  it("all or nothing: a seat taken on one date refuses the season hold and changes no other date", async () => {
    const [first, second] = children as [(typeof children)[0], (typeof children)[0]];
    const lastDate = second.dateIds[1]!;
    const single = cartOf(ok(await holdVia(t.client(), { scopeId: lastDate, seats: seatsAs(second.ticketA, ["A:1:0"]) })));
    const before = await everything();

    const buyer = t.client();
    expect(ok(await holdVia(buyer, { scopeId: seasonId, seats: seatsAs(seasonA, ["A:1:1", "A:1:0"]) }))).toEqual({ status: "taken", taken: ["A:1:0"] });
    expect(await everything()).toEqual(before);
    expect(await seatAcrossDates("A:1:1")).toEqual(allDates.map(() => ({ status: "FREE", holdId: null })));
    expect(await seatAcrossDates("A:1:0")).toEqual([
      { status: "FREE", holdId: null },
      { status: "FREE", holdId: null },
      { status: "PAYMENT_PENDING", holdId: single.id },
    ]);

    // The same for a seat added to an existing season cart.
    const cart = cartOf(ok(await holdVia(buyer, { scopeId: seasonId, seats: seatsAs(seasonB, ["B:1:1"]) })));
    const withCart = await everything();
    expect(ok(await holdVia(buyer, { scopeId: seasonId, cart, seats: seatsAs(seasonA, ["A:1:0"]) }))).toEqual({ status: "taken", taken: ["A:1:0"] });
    expect(await everything()).toEqual(withCart);

    // Once the single-date hold is gone the season gets the seat everywhere.
    await t.client().trpc.shop.release.mutate({ cart: single, all: true });
    expect(ok(await holdVia(buyer, { scopeId: seasonId, cart, seats: seatsAs(seasonA, ["A:1:0"]) })).status).toBe("held");
    expect(await seatAcrossDates("A:1:0")).toEqual(allDates.map(() => ({ status: "SEASON_BLOCKED", holdId: cart.id })));
    expect(first.dateIds).toHaveLength(1);
    await buyer.trpc.shop.release.mutate({ cart, all: true });
  });

  it("releasing a season seat frees it on every date; release all frees everything and the counters", async () => {
    const buyer = t.client();
    const cart = cartOf(ok(await holdVia(buyer, { scopeId: seasonId, seats: [...seatsAs(seasonA, ["A:0:2", "A:1:2"]), ...seatsAs(seasonB, ["B:1:3"])] })));
    expect(await seatAcrossDates("A:0:2")).toEqual(allDates.map(() => ({ status: "SEASON_BLOCKED", holdId: cart.id })));

    expect((await buyer.trpc.shop.release.mutate({ cart, seatKeys: ["A:0:2"] }))).toEqual({ released: ["A:0:2"] });
    expect(await seatAcrossDates("A:0:2")).toEqual(allDates.map(() => ({ status: "FREE", holdId: null })));
    expect(await seatAcrossDates("A:1:2")).toEqual(allDates.map(() => ({ status: "SEASON_BLOCKED", holdId: cart.id })));
    expect((await countersOf(t.database, seasonId)).quota).toMatchObject({ [`ticket:${seasonA}`]: { held: 1 }, [`ticket:${seasonB}`]: { held: 1 } });
    // A single-date buyer can have the freed seat.
    const single = cartOf(ok(await holdVia(t.client(), { scopeId: children[0]!.dateIds[0]!, seats: seatsAs(children[0]!.ticketA, ["A:0:2"]) })));

    expect((await buyer.trpc.shop.release.mutate({ cart, all: true }))).toEqual({ released: ["A:1:2", "B:1:3"] });
    const rows = await seatRows(t.database, allDates);
    expect(rows.map((r) => [r.key, r.holdId])).toEqual([["A:0:2", single.id]]);
    const quota = (await countersOf(t.database, seasonId)).quota;
    expect(Object.values(quota).every((c) => c.held === 0)).toBe(true);
    await t.client().trpc.shop.release.mutate({ cart: single, all: true });
  });

  it("an expired season hold is swept off every date", async () => {
    const cart = cartOf(ok(await holdVia(t.client(), { scopeId: seasonId, seats: seatsAs(seasonB, ["B:0:2", "B:0:3"]) })));
    await expireCart(t.database, cart.id);
    // Takeable at once on a single date, before the sweeper.
    const single = cartOf(ok(await holdVia(t.client(), { scopeId: children[1]!.dateIds[0]!, seats: seatsAs(children[1]!.ticketB, ["B:0:3"]) })));
    expect(await seatAcrossDates("B:0:3")).toEqual([
      { status: "SEASON_BLOCKED", holdId: cart.id },
      { status: "PAYMENT_PENDING", holdId: single.id },
      { status: "SEASON_BLOCKED", holdId: cart.id },
    ]);
    expect(await sweepExpiredCarts(jobDeps)).toBe(1);
    const rows = await seatRows(t.database, allDates);
    expect(rows.map((r) => [r.key, r.holdId])).toEqual([["B:0:3", single.id]]);
    expect(Object.values((await countersOf(t.database, seasonId)).quota).every((c) => c.held === 0)).toBe(true);
    await t.client().trpc.shop.release.mutate({ cart: single, all: true });
  });

  it("the season's live map: a seat taken on any date is taken; season holds reach season and date watchers", async () => {
    const single = cartOf(ok(await holdVia(t.client(), { scopeId: children[1]!.dateIds[1]!, seats: seatsAs(children[1]!.ticketA, ["A:1:3"]) })));
    const socket = connectWs(url);
    sockets.push(socket);
    const seasonWatch = watch(socket, { scopeId: seasonId });
    const dateWatch = watch(socket, { scopeId: children[0]!.dateIds[0]! });
    const snapshot = (await seasonWatch.waitFor(() => true)).message;
    expect(snapshot.type).toBe("snapshot");
    expect(seatIn(snapshot, "A:1:3")).toMatchObject({ s: "PAYMENT_PENDING" });
    expect((await dateWatch.waitFor(() => true)).message.type).toBe("snapshot");

    const cart = cartOf(ok(await holdVia(t.client(), { scopeId: seasonId, seats: seatsAs(seasonA, ["A:0:3"]) })));
    const blocked = (m: WatchMessage) => m.type === "delta" && seatIn(m, "A:0:3")?.s === "SEASON_BLOCKED";
    await seasonWatch.waitFor(blocked);
    await dateWatch.waitFor(blocked);
    await t.client().trpc.shop.release.mutate({ cart, all: true });
    const freed = (m: WatchMessage) => m.type === "delta" && seatIn(m, "A:0:3")?.s === "FREE";
    await seasonWatch.waitFor(freed);
    await dateWatch.waitFor(freed);
    seasonWatch.stop();
    dateWatch.stop();
    await t.client().trpc.shop.release.mutate({ cart: single, all: true });
  });
});
