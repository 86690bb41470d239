import { ZSponsorEventRef, ZSponsorRef, ZSponsorReorder } from "../../../../shared/schemas/sponsors";
import { organiserProcedure, router } from "../../../trpc/init";
import { addSponsor, listSponsors, removeSponsor, reorderSponsors, sponsorEvents } from "../sponsors";

/**
 * Sponsors' logos (issue 20, SPEC §2 "Print area", §9), printAreaAccess. Every call filters by
 * the caller's organiser: another organiser's event or upload is NOT_FOUND. The logos are
 * uploaded first with POST /api/uploads/sponsor-logo.
 */
const printArea = organiserProcedure("printAreaAccess");

export const sponsorsRouter = router({
  events: printArea.query(({ ctx }) => sponsorEvents(ctx.database.db, ctx.organiserId)),
  list: printArea.input(ZSponsorEventRef).query(({ ctx, input }) => listSponsors(ctx.database.db, ctx.organiserId, input.eventId)),
  add: printArea.input(ZSponsorRef).mutation(({ ctx, input }) => addSponsor(ctx.database.db, ctx.organiserId, input)),
  remove: printArea.input(ZSponsorRef).mutation(({ ctx, input }) => removeSponsor(ctx.database.db, ctx.organiserId, input)),
  reorder: printArea.input(ZSponsorReorder).mutation(({ ctx, input }) => reorderSponsors(ctx.database.db, ctx.organiserId, input)),
});
