import { ZPaymentDetails } from "../../../../shared/schemas/account";
import { ownerProcedure, router } from "../../../trpc/init";
import { getPaymentDetails, savePaymentDetails } from "../payment";

/** Payment details tab (the owner only, decision 013): where payouts go. */
export const paymentRouter = router({
  get: ownerProcedure.query(({ ctx }) => getPaymentDetails(ctx.database.db, ctx.organiserId)),
  save: ownerProcedure.input(ZPaymentDetails).mutation(async ({ ctx, input }) => {
    await savePaymentDetails(ctx.database.db, { organiserId: ctx.organiserId, details: input });
    return { ok: true as const };
  }),
});
