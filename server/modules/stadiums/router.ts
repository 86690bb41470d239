import { z } from "zod";
import { ACTIVE_STATUSES } from "../../../shared/enums";
import { ZStadiumTemplateInput, ZStadiumTemplateSaveInput } from "../../../shared/schemas/stadiums";
import { canActForOrganiser } from "../../../shared/permissions";
import { organiserProcedure, router } from "../../trpc/init";
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  saveTemplate,
  setTemplateStatus,
} from "./service";

const ZId = z.object({ id: z.uuid() });

export const stadiumsRouter = router({
  list: organiserProcedure("seatingPlansView", "seatingPlansUpdate").query(({ ctx }) =>
    listTemplates(ctx.database.db, ctx.organiserId),
  ),

  /** With the edit mode: READONLY for team members who may only view. */
  get: organiserProcedure("seatingPlansView", "seatingPlansUpdate")
    .input(ZId)
    .query(({ ctx, input }) =>
      getTemplate(ctx.database.db, ctx.organiserId, input.id, canActForOrganiser(ctx.user, ["seatingPlansUpdate"])),
    ),

  create: organiserProcedure("seatingPlansUpdate")
    .input(ZStadiumTemplateInput)
    .mutation(({ ctx, input }) => createTemplate(ctx.database.db, ctx.organiserId, input)),

  save: organiserProcedure("seatingPlansUpdate")
    .input(ZStadiumTemplateSaveInput)
    .mutation(({ ctx, input }) => {
      const { id, ...rest } = input;
      return saveTemplate(ctx.database.db, ctx.organiserId, id, rest);
    }),

  duplicate: organiserProcedure("seatingPlansUpdate")
    .input(ZId)
    .mutation(({ ctx, input }) => duplicateTemplate(ctx.database.db, ctx.organiserId, input.id)),

  setStatus: organiserProcedure("seatingPlansUpdate")
    .input(ZId.extend({ status: z.enum(ACTIVE_STATUSES) }))
    .mutation(async ({ ctx, input }) => {
      await setTemplateStatus(ctx.database.db, ctx.organiserId, input.id, input.status);
      return { ok: true as const };
    }),

  delete: organiserProcedure("seatingPlansUpdate")
    .input(ZId)
    .mutation(async ({ ctx, input }) => {
      await deleteTemplate(ctx.database.db, ctx.organiserId, input.id);
      return { ok: true as const };
    }),
});
