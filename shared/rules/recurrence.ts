import { Temporal } from "temporal-polyfill";
import { V, type ValidationMessage } from "../schemas/messages";
import { type DayTimes, type ExpandedDate, MAX_EVENT_DATES, type RepeatKind, type Schedule } from "./schedule-types";

/**
 * Expands an event schedule into concrete dates. Pure and runtime-neutral (browser and server):
 * all calendar and time-zone arithmetic goes through temporal-polyfill, never the host's zone.
 */

/** A form field path, as zod reports it: ["times", "days", 2, "end"]. */
export type SchedulePath = (string | number)[];

/** A schedule that cannot be expanded; `code` is a validation message code, `path` the field. */
export class ScheduleError extends Error {
  override readonly name = "ScheduleError";
  readonly code: ValidationMessage;
  readonly path: SchedulePath;

  constructor(code: ValidationMessage, path: SchedulePath = []) {
    super(`${code} at ${path.length > 0 ? path.join(".") : "schedule"}`);
    this.code = code;
    this.path = path;
  }
}

/**
 * Longest run of days that may repeat without overlapping the next occurrence: a week, the
 * shortest month, the shortest year. A one-time run is only bounded by MAX_EVENT_DATES.
 */
export const MAX_RUN_DAYS: Record<RepeatKind, number> = { once: MAX_EVENT_DATES, weekly: 7, monthly: 28, yearly: 365 };

// Names like "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+1", "UTC": the IANA
// spelling, so offsets ("+01:00") and case variants ("europe/berlin") that Intl accepts are not.
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Whether the host knows `timeZone` as an IANA zone name (Intl and temporal-polyfill agree). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!IANA_NAME.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * All dates of `schedule`, sorted by start and without two dates starting at the same instant
 * (the pattern date wins over an additional date).
 *
 * - The pattern is a run of days: startDate alone (one_day) or startDate..endDate (multiple_days).
 *   A repeating run repeats as a whole, anchored at its first day: weekly every 7 days, monthly
 *   on the same day of the month, yearly on the same month and day. Like RFC 5545, a month
 *   without that day (the 31st, 29 February) is skipped, not moved to the month's last day.
 * - repeatEnd "until" is inclusive and applies to a run's first day (a run starting on the until
 *   date is generated whole); "count" is the number of runs generated, skipped months not counted.
 * - Times are wall-clock times in `timeZone`, so a weekly 19:00 event stays 19:00 local across
 *   DST changes. A time the clocks skip (spring forward) moves forward by the gap, 02:30 becoming
 *   03:30 in Berlin ("compatible", as RFC 5545 and Temporal do); a time that occurs twice (fall
 *   back) takes the earlier instant. If the skipped start then falls on or after the end, the
 *   date has no valid window and the schedule is rejected with V.dstGap.
 *
 * Throws ScheduleError for anything ZSchedule rejects, and V.tooManyDates before producing more
 * than MAX_EVENT_DATES (so a far "until" stops early instead of looping).
 */
export function expandSchedule(schedule: Schedule): ExpandedDate[] {
  const plan = readSchedule(schedule);
  const dates: ExpandedDate[] = [];
  const maxRuns = schedule.repeat === "once" ? 1 : (plan.count ?? Number.POSITIVE_INFINITY);
  let runs = 0;
  for (let n = 0; runs < maxRuns; n++) {
    const first = nthOccurrence(plan.start, schedule.repeat, n);
    if (!first) continue;
    if (plan.until && Temporal.PlainDate.compare(first, plan.until) > 0) break;
    if (dates.length + plan.runDays > MAX_EVENT_DATES) throw new ScheduleError(V.tooManyDates, ["repeatEnd"]);
    for (let day = 0; day < plan.runDays; day++) {
      const times = plan.timesOfDay(day);
      dates.push(toExpandedDate(first.add({ days: day }), times, plan.timeZone, false, times.path));
    }
    runs++;
  }
  schedule.additionalDates.forEach((extra, i) => {
    dates.push(toExpandedDate(Temporal.PlainDate.from(extra.date), extra, plan.timeZone, true, ["additionalDates", i]));
  });

  // Stable sort: the pattern date comes before an additional date with the same start.
  dates.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const unique = dates.filter((d, i) => i === 0 || d.startsAt.getTime() !== dates[i - 1]?.startsAt.getTime());
  if (unique.length > MAX_EVENT_DATES) throw new ScheduleError(V.tooManyDates, ["additionalDates"]);
  return unique;
}

type Plan = {
  timeZone: string;
  start: Temporal.PlainDate;
  runDays: number;
  until: Temporal.PlainDate | undefined;
  count: number | undefined;
  timesOfDay: (day: number) => DayTimes & { path: SchedulePath };
};

