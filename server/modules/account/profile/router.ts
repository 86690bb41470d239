import { ZOrganiserProfile } from "../../../../shared/schemas/account";
import { organiserProcedure, router } from "../../../trpc/init";
import { getProfile, saveProfile } from "../profile";

/** Profile tab (organiser profile access, decision 013): the organiser's fields, its owner's names, its logo. */
export const profileRouter = router({
  get: organiserProcedure("orgProfileAccess").query(({ ctx }) => getProfile(ctx.database.db, ctx.organiserId)),
  save: organiserProcedure("orgProfileAccess")
    .input(ZOrganiserProfile)
    .mutation(async ({ ctx, input }) => {
      await saveProfile(ctx.database.db, { organiserId: ctx.organiserId, profile: input });
      return { ok: true as const };
    }),
});
