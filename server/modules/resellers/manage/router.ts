import { ZResellerCreate, ZResellerPasswordReset, ZResellerRef, ZResellerStatus, ZResellerUpdate } from "../../../../shared/schemas/resellers";
import { ownerProcedure, router } from "../../../trpc/init";
import { createReseller, resetResellerPassword, setResellerActive, updateReseller } from "../manage";
import { getReseller, listResellerOptions, listResellers } from "./queries";

/**
 * The organiser's resellers (owner only, like event staff: a reseller sells in the organiser's
 * name and sees its buyers). A reset password or a deactivation signs the reseller out at once.
 */
export const resellerManageRouter = router({
  list: ownerProcedure.query(({ ctx }) => listResellers(ctx.database.db, ctx.organiserId)),
  get: ownerProcedure.input(ZResellerRef).query(({ ctx, input }) => getReseller(ctx.database.db, ctx.organiserId, input.id)),
  options: ownerProcedure.query(({ ctx }) => listResellerOptions(ctx.database.db, ctx.organiserId)),
  create: ownerProcedure.input(ZResellerCreate).mutation(({ ctx, input }) => createReseller(ctx.database.db, ctx.organiserId, input, ctx.user.locale)),
  update: ownerProcedure.input(ZResellerUpdate).mutation(({ ctx, input }) => updateReseller(ctx.database.db, ctx.organiserId, input)),
  resetPassword: ownerProcedure.input(ZResellerPasswordReset).mutation(async ({ ctx, input }) => {
    await resetResellerPassword(ctx.database.db, ctx.organiserId, input);
    ctx.sockets.closeUser(input.id);
    return { ok: true as const };
  }),
  setActive: ownerProcedure.input(ZResellerStatus).mutation(async ({ ctx, input }) => {
    const { endedSessions } = await setResellerActive(ctx.database.db, ctx.organiserId, input);
    if (endedSessions) ctx.sockets.closeUser(input.id);
    return { ok: true as const };
  }),
});
