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

/** The two currency formats, each made once: making one costs more than formatting a thousand amounts. */
const currencyFormats = new Map<string, Intl.NumberFormat>();

export function formatCents(cents: number, locale: string): string {
  const tag = locale === "de" ? "de-DE" : "en-GB";
  let format = currencyFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: "currency", currency: "EUR" });
    currencyFormats.set(tag, format);
  }
  return format.format(cents / 100);
}