/** Checks the schedule in the order a form shows it and throws the first problem (same codes and paths as ZSchedule). */
function readSchedule(schedule: Schedule): Plan {
  const { timeZone, repeat, repeatEnd, times } = schedule;
  if (!timeZone) throw new ScheduleError(V.required, ["timeZone"]);
  if (!isValidTimeZone(timeZone)) throw new ScheduleError(V.timeZone, ["timeZone"]);
  const start = readDate(schedule.startDate, ["startDate"]);

  let runDays = 1;
  if (schedule.kind === "multiple_days") {
    const end = readDate(schedule.endDate, ["endDate"]);
    if (Temporal.PlainDate.compare(end, start) < 0) throw new ScheduleError(V.endDateBeforeStart, ["endDate"]);
    runDays = start.until(end).days + 1;
    if (runDays > MAX_RUN_DAYS[repeat]) {
      throw new ScheduleError(repeat === "once" ? V.tooManyDates : V.runTooLong, ["endDate"]);
    }
  } else if (schedule.endDate !== undefined) {
    readDate(schedule.endDate, ["endDate"]);
  }

  if (times.mode === "all_days") {
    checkTimes(times, ["times"]);
  } else {
    times.days.forEach((day, i) => checkTimes(day, ["times", "days", i]));
    if (times.days.length !== runDays) throw new ScheduleError(V.perDayCount, ["times", "days"]);
  }

  // A one-time event ignores a repeat end left over in the form, but it must still be well-formed.
  let until: Temporal.PlainDate | undefined;
  let count: number | undefined;
  if (repeatEnd?.kind === "until") {
    until = readDate(repeatEnd.date, ["repeatEnd", "date"]);
    if (repeat !== "once" && Temporal.PlainDate.compare(until, start) < 0) {
      throw new ScheduleError(V.untilBeforeStart, ["repeatEnd", "date"]);
    }
  } else if (repeatEnd?.kind === "count") {
    count = repeatEnd.count;
    if (!Number.isInteger(count) || count < 1 || count > MAX_EVENT_DATES) {
      throw new ScheduleError(V.countRange, ["repeatEnd", "count"]);
    }
  } else if (repeat !== "once") {
    throw new ScheduleError(V.repeatEndRequired, ["repeatEnd"]);
  }

  if (schedule.additionalDates.length > MAX_EVENT_DATES) throw new ScheduleError(V.tooManyDates, ["additionalDates"]);
  schedule.additionalDates.forEach((extra, i) => {
    readDate(extra.date, ["additionalDates", i, "date"]);
    checkTimes(extra, ["additionalDates", i]);
  });

  const timesOfDay = (day: number): DayTimes & { path: SchedulePath } =>
    times.mode === "all_days"
      ? { start: times.start, end: times.end, path: ["times"] }
      : { ...(times.days[day] as DayTimes), path: ["times", "days", day] };
  const isRepeating = repeat !== "once";
  return { timeZone, start, runDays, until: isRepeating ? until : undefined, count: isRepeating ? count : undefined, timesOfDay };
}

function readDate(value: string | undefined, path: SchedulePath): Temporal.PlainDate {
  if (!value) throw new ScheduleError(V.required, path);
  if (!LOCAL_DATE.test(value)) throw new ScheduleError(V.date, path);
  try {
    return Temporal.PlainDate.from(value); // rejects days that do not exist, e.g. 2026-02-30
  } catch {
    throw new ScheduleError(V.date, path);
  }
}

function checkTimes({ start, end }: DayTimes, path: SchedulePath): void {
  for (const [field, value] of [
    ["start", start],
    ["end", end],
  ] as const) {
    if (!value) throw new ScheduleError(V.required, [...path, field]);
    if (!LOCAL_TIME.test(value)) throw new ScheduleError(V.time, [...path, field]);
  }
  // "HH:MM" strings compare like the times they spell.
  if (start >= end) throw new ScheduleError(V.startBeforeEnd, [...path, "start"]);
}

/** First day of the n-th repetition, or null when that month has no such day (RFC 5545 skips it). */
function nthOccurrence(start: Temporal.PlainDate, repeat: RepeatKind, n: number): Temporal.PlainDate | null {
  if (repeat === "once") return n === 0 ? start : null;
  if (repeat === "weekly") return start.add({ weeks: n });
  const month = start.toPlainYearMonth().add(repeat === "monthly" ? { months: n } : { years: n });
  return start.day <= month.daysInMonth ? month.toPlainDate({ day: start.day }) : null;
}

function toExpandedDate(
  date: Temporal.PlainDate,
  times: DayTimes,
  timeZone: string,
  isAdditional: boolean,
  path: SchedulePath,
): ExpandedDate {
  const at = (time: string) =>
    new Date(
      date
        .toPlainDateTime(Temporal.PlainTime.from(time))
        .toZonedDateTime(timeZone, { disambiguation: "compatible" }).epochMilliseconds,
    );
  const startsAt = at(times.start);
  const endsAt = at(times.end);
  if (endsAt.getTime() <= startsAt.getTime()) throw new ScheduleError(V.dstGap, [...path, "start"]);
  return { date: date.toString(), startsAt, endsAt, isAdditional };
}
