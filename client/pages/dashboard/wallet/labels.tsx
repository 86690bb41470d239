import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ORDERS_TIME_ZONE } from "../../../../shared/schemas/organiser-orders";
import type { LedgerKind, WithdrawalStatus } from "../../../../shared/schemas/wallet";
import { type Tone, ToneBadge } from "../orders/labels";

/** The wallet's enumerations as the organiser reads them. */
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  accepted: msg`Accepted`,
  refused: msg`Refused`,
};

export const LEDGER_KIND_LABELS: Record<LedgerKind, MessageDescriptor> = {
  order: msg`Paid order`,
  refund: msg`Refund`,
  chargeback: msg`Chargeback`,
  chargeback_won: msg`Chargeback reversed`,
  withdrawal: msg`Withdrawal`,
  withdrawal_refused: msg`Withdrawal refused`,
};

export const WITHDRAWAL_METHOD_LABELS: Record<"bank_transfer", MessageDescriptor> = {
  bank_transfer: msg`Bank transfer`,
};

// The orders area's badge colours (WCAG AA for their text): pending is yellow with dark text.
const STATUS_TONES: Record<WithdrawalStatus, Tone> = { pending: "wait", accepted: "ok", refused: "bad" };

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { i18n } = useLingui();
  return <ToneBadge tone={STATUS_TONES[status]}>{i18n._(WITHDRAWAL_STATUS_LABELS[status])}</ToneBadge>;
}

/**
 * Money and times of the wallet in the UI language: amounts, signed amounts for the ledger's net
 * column, times in the orders area's zone (as the orders a ledger entry links to show them).
 */
export function useWalletMoney() {
  const { i18n } = useLingui();
  const locale = i18n.locale === "de" ? "de-DE" : "en-GB";
  const plain = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" });
  const signed = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", signDisplay: "exceptZero" });
  const dateTime = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: ORDERS_TIME_ZONE });
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeZone: ORDERS_TIME_ZONE });
  return {
    money: (cents: number) => plain.format(cents / 100),
    signed: (cents: number) => signed.format(cents / 100),
    dateTime: (at: string | Date) => dateTime.format(new Date(at)),
    day: (at: string | Date) => day.format(new Date(at)),
  };
}

/** A random key per opened withdrawal form: a double click or a retry after a lost answer makes one withdrawal. */
export function newWithdrawalKey(): string {
  if (typeof crypto.randomUUID === "function") return `wd-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `wd-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** A table's scroll area as a named region reachable by keyboard (it may scroll sideways: WCAG 2.1.1). */
export function scrollRegion(label: string) {
  return { viewportProps: { tabIndex: 0, role: "region", "aria-label": label } };
}
