import { z } from "zod";
import { SPONSOR_LOGO_LIMIT } from "../limits";

/** Sponsors' logos of an event or season (issue 20, SPEC §9): the inputs of `sponsors.*`. */

export const ZSponsorEventRef = z.object({ eventId: z.uuid() });

/** One logo of one event: add (an upload of kind sponsor_logo) or remove. */
export const ZSponsorRef = z.object({ eventId: z.uuid(), uploadId: z.uuid() });

/** The event's logos in their new order: exactly the event's logos, each once. */
export const ZSponsorReorder = z.object({
  eventId: z.uuid(),
  uploadIds: z.array(z.uuid()).max(SPONSOR_LOGO_LIMIT),
});

export type SponsorRefInput = z.infer<typeof ZSponsorRef>;
export type SponsorReorderInput = z.infer<typeof ZSponsorReorder>;
