import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { formatCents } from "../../../../../shared/rules/money";

/** Money, numbers and times (in the event's time zone) as the viewer reads them. */
export function useAllocationFormats() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const cache = new Map<string, Intl.DateTimeFormat>();
    const formatter = (timeZone: string, style: "full" | "medium") => {
      const key = `${timeZone}|${style}`;
      let f = cache.get(key);
      if (!f) cache.set(key, (f = new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: "short", timeZone })));
      return f;
    };
    return {
      money: (cents: number) => formatCents(cents, locale),
      number: (n: number) => new Intl.NumberFormat(locale).format(n),
      dateTime: (d: Date, timeZone: string) => formatter(timeZone, "medium").format(d),
      longDateTime: (d: Date, timeZone: string) => formatter(timeZone, "full").format(d),
    };
  }, [locale]);
}
