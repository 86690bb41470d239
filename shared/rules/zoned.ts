import { Temporal } from "temporal-polyfill";

/**
 * Converts a wall-clock "YYYY-MM-DD HH:mm[:ss]" (as date-time pickers produce) in `timeZone`
 * to an instant. A time inside a spring-forward gap moves forward, like the schedule does.
 */
export function zonedWallTimeToDate(wallTime: string, timeZone: string): Date {
  const plain = Temporal.PlainDateTime.from(wallTime.trim().replace(" ", "T"));
  return new Date(plain.toZonedDateTime(timeZone, { disambiguation: "compatible" }).epochMilliseconds);
}

/** The wall-clock "YYYY-MM-DD HH:mm:ss" of an instant in `timeZone` (for date-time pickers). */
export function dateToZonedWallTime(date: Date, timeZone: string): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(timeZone);
  return zoned.toPlainDateTime().toString({ smallestUnit: "second" }).replace("T", " ");
}
