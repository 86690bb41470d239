import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { expandSchedule, ScheduleError } from "../../shared/rules/recurrence";
import { type ExpandedDate, MAX_EVENT_DATES, type Schedule } from "../../shared/rules/schedule-types";
import { V } from "../../shared/schemas/messages";

const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";

function schedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    timeZone: BERLIN,
    kind: "one_day",
    startDate: "2026-03-05",
    repeat: "once",
    times: { mode: "all_days", start: "19:00", end: "22:00" },
    additionalDates: [],
    ...overrides,
  };
}

const weekly = (startDate: string, count: number, overrides: Partial<Schedule> = {}): Schedule =>
  schedule({ startDate, repeat: "weekly", repeatEnd: { kind: "count", count }, ...overrides });

/** Wall-clock "YYYY-MM-DDTHH:MM" of an instant in a zone, computed independently of the code under test. */
function wallClock(at: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime()
    .toString({ smallestUnit: "minute" });
}

const days = (dates: ExpandedDate[]) => dates.map((d) => d.date);
const starts = (dates: ExpandedDate[]) => dates.map((d) => d.startsAt.toISOString());

function scheduleError(run: () => unknown): ScheduleError {
  try {
    run();
  } catch (error) {
    if (error instanceof ScheduleError) return error;
    throw error;
  }
  throw new Error("expected a ScheduleError");
}

