import {
  ZCancelOrderInput,
  ZChangeDateInput,
  ZOrderListInput,
  ZOrderRef,
  ZRetryRefundInput,
} from "../../../../shared/schemas/organiser-orders";
import { organiserProcedure, router } from "../../../trpc/init";
import { listOrderInvoices } from "../invoices/queries";
import { cancelOrderLines, previewCancellation } from "./cancel-lines";
import { changeDate, dateChangeOptions, previewDateChange } from "./change-date";
import { orderDetail, resendConfirmation, retryRefund } from "./detail";
import { listOrders, orderFilterOptions } from "./list";

/**
 * The organiser's orders (issue 16, decision 015): viewOrders reads (list, detail, invoices,
 * resending the confirmation, which changes nothing); updateOrderDate, the SPEC's only right
 * that changes orders, cancels and changes dates. A team member with either right sees the
 * list and the detail. Every query filters by the caller's organiser: another organiser's
 * order is NOT_FOUND. The CSV export is GET /api/organiser/orders.csv (same filters).
 */
const viewer = organiserProcedure("viewOrders", "updateOrderDate");
const changer = organiserProcedure("updateOrderDate");

export const organiserOrdersRouter = router({
  list: viewer.input(ZOrderListInput).query(({ ctx, input }) => listOrders(ctx, ctx.organiserId, input)),
  filterOptions: viewer.query(({ ctx }) => orderFilterOptions(ctx.database.db, ctx.organiserId)),
  detail: viewer.input(ZOrderRef).query(({ ctx, input }) => orderDetail(ctx, ctx.organiserId, input.orderId)),
  invoices: viewer.input(ZOrderRef).query(({ ctx, input }) => listOrderInvoices(ctx.database.db, ctx.organiserId, input.orderId)),
  resendConfirmation: organiserProcedure("viewOrders", "updateOrderDate")
    .input(ZOrderRef)
    .mutation(({ ctx, input }) => resendConfirmation(ctx, ctx.organiserId, input.orderId)),
  cancelPreview: changer.input(ZCancelOrderInput).query(({ ctx, input }) => previewCancellation(ctx, ctx.organiserId, input)),
  cancel: changer.input(ZCancelOrderInput).mutation(({ ctx, input }) => cancelOrderLines(ctx, ctx.organiserId, input)),
  dateOptions: changer.input(ZOrderRef).query(({ ctx, input }) => dateChangeOptions(ctx, ctx.organiserId, input.orderId)),
  dateChangePreview: changer.input(ZChangeDateInput).query(({ ctx, input }) => previewDateChange(ctx, ctx.organiserId, input)),
  changeDate: changer.input(ZChangeDateInput).mutation(({ ctx, input }) => changeDate(ctx, ctx.organiserId, input)),
  retryRefund: changer.input(ZRetryRefundInput).mutation(({ ctx, input }) => retryRefund(ctx, ctx.organiserId, input)),
});
