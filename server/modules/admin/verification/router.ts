import { ZVerificationDecision } from "../../../../shared/schemas/account";
import { adminProcedure, router } from "../../../trpc/init";
import { decideVerification, listOrganisersInReview } from "../verification";

/** Profile verification (SPEC §4): organisers in review, and the admin's decision. Documents open at GET /api/account/documents/{id}. */
export const verificationRouter = router({
  inReview: adminProcedure.query(({ ctx }) => listOrganisersInReview(ctx.database.db)),
  decide: adminProcedure
    .input(ZVerificationDecision)
    .mutation(({ ctx, input }) => decideVerification(ctx.database.db, { decision: input, baseUrl: ctx.config.PUBLIC_BASE_URL, adminId: ctx.user.id })),
});
