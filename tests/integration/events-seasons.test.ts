import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { attempt } from "./helpers/trpc";
import {
  createEventVia,
  eventRow,
  localDateInDays,
  saveTicketsVia,
  shiftEventDates,
  signedInOrganiser,
  snapshotEvent,
  snapshotOrganiser,
  ticketCategory,
  validEventStep1,
  validSeasonStep1,
} from "./helpers/events";

let t: TestApp;
let client: TestClient;
let organiserId: string;

beforeAll(async () => {
  t = await createTestApp();
  const o = await signedInOrganiser(t);
  client = o.client;
  organiserId = o.organiser.id;
});

afterAll(async () => {
  await t.close();
});

async function twoEvents(prefix: string, days: [number, number] = [30, 60]) {
  const first = await createEventVia(client, validEventStep1({ name: `${prefix} one`, date: localDateInDays(days[0]) }));
  const second = await createEventVia(client, validEventStep1({ name: `${prefix} two`, date: localDateInDays(days[1]) }));
  return [first, second] as const;
}

async function seasonListRow(id: string) {
  return (await client.trpc.events.list.query({ type: "seasons" })).find((r) => r.id === id);
}

describe("season children", () => {
  it("creating a season turns its events into SEASON_CHILD with seasonId", async () => {
    const [one, two] = await twoEvents("Kids");
    const seasonId = await createEventVia(client, validSeasonStep1([one, two], { name: "Kids season" }));
    const season = (await eventRow(t.database.db, seasonId))!;
    expect(season).toMatchObject({ type: "SEASONAL", status: "draft", seasonId: null });
    for (const id of [one, two]) expect(await eventRow(t.database.db, id)).toMatchObject({ type: "SEASON_CHILD", seasonId });

    const detail = await client.trpc.events.get.query({ id: seasonId });
    expect(detail.childEvents.map((c) => c.id).sort()).toEqual([one, two].sort());
    expect((await seasonListRow(seasonId))?.childCount).toBe(2);
  });

  it("taking an event out of the list turns it back into REGULAR; adding one back works", async () => {
    const [one, two] = await twoEvents("Jazz");
    const seasonId = await createEventVia(client, validSeasonStep1([one, two], { name: "Jazz season" }));
    await client.trpc.events.saveData.mutate({ id: seasonId, ...validSeasonStep1([one], { name: "Jazz season" }) });
    expect(await eventRow(t.database.db, one)).toMatchObject({ type: "SEASON_CHILD", seasonId });
    expect(await eventRow(t.database.db, two)).toMatchObject({ type: "REGULAR", seasonId: null });

    await client.trpc.events.saveData.mutate({ id: seasonId, ...validSeasonStep1([one, two], { name: "Jazz season" }) });
    expect(await eventRow(t.database.db, two)).toMatchObject({ type: "SEASON_CHILD", seasonId });

    await client.trpc.events.saveData.mutate({ id: seasonId, ...validSeasonStep1([], { name: "Jazz season" }) });
    for (const id of [one, two]) expect(await eventRow(t.database.db, id)).toMatchObject({ type: "REGULAR", seasonId: null });
  });

  it("deleting the season turns its children back into REGULAR events, which survive", async () => {
    const [one, two] = await twoEvents("Opera");
    const seasonId = await createEventVia(client, validSeasonStep1([one, two], { name: "Opera season" }));
    await client.trpc.events.delete.mutate({ id: seasonId });
    expect(await eventRow(t.database.db, seasonId)).toBeUndefined();
    for (const id of [one, two]) expect(await eventRow(t.database.db, id)).toMatchObject({ type: "REGULAR", seasonId: null });
  });

  it("an event already in another season cannot join a second one (nothing changes)", async () => {
    const [one, two] = await twoEvents("Rock");
    const firstSeason = await createEventVia(client, validSeasonStep1([one], { name: "Rock season" }));
    const before = await snapshotOrganiser(t.database.db, organiserId);
    const res = await attempt(client.trpc.events.create.mutate(validSeasonStep1([two, one], { name: "Second rock season" })));
    expect(appCodeOf(res)).toBe("NOT_FOUND");
    expect(await snapshotOrganiser(t.database.db, organiserId)).toEqual(before);
    expect(await eventRow(t.database.db, one)).toMatchObject({ type: "SEASON_CHILD", seasonId: firstSeason });
    expect(await eventRow(t.database.db, two)).toMatchObject({ type: "REGULAR", seasonId: null });
  });

  it("a season cannot contain a season, itself, a cancelled event or an unknown id", async () => {
    const [one] = await twoEvents("Misc");
    const otherSeason = await createEventVia(client, validSeasonStep1([], { name: "Empty season" }));
    const seasonId = await createEventVia(client, validSeasonStep1([one], { name: "Misc season" }));
    const cancelled = await createEventVia(client, validEventStep1({ name: "Cancelled one" }));
    await saveTicketsVia(client, cancelled, [ticketCategory("a")]);
    await client.trpc.events.publish.mutate({ id: cancelled, publishOption: "now" });
    await client.trpc.events.cancel.mutate({ id: cancelled });

    const before = await snapshotOrganiser(t.database.db, organiserId);
    for (const extra of [otherSeason, seasonId, cancelled, "00000000-0000-4000-8000-000000000000"]) {
      const res = await attempt(client.trpc.events.saveData.mutate({ id: seasonId, ...validSeasonStep1([one, extra], { name: "Misc season" }) }));
      expect(appCodeOf(res), extra).toBe("NOT_FOUND");
    }
    expect(await snapshotOrganiser(t.database.db, organiserId)).toEqual(before);
  });

  it("an event cannot be saved as a season nor a season as an event", async () => {
    const [one] = await twoEvents("Switch");
    const seasonId = await createEventVia(client, validSeasonStep1([], { name: "Switch season" }));
    const beforeEvent = await snapshotEvent(t.database.db, one);
    const beforeSeason = await snapshotEvent(t.database.db, seasonId);
    expect(appCodeOf(await attempt(client.trpc.events.saveData.mutate({ id: one, ...validSeasonStep1([]) })))).toBe("BAD_REQUEST");
    expect(appCodeOf(await attempt(client.trpc.events.saveData.mutate({ id: seasonId, ...validEventStep1() })))).toBe("BAD_REQUEST");
    expect(await snapshotEvent(t.database.db, one)).toEqual(beforeEvent);
    expect(await snapshotEvent(t.database.db, seasonId)).toEqual(beforeSeason);
  });
});

