import { ZBulkVoucherInput, ZCreateVoucherInput, ZUpdateVoucherInput, ZVoucherListInput, ZVoucherRef } from "../../../shared/schemas/vouchers";
import { organiserProcedure, router } from "../../trpc/init";
import { getVoucher, listVouchers } from "./list";
import { bulkCreateVouchers, createVoucher, updateVoucher } from "./manage";
import { voucherTargets } from "./targets";

/**
 * The organiser's vouchers (issue 19, decision 020, SPEC §2 "Discount"): createVoucher creates
 * (one or a bulk batch), updateVoucher changes; either right reads the list, a voucher and the
 * events it can be made for. Every query filters by the caller's organiser: another organiser's
 * voucher is NOT_FOUND, another organiser's event VOUCHER_EVENT_NOT_FOUND. The CSV export is
 * GET /api/organiser/vouchers.csv (the list's filters).
 */
const reader = organiserProcedure("createVoucher", "updateVoucher");
const creator = organiserProcedure("createVoucher");
const updater = organiserProcedure("updateVoucher");

export const vouchersRouter = router({
  targets: reader.query(({ ctx }) => voucherTargets(ctx.database.db, ctx.organiserId)),
  list: reader.input(ZVoucherListInput).query(({ ctx, input }) => listVouchers(ctx.database.db, ctx.organiserId, input)),
  get: reader.input(ZVoucherRef).query(({ ctx, input }) => getVoucher(ctx.database.db, ctx.organiserId, input.voucherId)),
  create: creator.input(ZCreateVoucherInput).mutation(({ ctx, input }) => createVoucher(ctx.database.db, ctx.organiserId, input)),
  update: updater.input(ZUpdateVoucherInput).mutation(({ ctx, input }) => updateVoucher(ctx.database.db, ctx.organiserId, input)),
  bulkCreate: creator.input(ZBulkVoucherInput).mutation(({ ctx, input }) => bulkCreateVouchers(ctx.database.db, ctx.organiserId, input)),
});
