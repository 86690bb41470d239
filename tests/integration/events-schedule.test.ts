import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TSchedule } from "../../shared/schemas/schedule";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { attempt } from "./helpers/trpc";
import {
  createEventVia,
  datesOf,
  localDateInDays,
  oneDaySchedule,
  signedInOrganiser,
  snapshotEvent,
  snapshotOrganiser,
  validEventStep1,
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

const berlinTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

function weekly(startDate: string, repeatEnd: TSchedule["repeatEnd"], times = { start: "19:00", end: "21:00" }): TSchedule {
  return {
    timeZone: "Europe/Berlin",
    kind: "one_day",
    startDate,
    repeat: "weekly",
    repeatEnd,
    times: { mode: "all_days", ...times },
    additionalDates: [],
  };
}

/** A refused events.create: VALIDATION with an error on `path`, and no row written. */
async function expectCreateRefused(schedule: TSchedule, path: string) {
  const before = await snapshotOrganiser(t.database.db, organiserId);
  const res = await attempt(client.trpc.events.create.mutate(validEventStep1({ schedule })));
  expect(appCodeOf(res)).toBe("VALIDATION");
  expect(Object.keys(res.error?.fieldErrors ?? {})).toContain(path);
  expect(await snapshotOrganiser(t.database.db, organiserId)).toEqual(before);
  return res;
}

describe("wall-clock times across DST", () => {
  it("a weekly 19:00 Berlin event across the end of March stays 19:00 local (18:00 UTC, then 17:00 UTC)", async () => {
    // Summer time starts on Sunday 28 March 2027.
    const id = await createEventVia(client, validEventStep1({ schedule: weekly("2027-03-18", { kind: "count", count: 3 }) }));
    const dates = await datesOf(t.database.db, id);
    expect(dates.map((d) => d.localDate)).toEqual(["2027-03-18", "2027-03-25", "2027-04-01"]);
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual([
      "2027-03-18T18:00:00.000Z",
      "2027-03-25T18:00:00.000Z",
      "2027-04-01T17:00:00.000Z",
    ]);
    expect(dates.map((d) => d.endsAt.toISOString())).toEqual([
      "2027-03-18T20:00:00.000Z",
      "2027-03-25T20:00:00.000Z",
      "2027-04-01T19:00:00.000Z",
    ]);
    for (const d of dates) {
      expect(berlinTime.format(d.startsAt)).toBe("19:00");
      expect(berlinTime.format(d.endsAt)).toBe("21:00");
      expect(d.isAdditional).toBe(false);
    }
    const detail = await attempt(client.trpc.events.get.query({ id }));
    expect(detail.data?.event.timeZone).toBe("Europe/Berlin");
  });

  it("across the end of October it goes back to 18:00 UTC", async () => {
    // Winter time starts on Sunday 31 October 2027.
    const id = await createEventVia(client, validEventStep1({ schedule: weekly("2027-10-21", { kind: "until", date: "2027-11-04" }) }));
    const dates = await datesOf(t.database.db, id);
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual([
      "2027-10-21T17:00:00.000Z",
      "2027-10-28T17:00:00.000Z",
      "2027-11-04T18:00:00.000Z",
    ]);
    for (const d of dates) expect(berlinTime.format(d.startsAt)).toBe("19:00");
  });

  it("a start time that occurs twice (02:30 on the night clocks go back) takes the earlier instant", async () => {
    const id = await createEventVia(
      client,
      validEventStep1({ schedule: weekly("2027-10-24", { kind: "count", count: 2 }, { start: "02:30", end: "05:00" }) }),
    );
    const dates = await datesOf(t.database.db, id);
    // 24 Oct: 02:30 CEST; 31 Oct: the first 02:30 (CEST, UTC+2), not the second (CET).
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual(["2027-10-24T00:30:00.000Z", "2027-10-31T00:30:00.000Z"]);
    expect(dates[1]!.endsAt.toISOString()).toBe("2027-10-31T04:00:00.000Z");
  });

  it("a multiple-day run repeating weekly stores every day of every run", async () => {
    const schedule: TSchedule = {
      timeZone: "Europe/Berlin",
      kind: "multiple_days",
      startDate: "2030-05-03",
      endDate: "2030-05-05",
      repeat: "weekly",
      repeatEnd: { kind: "count", count: 2 },
      times: {
        mode: "per_day",
        days: [
          { start: "18:00", end: "23:00" },
          { start: "14:00", end: "23:00" },
          { start: "11:00", end: "17:00" },
        ],
      },
      additionalDates: [{ date: "2030-06-01", start: "10:00", end: "12:00" }],
    };
    const id = await createEventVia(client, validEventStep1({ schedule }));
    const dates = await datesOf(t.database.db, id);
    expect(dates.map((d) => [d.localDate, berlinTime.format(d.startsAt), d.isAdditional])).toEqual([
      ["2030-05-03", "18:00", false],
      ["2030-05-04", "14:00", false],
      ["2030-05-05", "11:00", false],
      ["2030-05-10", "18:00", false],
      ["2030-05-11", "14:00", false],
      ["2030-05-12", "11:00", false],
      ["2030-06-01", "10:00", true],
    ]);
  });
});

describe("invalid schedules are VALIDATION on the schedule's fields", () => {
  it.each([
    ["start after end", { start: "21:00", end: "19:00" }],
    ["start equal to end", { start: "19:00", end: "19:00" }],
  ])("%s", async (_label, times) => {
    const res = await expectCreateRefused(
      oneDaySchedule(localDateInDays(30), { times: { mode: "all_days", ...times } }),
      "schedule.times.start",
    );
    expect(Object.keys(res.error!.fieldErrors!)).toContain("schedule.times.end");
  });

  it("an additional date whose start is not before its end", async () => {
    await expectCreateRefused(
      oneDaySchedule(localDateInDays(30), { additionalDates: [{ date: localDateInDays(31), start: "12:00", end: "11:00" }] }),
      "schedule.additionalDates.0.start",
    );
  });

  it("a per-day time whose start is not before its end", async () => {
    await expectCreateRefused(
      {
        timeZone: "Europe/Berlin",
        kind: "multiple_days",
        startDate: "2030-05-03",
        endDate: "2030-05-04",
        repeat: "once",
        times: { mode: "per_day", days: [{ start: "10:00", end: "12:00" }, { start: "23:00", end: "22:00" }] },
        additionalDates: [],
      },
      "schedule.times.days.1.start",
    );
  });

  it("an unknown time zone", async () => {
    await expectCreateRefused(oneDaySchedule(localDateInDays(30), { timeZone: "Mars/Olympus_Mons" }), "schedule.timeZone");
  });

  it("a repeating schedule without an end", async () => {
    await expectCreateRefused(weekly("2030-01-01", undefined), "schedule.repeatEnd");
  });

  it("the same rule on saveData: nothing of the event changes", async () => {
    const id = await createEventVia(client);
    const before = await snapshotEvent(t.database.db, id);
    const res = await attempt(client.trpc.events.saveData.mutate({
      id,
      ...validEventStep1({
        name: "Should not be saved",
        schedule: oneDaySchedule(localDateInDays(40), { times: { mode: "all_days", start: "22:00", end: "20:00" } }),
      }),
    }));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(Object.keys(res.error?.fieldErrors ?? {})).toContain("schedule.times.start");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });
});

describe("at most 500 dates", () => {
  it("exactly 500 weekly dates are stored", async () => {
    const id = await createEventVia(client, validEventStep1({ schedule: weekly("2030-01-01", { kind: "count", count: 500 }) }));
    const dates = await datesOf(t.database.db, id);
    expect(dates).toHaveLength(500);
    expect(new Set(dates.map((d) => d.startsAt.getTime())).size).toBe(500);
  });

  it("a weekly schedule until a far date is refused on its end (tooManyDates), without creating anything", async () => {
    const res = await expectCreateRefused(weekly("2030-01-01", { kind: "until", date: "2099-12-31" }), "schedule.repeatEnd");
    expect(res.error!.fieldErrors!["schedule.repeatEnd"]).toEqual(["v.tooManyDates"]);
  });

  it("a count above 500 is refused", async () => {
    await expectCreateRefused(weekly("2030-01-01", { kind: "count", count: 501 }), "schedule.repeatEnd.count");
  });

  it("500 pattern dates plus one additional date is refused", async () => {
    const schedule = weekly("2030-01-01", { kind: "count", count: 500 });
    schedule.additionalDates = [{ date: "2029-12-01", start: "10:00", end: "11:00" }];
    await expectCreateRefused(schedule, "schedule.additionalDates");
  });

  it("a one-time run of 501 days is refused", async () => {
    await expectCreateRefused(
      {
        timeZone: "Europe/Berlin",
        kind: "multiple_days",
        startDate: "2030-01-01",
        endDate: "2031-05-16",
        repeat: "once",
        times: { mode: "all_days", start: "10:00", end: "18:00" },
        additionalDates: [],
      },
      "schedule.endDate",
    );
  });

  it("saveData with too many dates leaves the event as it was", async () => {
    const id = await createEventVia(client);
    const before = await snapshotEvent(t.database.db, id);
    const res = await attempt(client.trpc.events.saveData.mutate({
      id,
      ...validEventStep1({ schedule: weekly("2030-01-01", { kind: "until", date: "2050-01-01" }) }),
    }));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });
});
