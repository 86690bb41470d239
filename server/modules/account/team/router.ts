import { ZTeamMemberCreate, ZTeamMemberStatus, ZTeamMemberUpdate } from "../../../../shared/schemas/account";
import { ownerProcedure, router } from "../../../trpc/init";
import { createTeamMember, listTeamMembers, setTeamMemberActive, updateTeamMember } from "../team";

/** Team management (owner only, decision 013): members with any of the 17 rights. */
export const teamRouter = router({
  list: ownerProcedure.query(({ ctx }) => listTeamMembers(ctx.database.db, ctx.organiserId)),
  create: ownerProcedure
    .input(ZTeamMemberCreate)
    .mutation(({ ctx, input }) => createTeamMember(ctx.database.db, ctx.organiserId, input, ctx.user.locale)),
  update: ownerProcedure.input(ZTeamMemberUpdate).mutation(({ ctx, input }) => updateTeamMember(ctx.database.db, ctx.organiserId, input)),
  setActive: ownerProcedure.input(ZTeamMemberStatus).mutation(async ({ ctx, input }) => {
    const { endedSessions } = await setTeamMemberActive(ctx.database.db, ctx.organiserId, input);
    if (endedSessions) ctx.sockets.closeUser(input.id);
    return { ok: true as const };
  }),
});
