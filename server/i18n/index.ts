import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { messages as de } from "../../shared/i18n/locales/de/messages";
import { messages as en } from "../../shared/i18n/locales/en/messages";
import type { Locale } from "../../shared/enums";

const instances = new Map<Locale, I18n>();

/** Server-side texts (mail, PDF) use the same catalogs as the client (shared/i18n). */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: (locale === "de" ? de : en) as Messages } });
    instances.set(locale, i18n);
  }
  return i18n;
}
