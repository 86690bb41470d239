import { eq, sql } from "drizzle-orm";
import type { Locale } from "../../../../shared/enums";
import { formatCents } from "../../../../shared/rules/money";
import type { InvoiceParty } from "../../../../shared/schemas/orders";
import type { DbOrTx } from "../../../db/client";
import { orderInvoices } from "../../../db/schema";
import { txRows } from "../../../db/sql";
import { i18nFor } from "../../../i18n";
import { GREY, InvoiceSheet } from "../../../lib/invoice-sheet";
import { dateTimeFormat, displayNamesFormat, numberFormat } from "../../../../shared/rules/intl-formats";

/** PDF texts: descriptors with ids so `lingui extract` finds them without a macro transform. */
const P = {
  invoice: /*i18n*/ { id: "orderInvoice.title", message: "Invoice" },
  creditNote: /*i18n*/ { id: "orderInvoice.creditNoteTitle", message: "Credit note" },
  refersTo: /*i18n*/ { id: "orderInvoice.refersTo", message: "Refers to invoice {number} of {date}" },
  number: /*i18n*/ { id: "orderInvoice.number", message: "Number" },
  issued: /*i18n*/ { id: "orderInvoice.issued", message: "Date" },
  due: /*i18n*/ { id: "orderInvoice.due", message: "Due date" },
  order: /*i18n*/ { id: "orderInvoice.order", message: "Order" },
  to: /*i18n*/ { id: "orderInvoice.to", message: "To" },
  vatId: /*i18n*/ { id: "orderInvoice.vatId", message: "VAT ID: {vatId}" },
  taxNumber: /*i18n*/ { id: "orderInvoice.taxNumber", message: "Tax number: {taxNumber}" },
  item: /*i18n*/ { id: "orderInvoice.item", message: "Item" },
  quantity: /*i18n*/ { id: "orderInvoice.quantity", message: "Qty" },
  unit: /*i18n*/ { id: "orderInvoice.unit", message: "Unit price" },
  vatRate: /*i18n*/ { id: "orderInvoice.vatRate", message: "VAT" },
  amount: /*i18n*/ { id: "orderInvoice.amount", message: "Amount" },
  net: /*i18n*/ { id: "orderInvoice.net", message: "Net at {rate} % VAT" },
  vat: /*i18n*/ { id: "orderInvoice.vat", message: "VAT {rate} %" },
  total: /*i18n*/ { id: "orderInvoice.total", message: "Total (gross)" },
  creditTotal: /*i18n*/ { id: "orderInvoice.creditTotal", message: "Credited (gross)" },
  paid: /*i18n*/ { id: "orderInvoice.paid", message: "Paid with the order. Thank you." },
  refunded: /*i18n*/ { id: "orderInvoice.refunded", message: "The amount is refunded by the original means of payment." },
  grossNote: /*i18n*/ { id: "orderInvoice.grossNote", message: "All prices include VAT." },
};

