import { ZStaffCreate, ZStaffPasswordReset, ZStaffStatus, ZStaffUpdate } from "../../../../shared/schemas/staff";
import { ownerProcedure, router } from "../../../trpc/init";
import { createStaff, listAssignableEvents, listStaff, resetStaffPassword, setStaffActive, updateStaff } from "../manage";

/**
 * The organiser's event staff (owner only, decision 019: staff logins see the buyers of their
 * event). A reset password or a deactivation signs the staff member out at once.
 */
export const manageRouter = router({
  list: ownerProcedure.query(({ ctx }) => listStaff(ctx.database.db, ctx.organiserId)),
  events: ownerProcedure.query(({ ctx }) => listAssignableEvents(ctx.database.db, ctx.organiserId)),
  create: ownerProcedure.input(ZStaffCreate).mutation(({ ctx, input }) => createStaff(ctx.database.db, ctx.organiserId, input, ctx.user.locale)),
  update: ownerProcedure.input(ZStaffUpdate).mutation(({ ctx, input }) => updateStaff(ctx.database.db, ctx.organiserId, input)),
  resetPassword: ownerProcedure.input(ZStaffPasswordReset).mutation(async ({ ctx, input }) => {
    await resetStaffPassword(ctx.database.db, ctx.organiserId, input);
    ctx.sockets.closeUser(input.id);
    return { ok: true as const };
  }),
  setActive: ownerProcedure.input(ZStaffStatus).mutation(async ({ ctx, input }) => {
    const { endedSessions } = await setStaffActive(ctx.database.db, ctx.organiserId, input);
    if (endedSessions) ctx.sockets.closeUser(input.id);
    return { ok: true as const };
  }),
});
