import { z } from "zod";

/**
 * The organiser's wallet (issue 22 item 4, SPEC §3 Wallet, §4 withdrawal states, decision 024):
 * a ledger of what the platform collected for the organiser and paid out, and withdrawals.
 */
export const WITHDRAWAL_STATUSES = ["pending", "accepted", "refused"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Largest single withdrawal (a sanity bound; the balance is the real limit). */
export const WITHDRAWAL_MAX_CENTS = 100_000_000;

export const ZWithdrawalRequest = z.strictObject({
  amountCents: z.number().int().max(WITHDRAWAL_MAX_CENTS),
  /** One per attempt on the client: a request sent twice makes one withdrawal. */
  idempotencyKey: z.string().min(8).max(100),
});

export const LEDGER_KINDS = ["order", "refund", "chargeback", "chargeback_won", "withdrawal", "withdrawal_refused"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ZLedgerQuery = z.strictObject({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(10).max(100).default(25),
  kind: z.enum(LEDGER_KINDS).nullable().default(null),
});

/** One credit or debit: what buyers paid or got back (gross), the platform's fee in it, and what it does to the balance (net). */
export type LedgerEntry = {
  /** `${kind}:${source id}`. */
  id: string;
  at: string;
  kind: LedgerKind;
  orderId: string | null;
  orderNumber: string | null;
  withdrawalId: string | null;
  grossCents: number;
  feeCents: number;
  netCents: number;
};

export type WalletSummary = {
  /** Credits less debits, pending withdrawals included as debits: what can still be withdrawn. */
  balanceCents: number;
  /** Σ of what buyers paid online for the organiser's orders, less refunds and chargebacks (gross). */
  totalRevenueCents: number;
  /** The platform's fees kept (service and processing fees of tickets not refunded). */
  totalFeesCents: number;
  /** Accepted withdrawals. */
  totalWithdrawnCents: number;
  /** Pending withdrawals (already taken off the balance). */
  pendingCents: number;
  lastWithdrawal: WithdrawalView | null;
  /** Where payouts go: the IBAN masked but its last four digits; null without payment details. */
  payoutAccount: { bankName: string; ibanMasked: string } | null;
};

export type WithdrawalView = {
  id: string;
  amountCents: number;
  status: WithdrawalStatus;
  method: "bank_transfer";
  requestedAt: string;
  decidedAt: string | null;
  payoutReference: string | null;
  refusalReason: string | null;
  ibanMasked: string;
};
