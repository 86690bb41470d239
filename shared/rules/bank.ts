import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import * as jsvatModule from "jsvat-next";

/**
 * Checks of the organiser's payment and tax identifiers, the same in the form and on the
 * server: the IBAN by its ISO 13616 checksum, the BIC by its ISO 9362 shape and country, the
 * VAT ID by the checksum of its EU member state (or the format where no checksum exists).
 */

/** The IBAN as stored: no spaces, upper case. */
export function normaliseIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, "").toUpperCase();
}

export function isIban(value: string): boolean {
  return isValidIBAN(normaliseIban(value));
}

/** The IBAN as people read it: upper case in groups of four ("DE89 3704 0044 0532 0130 00"). */
export function formatIban(value: string): string {
  return normaliseIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}

export function normaliseBic(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isBic(value: string): boolean {
  return isValidBIC(normaliseBic(value));
}

// Node loads jsvat-next's CommonJS build (its names on `default`), Vite its ES build.
type Jsvat = Pick<typeof jsvatModule, "checkVAT" | "countries">;
const jsvat: Jsvat = "checkVAT" in jsvatModule && typeof jsvatModule.checkVAT === "function" ? jsvatModule : (jsvatModule as unknown as { default: Jsvat }).default;

export function normaliseVatId(value: string): string {
  return value.replace(/[\s.\-]+/g, "").toUpperCase();
}

/** A VAT identification number of a country the checker knows, with a valid checksum. */
export function isVatId(value: string): boolean {
  return jsvat.checkVAT(normaliseVatId(value), jsvat.countries).isValid;
}
