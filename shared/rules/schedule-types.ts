/**
 * The schedule of an event as the organiser enters it (SPEC §3 Event: one-day or multiple-day,
 * repeat one time / weekly / monthly / yearly until an end date or after x events, start and end
 * per day or for all days, additional dates, time zone). Expanded into concrete event dates by
 * `expandSchedule` in ./recurrence.ts.
 */

/** "YYYY-MM-DD", a calendar day in the event's time zone. */
export type LocalDate = string;
/** "HH:MM", 24-hour wall-clock time in the event's time zone. */
export type LocalTime = string;

export const REPEAT_KINDS = ["once", "weekly", "monthly", "yearly"] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];

export type DayTimes = { start: LocalTime; end: LocalTime };

export type Schedule = {
  /** IANA time zone, e.g. "Europe/Berlin". */
  timeZone: string;
  /** one_day: a single day; multiple_days: consecutive days from startDate to endDate. */
  kind: "one_day" | "multiple_days";
  startDate: LocalDate;
  /** Last day of a multiple-day run (>= startDate); ignored for one_day. */
  endDate?: LocalDate | undefined;
  /** Whether the day (or run of days) repeats. */
  repeat: RepeatKind;
  /** Required unless repeat is "once": until a date (inclusive) or after a number of occurrences. */
  repeatEnd?: { kind: "until"; date: LocalDate } | { kind: "count"; count: number } | undefined;
  /** Same times for all days, or per day of a multiple-day run (index 0 = first day). */
  times: { mode: "all_days"; start: LocalTime; end: LocalTime } | { mode: "per_day"; days: DayTimes[] };
  /** Extra single dates besides the pattern. */
  additionalDates: ({ date: LocalDate } & DayTimes)[];
};

/** One concrete event date. */
export type ExpandedDate = {
  /** The local calendar day. */
  date: LocalDate;
  startsAt: Date;
  endsAt: Date;
  isAdditional: boolean;
};

/** Upper bound of dates one schedule may produce. */
export const MAX_EVENT_DATES = 500;
