import { z } from "zod";
import { LOCAL_DATE, ZEventData, ZSeasonData } from "./events";
import { V } from "./messages";
import { ZSchedule } from "./schedule";

/**
 * Step 1 of the event form: an event with its schedule, or a season with its season data.
 * Inputs are flat (`{ id, ...fields }`) so field errors carry the same paths as the form's fields.
 */
export const ZStep1Event = z.object({ type: z.literal("REGULAR"), data: ZEventData, schedule: ZSchedule });
export const ZStep1Season = z.object({ type: z.literal("SEASONAL"), data: ZEventData, season: ZSeasonData });
export const ZStep1Input = z.discriminatedUnion("type", [ZStep1Event, ZStep1Season]);
export const ZStep1SaveInput = z.discriminatedUnion("type", [ZStep1Event.extend({ id: z.uuid() }), ZStep1Season.extend({ id: z.uuid() })]);
export type TStep1Input = z.output<typeof ZStep1Input>;

/**
 * The season part as the form holds it: the end of sales as the picker's wall time (the form
 * turns it into a date), the season start as a picked day ("required" until one is picked).
 */
export const ZSeasonForm = ZSeasonData.extend({
  seasonStart: z.string().regex(LOCAL_DATE, V.date),
  seasonSaleEnd: z.string().min(1, V.required),
  childEventIds: z.array(z.string()),
});

/** The step 1 form: an event validates its schedule, a season its season data; the other part is not shown. */
export function step1FormSchema(kind: "event" | "season") {
  const isSeason = kind === "season";
  return ZStep1Event.pick({ data: true }).extend({
    schedule: isSeason ? z.unknown() : ZStep1Event.shape.schedule,
    season: isSeason ? ZSeasonForm : z.unknown(),
  });
}
