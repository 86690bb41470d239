/**
 * Intl formats made once per locale and options, on the server and in the browser: making a
 * format costs more than formatting a thousand values with it (issue 25: a sale formatted its
 * dates several times over). Bounded: options come from code, time zones from events (a few
 * dozen at most), so the maps stay small; past the limit they start again.
 */
const LIMIT = 500;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const displayNames = new Map<string, Intl.DisplayNames>();

function cached<F>(formats: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= LIMIT) formats.clear();
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function displayNamesFormat(locale: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return cached(displayNames, locale, options, () => new Intl.DisplayNames(locale, options));
}
