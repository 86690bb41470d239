import { sql } from "drizzle-orm";
import type { WithdrawalView } from "../../../shared/schemas/wallet";
import type { Db, DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import { AppError } from "../../lib/app-error";
import { notifyPayoutState } from "../account/organiser-mails";
import { recordAdminAction } from "../admin/audit/log";
import { walletBalanceCents, WITHDRAWAL_COLUMNS, withdrawalView } from "./ledger";

/**
 * Withdrawals (issue 22 item 4, decision 024). Every change of an organiser's withdrawals runs
 * under its wallet lock (an advisory lock per organiser): the balance read under it already holds
 * every earlier withdrawal, so two requests at once never take more than the balance. Sales and
 * refunds never take the lock (an on-sale never waits for it): a sale only adds to the balance; a
 * refund decided after a payout can leave it below zero, which the next sales fill again.
 */
export async function lockWallet(tx: DbOrTx, organiserId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:${organiserId}`}, 0))`);
}

/** Tests only (the control runs of wallet-races and admin-withdrawals-races): see `setWalletLockDisabledForTests`. */
let walletLockDisabled = false;

/**
 * Tests only: the control run. Requests and admin decisions skip the wallet lock and wait a moment
 * between reading the balance and writing, as a read-then-write implementation would. Never set outside tests.
 */
export function setWalletLockDisabledForTests(disabled: boolean): void {
  walletLockDisabled = disabled;
}

/**
 * Requests a withdrawal of `amountCents` to the organiser's bank details (copied now). The same
 * idempotency key answers with the withdrawal it made. Refused, writing nothing: 0 or less, more
 * than the balance, no IBAN on file.
 */
export async function requestWithdrawal(
  db: Db,
  options: { organiserId: string; userId: string; amountCents: number; idempotencyKey: string },
): Promise<WithdrawalView> {
  if (!Number.isInteger(options.amountCents) || options.amountCents <= 0) throw new AppError("WITHDRAWAL_AMOUNT_INVALID", { field: "amountCents" });
  return db.transaction(async (tx) => {
    if (!walletLockDisabled) await lockWallet(tx, options.organiserId);
    const [again] = await txRows<Parameters<typeof withdrawalView>[0]>(
      tx,
      sql`select ${WITHDRAWAL_COLUMNS} from withdrawals where organiser_id = ${options.organiserId} and idempotency_key = ${options.idempotencyKey}`,
    );
    if (again) return withdrawalView(again);
    const [account] = await txRows<{ bank_name: string | null; account_number: string | null; bic: string | null }>(
      tx,
      sql`select bank_name, account_number, bic from organisers where id = ${options.organiserId}`,
    );
    if (!account) throw new AppError("NOT_FOUND");
    if (!account.account_number) throw new AppError("WITHDRAWAL_NO_PAYMENT_DETAILS");
    const balance = await walletBalanceCents(tx, options.organiserId);
    if (options.amountCents > balance) throw new AppError("WITHDRAWAL_ABOVE_BALANCE", { field: "amountCents" });
    if (walletLockDisabled) await new Promise((resolve) => setTimeout(resolve, 50));
    const [row] = await txRows<Parameters<typeof withdrawalView>[0]>(
      tx,
      sql`insert into withdrawals (organiser_id, requested_by, amount_cents, bank_name, account_number, bic, idempotency_key)
          values (${options.organiserId}, ${options.userId}, ${options.amountCents}, ${account.bank_name}, ${account.account_number}, ${account.bic}, ${options.idempotencyKey})
          returning ${WITHDRAWAL_COLUMNS}`,
    );
    await notifyPayoutState(tx, options.organiserId, { state: "pending", amountCents: options.amountCents, requestedAt: new Date(row!.requested_at) });
    return withdrawalView(row!);
  });
}

export type WithdrawalDecision = { kind: "accept"; payoutReference: string } | { kind: "refuse"; reason: string };

