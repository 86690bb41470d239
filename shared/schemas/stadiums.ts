import { z } from "zod";
import { STADIUM_TYPES, ZSeatingLayout } from "../seating/layout";
import { V } from "./messages";
import { text } from "./text";

/** A stadium template as the editor saves it (SPEC §7): its name, comment, type and plan. */
export const ZStadiumTemplateInput = z.object({
  name: text().trim().min(1, V.required).max(60, V.maxLength),
  comment: text({ multiline: true }).trim().max(500, V.maxLength).nullable().optional(),
  type: z.enum(STADIUM_TYPES),
  layout: ZSeatingLayout,
});
export type TStadiumTemplateInput = z.output<typeof ZStadiumTemplateInput>;

/** Saving an existing template names the version it was edited from (optimistic concurrency). */
export const ZStadiumTemplateSaveInput = ZStadiumTemplateInput.extend({ id: z.uuid(), version: z.number().int().min(1) });

/** The editor's name and comment fields, checked before the plan. */
export const ZStadiumDocFields = ZStadiumTemplateInput.pick({ name: true, comment: true });
