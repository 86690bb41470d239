import { z } from "zod";
import { ZEventData, ZEventDetails, ZEventListInput, ZEventOptions, ZPublishChoice, ZSeasonData } from "../../../shared/schemas/events";
import { ZSchedule } from "../../../shared/schemas/schedule";
import { organiserProcedure, router } from "../../trpc/init";
import { cancelEvent, choosePublication, deleteEvent } from "./lifecycle";
import { getEventDetail, listEvents, listSeasonCandidates } from "./queries";
import { createEvent, saveEventData, saveEventDetails, saveEventOptions, saveEventSeating, type Step1Input } from "./service";

const ZId = z.object({ id: z.uuid() });

/** Step 1 of the form: an event with its schedule, or a season with its season data. */
const ZStep1 = z.discriminatedUnion("type", [
  z.object({ type: z.literal("REGULAR"), data: ZEventData, schedule: ZSchedule }),
  z.object({ type: z.literal("SEASONAL"), data: ZEventData, season: ZSeasonData }),
]);

const viewers = ["createEvent", "updateEvent"] as const;

export const eventsRouter = router({
  list: organiserProcedure(...viewers)
    .input(ZEventListInput)
    .query(({ ctx, input }) => listEvents(ctx.database.db, ctx.organiserId, input)),

  get: organiserProcedure(...viewers)
    .input(ZId)
    .query(({ ctx, input }) => getEventDetail(ctx.database.db, ctx.organiserId, input.id)),

  seasonCandidates: organiserProcedure(...viewers)
    .input(z.object({ seasonId: z.uuid().optional() }))
    .query(({ ctx, input }) => listSeasonCandidates(ctx.database.db, ctx.organiserId, input.seasonId)),

  create: organiserProcedure("createEvent")
    .input(ZStep1)
    .mutation(({ ctx, input }) => createEvent(ctx.database.db, ctx.organiserId, input as Step1Input)),

  saveData: organiserProcedure(...viewers)
    .input(z.object({ id: z.uuid(), step: ZStep1 }))
    .mutation(({ ctx, input }) => saveEventData(ctx.database.db, ctx.organiserId, input.id, input.step as Step1Input)),

  saveDetails: organiserProcedure(...viewers)
    .input(z.object({ id: z.uuid(), details: ZEventDetails }))
    .mutation(({ ctx, input }) => saveEventDetails(ctx.database.db, ctx.organiserId, input.id, input.details)),

  saveSeating: organiserProcedure(...viewers)
    .input(z.object({ id: z.uuid(), seatingMode: z.literal("free") }))
    .mutation(({ ctx, input }) => saveEventSeating(ctx.database.db, ctx.organiserId, input.id, input.seatingMode)),

  saveOptions: organiserProcedure(...viewers)
    .input(z.object({ id: z.uuid(), options: ZEventOptions }))
    .mutation(({ ctx, input }) => saveEventOptions(ctx.database.db, ctx.organiserId, input.id, input.options)),

  publish: organiserProcedure("updateEvent")
    .input(z.object({ id: z.uuid(), choice: ZPublishChoice }))
    .mutation(({ ctx, input }) => choosePublication(ctx.database.db, ctx.organiserId, input.id, input.choice)),

  cancel: organiserProcedure("updateEvent")
    .input(ZId)
    .mutation(async ({ ctx, input }) => {
      await cancelEvent(ctx.database.db, ctx.organiserId, input.id);
      return { ok: true as const };
    }),

  delete: organiserProcedure("updateEvent")
    .input(ZId)
    .mutation(async ({ ctx, input }) => {
      await deleteEvent(ctx.database.db, ctx.organiserId, input.id);
      return { ok: true as const };
    }),
});
