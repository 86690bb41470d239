import { i18n, type Messages } from "@lingui/core";
import { messages as de } from "../../shared/i18n/locales/de/messages";
import { messages as en } from "../../shared/i18n/locales/en/messages";
import { DEFAULT_LOCALE, type Locale } from "../../shared/enums";
import { STORAGE_KEY_LANG, STORED_LANG_ENGLISH, STORED_LANG_GERMAN } from "../../shared/constants";

const CATALOGS: Record<Locale, Messages> = { de: de as Messages, en: en as Messages };

/** SPEC §1: `lang` in localStorage; "gr" means German, the default. */
export function readStoredLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY_LANG);
    if (stored === STORED_LANG_ENGLISH) return "en";
    if (stored === STORED_LANG_GERMAN) return "de";
  } catch {
    // Storage blocked: fall back to the default.
  }
  return DEFAULT_LOCALE;
}

export function activateLocale(locale: Locale): void {
  i18n.loadAndActivate({ locale, messages: CATALOGS[locale] });
  document.documentElement.lang = locale;
}

export function changeLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY_LANG, locale === "de" ? STORED_LANG_GERMAN : STORED_LANG_ENGLISH);
  } catch {
    // Not persisted; the switch still applies to this tab.
  }
  activateLocale(locale);
}

export function currentLocale(): Locale {
  return i18n.locale === "en" ? "en" : "de";
}

export { i18n };
