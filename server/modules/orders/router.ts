import { sql } from "drizzle-orm";
import { z } from "zod";
import { ZCheckoutResult, ZOrderViewOutput } from "../../../shared/schemas/order-view";
import { ZCheckoutInput } from "../../../shared/schemas/orders";
import { AppError } from "../../lib/app-error";
import { publicProcedure, rateLimitedProcedure, router, testPaymentProcedure } from "../../trpc/init";
import { voucherAttemptRule } from "../vouchers/apply";
import { placeOrder, resume } from "./checkout";
import { orderKeyMatches } from "./links";
import { handlePaymentNews } from "./settle";
import { settlePlanPayment } from "../account/plan-settle";
import { viewOrder } from "./view";

/** The buyer's side of orders: checkout, the test payment page, the order view. */
export const ordersRouter = router({
  /** A checkout naming a voucher counts as a code tried (vouchers/apply.ts). */
  checkout: rateLimitedProcedure(ZCheckoutInput, (input, { ip }) => (input.voucherCode ? [voucherAttemptRule(ip)] : []))
    .output(ZCheckoutResult)
    .mutation(({ ctx, input }) => placeOrder(ctx, input)),

  /** Back from a cancelled payment page: pay again (same order, same payment when still open). */
  resume: publicProcedure
    .input(z.object({ orderId: z.uuid(), key: z.string().max(100) }))
    .output(ZCheckoutResult)
    .mutation(({ ctx, input }) => {
      if (!orderKeyMatches(ctx.config.APP_SECRET, input.orderId, input.key)) throw new AppError("ORDER_UNAVAILABLE");
      return resume(ctx, input.orderId);
    }),

  view: publicProcedure
    .input(z.object({ orderId: z.uuid(), key: z.string().max(100) }))
    .output(ZOrderViewOutput)
    .query(({ ctx, input }) => viewOrder(ctx, input.orderId, input.key)),

  /** The built-in test provider's page: what it is about to pay (only where it may take payments). */
  testPayment: testPaymentProcedure.input(z.object({ paymentId: z.uuid() })).query(async ({ ctx, input }) => {
    const payment = await ctx.testProvider.get(input.paymentId);
    if (!payment) throw new AppError("NOT_FOUND");
    return payment;
  }),

  /**
   * The test page's buttons: pay, fail, or give up. Settles the order (or the organiser's plan
   * purchase) as a provider webhook would, then says where the payer goes next.
   */
  testDecide: testPaymentProcedure
    .input(z.object({ paymentId: z.uuid(), outcome: z.enum(["paid", "failed", "abandoned"]) }))
    .mutation(async ({ ctx, input }) => {
      const decided = await ctx.testProvider.decide(input.paymentId, input.outcome);
      if (!decided) throw new AppError("NOT_FOUND");
      const news = { provider: "test" as const, eventId: `test:${input.paymentId}:${input.outcome}`, type: input.outcome, outcome: input.outcome === "paid" ? ("paid" as const) : ("failed" as const) };
      if (decided.kind === "plan") {
        if (decided.changed) await settlePlanPayment(ctx, { ...news, planPurchaseId: decided.planPurchaseId });
        const [purchase] = await ctx.database.rows<{ status: "pending" | "paid" | "failed" }>(
          sql`select status::text as status from plan_purchases where id = ${decided.planPurchaseId}`,
        );
        return { kind: "plan" as const, status: purchase?.status ?? "failed", redirectUrl: `/dashboard/profile/plan?purchase=${decided.planPurchaseId}` };
      }
      if (decided.changed) await handlePaymentNews(ctx, { ...news, orderId: decided.orderId });
      return { kind: "order" as const, ...(await resume(ctx, decided.orderId)) };
    }),
});
