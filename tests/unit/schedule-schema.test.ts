import { describe, expect, it } from "vitest";
import { expandSchedule, ScheduleError } from "../../shared/rules/recurrence";
import { MAX_EVENT_DATES, type Schedule } from "../../shared/rules/schedule-types";
import { V } from "../../shared/schemas/messages";
import { type TSchedule, ZSchedule } from "../../shared/schemas/schedule";

type Issue = { path: string; message: string };

/** Every issue as "path" + code, so a test also fails on an unexpected extra issue. */
function issuesOf(input: unknown): Issue[] {
  const result = ZSchedule.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

const oneDay: TSchedule = {
  timeZone: "Europe/Berlin",
  kind: "one_day",
  startDate: "2026-03-05",
  repeat: "once",
  times: { mode: "all_days", start: "19:00", end: "22:00" },
  additionalDates: [],
};

const festival: TSchedule = {
  timeZone: "Europe/Berlin",
  kind: "multiple_days",
  startDate: "2026-05-01",
  endDate: "2026-05-03",
  repeat: "weekly",
  repeatEnd: { kind: "count", count: 4 },
  times: {
    mode: "per_day",
    days: [
      { start: "18:00", end: "23:00" },
      { start: "14:00", end: "23:30" },
      { start: "11:00", end: "17:00" },
    ],
  },
  additionalDates: [{ date: "2026-06-20", start: "10:00", end: "12:00" }],
};

const withTimes = (start: string, end: string): TSchedule => ({ ...oneDay, times: { mode: "all_days", start, end } });
const weeklyUntil = (date: string): TSchedule => ({ ...oneDay, repeat: "weekly", repeatEnd: { kind: "until", date } });
const multipleDays = (endDate: string | undefined, repeat: TSchedule["repeat"] = "once"): TSchedule => ({
  ...oneDay,
  kind: "multiple_days",
  endDate,
  repeat,
  repeatEnd: repeat === "once" ? undefined : { kind: "count", count: 1 },
});

describe("ZSchedule: accepted schedules", () => {
  it.each([
    ["a one-day event", oneDay],
    ["a weekly multiple-day festival with per-day times and an additional date", festival],
    ["the whole day 00:00-23:59", withTimes("00:00", "23:59")],
    ["one minute", withTimes("19:00", "19:01")],
    ["a one-day event's stale endDate", { ...oneDay, endDate: "2026-01-01" }],
    ["a one-time event's stale repeat end", { ...oneDay, repeatEnd: { kind: "until", date: "2026-01-01" } }],
  ] satisfies [string, TSchedule][])("%s", (_, input) => {
    expect(issuesOf(input)).toEqual([]);
    const parsed: Schedule = ZSchedule.parse(input);
    expect(parsed).toEqual(input);
    expect(expandSchedule(parsed).length).toBeGreaterThan(0);
  });
});

describe("ZSchedule: dates, times and time zone", () => {
  it.each(["2024-02-29", "2026-12-31"])("date %s exists", (startDate) => {
    expect(issuesOf({ ...oneDay, startDate })).toEqual([]);
  });

  it.each(["2026-02-30", "2025-02-29", "2026-13-01", "2026-3-5", "05.03.2026", "2026-03-05T19:00"])(
    "date %j is rejected",
    (startDate) => {
      expect(issuesOf({ ...oneDay, startDate })).toEqual([{ path: "startDate", message: V.date }]);
    },
  );

  it("an empty or missing date is required", () => {
    expect(issuesOf({ ...oneDay, startDate: "" })).toEqual([{ path: "startDate", message: V.required }]);
    expect(issuesOf({ ...oneDay, startDate: undefined })).toEqual([{ path: "startDate", message: V.required }]);
  });

  it.each(["24:00", "7:00", "19:60", "19:00:00", "7pm"])("time %j is rejected, without a start/end message", (start) => {
    expect(issuesOf(withTimes(start, "23:00"))).toEqual([{ path: "times.start", message: V.time }]);
  });

  it("an empty time is required", () => {
    expect(issuesOf(withTimes("19:00", ""))).toEqual([{ path: "times.end", message: V.required }]);
  });

  it.each(["UTC", "America/New_York", "America/Argentina/Buenos_Aires", "Etc/GMT+1", "Asia/Kolkata"])(
    "time zone %s is accepted",
    (timeZone) => {
      expect(issuesOf({ ...oneDay, timeZone })).toEqual([]);
    },
  );

  it.each(["Europe/Atlantis", "Berlin", "+01:00", "europe/berlin", "CEST"])("time zone %j is rejected", (timeZone) => {
    expect(issuesOf({ ...oneDay, timeZone })).toEqual([{ path: "timeZone", message: V.timeZone }]);
  });

  it("an empty time zone is required", () => {
    expect(issuesOf({ ...oneDay, timeZone: "" })).toEqual([{ path: "timeZone", message: V.required }]);
  });
});

describe("ZSchedule: start before end (SPEC §5)", () => {
  const both = (prefix: string): Issue[] => [
    { path: `${prefix}.start`, message: V.startBeforeEnd },
    { path: `${prefix}.end`, message: V.endAfterStart },
  ];

  it.each([
    ["equal", "19:00", "19:00"],
    ["later", "19:00", "18:59"],
  ])("for all days: start %s than end marks both fields", (_, start, end) => {
    expect(issuesOf(withTimes(start, end))).toEqual(both("times"));
  });

  it("per day: the message is on that day", () => {
    const days = [
      { start: "18:00", end: "23:00" },
      { start: "14:00", end: "23:30" },
      { start: "17:00", end: "11:00" },
    ];
    expect(issuesOf({ ...festival, times: { mode: "per_day", days } })).toEqual(both("times.days.2"));
  });

  it("an additional date: the message is on that date", () => {
    const additionalDates = [
      { date: "2026-06-20", start: "10:00", end: "12:00" },
      { date: "2026-06-21", start: "12:00", end: "12:00" },
    ];
    expect(issuesOf({ ...oneDay, additionalDates })).toEqual(both("additionalDates.1"));
  });

  it("an additional date must exist", () => {
    const additionalDates = [{ date: "2026-06-31", start: "10:00", end: "12:00" }];
    expect(issuesOf({ ...oneDay, additionalDates })).toEqual([{ path: "additionalDates.0.date", message: V.date }]);
  });
});

describe("ZSchedule: rules across fields", () => {
  it("multiple days need an end date on or after the start date", () => {
    expect(issuesOf(multipleDays(undefined))).toEqual([{ path: "endDate", message: V.required }]);
    expect(issuesOf(multipleDays("2026-03-04"))).toEqual([{ path: "endDate", message: V.endDateBeforeStart }]);
    expect(issuesOf(multipleDays("2026-03-05"))).toEqual([]);
  });

  it("a repeating run may not be longer than its repeat interval (the runs would overlap)", () => {
    expect(issuesOf(multipleDays("2026-03-11", "weekly"))).toEqual([]);
    expect(issuesOf(multipleDays("2026-03-12", "weekly"))).toEqual([{ path: "endDate", message: V.runTooLong }]);
    expect(issuesOf(multipleDays("2026-04-01", "monthly"))).toEqual([]);
    expect(issuesOf(multipleDays("2026-04-02", "monthly"))).toEqual([{ path: "endDate", message: V.runTooLong }]);
    expect(issuesOf(multipleDays("2027-03-04", "yearly"))).toEqual([]);
    expect(issuesOf(multipleDays("2027-03-05", "yearly"))).toEqual([{ path: "endDate", message: V.runTooLong }]);
  });

  it.each(["weekly", "monthly", "yearly"] as const)("repeating %s needs a repeat end", (repeat) => {
    expect(issuesOf({ ...oneDay, repeat })).toEqual([{ path: "repeatEnd", message: V.repeatEndRequired }]);
  });

  it("until may be the start date but not before it", () => {
    expect(issuesOf(weeklyUntil("2026-03-05"))).toEqual([]);
    expect(issuesOf(weeklyUntil("2026-03-04"))).toEqual([{ path: "repeatEnd.date", message: V.untilBeforeStart }]);
    expect(issuesOf(weeklyUntil("2026-04-31"))).toEqual([{ path: "repeatEnd.date", message: V.date }]);
  });

  it.each([1, MAX_EVENT_DATES])("count %s is accepted", (count) => {
    expect(issuesOf({ ...oneDay, repeat: "weekly", repeatEnd: { kind: "count", count } })).toEqual([]);
  });

  it.each([0, -1, 1.5, MAX_EVENT_DATES + 1, Number.NaN, "3"])("count %s is rejected", (count) => {
    expect(issuesOf({ ...oneDay, repeat: "weekly", repeatEnd: { kind: "count", count } })).toEqual([
      { path: "repeatEnd.count", message: V.countRange },
    ]);
  });

  it("per-day times need exactly one entry per day of the run", () => {
    const days = festival.times.mode === "per_day" ? festival.times.days : [];
    expect(issuesOf({ ...festival, times: { mode: "per_day", days: days.slice(0, 2) } })).toEqual([
      { path: "times.days", message: V.perDayCount },
    ]);
    expect(issuesOf({ ...festival, times: { mode: "per_day", days: [...days, ...days.slice(0, 1)] } })).toEqual([
      { path: "times.days", message: V.perDayCount },
    ]);
    expect(issuesOf({ ...oneDay, times: { mode: "per_day", days: days.slice(0, 1) } })).toEqual([]);
  });

  it("all problems are reported together, so a form can show them at once", () => {
    const input = {
      ...multipleDays("2026-03-01", "weekly"),
      timeZone: "Nowhere/Town",
      repeatEnd: undefined,
      additionalDates: [{ date: "2026-06-20", start: "12:00", end: "11:00" }],
    };
    expect(issuesOf(input)).toEqual([
      { path: "timeZone", message: V.timeZone },
      { path: "additionalDates.0.start", message: V.startBeforeEnd },
      { path: "additionalDates.0.end", message: V.endAfterStart },
      { path: "endDate", message: V.endDateBeforeStart },
      { path: "repeatEnd", message: V.repeatEndRequired },
    ]);
  });
});

describe("ZSchedule: the expansion", () => {
  it("weekly until 2200 produces too many dates", () => {
    expect(issuesOf(weeklyUntil("2200-01-01"))).toEqual([{ path: "repeatEnd", message: V.tooManyDates }]);
  });

  it("a one-time run of more than MAX_EVENT_DATES days has too many dates", () => {
    const run = (endDate: string) => ({ ...multipleDays(endDate), startDate: "2026-01-01" });
    expect(issuesOf(run("2027-05-15"))).toEqual([]);
    expect(issuesOf(run("2027-05-16"))).toEqual([{ path: "endDate", message: V.tooManyDates }]);
  });

  it("more additional dates than MAX_EVENT_DATES are rejected before expanding", () => {
    const additionalDates = Array.from({ length: MAX_EVENT_DATES + 1 }, () => ({ date: "2026-06-20", start: "10:00", end: "12:00" }));
    expect(issuesOf({ ...oneDay, additionalDates })).toEqual([{ path: "additionalDates", message: V.tooManyDates }]);
  });

  it("a start skipped by the spring-forward change that lands after the end is rejected", () => {
    const input = { ...withTimes("02:30", "03:15"), startDate: "2026-03-29" };
    expect(issuesOf(input)).toEqual([{ path: "times.start", message: V.dstGap }]);
  });
});

describe("ZSchedule and expandSchedule agree", () => {
  const invalid: [string, TSchedule][] = [
    ["bad zone", { ...oneDay, timeZone: "Mars/Olympus" }],
    ["bad date", { ...oneDay, startDate: "2026-02-29" }],
    ["bad time", withTimes("19:00", "25:00")],
    ["start after end", withTimes("20:00", "19:00")],
    ["end date before start", multipleDays("2026-03-01")],
    ["run too long", multipleDays("2026-03-20", "weekly")],
    ["repeat end missing", { ...oneDay, repeat: "yearly" }],
    ["until before start", weeklyUntil("2026-01-01")],
    ["count too big", { ...oneDay, repeat: "weekly", repeatEnd: { kind: "count", count: MAX_EVENT_DATES + 1 } }],
    ["per-day count", { ...festival, times: { mode: "per_day", days: [] } }],
    ["additional date", { ...oneDay, additionalDates: [{ date: "2026-06-20", start: "10:00", end: "09:00" }] }],
    ["too many dates", weeklyUntil("2100-01-01")],
    ["dst gap", { ...withTimes("02:30", "03:00"), startDate: "2026-03-29" }],
  ];

  it.each(invalid)("%s: the function's error is one of the schema's issues", (_, input) => {
    let error: unknown;
    try {
      expandSchedule(input as Schedule);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ScheduleError);
    const { code, path } = error as ScheduleError;
    expect(issuesOf(input)).toContainEqual({ path: path.join("."), message: code });
  });
});
