import type { CSSProperties } from "react";

/** An IBAN as the admin types it into the bank's form: upper case, in groups of four ("DE89 3704 0044 0532 0130 00"). */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * A dark filled button's hover shade: Mantine lightens a shade-9 colour on hover (to 8), where
 * white text falls below WCAG AA contrast; this darkens it instead.
 */
export function darkerOnHover(color: "teal-9" | "red-9") {
  return { "--button-hover": `color-mix(in srgb, var(--mantine-color-${color}) 80%, black)` } as CSSProperties;
}
