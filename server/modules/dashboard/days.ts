import { ORDERS_TIME_ZONE } from "../../../shared/schemas/organiser-orders";

/**
 * Calendar days in the organisers' time zone (ORDERS_TIME_ZONE, Europe/Berlin): where a day
 * starts as an instant, and which day an instant falls on. The dashboard home's periods and the
 * reports' periods (decisions 023, 025) both count days with these.
 */

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
export function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(instant / 1000) * 1000;
}

/**
 * Midnight at the start of the calendar day (y, m, d) in `timeZone` (the day may be given out of
 * range: day 0 is the last of the month before, as with Date.UTC).
 */
export function midnightIn(y: number, m: number, d: number, timeZone = ORDERS_TIME_ZONE): Date {
  const midnightUtc = Date.UTC(y, m - 1, d);
  // The zone's offset at its own midnight (never a DST switch hour in Europe/Berlin).
  return new Date(midnightUtc - offsetAt(midnightUtc - offsetAt(midnightUtc, timeZone), timeZone));
}

/** Midnight at the start of `day` ("2026-11-26") in `timeZone`. */
export function dayStart(day: string, timeZone = ORDERS_TIME_ZONE): Date {
  const [y, m, d] = day.split("-").map(Number);
  return midnightIn(y!, m!, d!, timeZone);
}

/** The calendar day ("2026-11-26") `instant` falls on in `timeZone`. */
export function dayOf(instant: Date, timeZone = ORDERS_TIME_ZONE): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone }).format(instant);
}

/** Whether "2026-02-30" is a real calendar day (the day after it is the next one). */
export function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split("-").map(Number);
  const at = new Date(Date.UTC(y!, m! - 1, d!));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m! - 1 && at.getUTCDate() === d;
}

/** Calendar days from `from` to `to`, both included (1 for one day; 0 or less when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [y, m, d] = day.split("-").map(Number);
    return Date.UTC(y!, m! - 1, d!);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/** The minute ("2026-11-26 18:07") `instant` falls on in `timeZone`: how reports write a time. */
export function minuteOf(instant: Date, timeZone = ORDERS_TIME_ZONE): string {
  let format = minuteFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
    minuteFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
