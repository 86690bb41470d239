import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { periodLabel } from "../../../lib/plans";
import { WITHDRAWAL_STATUS_LABELS } from "../../dashboard/wallet/labels";

/** The actions the server writes to the audit log (server/modules/admin/audit), as the admin reads them. */
export const AUDIT_ACTIONS = ["withdrawal.accept", "withdrawal.refuse", "organiser.enable", "organiser.disable", "verification.verify", "verification.reject", "message.read", "message.handle", "message.reopen", "organiser.plan_set", "organiser.contingent_adjust"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  "withdrawal.accept": msg`Withdrawal accepted`,
  "withdrawal.refuse": msg`Withdrawal refused`,
  "organiser.enable": msg`Organiser account enabled`,
  "organiser.disable": msg`Organiser account disabled`,
  "verification.verify": msg`Organiser verified`,
  "verification.reject": msg`Verification rejected`,
  "organiser.plan_set": msg`Plan set by hand`,
  "organiser.contingent_adjust": msg`Contingent corrected`,
  "message.read": msg`Message read`,
  "message.handle": msg`Message marked handled`,
  "message.reopen": msg`Message reopened`,
};

export const AUDIT_TARGET_TYPES = ["withdrawal", "organiser", "contact_request"] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, MessageDescriptor> = {
  withdrawal: msg`Withdrawal`,
  organiser: msg`Organiser`,
  contact_request: msg`Contact message`,
};

/** The recorded fields by name; a field not listed shows its own name. */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  status: msg`Status`,
  amountCents: msg`Amount`,
  requestedAt: msg`Requested on`,
  decidedAt: msg`Decided on`,
  payoutReference: msg`Payout reference`,
  refusalReason: msg`Refusal reason`,
  ibanMasked: msg`IBAN`,
  method: msg`Method`,
  verificationState: msg`Verification`,
  reason: msg`Reason`,
  disabled: msg`Account disabled`,
  plan: msg`Plan`,
  planSince: msg`Plan since`,
  planUntil: msg`Plan until`,
  ticketContingent: msg`Ticket contingent`,
  delta: msg`Change in tickets`,
  handled: msg`Handled`,
  handledAt: msg`Handled on`,
  handledBy: msg`Handled by`,
};

const VERIFICATION_LABELS: Record<string, MessageDescriptor> = {
  none: msg`No documents uploaded`,
  in_review: msg`Documents in review`,
  verified: msg`Verified`,
  rejected: msg`Verification rejected`,
};

const METHOD_LABELS: Record<string, MessageDescriptor> = { bank_transfer: msg`Bank transfer` };

export function actionLabel(i18n: I18n, action: string): string {
  return action in AUDIT_ACTION_LABELS ? i18n._(AUDIT_ACTION_LABELS[action as AuditAction]) : action;
}

export function targetLabel(i18n: I18n, targetType: string): string {
  return targetType in AUDIT_TARGET_LABELS ? i18n._(AUDIT_TARGET_LABELS[targetType as AuditTargetType]) : targetType;
}

export function fieldLabel(i18n: I18n, key: string): string {
  return key in FIELD_LABELS ? i18n._(FIELD_LABELS[key]!) : key;
}

export type ValueFormats = { money: (cents: number) => string; dateTime: (at: string) => string };

/** A recorded value in the UI language: states and booleans in words, cents as money, times as dates. */
export function formatValue(i18n: I18n, key: string, value: unknown, formats: ValueFormats): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
  if (typeof value === "number" && key.endsWith("Cents")) return formats.money(value);
  if (typeof value === "string") {
    if (key === "status" && value in WITHDRAWAL_STATUS_LABELS) return i18n._(WITHDRAWAL_STATUS_LABELS[value as keyof typeof WITHDRAWAL_STATUS_LABELS]);
    if (key === "verificationState" && value in VERIFICATION_LABELS) return i18n._(VERIFICATION_LABELS[value]!);
    if (key === "method" && value in METHOD_LABELS) return i18n._(METHOD_LABELS[value]!);
    if (key === "plan" && (value === "monthly" || value === "yearly" || value === "none")) return periodLabel(i18n, value);
    if ((key.endsWith("At") || key === "planSince" || key === "planUntil") && !Number.isNaN(Date.parse(value))) return formats.dateTime(value);
    return value;
  }
  return JSON.stringify(value);
}

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The fields whose value differs between before and after, in the order they were recorded. */
export function changedFields(before: unknown, after: unknown): { key: string; before: unknown; after: unknown }[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key])).map((key) => ({ key, before: b[key], after: a[key] }));
}

/** A withdrawal's amount from the recorded state (it does not change with a decision). */
export function recordedAmountCents(before: unknown, after: unknown): number | null {
  const amount = asRecord(after).amountCents ?? asRecord(before).amountCents;
  return typeof amount === "number" ? amount : null;
}
