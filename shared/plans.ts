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

/** The plan of a key, or undefined for a key that is not (or no longer) offered. */
export function planByKey(key: string): Plan | undefined {
  return PLANS.find((p) => p.key === key);
}

/** Whether an organiser's plan runs at `now` (SPEC §3 "in progress"; otherwise expired or none). */
export function isPlanActive(organiser: { plan: "none" | BillingPeriod; planUntil: Date | null }, now: Date = new Date()): boolean {
  return organiser.plan !== "none" && organiser.planUntil !== null && organiser.planUntil.getTime() > now.getTime();
}

/**
 * The end of one subscription period starting at `start`: a calendar month (or twelve) later,
 * in UTC; a start on the 31st ends on the last day of a shorter month, never in the month after.
 */
export function planPeriodEnd(start: Date, period: BillingPeriod): Date {
  const months = period === "yearly" ? 12 : 1;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * The platform's VAT on plans (decision 014): plan prices are gross and include German VAT at
 * 19 % for every organiser (the platform sells from Germany; reverse charge is not applied).
 */
export const PLATFORM_VAT_RATE_BP = 1900;

/** A platform invoice's number: "P-2026-000123" (the year of issue, the sequence's value). */
export function platformInvoiceNumber(year: number, sequence: number): string {
  return `P-${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * Whether the organiser should buy more contingent (SPEC §8 "insufficient ticket contingent"):
 * nothing left, or less than what its live events can still sell.
 */
export function isContingentShort(balance: number, liveNeed: number): boolean {
  return balance <= 0 || balance < liveNeed;
}

/** A platform invoice's item as stored: what was bought, readable in either language. */
export function planInvoiceItem(planKey: string, period: BillingPeriod, tickets: number): string {
  return `plan:${planKey}:${period}:${tickets}`;
}

/** The parts of a stored plan item (null for an item of another kind). */
export function parsePlanInvoiceItem(item: string): { planKey: string; period: BillingPeriod; tickets: number } | null {
  const m = /^plan:([a-z]+):(monthly|yearly):(\d+)$/.exec(item);
  return m ? { planKey: m[1]!, period: m[2] as BillingPeriod, tickets: Number(m[3]) } : null;
}
