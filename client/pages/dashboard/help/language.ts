import type { HelpLanguage } from "./articles/types";

/** The articles' language for the UI's locale (German unless English is chosen, SPEC §1). */
export function helpLanguage(locale: string): HelpLanguage {
  return locale.startsWith("en") ? "en" : "de";
}