function country(code: string | undefined, locale: Locale): string | undefined {
  if (!code) return undefined;
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return displayNamesFormat(locale, { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The printed lines of a party: name, company, street, zip and town, country, email, VAT ID, tax number. */
function partyLines(party: InvoiceParty, locale: Locale): string[] {
  const t = i18nFor(locale);
  return [
    party.name,
    party.company,
    party.street,
    [party.zip, party.city].filter(Boolean).join(" "),
    country(party.country, locale),
    party.email,
    party.vatId ? t._({ ...P.vatId, values: { vatId: party.vatId } }) : undefined,
    party.taxNumber ? t._({ ...P.taxNumber, values: { taxNumber: party.taxNumber } }) : undefined,
  ].filter((l): l is string => !!l && l.trim() !== "");
}

/**
 * An invoice or credit note to a buyer as an A4 PDF in its own language (the buyer's, fixed when
 * issued): title, seller and buyer, number, date, due date and order, the items, the VAT per rate
 * and the total. A credit note names the invoice it refers to. Null when there is no such document.
 */
export async function renderOrderInvoicePdf(db: DbOrTx, invoiceId: string): Promise<{ number: string; pdf: Uint8Array } | null> {
  const [invoice] = await db.select().from(orderInvoices).where(eq(orderInvoices.id, invoiceId));
  if (!invoice) return null;
  const [context] = await txRows<{ order_number: string; refers_number: string | null; refers_issued_at: Date | string | null }>(
    db,
    sql`select o.number as order_number, r.number as refers_number, r.issued_at as refers_issued_at
        from orders o left join order_invoices r on r.id = ${invoice.refersToId}
        where o.id = ${invoice.orderId}`,
  );
  const locale = invoice.locale;
  const t = i18nFor(locale);
  const intl = locale === "de" ? "de-DE" : "en-GB";
  const day = (d: Date | string) => dateTimeFormat(intl, { dateStyle: "long", timeZone: "Europe/Berlin" }).format(new Date(d));
  const money = (cents: number) => formatCents(cents, locale);
  const percent = (bp: number) => numberFormat(intl, { maximumFractionDigits: 2 }).format(bp / 100);
  const credit = invoice.kind === "credit_note";
  const title = t._(credit ? P.creditNote : P.invoice);

  const sheet = await InvoiceSheet.create(`${title} ${invoice.number}`);
  const { font, bold, M, W } = sheet;

  // The seller's letterhead (§ 14 UStG: name, address, VAT ID or tax number).
  const seller = partyLines(invoice.seller, locale);
  sheet.text(seller[0] ?? "", 10, bold);
  sheet.down(13);
  for (const line of seller.slice(1)) {
    sheet.text(line, 9, font, M, GREY);
    sheet.down(12);
  }
  sheet.down(18);
  sheet.text(title, 24, bold);
  sheet.down(28);
  if (credit && context?.refers_number) {
    const refers = { number: context.refers_number, date: context.refers_issued_at ? day(context.refers_issued_at) : "" };
    sheet.text(t._({ ...P.refersTo, values: refers }), 11, bold);
    sheet.down(18);
  }
  const facts: [string, string][] = [
    [t._(P.number), invoice.number],
    [t._(P.issued), day(invoice.issuedAt)],
    [t._(P.due), day(`${invoice.dueOn}T12:00:00Z`)],
    [t._(P.order), context?.order_number ?? ""],
  ];
  for (const [label, value] of facts) {
    sheet.text(`${label}:`, 11, font);
    sheet.text(value, 11, font, M + 90);
    sheet.down(15);
  }
  sheet.down(16);
  sheet.text(t._(P.to), 9, bold, M, GREY);
  sheet.down(15);
  for (const line of partyLines(invoice.recipient, locale)) {
    sheet.text(line, 11);
    sheet.down(15);
  }
  sheet.down(20);

  // Items: text | qty | unit | VAT | amount.
  const cols = { qty: M + W - 200, unit: M + W - 130, vat: M + W - 80, amount: M + W };
  const header = () => {
    sheet.rule(sheet.y + 14);
    sheet.text(t._(P.item), 9, bold);
    sheet.right(t._(P.quantity), 9, bold, cols.qty);
    sheet.right(t._(P.unit), 9, bold, cols.unit);
    sheet.right(t._(P.vatRate), 9, bold, cols.vat);
    sheet.right(t._(P.amount), 9, bold, cols.amount);
    sheet.down(18);
  };
  header();
  for (const item of invoice.items) {
    const lines = sheet.wrap(item.text, 9, cols.qty - M - 30);
    if (sheet.ensureSpace(26 + lines.length * 11)) header();
    sheet.right(String(item.quantity), 9, font, cols.qty);
    sheet.right(money(item.unitCents), 9, font, cols.unit);
    sheet.right(`${percent(item.vatRateBp)} %`, 9, font, cols.vat);
    sheet.right(money(item.totalCents), 9, font, cols.amount);
    for (const [i, line] of lines.entries()) {
      if (i > 0) sheet.down(11);
      sheet.text(line, 9);
    }
    sheet.down(14);
  }
  sheet.rule(sheet.y + 4);
  sheet.down(16);
  sheet.ensureSpace(30 + invoice.vat.length * 34);
  for (const row of invoice.vat) {
    sheet.total(t._({ ...P.net, values: { rate: percent(row.rateBp) } }), money(row.netCents), font, 10);
    sheet.total(t._({ ...P.vat, values: { rate: percent(row.rateBp) } }), money(row.vatCents), font, 10);
  }
  sheet.total(t._(credit ? P.creditTotal : P.total), money(invoice.totalCents), bold, 12);
  sheet.down(20);
  sheet.ensureSpace(30);
  sheet.text(t._(credit ? P.refunded : P.paid), 10, bold);
  sheet.down(14);
  sheet.text(t._(P.grossNote), 9, font, M, GREY);
  return { number: invoice.number, pdf: await sheet.save() };
}