/**
 * An admin accepts (records the bank's payout reference) or refuses (with a reason; the amount
 * goes back to the balance) a pending withdrawal, under the organiser's wallet lock, in one
 * transaction with its audit log entry (before and after) and the organiser's mail. Accepting is
 * refused (WITHDRAWAL_ABOVE_BALANCE) when what was earned, less what is already paid out and this
 * withdrawal, is below zero: a refund or chargeback since the request used the money. The other
 * pending requests do not count against it (they are not paid yet): of two requests of which only
 * one still fits, either can be accepted, and then the other cannot. Under the lock the second
 * acceptance sees the first. Returns the withdrawal as it is now.
 */
export async function decideWithdrawal(db: Db, options: { withdrawalId: string; adminId: string; decision: WithdrawalDecision }): Promise<WithdrawalView & { organiserId: string }> {
  const d = options.decision;
  if (d.kind === "refuse" && d.reason.trim() === "") throw new AppError("REASON_REQUIRED", { field: "reason" });
  if (d.kind === "accept" && d.payoutReference.trim() === "") throw new AppError("VALIDATION", { field: "payoutReference" });
  return db.transaction(async (tx) => {
    const [found] = await txRows<{ organiser_id: string }>(tx, sql`select organiser_id from withdrawals where id = ${options.withdrawalId}`);
    if (!found) throw new AppError("NOT_FOUND");
    if (!walletLockDisabled) await lockWallet(tx, found.organiser_id);
    const [current] = await txRows<Parameters<typeof withdrawalView>[0]>(tx, sql`select ${WITHDRAWAL_COLUMNS} from withdrawals where id = ${options.withdrawalId}`);
    if (!current) throw new AppError("NOT_FOUND");
    if (current.status !== "pending") throw new AppError("WITHDRAWAL_NOT_PENDING");
    if (d.kind === "accept" && (await payableWithThis(tx, found.organiser_id, options.withdrawalId)) < 0) throw new AppError("WITHDRAWAL_ABOVE_BALANCE");
    if (walletLockDisabled) await new Promise((resolve) => setTimeout(resolve, 50));
    const [row] = await txRows<Parameters<typeof withdrawalView>[0]>(
      tx,
      sql`update withdrawals set status = ${d.kind === "accept" ? "accepted" : "refused"}::withdrawal_status, decided_at = now(), decided_by = ${options.adminId},
            payout_reference = ${d.kind === "accept" ? d.payoutReference.trim() : null}, refusal_reason = ${d.kind === "refuse" ? d.reason.trim() : null}
          where id = ${options.withdrawalId} and status = 'pending' returning ${WITHDRAWAL_COLUMNS}`,
    );
    // Decided meanwhile (only without the lock: the row's own guard still lets one decision through).
    if (!row) throw new AppError("WITHDRAWAL_NOT_PENDING");
    const after = withdrawalView(row);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: d.kind === "accept" ? "withdrawal.accept" : "withdrawal.refuse",
      targetType: "withdrawal",
      targetId: options.withdrawalId,
      before: { ...withdrawalView(current), organiserId: found.organiser_id },
      after: { ...after, organiserId: found.organiser_id },
    });
    await notifyPayoutState(tx, found.organiser_id, { state: after.status, amountCents: after.amountCents, requestedAt: new Date(after.requestedAt) });
    return { ...after, organiserId: found.organiser_id };
  });
}

/**
 * The balance with the organiser's other pending withdrawals given back: what was earned less what
 * is paid out (accepted) and this withdrawal (pending, so already taken off). Below zero: paying
 * it would pay out more than the organiser has.
 */
async function payableWithThis(tx: DbOrTx, organiserId: string, withdrawalId: string): Promise<number> {
  const [others] = await txRows<{ n: number | string }>(
    tx,
    sql`select coalesce(sum(amount_cents), 0)::bigint as n from withdrawals where organiser_id = ${organiserId} and status = 'pending' and id <> ${withdrawalId}`,
  );
  return (await walletBalanceCents(tx, organiserId)) + Number(others?.n ?? 0);
}
