import { sql } from "drizzle-orm";
import type { WithdrawalStatus } from "../../../../shared/schemas/wallet";
import type { DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";
import { walletBalanceCents } from "../../wallet/ledger";

/**
 * The admins' withdrawals queue (issue 23 item 2): requests with the organiser, where the money
 * goes (the bank details copied when it was requested, in full: the admin pays them out) and the
 * organiser's balance now. Pending ones oldest first (first come, first paid), decided ones newest first.
 */
export type QueuedWithdrawal = {
  id: string;
  organiserId: string;
  organiserName: string;
  amountCents: number;
  status: WithdrawalStatus;
  requestedAt: string;
  decidedAt: string | null;
  payoutReference: string | null;
  refusalReason: string | null;
  bankName: string | null;
  accountNumber: string;
  bic: string | null;
  /** The organiser's wallet balance now (pending withdrawals already taken off). */
  balanceCents: number;
};

export async function withdrawalQueue(db: DbOrTx, q: { status: WithdrawalStatus; page: number; pageSize: number }) {
  const order = q.status === "pending" ? sql`w.requested_at asc, w.id` : sql`w.decided_at desc, w.id`;
  const rows = await txRows<{
    id: string;
    organiser_id: string;
    organiser_name: string;
    amount_cents: number;
    status: WithdrawalStatus;
    requested_at: Date | string;
    decided_at: Date | string | null;
    payout_reference: string | null;
    refusal_reason: string | null;
    bank_name: string | null;
    account_number: string;
    bic: string | null;
    total: number | string;
  }>(
    db,
    sql`select w.id, w.organiser_id, o.name as organiser_name, w.amount_cents, w.status, w.requested_at, w.decided_at, w.payout_reference, w.refusal_reason,
          w.bank_name, w.account_number, w.bic, count(*) over () as total
        from withdrawals w join organisers o on o.id = w.organiser_id
        where w.status = ${q.status}::withdrawal_status
        order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const balances = new Map<string, number>();
  for (const id of new Set(rows.map((r) => r.organiser_id))) balances.set(id, await walletBalanceCents(db, id));
  const entries: QueuedWithdrawal[] = rows.map((r) => ({
    id: r.id,
    organiserId: r.organiser_id,
    organiserName: r.organiser_name,
    amountCents: Number(r.amount_cents),
    status: r.status,
    requestedAt: new Date(r.requested_at).toISOString(),
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    payoutReference: r.payout_reference,
    refusalReason: r.refusal_reason,
    bankName: r.bank_name,
    accountNumber: r.account_number,
    bic: r.bic,
    balanceCents: balances.get(r.organiser_id) ?? 0,
  }));
  return { entries, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}
