import { sql, type SQL } from "drizzle-orm";
import type { LedgerEntry, LedgerKind, WalletSummary, WithdrawalStatus, WithdrawalView } from "../../../shared/schemas/wallet";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import { BOX_OFFICE_PROVIDER, RESELLER_PROVIDER } from "../orders/settle";

/**
 * The organiser's wallet ledger (issue 22 item 4, decision 024). Every entry is read from a fact
 * that is never edited once written: an online order paid, a refund decided, a chargeback opened
 * or won, a withdrawal requested or refused. One statement lists them; the balance is their sum,
 * so the ledger and the figures cannot disagree.
 *
 * - order: an online order paid (valid, or cancelled later: it was paid), at `paid_at`: what the
 *   buyer paid (gross), the service fees in it (the platform's), net = gross − fees.
 * - refund: decided for such an order (pending or done: the money is owed to the buyer from that
 *   moment), at `created_at`: − amount, − the service fees it gives back.
 * - chargeback / chargeback_won: a dispute opened (− amount less its fees), won (+ the same).
 * - withdrawal / withdrawal_refused: requested (− amount), refused by an admin (+ amount).
 * Box office and reseller sales never pass through the platform's account: not in the wallet.
 */

/** Orders whose money the platform collected: paid online through a payment provider. */
export const ONLINE = sql`o.provider is not null and o.provider not in (${BOX_OFFICE_PROVIDER}, ${RESELLER_PROVIDER})`;
const PAID = sql`(o.status = 'valid' or (o.status = 'cancelled' and o.paid_at is not null)) and o.paid_at is not null and o.total_cents > 0`;

/** kind, at, order id/number, withdrawal id, source id, gross, fee, net: every entry of one organiser. */
function entries(organiserId: string): SQL {
  return sql`
    select 'order' as kind, o.paid_at as at, o.id as order_id, o.number as order_number, null::uuid as withdrawal_id, o.id as source_id,
      o.total_cents as gross, coalesce((o.amounts->>'feesCents')::int, 0) as fee
    from orders o where o.organiser_id = ${organiserId} and ${ONLINE} and ${PAID}
    union all
    select 'refund', r.created_at, o.id, o.number, null, r.id, -r.amount_cents, -r.fee_cents
    from refunds r join orders o on o.id = r.order_id
    where o.organiser_id = ${organiserId} and ${ONLINE} and ${PAID}
    union all
    select 'chargeback', c.opened_at, o.id, o.number, null, c.id, -c.amount_cents, -c.fee_cents
    from chargebacks c join orders o on o.id = c.order_id where o.organiser_id = ${organiserId}
    union all
    select 'chargeback_won', c.closed_at, o.id, o.number, null, c.id, c.amount_cents, c.fee_cents
    from chargebacks c join orders o on o.id = c.order_id where o.organiser_id = ${organiserId} and c.status = 'won'
    union all
    select 'withdrawal', w.requested_at, null, null, w.id, w.id, -w.amount_cents, 0
    from withdrawals w where w.organiser_id = ${organiserId}
    union all
    select 'withdrawal_refused', w.decided_at, null, null, w.id, w.id, w.amount_cents, 0
    from withdrawals w where w.organiser_id = ${organiserId} and w.status = 'refused'`;
}

/** Σ of the ledger's net amounts: what may still be withdrawn (pending withdrawals are already debited). */
export async function walletBalanceCents(db: DbOrTx, organiserId: string): Promise<number> {
  const [row] = await txRows<{ balance: number | string | null }>(db, sql`select coalesce(sum(gross - fee), 0)::bigint as balance from (${entries(organiserId)}) e`);
  return Number(row?.balance ?? 0);
}

type EntryRow = { kind: LedgerKind; at: Date | string; order_id: string | null; order_number: string | null; withdrawal_id: string | null; source_id: string; gross: number; fee: number };

