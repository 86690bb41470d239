import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type BillingPeriod, type PlanKey, parsePlanInvoiceItem, planByKey } from "../../shared/plans";

/** Each plan's name and pitch (pricing page, plan tab, invoices). */
export const PLAN_TEXTS: Record<PlanKey, { name: MessageDescriptor; text: MessageDescriptor }> = {
  starter: {
    name: msg`Starter`,
    text: msg`For clubs, small venues and organisers with a few events a month.`,
  },
  professional: {
    name: msg`Professional`,
    text: msg`For theatres, concert organisers and sports clubs with regular events and seasons.`,
  },
  enterprise: {
    name: msg`Enterprise`,
    text: msg`For arenas, festivals and trade fairs that sell large contingents.`,
  },
};

/** A plan's name in the reader's language (the key itself for a plan no longer offered). */
export function planName(i18n: I18n, key: string): string {
  const plan = planByKey(key);
  return plan ? i18n._(PLAN_TEXTS[plan.key].name) : key;
}

export function periodLabel(i18n: I18n, period: BillingPeriod | "none"): string {
  if (period === "yearly") return i18n._(msg`yearly`);
  if (period === "monthly") return i18n._(msg`monthly`);
  return i18n._(msg`no plan`);
}

/** "Professional · yearly · 30,000 tickets": a plan purchase or a stored invoice item. */
export function planSummary(i18n: I18n, p: { planKey: string; period: BillingPeriod; tickets: number }): string {
  const tickets = i18n.number(p.tickets);
  return `${planName(i18n, p.planKey)} · ${periodLabel(i18n, p.period)} · ${i18n._(msg`${tickets} tickets`)}`;
}

/** An invoice's item in the reader's language (the stored text for an item of another kind). */
export function invoiceItemText(i18n: I18n, item: string): string {
  const plan = parsePlanInvoiceItem(item);
  return plan ? planSummary(i18n, plan) : item;
}
