import { z } from "zod";
import { WITHDRAWAL_STATUSES } from "../../../../shared/schemas/wallet";
import { adminProcedure, router } from "../../../trpc/init";
import { decideWithdrawal } from "../../wallet/withdrawals";
import { withdrawalQueue } from "./queue";

/** The withdrawals queue (issue 23 item 2, decision 024): admins only; every decision is audit-logged. */
export const adminWithdrawalsRouter = router({
  list: adminProcedure
    .input(z.strictObject({ status: z.enum(WITHDRAWAL_STATUSES).default("pending"), page: z.number().int().min(1).max(10_000).default(1), pageSize: z.number().int().min(10).max(100).default(50) }))
    .query(({ ctx, input }) => withdrawalQueue(ctx.database.db, input)),
  accept: adminProcedure
    .input(z.strictObject({ withdrawalId: z.uuid(), payoutReference: z.string().trim().min(1).max(140) }))
    .mutation(({ ctx, input }) =>
      decideWithdrawal(ctx.database.db, { withdrawalId: input.withdrawalId, adminId: ctx.user.id, decision: { kind: "accept", payoutReference: input.payoutReference } }),
    ),
  refuse: adminProcedure
    .input(z.strictObject({ withdrawalId: z.uuid(), reason: z.string().max(1000) }))
    .mutation(({ ctx, input }) => decideWithdrawal(ctx.database.db, { withdrawalId: input.withdrawalId, adminId: ctx.user.id, decision: { kind: "refuse", reason: input.reason } })),
});
