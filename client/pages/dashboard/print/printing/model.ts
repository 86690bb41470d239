import { MAX_PRINT_RUN_TICKETS } from "../../../../../shared/schemas/print";
import type { RouterOutputs } from "../../../../lib/trpc";

export type PrintEvent = RouterOutputs["print"]["dates"][number];
export type PrintDate = PrintEvent["dates"][number];
export type PrintCategory = PrintEvent["categories"][number];
export type PrintScope = RouterOutputs["print"]["scope"];
export type PrintRun = RouterOutputs["print"]["runs"]["rows"][number];
export type CreatedRun = RouterOutputs["print"]["createRun"];

/** The most tickets one print run makes (the server's `print.createRun` count). */
export const MAX_PRINT_COUNT = MAX_PRINT_RUN_TICKETS;

/** The time zone event dates are shown in when the server sends none. */
const FALLBACK_TIME_ZONE = "Europe/Berlin";

/** A print run's PDF in the language of the page (`?lang=de|en`), unless the URL names one. */
export function pdfHref(url: string, locale: string): string {
  if (/[?&]lang=/.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}lang=${locale.startsWith("de") ? "de" : "en"}`;
}

/** The event's time zone when the server sends one with a date or run, else the default. */
export function timeZoneOf(value: object): string {
  const zone = (value as { timeZone?: unknown }).timeZone;
  return typeof zone === "string" && zone !== "" ? zone : FALLBACK_TIME_ZONE;
}

/** A date and time as the page shows it ("12 Dec 2026, 15:30"). */
export function formatWhen(locale: string, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
