import { numberFormat } from "./intl-formats";

/** Money is integer cents (EUR) everywhere; these are the only conversions. */
export const MAX_PRICE_CENTS = 10_000_000;

/** Euros typed into a form (up to two decimals) to cents, rounding half away from zero. */
export function eurosToCents(euros: number): number {
  // Fix the binary noise of "× 100" first (4.015 × 100 = 401.49999999999994), then round.
  const cents = Number((Math.abs(euros) * 100).toFixed(6));
  return Math.sign(euros) * Math.round(cents) || 0;
}

export function centsToEuros(cents: number): number {
  return cents / 100;
}

export function formatCents(cents: number, locale: string): string {
  return numberFormat(locale === "de" ? "de-DE" : "en-GB", { style: "currency", currency: "EUR" }).format(cents / 100);
}
