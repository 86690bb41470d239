import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { and, eq } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { parsePlanInvoiceItem, PLATFORM_VAT_RATE_BP } from "../../../shared/plans";
import { formatCents } from "../../../shared/rules/money";
import type { DbOrTx } from "../../db/client";
import { organisers, platformInvoices } from "../../db/schema";
import { i18nFor } from "../../i18n";
import { AppError } from "../../lib/app-error";
import { planItemText } from "./invoices";
import { OPERATOR } from "../../../shared/operator";

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

/** Standard PDF fonts speak WinAnsi: anything else becomes a close letter or "?" (as the tickets do). */
function winAnsi(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D\u201E]/g, '"')
    .replace(/[\u202F\u2009]/g, " ")
    .replace(/[^\u0020-\u007E\u00A0-\u00FF\u20AC\u2013\u2014\u2022\u2026]/g, "?");
}

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
  const day = (d: Date) => new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: "Europe/Berlin" }).format(d);
  const money = (cents: number) => formatCents(cents, locale);
  const plan = parsePlanInvoiceItem(invoice.item);
  const item = plan ? planItemText(plan, locale) : invoice.item;

  const doc = await PDFDocument.create();
  doc.setTitle(`${t._(P.title)} ${invoice.number}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const M = 56;
  const W = page.getWidth() - 2 * M;
  let y = page.getHeight() - M;
  const text = (s: string, size: number, f: PDFFont = font, x = M, color = rgb(0.1, 0.1, 0.1)) => page.drawText(winAnsi(s), { x, y, size, font: f, color });
  const right = (s: string, size: number, f: PDFFont, xRight: number) => page.drawText(winAnsi(s), { x: xRight - f.widthOfTextAtSize(winAnsi(s), size), y, size, font: f });

  // The seller an invoice must name (§ 14 UStG): the operator, its address and VAT ID.
  text(OPERATOR.name, 10, bold, M, rgb(0.11, 0.49, 0.84));
  y -= 13;
  text(`${OPERATOR.street} · ${OPERATOR.zipCity} · ${OPERATOR.country}`, 9, font, M, rgb(0.4, 0.4, 0.4));
  y -= 12;
  text(t._({ ...P.vatId, values: { vatId: OPERATOR.vatId } }), 9, font, M, rgb(0.4, 0.4, 0.4));
  y -= 30;
  text(t._(P.title), 24, bold);
  y -= 28;
  text(`${t._(P.number)}: ${invoice.number}`, 11);
  y -= 16;
  text(`${t._(P.issued)}: ${day(invoice.issuedAt)}`, 11);
  y -= 32;
  text(t._(P.to), 9, bold, M, rgb(0.4, 0.4, 0.4));
  y -= 15;
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
    y -= 15;
  }
  y -= 24;
  drawRule(page, M, y + 14, W);
  text(t._(P.item), 10, bold);
  right(t._(P.amount), 10, bold, M + W);
  y -= 20;
  text(item, 11);
  right(money(invoice.amountCents - invoice.vatCents), 11, font, M + W);
  y -= 14;
  drawRule(page, M, y, W);
  y -= 20;
  const total = (label: string, value: string, f: PDFFont) => {
    text(label, 11, f, M + W / 2);
    right(value, 11, f, M + W);
    y -= 17;
  };
  total(t._(P.net), money(invoice.amountCents - invoice.vatCents), font);
  total(t._({ ...P.vat, values: { rate: PLATFORM_VAT_RATE_BP / 100 } }), money(invoice.vatCents), font);
  total(t._(P.gross), money(invoice.amountCents), bold);
  y -= 24;
  if (invoice.status === "paid" && invoice.paidAt) text(t._({ ...P.paid, values: { date: day(invoice.paidAt) } }), 11, bold, M, rgb(0.1, 0.5, 0.2));
  else text(t._(P.unpaid), 11, bold, M, rgb(0.75, 0.2, 0.1));
  y -= 20;
  text(t._(P.vatNote), 9, font, M, rgb(0.4, 0.4, 0.4));
  return { number: invoice.number, pdf: await doc.save() };
}

function drawRule(page: PDFPage, x: number, y: number, width: number): void {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.6, color: rgb(0.75, 0.75, 0.75) });
}
