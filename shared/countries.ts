/**
 * Countries an event or organiser can be in (ISO 3166-1 alpha-2). The client shows their
 * names with Intl.DisplayNames in the user's language.
 */
export const COUNTRY_CODES = [
  "DE", "AT", "CH", "LI", "LU", "BE", "NL", "FR", "IT", "ES", "PT", "DK", "SE", "NO", "FI", "IS", "IE", "GB",
  "PL", "CZ", "SK", "HU", "SI", "HR", "RO", "BG", "GR", "CY", "MT", "EE", "LV", "LT", "RS", "BA", "ME", "MK",
  "AL", "TR", "UA", "US", "CA",
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
