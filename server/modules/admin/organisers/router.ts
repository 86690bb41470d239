import { ZAdminAdjustContingent, ZAdminOrganiserId, ZAdminOrganiserList, ZAdminSetPlan } from "../../../../shared/schemas/admin-organisers";
import { adminProcedure, router } from "../../../trpc/init";
import { organiserDetail } from "./detail";
import { listOrganisers } from "./list";
import { adjustOrganiserContingent, setOrganiserPlan } from "./plan";

/**
 * admin.organisers.*: the organisers' list and detail, plans and contingents set by hand (issue
 * 23 item 1); every change is audit-logged. Disabling and enabling is admin.setOrganiserEnabled.
 */
export const adminOrganisersRouter = router({
  list: adminProcedure.input(ZAdminOrganiserList).query(({ ctx, input }) => listOrganisers(ctx.database.db, input)),
  detail: adminProcedure.input(ZAdminOrganiserId).query(({ ctx, input }) => organiserDetail(ctx.database.db, input.organiserId)),
  setPlan: adminProcedure.input(ZAdminSetPlan).mutation(({ ctx, input }) => setOrganiserPlan(ctx.database.db, { ...input, adminId: ctx.user.id })),
  adjustContingent: adminProcedure
    .input(ZAdminAdjustContingent)
    .mutation(({ ctx, input }) => adjustOrganiserContingent(ctx.database.db, { ...input, adminId: ctx.user.id })),
});
