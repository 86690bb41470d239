import { ZAllocationRef, ZResellerOrdersInput, ZResellerSellInput } from "../../../shared/schemas/resellers";
import { resellerProcedure, router } from "../../trpc/init";
import { sellFromAllocation } from "./sell";
import { allocationSaleView, allocationSummaries, resellerHome, resellerOrders } from "./views";

const me = (ctx: { user: { id: string; organiserId: string | null; firstName: string; lastName: string } }) => ({
  id: ctx.user.id,
  organiserId: ctx.user.organiserId!,
  name: `${ctx.user.firstName} ${ctx.user.lastName}`.trim(),
});

/**
 * The reseller's own area (/reseller-dash, issue 21): its figures, its allocations, selling from
 * one, its orders. Everything is filtered by the signed-in reseller; another reseller's
 * allocation or order is NOT_FOUND. Tickets PDF: GET /api/reseller/orders/{orderId}/tickets.pdf.
 */
export const resellersRouter = router({
  home: resellerProcedure.query(({ ctx }) => resellerHome(ctx.database.db, me(ctx))),
  allocations: resellerProcedure.query(({ ctx }) => {
    const r = me(ctx);
    return allocationSummaries(ctx.database.db, { organiserId: r.organiserId, resellerId: r.id });
  }),
  allocation: resellerProcedure.input(ZAllocationRef).query(({ ctx, input }) => allocationSaleView(ctx, me(ctx), input.allocationId)),
  sell: resellerProcedure.input(ZResellerSellInput).mutation(({ ctx, input }) => sellFromAllocation(ctx, me(ctx), input)),
  orders: resellerProcedure.input(ZResellerOrdersInput).query(({ ctx, input }) => resellerOrders(ctx.database.db, me(ctx), input)),
});