describe("seasons in lists", () => {
  it("events.list({ type: 'seasons' }) lists only seasons; the events list has no seasons", async () => {
    const [one, two] = await twoEvents("List");
    const seasonId = await createEventVia(client, validSeasonStep1([one], { name: "List season" }));
    const seasons = await client.trpc.events.list.query({ type: "seasons" });
    expect(seasons.length).toBeGreaterThan(0);
    expect(seasons.every((r) => r.type === "SEASONAL")).toBe(true);
    expect(seasons.map((r) => r.id)).toContain(seasonId);
    expect(seasons.map((r) => r.id)).not.toContain(one);
    expect(seasons.map((r) => r.id)).not.toContain(two);

    const eventsList = await client.trpc.events.list.query({ type: "events" });
    expect(eventsList.some((r) => r.type === "SEASONAL")).toBe(false);
    expect(eventsList.map((r) => r.id)).toEqual(expect.arrayContaining([one, two]));
    expect(eventsList.map((r) => r.id)).not.toContain(seasonId);
  });

  it("a published season is 'later' before its first date, 'current' while it runs, 'expired' after", async () => {
    const [one, two] = await twoEvents("Theatre", [20, 90]);
    const seasonId = await createEventVia(client, validSeasonStep1([one, two], { name: "Theatre season" }));
    await saveTicketsVia(client, seasonId, [ticketCategory("season", { name: "Season ticket", dailyQuantity: 50 })]);
    expect((await seasonListRow(seasonId))?.listStatus).toBe("draft");
    expect((await client.trpc.events.publish.mutate({ id: seasonId, publishOption: "now" })).status).toBe(
      "published",
    );

    expect((await seasonListRow(seasonId))?.listStatus).toBe("later");
    expect((await client.trpc.events.get.query({ id: seasonId })).listStatus).toBe("later");

    // The first event moves into the past: the season is running.
    await shiftEventDates(t.database.db, one, -60);
    expect((await seasonListRow(seasonId))?.listStatus).toBe("current");
    expect((await client.trpc.events.get.query({ id: seasonId })).listStatus).toBe("current");
    const current = await client.trpc.events.list.query({ type: "seasons", status: "current" });
    expect(current.map((r) => r.id)).toEqual([seasonId]);

    // And the last one too: the season is over.
    await shiftEventDates(t.database.db, two, -200);
    expect((await seasonListRow(seasonId))?.listStatus).toBe("expired");
  });

  it("a season without events cannot be published (EVENT_INCOMPLETE)", async () => {
    const seasonId = await createEventVia(client, validSeasonStep1([], { name: "Hollow season" }));
    await saveTicketsVia(client, seasonId, [ticketCategory("season")]);
    const before = await snapshotEvent(t.database.db, seasonId);
    expect(appCodeOf(await attempt(client.trpc.events.publish.mutate({ id: seasonId, publishOption: "now" })))).toBe("EVENT_INCOMPLETE");
    expect(await snapshotEvent(t.database.db, seasonId)).toEqual(before);
  });
});
