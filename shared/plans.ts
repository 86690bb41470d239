/**
 * Ticket-contingent plans shown on /pricing (SPEC §3 organiser plan). Prices are gross
 * (VAT included), in EUR cents per month; the yearly subscription is billed once a year.
 */
export const PLANS = [
  { key: "starter", ticketsPerMonth: 500, monthlyCents: 2900, yearlyPerMonthCents: 2400 },
  { key: "professional", ticketsPerMonth: 2500, monthlyCents: 7900, yearlyPerMonthCents: 6600 },
  { key: "enterprise", ticketsPerMonth: 10000, monthlyCents: 19900, yearlyPerMonthCents: 16600 },
] as const;

export type Plan = (typeof PLANS)[number];
export type PlanKey = Plan["key"];
export type BillingPeriod = "monthly" | "yearly";

/** Tickets a plan adds to the contingent for one subscription period. */
export function contingentFor(plan: Plan, period: BillingPeriod): number {
  return period === "yearly" ? plan.ticketsPerMonth * 12 : plan.ticketsPerMonth;
}

/** Amount charged for one subscription period, in cents. */
export function periodPriceCents(plan: Plan, period: BillingPeriod): number {
  return period === "yearly" ? plan.yearlyPerMonthCents * 12 : plan.monthlyCents;
}

/** Whole-percent saving of the yearly subscription over paying monthly for a year. */
export function yearlySavingPercent(plan: Plan): number {
  return Math.round((1 - plan.yearlyPerMonthCents / plan.monthlyCents) * 100);
}
