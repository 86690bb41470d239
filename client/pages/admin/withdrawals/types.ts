import type { RouterOutputs } from "../../../lib/trpc";

/** One row of the admins' withdrawals queue, as admin.withdrawals.list sends it. */
export type QueuedWithdrawal = RouterOutputs["admin"]["withdrawals"]["list"]["entries"][number];
