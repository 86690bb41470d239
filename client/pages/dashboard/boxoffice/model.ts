import { groupCartTickets } from "../../../../shared/rules/checkout";
import type { VoucherTerms } from "../../../../shared/rules/voucher";
import type { CounterPaymentMethod } from "../../../../shared/schemas/boxoffice";
import type { RouterOutputs } from "../../../lib/trpc";
import { priceWithVoucher } from "../../../../shared/rules/voucher";

export type CounterScope = RouterOutputs["boxOffice"]["scope"];
export type CounterCategory = CounterScope["categories"][number];
export type CounterCart = RouterOutputs["boxOffice"]["cart"];
export type SaleResult = RouterOutputs["boxOffice"]["sell"];
export type ShiftDetail = NonNullable<RouterOutputs["boxOffice"]["currentShift"]>;

/** The payment methods in the order the counter shows them, with their shortcut key. */
export const METHOD_KEYS: readonly { method: CounterPaymentMethod; key: string }[] = [
  { method: "cash", key: "C" },
  { method: "card", key: "K" },
  { method: "paypal", key: "P" },
  { method: "free_of_charge", key: "F" },
  { method: "other", key: "O" },
];

/**
 * An amount of euros typed at the counter, in cents: "50", "50,5", "1.234,50" (German) or
 * "50.5", "1,234.50" (English); null for anything else (negative, letters, more than two decimals).
 */
export function parseEuros(text: string, locale: string): number | null {
  let s = text.trim().replace(/\s*€$|^€\s*/g, "").replace(/\u00a0/g, " ");
  // Spaces only between groups of three digits ("1 234,50").
  if (/\s/.test(s)) s = /^\d{1,3}( \d{3})+([.,]\d{1,2})?$/.test(s) ? s.replace(/ /g, "") : "";
  if (s === "") return null;
  const decimal = locale.startsWith("de") ? "," : ".";
  const group = decimal === "," ? "." : ",";
  // Group separators only between groups of three digits; the other separator as decimal too.
  if (new RegExp(`^\\d{1,3}(\\${group}\\d{3})+(\\${decimal}\\d{1,2})?$`).test(s)) s = s.split(group).join("");
  s = s.replace(decimal, ".").replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** Cents as the cashier types them back ("12,50" in German, "12.50" in English). */
export function centsInput(cents: number, locale: string): string {
  const text = (cents / 100).toFixed(2);
  return locale.startsWith("de") ? text.replace(".", ",") : text;
}

/** The cart's tickets as `boxOffice.sell` takes them (seats grouped per ticket as the server does). */
export function saleTickets(cart: CounterCart, scope: CounterScope) {
  const blocks = (scope.layout?.blocks ?? []).map((b) => b.id);
  const grouped = groupCartTickets(cart, scope.categories, blocks);
  return {
    incomplete: grouped.incomplete,
    tickets: grouped.tickets.map((tk) => ({ ticketCategoryId: tk.category.id, seatKeys: tk.seats.map((s) => s.key), areaId: tk.areaId, bookingOptions: [], participant: {} })),
    categories: grouped.tickets.map((tk) => tk.category),
  };
}

/**
 * The sale's amounts exactly as the server prices them (shared/rules/pricing.ts, box office
 * channel), with a voucher's discount (shared/rules/voucher.ts) when one is applied and applies
 * to these tickets; `voucherError` names why it does not.
 */
export function saleAmounts(cart: CounterCart | undefined, scope: CounterScope, voucher: VoucherTerms | null = null) {
  if (!cart) return { tickets: 0, ticketsCents: 0, discountCents: 0, boxOfficeFeesCents: 0, totalCents: 0, voucherError: null };
  const { tickets, categories } = saleTickets(cart, scope);
  const { priced, voucherError } = priceWithVoucher(
    tickets.map((tk, i) => ({
      ticketCategoryId: tk.ticketCategoryId,
      seatKeys: tk.seatKeys,
      areaId: tk.areaId,
      priceCents: categories[i]!.priceCents,
      optionCents: [],
      chargeable: categories[i]!.kind === "chargeable",
    })),
    scope.vatRateBp,
    { channel: "box_office", boxOfficeFeeCents: scope.feeCents },
    voucher,
  );
  return {
    tickets: categories.length,
    ticketsCents: priced.amounts.ticketsCents,
    discountCents: priced.amounts.discountCents,
    boxOfficeFeesCents: priced.amounts.boxOfficeFeesCents ?? 0,
    totalCents: priced.amounts.totalCents,
    voucherError,
  };
}

/** A random key per sale attempt: a double click or a retry after a lost answer makes one order. */
export function newSaleKey(): string {
  if (typeof crypto.randomUUID === "function") return `bo-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `bo-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Whether a key press comes from a place where the cashier types (shortcuts stay quiet there). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = (target as HTMLInputElement).type;
    return !["button", "checkbox", "radio", "submit", "reset"].includes(type);
  }
  return false;
}

/**
 * Opens the tickets PDF in the browser's print dialog: fetched, then printed from a hidden frame
 * (a blob: frame, as the app's pages may not frame each other); a new tab if printing fails.
 * Resolves with the PDF's content type once the dialog was asked for.
 */
export async function printPdf(url: string, afterPrint?: () => void): Promise<string | null> {
  document.getElementById("boxoffice-print-frame")?.remove();
  let blobUrl: string;
  let type: string | null = null;
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    type = response.headers.get("content-type");
    blobUrl = URL.createObjectURL(new Blob([await response.blob()], { type: "application/pdf" }));
  } catch {
    window.open(url, "_blank", "noopener");
    return null;
  }
  const frame = document.createElement("iframe");
  frame.id = "boxoffice-print-frame";
  frame.title = "print";
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: "fixed", right: "0", bottom: "0", width: "1px", height: "1px", border: "0", opacity: "0" });
  frame.onload = () => {
    try {
      frame.contentWindow?.print();
    } catch {
      window.open(blobUrl, "_blank", "noopener");
    }
    afterPrint?.();
    // The object URL lives as long as the dialog may need it.
    setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  };
  frame.src = blobUrl;
  document.body.appendChild(frame);
  return type;
}