describe("expandSchedule: the pattern", () => {
  it("a one-day event is its start date with its times in the event's zone", () => {
    expect(expandSchedule(schedule())).toEqual([
      {
        date: "2026-03-05",
        startsAt: new Date("2026-03-05T18:00:00Z"),
        endsAt: new Date("2026-03-05T21:00:00Z"),
        isAdditional: false,
      },
    ]);
  });

  it("a multiple-day event is every day from start to end date inclusive", () => {
    const dates = expandSchedule(schedule({ kind: "multiple_days", startDate: "2026-02-27", endDate: "2026-03-02" }));
    expect(days(dates)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(dates.every((d) => wallClock(d.startsAt, BERLIN).endsWith("T19:00"))).toBe(true);
  });

  it("endDate of a one-day event is ignored", () => {
    expect(days(expandSchedule(schedule({ endDate: "2026-03-09" })))).toEqual(["2026-03-05"]);
  });

  it("a one-time event ignores a repeat end left over from the form", () => {
    expect(days(expandSchedule(schedule({ repeatEnd: { kind: "until", date: "2026-01-01" } })))).toEqual(["2026-03-05"]);
    expect(days(expandSchedule(schedule({ repeatEnd: { kind: "count", count: 5 } })))).toEqual(["2026-03-05"]);
  });

  it("weekly repeats every 7 days", () => {
    expect(days(expandSchedule(weekly("2026-12-24", 3)))).toEqual(["2026-12-24", "2026-12-31", "2027-01-07"]);
  });

  it("monthly on the 31st skips months without a 31st (RFC 5545), and count only counts real dates", () => {
    const dates = expandSchedule(schedule({ startDate: "2026-01-31", repeat: "monthly", repeatEnd: { kind: "count", count: 6 } }));
    expect(days(dates)).toEqual(["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31", "2026-10-31"]);
  });

  it("monthly on the 30th skips February only", () => {
    const dates = expandSchedule(
      schedule({ startDate: "2026-01-30", repeat: "monthly", repeatEnd: { kind: "until", date: "2026-05-30" } }),
    );
    expect(days(dates)).toEqual(["2026-01-30", "2026-03-30", "2026-04-30", "2026-05-30"]);
  });

  it("yearly on 29 February only falls in leap years (2100 is not one)", () => {
    const leap = (startDate: string, count: number) =>
      days(expandSchedule(schedule({ startDate, repeat: "yearly", repeatEnd: { kind: "count", count } })));
    expect(leap("2024-02-29", 3)).toEqual(["2024-02-29", "2028-02-29", "2032-02-29"]);
    expect(leap("2096-02-29", 2)).toEqual(["2096-02-29", "2104-02-29"]);
  });

  it("yearly keeps month and day", () => {
    const dates = expandSchedule(schedule({ startDate: "2026-07-14", repeat: "yearly", repeatEnd: { kind: "until", date: "2029-01-01" } }));
    expect(days(dates)).toEqual(["2026-07-14", "2027-07-14", "2028-07-14"]);
  });

  it("'after x events' counts occurrences of the run, not days", () => {
    const dates = expandSchedule(
      weekly("2026-05-01", 4, { kind: "multiple_days", endDate: "2026-05-03" }),
    );
    expect(dates).toHaveLength(12);
    expect(days(dates).filter((_, i) => i % 3 === 0)).toEqual(["2026-05-01", "2026-05-08", "2026-05-15", "2026-05-22"]);
  });

  it("count 1 is the start alone", () => {
    expect(days(expandSchedule(weekly("2026-05-01", 1)))).toEqual(["2026-05-01"]);
  });

  it("the until date is inclusive", () => {
    const until = (date: string) =>
      days(expandSchedule(schedule({ startDate: "2026-01-01", repeat: "weekly", repeatEnd: { kind: "until", date } })));
    expect(until("2026-01-29")).toEqual(["2026-01-01", "2026-01-08", "2026-01-15", "2026-01-22", "2026-01-29"]);
    expect(until("2026-01-28")).toEqual(["2026-01-01", "2026-01-08", "2026-01-15", "2026-01-22"]);
    expect(until("2026-01-01")).toEqual(["2026-01-01"]);
  });

  it("a run whose first day is on the until date is generated whole", () => {
    const dates = expandSchedule(
      schedule({
        kind: "multiple_days",
        startDate: "2026-01-01",
        endDate: "2026-01-02",
        repeat: "weekly",
        repeatEnd: { kind: "until", date: "2026-01-08" },
      }),
    );
    expect(days(dates)).toEqual(["2026-01-01", "2026-01-02", "2026-01-08", "2026-01-09"]);
  });

  it("per-day times apply to the i-th day of every repetition of the run", () => {
    const dates = expandSchedule(
      weekly("2026-05-01", 2, {
        kind: "multiple_days",
        endDate: "2026-05-03",
        times: {
          mode: "per_day",
          days: [
            { start: "18:00", end: "23:00" },
            { start: "14:00", end: "23:30" },
            { start: "11:00", end: "17:00" },
          ],
        },
      }),
    );
    expect(dates.map((d) => `${wallClock(d.startsAt, BERLIN)}-${wallClock(d.endsAt, BERLIN).slice(11)}`)).toEqual([
      "2026-05-01T18:00-23:00",
      "2026-05-02T14:00-23:30",
      "2026-05-03T11:00-17:00",
      "2026-05-08T18:00-23:00",
      "2026-05-09T14:00-23:30",
      "2026-05-10T11:00-17:00",
    ]);
  });
});

describe("expandSchedule: time zones and daylight saving time", () => {
  it("weekly 19:00 Berlin across the March change stays 19:00 local (18:00 UTC before 29 March, 17:00 after)", () => {
    const dates = expandSchedule(weekly("2026-03-05", 6));
    expect(dates.map((d) => wallClock(d.startsAt, BERLIN))).toEqual([
      "2026-03-05T19:00",
      "2026-03-12T19:00",
      "2026-03-19T19:00",
      "2026-03-26T19:00",
      "2026-04-02T19:00",
      "2026-04-09T19:00",
    ]);
    expect(dates.map((d) => d.startsAt.getUTCHours())).toEqual([18, 18, 18, 18, 17, 17]);
    expect(dates.map((d) => d.endsAt.getUTCHours())).toEqual([21, 21, 21, 21, 20, 20]);
  });

  it("weekly 19:00 Berlin across the October change (25 October) goes back to 18:00 UTC", () => {
    const dates = expandSchedule(weekly("2026-10-08", 6));
    expect(dates.every((d) => wallClock(d.startsAt, BERLIN).endsWith("T19:00"))).toBe(true);
    expect(starts(dates)).toEqual([
      "2026-10-08T17:00:00.000Z",
      "2026-10-15T17:00:00.000Z",
      "2026-10-22T17:00:00.000Z",
      "2026-10-29T18:00:00.000Z",
      "2026-11-05T18:00:00.000Z",
      "2026-11-12T18:00:00.000Z",
    ]);
  });

  it("America/New_York changes on its own dates (8 March, 1 November)", () => {
    const march = expandSchedule(weekly("2026-03-01", 3, { timeZone: NEW_YORK }));
    expect(starts(march)).toEqual(["2026-03-02T00:00:00.000Z", "2026-03-08T23:00:00.000Z", "2026-03-15T23:00:00.000Z"]);
    expect(days(march)).toEqual(["2026-03-01", "2026-03-08", "2026-03-15"]);
    const november = expandSchedule(weekly("2026-10-25", 2, { timeZone: NEW_YORK }));
    expect(starts(november)).toEqual(["2026-10-25T23:00:00.000Z", "2026-11-02T00:00:00.000Z"]);
    expect([...march, ...november].every((d) => wallClock(d.startsAt, NEW_YORK).endsWith("T19:00"))).toBe(true);
  });

  it("a start inside the spring-forward gap moves forward by the gap ('compatible')", () => {
    const [berlin] = expandSchedule(schedule({ startDate: "2026-03-29", times: { mode: "all_days", start: "02:30", end: "05:00" } }));
    expect(berlin?.startsAt.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(wallClock(berlin!.startsAt, BERLIN)).toBe("2026-03-29T03:30");
    expect(berlin?.endsAt.toISOString()).toBe("2026-03-29T03:00:00.000Z");

    const [newYork] = expandSchedule(
      schedule({ timeZone: NEW_YORK, startDate: "2026-03-08", times: { mode: "all_days", start: "02:30", end: "05:00" } }),
    );
    expect(wallClock(newYork!.startsAt, NEW_YORK)).toBe("2026-03-08T03:30");
  });

  it("a time that occurs twice (fall back) takes the earlier instant", () => {
    const [date] = expandSchedule(schedule({ startDate: "2026-10-25", times: { mode: "all_days", start: "02:30", end: "04:00" } }));
    expect(date?.startsAt.toISOString()).toBe("2026-10-25T00:30:00.000Z"); // 02:30 CEST, not CET
    expect(date?.endsAt.toISOString()).toBe("2026-10-25T03:00:00.000Z");
  });

  it("a skipped start that lands after the end on the change day is rejected with its field", () => {
    const error = scheduleError(() =>
      expandSchedule(weekly("2026-03-22", 2, { times: { mode: "all_days", start: "02:30", end: "03:15" } })),
    );
    expect(error).toMatchObject({ code: V.dstGap, path: ["times", "start"] });
    expect(expandSchedule(weekly("2026-03-15", 2, { times: { mode: "all_days", start: "02:30", end: "03:15" } }))).toHaveLength(2);
  });

  it("the same schedule gives different instants in different zones", () => {
    const [utc] = expandSchedule(schedule({ timeZone: "UTC" }));
    expect(utc?.startsAt.toISOString()).toBe("2026-03-05T19:00:00.000Z");
  });
});

describe("expandSchedule: additional dates", () => {
  it("are merged into the pattern, sorted by start and marked", () => {
    const dates = expandSchedule(
      weekly("2026-06-01", 3, {
        additionalDates: [
          { date: "2026-06-10", start: "10:00", end: "12:00" },
          { date: "2026-05-20", start: "20:00", end: "21:00" },
        ],
      }),
    );
    expect(dates.map((d) => [d.date, d.isAdditional])).toEqual([
      ["2026-05-20", true],
      ["2026-06-01", false],
      ["2026-06-08", false],
      ["2026-06-10", true],
      ["2026-06-15", false],
    ]);
  });

  it("sorts by start time within one day", () => {
    const dates = expandSchedule(schedule({ additionalDates: [{ date: "2026-03-05", start: "14:00", end: "16:00" }] }));
    expect(dates.map((d) => wallClock(d.startsAt, BERLIN))).toEqual(["2026-03-05T14:00", "2026-03-05T19:00"]);
  });

  it("a date starting at the same instant as another is dropped, the pattern one kept", () => {
    const dates = expandSchedule(
      weekly("2026-06-01", 2, {
        additionalDates: [
          { date: "2026-06-08", start: "19:00", end: "23:00" },
          { date: "2026-06-20", start: "19:00", end: "22:00" },
          { date: "2026-06-20", start: "19:00", end: "22:00" },
        ],
      }),
    );
    expect(dates.map((d) => [d.date, d.isAdditional, wallClock(d.endsAt, BERLIN)])).toEqual([
      ["2026-06-01", false, "2026-06-01T22:00"],
      ["2026-06-08", false, "2026-06-08T22:00"],
      ["2026-06-20", true, "2026-06-20T22:00"],
    ]);
  });
});

describe("expandSchedule: MAX_EVENT_DATES", () => {
  it("weekly until the year 2200 is rejected instead of generating thousands of dates", () => {
    const error = scheduleError(() =>
      expandSchedule(schedule({ startDate: "2026-01-01", repeat: "weekly", repeatEnd: { kind: "until", date: "2200-01-01" } })),
    );
    expect(error).toMatchObject({ code: V.tooManyDates, path: ["repeatEnd"] });
  });

  it("a daily run (7 days every week) until 9999 stops as soon as the limit is passed", () => {
    const error = scheduleError(() =>
      expandSchedule(
        schedule({
          kind: "multiple_days",
          startDate: "2026-01-05",
          endDate: "2026-01-11",
          repeat: "weekly",
          repeatEnd: { kind: "until", date: "9999-12-31" },
        }),
      ),
    );
    expect(error.code).toBe(V.tooManyDates);
  });

  it(`exactly ${MAX_EVENT_DATES} dates are allowed, one more is not`, () => {
    expect(expandSchedule(weekly("2026-01-01", MAX_EVENT_DATES))).toHaveLength(MAX_EVENT_DATES);
    const twoDays = { kind: "multiple_days", endDate: "2026-01-02" } as const;
    expect(expandSchedule(weekly("2026-01-01", MAX_EVENT_DATES / 2, twoDays))).toHaveLength(MAX_EVENT_DATES);
    expect(scheduleError(() => expandSchedule(weekly("2026-01-01", MAX_EVENT_DATES / 2 + 1, twoDays))).code).toBe(
      V.tooManyDates,
    );
  });

  it("additional dates count towards the limit, after duplicates are removed", () => {
    const full = weekly("2026-01-01", MAX_EVENT_DATES);
    const duplicate = { date: "2026-01-08", start: "19:00", end: "22:00" };
    expect(expandSchedule({ ...full, additionalDates: [duplicate] })).toHaveLength(MAX_EVENT_DATES);
    const extra = { date: "2026-01-09", start: "19:00", end: "22:00" };
    expect(scheduleError(() => expandSchedule({ ...full, additionalDates: [extra] }))).toMatchObject({
      code: V.tooManyDates,
      path: ["additionalDates"],
    });
  });

  it("a one-time run longer than the limit is rejected on its end date", () => {
    const run = (endDate: string) => () => expandSchedule(schedule({ kind: "multiple_days", startDate: "2026-01-01", endDate }));
    expect(run("2027-05-15")()).toHaveLength(500);
    expect(scheduleError(run("2027-05-16"))).toMatchObject({ code: V.tooManyDates, path: ["endDate"] });
  });
});

describe("expandSchedule: invalid input throws ScheduleError", () => {
  const cases: [string, Schedule, string, (string | number)[]][] = [
    ["unknown time zone", schedule({ timeZone: "Europe/Atlantis" }), V.timeZone, ["timeZone"]],
    ["offset instead of a zone", schedule({ timeZone: "+01:00" }), V.timeZone, ["timeZone"]],
    ["impossible date", schedule({ startDate: "2026-02-30" }), V.date, ["startDate"]],
    ["bad time", schedule({ times: { mode: "all_days", start: "24:00", end: "23:00" } }), V.time, ["times", "start"]],
    ["start equals end", schedule({ times: { mode: "all_days", start: "19:00", end: "19:00" } }), V.startBeforeEnd, ["times", "start"]],
    ["end date before start", schedule({ kind: "multiple_days", endDate: "2026-03-04" }), V.endDateBeforeStart, ["endDate"]],
    ["missing end date", schedule({ kind: "multiple_days" }), V.required, ["endDate"]],
    ["missing repeat end", schedule({ repeat: "monthly" }), V.repeatEndRequired, ["repeatEnd"]],
    ["count 0", weekly("2026-03-05", 0), V.countRange, ["repeatEnd", "count"]],
    ["fractional count", weekly("2026-03-05", 2.5), V.countRange, ["repeatEnd", "count"]],
    ["until before start", schedule({ repeat: "weekly", repeatEnd: { kind: "until", date: "2026-03-04" } }), V.untilBeforeStart, ["repeatEnd", "date"]],
    ["run longer than a week", weekly("2026-03-05", 2, { kind: "multiple_days", endDate: "2026-03-12" }), V.runTooLong, ["endDate"]],
    [
      "per-day times for the wrong number of days",
      schedule({ times: { mode: "per_day", days: [{ start: "10:00", end: "11:00" }, { start: "10:00", end: "11:00" }] } }),
      V.perDayCount,
      ["times", "days"],
    ],
    [
      "per-day end before start",
      schedule({ times: { mode: "per_day", days: [{ start: "12:00", end: "11:00" }] } }),
      V.startBeforeEnd,
      ["times", "days", 0, "start"],
    ],
    [
      "additional date end before start",
      schedule({ additionalDates: [{ date: "2026-04-01", start: "20:00", end: "19:59" }] }),
      V.startBeforeEnd,
      ["additionalDates", 0, "start"],
    ],
  ];

  it.each(cases)("%s", (_, input, code, path) => {
    expect(scheduleError(() => expandSchedule(input))).toMatchObject({ code, path });
  });
});