/** A page of the ledger, newest first (ties by kind and source, so pages never overlap). */
export async function ledgerPage(db: DbOrTx, organiserId: string, q: { page: number; pageSize: number; kind: LedgerKind | null }) {
  const filter = q.kind ? sql`where kind = ${q.kind}` : sql``;
  const rows = await txRows<EntryRow & { total: number | string }>(
    db,
    sql`select e.*, count(*) over () as total from (${entries(organiserId)}) e ${filter}
        order by at desc, kind, source_id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : q.page === 1 ? 0 : await countEntries(db, organiserId, q.kind);
  const list: LedgerEntry[] = rows.map((r) => ({
    id: `${r.kind}:${r.source_id}`,
    at: new Date(r.at).toISOString(),
    kind: r.kind,
    orderId: r.order_id,
    orderNumber: r.order_number,
    withdrawalId: r.withdrawal_id,
    grossCents: Number(r.gross),
    feeCents: Number(r.fee),
    netCents: Number(r.gross) - Number(r.fee),
  }));
  return { entries: list, total };
}

async function countEntries(db: DbOrTx, organiserId: string, kind: LedgerKind | null): Promise<number> {
  const filter = kind ? sql`where kind = ${kind}` : sql``;
  const [row] = await txRows<{ n: number | string }>(db, sql`select count(*) as n from (${entries(organiserId)}) e ${filter}`);
  return Number(row?.n ?? 0);
}

type WithdrawalRow = {
  id: string;
  amount_cents: number;
  status: WithdrawalStatus;
  requested_at: Date | string;
  decided_at: Date | string | null;
  payout_reference: string | null;
  refusal_reason: string | null;
  account_number: string;
};

export const WITHDRAWAL_COLUMNS = sql.raw("id, amount_cents, status, requested_at, decided_at, payout_reference, refusal_reason, account_number");

/** "DE89 •••• 3000": the country and the last four characters, nothing a reader could reuse. */
export function maskIban(iban: string): string {
  return iban.length <= 8 ? "••••" : `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

export function withdrawalView(r: WithdrawalRow): WithdrawalView {
  return {
    id: r.id,
    amountCents: Number(r.amount_cents),
    status: r.status,
    method: "bank_transfer",
    requestedAt: new Date(r.requested_at).toISOString(),
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    payoutReference: r.payout_reference,
    refusalReason: r.refusal_reason,
    ibanMasked: maskIban(r.account_number),
  };
}

export async function listWithdrawals(db: DbOrTx, organiserId: string): Promise<WithdrawalView[]> {
  const rows = await txRows<WithdrawalRow>(
    db,
    sql`select ${WITHDRAWAL_COLUMNS} from withdrawals where organiser_id = ${organiserId} order by requested_at desc, id limit 500`,
  );
  return rows.map(withdrawalView);
}

/** The wallet's figures, all from the one ledger statement and the withdrawals. */
export async function walletSummary(db: DbOrTx, organiserId: string): Promise<WalletSummary> {
  const [sums] = await txRows<{ balance: string | number; revenue: string | number; fees: string | number; withdrawn: string | number; pending: string | number }>(
    db,
    sql`select coalesce(sum(gross - fee), 0)::bigint as balance,
          coalesce(sum(gross) filter (where kind in ('order', 'refund', 'chargeback', 'chargeback_won')), 0)::bigint as revenue,
          coalesce(sum(fee) filter (where kind in ('order', 'refund', 'chargeback', 'chargeback_won')), 0)::bigint as fees,
          (select coalesce(sum(amount_cents), 0) from withdrawals where organiser_id = ${organiserId} and status = 'accepted')::bigint as withdrawn,
          (select coalesce(sum(amount_cents), 0) from withdrawals where organiser_id = ${organiserId} and status = 'pending')::bigint as pending
        from (${entries(organiserId)}) e`,
  );
  const [last] = await txRows<WithdrawalRow>(
    db,
    sql`select ${WITHDRAWAL_COLUMNS} from withdrawals where organiser_id = ${organiserId} order by requested_at desc, id limit 1`,
  );
  const [account] = await txRows<{ bank_name: string | null; account_number: string | null }>(
    db,
    sql`select bank_name, account_number from organisers where id = ${organiserId}`,
  );
  return {
    balanceCents: Number(sums?.balance ?? 0),
    totalRevenueCents: Number(sums?.revenue ?? 0),
    totalFeesCents: Number(sums?.fees ?? 0),
    totalWithdrawnCents: Number(sums?.withdrawn ?? 0),
    pendingCents: Number(sums?.pending ?? 0),
    lastWithdrawal: last ? withdrawalView(last) : null,
    payoutAccount: account?.account_number ? { bankName: account.bank_name ?? "", ibanMasked: maskIban(account.account_number) } : null,
  };
}
