import { z } from "zod";
import {
  refineAccessCode,
  refinePublicationDate,
  ZEventDetails,
  ZEventListInput,
  ZEventOptionsBase,
  ZPublishChoiceBase,
} from "../../../shared/schemas/events";
import { ZStep1Input, ZStep1SaveInput } from "../../../shared/schemas/event-step1";
import type { SessionUser } from "../auth/session";
import { canActForOrganiser } from "../../../shared/permissions";
import { organiserProcedure, router } from "../../trpc/init";
import type { EventRights } from "./access";
import { cancelEvent, choosePublication, deleteEvent } from "./lifecycle";
import { getEventDetail, listEvents, listSeasonCandidates } from "./queries";
import { createEvent, listTemplatesForEvent, saveEventData, saveEventDetails, saveEventOptions, saveEventSeating } from "./service";

const ZId = z.object({ id: z.uuid() });

const viewers = ["createEvent", "updateEvent"] as const;

/** A creator completes drafts; changing a released event takes "update event" (checked in the service). */
const rightsOf = (user: SessionUser): EventRights => ({ canUpdate: canActForOrganiser(user, ["updateEvent"]) });

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
    .input(ZStep1Input)
    .mutation(({ ctx, input }) => createEvent(ctx.database.db, ctx.organiserId, input)),

  saveData: organiserProcedure(...viewers)
    .input(ZStep1SaveInput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...step } = input;
      await saveEventData(ctx.database.db, ctx.organiserId, id, step, rightsOf(ctx.user));
      return { id };
    }),

  saveDetails: organiserProcedure(...viewers)
    .input(ZEventDetails.extend({ id: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      const { id, ...details } = input;
      await saveEventDetails(ctx.database.db, ctx.organiserId, id, details, rightsOf(ctx.user));
      return { id };
    }),

  saveSeating: organiserProcedure(...viewers)
    .input(
      z.discriminatedUnion("seatingMode", [
        z.object({ id: z.uuid(), seatingMode: z.literal("free") }),
        z.object({ id: z.uuid(), seatingMode: z.literal("template"), templateId: z.uuid() }),
      ]),
    )
    .mutation(async ({ ctx, input }) => {
      const { id, ...choice } = input;
      await saveEventSeating(ctx.database.db, ctx.organiserId, id, choice, rightsOf(ctx.user));
      return { id };
    }),

  /** Active templates the event may use in step 3. */
  seatingTemplates: organiserProcedure(...viewers)
    .input(ZId)
    .query(({ ctx, input }) => listTemplatesForEvent(ctx.database.db, ctx.organiserId, input.id)),

  saveOptions: organiserProcedure(...viewers)
    .input(ZEventOptionsBase.extend({ id: z.uuid() }).superRefine(refineAccessCode))
    .mutation(async ({ ctx, input }) => {
      const { id, ...options } = input;
      await saveEventOptions(ctx.database.db, ctx.organiserId, id, options, rightsOf(ctx.user));
      return { id };
    }),

  publish: organiserProcedure("updateEvent")
    .input(ZPublishChoiceBase.extend({ id: z.uuid() }).superRefine(refinePublicationDate))
    .mutation(({ ctx, input }) => choosePublication(ctx.database.db, ctx.organiserId, input.id, input)),

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
