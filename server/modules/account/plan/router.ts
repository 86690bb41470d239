import { z } from "zod";
import { ZPlanPurchase } from "../../../../shared/schemas/account";
import { organiserProcedure, router } from "../../../trpc/init";
import { buyPlan, cancelPlanPurchase, getPlanState, startPlanPayment } from "../plans";

const access = organiserProcedure("orgProfileAccess");

/** Profile tab "plan management": the plan, its contingent, buying one through the payment provider. */
export const planRouter = router({
  state: access.query(({ ctx }) => getPlanState(ctx.database.db, ctx.organiserId)),

  /** Starts a purchase (or returns the one of this idempotency key) and where to pay it. */
  buy: access.input(ZPlanPurchase).mutation(({ ctx, input }) =>
    buyPlan(ctx, { organiserId: ctx.organiserId, email: ctx.user.email ?? "", locale: ctx.user.locale, purchase: input }),
  ),

  /** Back to the payment page of a purchase still waiting for its payment. */
  pay: access
    .input(z.object({ purchaseId: z.uuid() }))
    .mutation(({ ctx, input }) => startPlanPayment(ctx, input.purchaseId, { organiserId: ctx.organiserId, email: ctx.user.email ?? "", locale: ctx.user.locale })),

  /** Gives up a purchase still waiting for its payment. */
  cancel: access
    .input(z.object({ purchaseId: z.uuid() }))
    .mutation(({ ctx, input }) => cancelPlanPurchase(ctx.database.db, ctx.organiserId, input.purchaseId)),
});
