import type { PDFFont } from "pdf-lib";
import { and, eq } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { parsePlanInvoiceItem, PLATFORM_VAT_RATE_BP } from "../../../shared/plans";
import { formatCents } from "../../../shared/rules/money";
import type { DbOrTx } from "../../db/client";
import { organisers, platformInvoices } from "../../db/schema";
import { i18nFor } from "../../i18n";
import { AppError } from "../../lib/app-error";
import { ACCENT, GREEN, GREY, INK, InvoiceSheet, RED } from "../../lib/invoice-sheet";
import { planItemText } from "./invoices";
import { OPERATOR } from "../../../shared/operator";
import { dateTimeFormat } from "../../../shared/rules/intl-formats";

/** PDF texts: descriptors with ids so `lingui extract` finds them without a macro transform. */
const P = {
  title: /*i18n*/ { id: "invoice.title", message: "Invoice" },
  number: /*i18n*/ { id: "invoice.number", message: "Invoice number" },
  issued: /*i18n*/ { id: "invoice.issued", message: "Issue date" },
  to: /*i18n*/ { id: "invoice.to", message: "Invoice to" },
  vatId: /*i18n*/ { id: "invoice.vatId", message: "VAT ID: {vatId}" },
  taxNumber: /*i18n*/ { id: "invoice.taxNumber", message: "Tax number: {taxNumber}" },
  item: /*i18n*/ { id: "invoice.item", message: "Item" },
  amount: /*i18n*/ { id: "invoice.amount", message: "Amount" },
  net: /*i18n*/ { id: "invoice.net", message: "Net amount" },
  vat: /*i18n*/ { id: "invoice.vat", message: "VAT {rate} %" },
  gross: /*i18n*/ { id: "invoice.gross", message: "Total (gross)" },
  paid: /*i18n*/ { id: "invoice.paid", message: "Paid on {date}. Thank you." },
  unpaid: /*i18n*/ { id: "invoice.unpaid", message: "Unpaid: payable through the plan management of your account." },
  vatNote: /*i18n*/ { id: "invoice.vatNote", message: "Prices include German VAT at 19 %." },
};

/**
 * One platform invoice as an A4 PDF (profile tab "invoices"): the platform and the organiser,
 * number and issue date, the item with net, VAT and gross, and whether it is paid. Only the
 * invoice's organiser gets it: another organiser's id is NOT_FOUND.
 */
export async function renderPlatformInvoice(db: DbOrTx, organiserId: string, invoiceId: string, locale: Locale): Promise<{ number: string; pdf: Uint8Array }> {
  const [row] = await db
    .select({ invoice: platformInvoices, organiser: organisers })
    .from(platformInvoices)
    .innerJoin(organisers, eq(organisers.id, platformInvoices.organiserId))
    .where(and(eq(platformInvoices.id, invoiceId), eq(platformInvoices.organiserId, organiserId)));
  if (!row) throw new AppError("NOT_FOUND");
  const { invoice, organiser } = row;
  const t = i18nFor(locale);
  const intl = locale === "de" ? "de-DE" : "en-GB";
  const day = (d: Date) => dateTimeFormat(intl, { dateStyle: "long", timeZone: "Europe/Berlin" }).format(d);
  const money = (cents: number) => formatCents(cents, locale);
  const plan = parsePlanInvoiceItem(invoice.item);
  const item = plan ? planItemText(plan, locale) : invoice.item;

  const sheet = await InvoiceSheet.create(`${t._(P.title)} ${invoice.number}`);
  const { font, bold, M } = sheet;
  const text = (s: string, size: number, f: PDFFont = font, x = M, color = INK) => sheet.text(s, size, f, x, color);

  // The seller an invoice must name (§ 14 UStG): the operator, its address and VAT ID.
  text(OPERATOR.name, 10, bold, M, ACCENT);
  sheet.down(13);
  text(`${OPERATOR.street} · ${OPERATOR.zipCity} · ${OPERATOR.country}`, 9, font, M, GREY);
  sheet.down(12);
  text(t._({ ...P.vatId, values: { vatId: OPERATOR.vatId } }), 9, font, M, GREY);
  sheet.down(30);
  text(t._(P.title), 24, bold);
  sheet.down(28);
  text(`${t._(P.number)}: ${invoice.number}`, 11);
  sheet.down(16);
  text(`${t._(P.issued)}: ${day(invoice.issuedAt)}`, 11);
  sheet.down(32);
  text(t._(P.to), 9, bold, M, GREY);
  sheet.down(15);
  const recipient = [
    organiser.name,
    organiser.address,
    [organiser.zipCode, organiser.city].filter(Boolean).join(" "),
    organiser.country,
    organiser.vatId ? t._({ ...P.vatId, values: { vatId: organiser.vatId } }) : null,
    organiser.taxNumber ? t._({ ...P.taxNumber, values: { taxNumber: organiser.taxNumber } }) : null,
  ].filter((l): l is string => !!l && l.trim() !== "");
  for (const line of recipient) {
    text(line, 11);
    sheet.down(15);
  }
  sheet.down(24);
  sheet.rule(sheet.y + 14);
  text(t._(P.item), 10, bold);
  sheet.right(t._(P.amount), 10, bold);
  sheet.down(20);
  text(item, 11);
  sheet.right(money(invoice.amountCents - invoice.vatCents), 11);
  sheet.down(14);
  sheet.rule();
  sheet.down(20);
  sheet.total(t._(P.net), money(invoice.amountCents - invoice.vatCents));
  sheet.total(t._({ ...P.vat, values: { rate: PLATFORM_VAT_RATE_BP / 100 } }), money(invoice.vatCents));
  sheet.total(t._(P.gross), money(invoice.amountCents), bold);
  sheet.down(24);
  if (invoice.status === "paid" && invoice.paidAt) text(t._({ ...P.paid, values: { date: day(invoice.paidAt) } }), 11, bold, M, GREEN);
  else text(t._(P.unpaid), 11, bold, M, RED);
  sheet.down(20);
  text(t._(P.vatNote), 9, font, M, GREY);
  return { number: invoice.number, pdf: await sheet.save() };
}
