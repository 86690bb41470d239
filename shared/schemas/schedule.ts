import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { expandSchedule, isValidTimeZone, MAX_RUN_DAYS, ScheduleError } from "../rules/recurrence";
import { MAX_EVENT_DATES, REPEAT_KINDS } from "../rules/schedule-types";
import { V } from "./messages";

/**
 * An event's schedule (SPEC §3 Event, §5 "Recurring event times"), for the event form and the
 * event procedures. Field rules sit on their fields so a form shows them all at once; rules
 * across fields run in the final superRefine, and last of all the expansion itself (too many
 * dates, a start skipped by DST), which only runs once everything else is valid.
 * expandSchedule enforces the same rules with the same codes and paths.
 */

const required = { error: V.required, abort: true } as const;
const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

const ZLocalDate = z.string(V.required).min(1, required).pipe(z.iso.date(V.date));
const ZLocalTime = z.string(V.required).min(1, required).pipe(z.iso.time({ precision: -1, error: V.time }));

/** SPEC §5: start strictly before end; both fields get a message so the form marks both. */
function startBeforeEnd(times: { start: string; end: string }, ctx: z.RefinementCtx): void {
  // A malformed time has its own issue; "HH:MM" strings compare like the times they spell.
  if (!HH_MM.test(times.start) || !HH_MM.test(times.end) || times.start < times.end) return;
  ctx.addIssue({ code: "custom", message: V.startBeforeEnd, path: ["start"] });
  ctx.addIssue({ code: "custom", message: V.endAfterStart, path: ["end"] });
}

const ZDayTimes = z.object({ start: ZLocalTime, end: ZLocalTime }).superRefine(startBeforeEnd);

const ZTimes = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("all_days"), start: ZLocalTime, end: ZLocalTime }).superRefine(startBeforeEnd),
  z.object({ mode: z.literal("per_day"), days: z.array(ZDayTimes).max(MAX_EVENT_DATES, V.perDayCount) }),
]);

const ZRepeatEnd = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("until"), date: ZLocalDate }),
  z.object({
    kind: z.literal("count"),
    count: z.number(V.countRange).int(V.countRange).min(1, V.countRange).max(MAX_EVENT_DATES, V.countRange),
  }),
]);

const ZAdditionalDate = z.object({ date: ZLocalDate, start: ZLocalTime, end: ZLocalTime }).superRefine(startBeforeEnd);

export const ZSchedule = z
  .object({
    timeZone: z.string(V.required).min(1, required).refine(isValidTimeZone, V.timeZone),
    kind: z.enum(["one_day", "multiple_days"]),
    startDate: ZLocalDate,
    endDate: ZLocalDate.optional(),
    repeat: z.enum(REPEAT_KINDS),
    repeatEnd: ZRepeatEnd.optional(),
    times: ZTimes,
    additionalDates: z.array(ZAdditionalDate).max(MAX_EVENT_DATES, V.tooManyDates),
  })
  .superRefine((schedule, ctx) => {
    // Earlier issues do not stop this refinement, so every date is re-read defensively.
    const start = toPlainDate(schedule.startDate);
    let runDays: number | undefined = 1;
    if (schedule.kind === "multiple_days") {
      const end = toPlainDate(schedule.endDate);
      runDays = undefined;
      if (schedule.endDate === undefined) {
        ctx.addIssue({ code: "custom", message: V.required, path: ["endDate"] });
      } else if (start && end && Temporal.PlainDate.compare(end, start) < 0) {
        ctx.addIssue({ code: "custom", message: V.endDateBeforeStart, path: ["endDate"] });
      } else if (start && end) {
        runDays = start.until(end).days + 1;
        if (runDays > MAX_RUN_DAYS[schedule.repeat]) {
          const message = schedule.repeat === "once" ? V.tooManyDates : V.runTooLong;
          ctx.addIssue({ code: "custom", message, path: ["endDate"] });
        }
      }
    }

    if (schedule.times.mode === "per_day" && runDays !== undefined && schedule.times.days.length !== runDays) {
      ctx.addIssue({ code: "custom", message: V.perDayCount, path: ["times", "days"] });
    }

    if (schedule.repeat !== "once") {
      const { repeatEnd } = schedule;
      if (!repeatEnd) {
        ctx.addIssue({ code: "custom", message: V.repeatEndRequired, path: ["repeatEnd"] });
      } else if (repeatEnd.kind === "until") {
        const until = toPlainDate(repeatEnd.date);
        if (start && until && Temporal.PlainDate.compare(until, start) < 0) {
          ctx.addIssue({ code: "custom", message: V.untilBeforeStart, path: ["repeatEnd", "date"] });
        }
      }
    }

    if (ctx.issues.length > 0) return;
    try {
      expandSchedule(schedule);
    } catch (error) {
      if (!(error instanceof ScheduleError)) throw error;
      ctx.addIssue({ code: "custom", message: error.code, path: error.path });
    }
  });
export type TSchedule = z.input<typeof ZSchedule>;

function toPlainDate(value: string | undefined): Temporal.PlainDate | undefined {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  try {
    return Temporal.PlainDate.from(value);
  } catch {
    return undefined;
  }
}
