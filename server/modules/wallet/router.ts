import { SERVICE_FEE_CENTS_PER_TICKET, SERVICE_FEE_VAT_BP } from "../../../shared/rules/pricing";
import { ZLedgerQuery, ZWithdrawalRequest } from "../../../shared/schemas/wallet";
import { organiserProcedure, router } from "../../trpc/init";
import { ledgerPage, listWithdrawals, walletSummary } from "./ledger";
import { requestWithdrawal } from "./withdrawals";

/** The organiser's wallet (issue 22 item 4, decision 024): walletAccess reads it and requests withdrawals. */
const wallet = organiserProcedure("walletAccess");

export const walletRouter = router({
  summary: wallet.query(({ ctx }) => walletSummary(ctx.database.db, ctx.organiserId)),
  ledger: wallet.input(ZLedgerQuery).query(({ ctx, input }) => ledgerPage(ctx.database.db, ctx.organiserId, input)),
  withdrawals: wallet.query(({ ctx }) => listWithdrawals(ctx.database.db, ctx.organiserId)),
  requestWithdrawal: wallet
    .input(ZWithdrawalRequest)
    .mutation(({ ctx, input }) => requestWithdrawal(ctx.database.db, { organiserId: ctx.organiserId, userId: ctx.user.id, ...input })),
  /** The fee model shown before publishing and on the wallet (decision 024). */
  fees: organiserProcedure("createEvent", "updateEvent", "walletAccess").query(() => ({
    serviceFeeCentsPerTicket: SERVICE_FEE_CENTS_PER_TICKET,
    serviceFeeVatBp: SERVICE_FEE_VAT_BP,
  })),
});
