import type { Locale } from "../../../shared/enums";
import { formatCents } from "../../../shared/rules/money";
import type { ZReportData } from "../../../shared/schemas/boxoffice";
import { i18nFor } from "../../i18n";
import { GREEN, GREY, InvoiceSheet, RED, winAnsi } from "../../lib/invoice-sheet";

/** Z-report texts: descriptors with ids so `lingui extract` finds them without a macro transform. */
const Z = {
  title: /*i18n*/ { id: "zReport.title", message: "Z-report (shift closing)" },
  openTitle: /*i18n*/ { id: "zReport.openTitle", message: "Interim report (shift still open)" },
  cashier: /*i18n*/ { id: "zReport.cashier", message: "Cashier" },
  opened: /*i18n*/ { id: "zReport.opened", message: "Opened" },
  closed: /*i18n*/ { id: "zReport.closed", message: "Closed" },
  method: /*i18n*/ { id: "zReport.method", message: "Payment method" },
  sales: /*i18n*/ { id: "zReport.sales", message: "Sales" },
  refunds: /*i18n*/ { id: "zReport.refunds", message: "Refunds" },
  net: /*i18n*/ { id: "zReport.net", message: "Net" },
  total: /*i18n*/ { id: "zReport.total", message: "Total" },
  tickets: /*i18n*/ { id: "zReport.tickets", message: "Tickets sold" },
  fees: /*i18n*/ { id: "zReport.fees", message: "Of which box office fees" },
  startingCash: /*i18n*/ { id: "zReport.startingCash", message: "Starting cash" },
  cashSales: /*i18n*/ { id: "zReport.cashSales", message: "+ Cash sales" },
  cashRefunds: /*i18n*/ { id: "zReport.cashRefunds", message: "– Cash refunds" },
  expected: /*i18n*/ { id: "zReport.expected", message: "Cash expected" },
  counted: /*i18n*/ { id: "zReport.counted", message: "Cash counted" },
  difference: /*i18n*/ { id: "zReport.difference", message: "Difference" },
  notCounted: /*i18n*/ { id: "zReport.notCounted", message: "not counted yet" },
  cash: /*i18n*/ { id: "zReport.method.cash", message: "Cash" },
  card: /*i18n*/ { id: "zReport.method.card", message: "Card" },
  paypal: /*i18n*/ { id: "zReport.method.paypal", message: "PayPal" },
  free_of_charge: /*i18n*/ { id: "zReport.method.free", message: "Free of charge" },
  other: /*i18n*/ { id: "zReport.method.other", message: "Other" },
};

/** A shift's Z-report as an A4 PDF in the reader's language (the shared invoice sheet). */
export async function renderZReportPdf(report: ZReportData, locale: Locale): Promise<Uint8Array> {
  const t = i18nFor(locale);
  const intl = locale === "de" ? "de-DE" : "en-GB";
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" }).format(new Date(iso)) : "–";
  const money = (cents: number) => formatCents(cents, locale);
  const title = t._(report.closedAt ? Z.title : Z.openTitle);
  const sheet = await InvoiceSheet.create(title);
  const { M, W } = sheet;

  sheet.text(title, 18, sheet.bold);
  sheet.down(26);
  for (const [label, value] of [
    [t._(Z.cashier), report.cashier],
    [t._(Z.opened), when(report.openedAt)],
    [t._(Z.closed), when(report.closedAt)],
  ] as const) {
    sheet.text(label, 10, sheet.font, M, GREY);
    sheet.text(value, 10, sheet.bold, M + 120);
    sheet.down(15);
  }
  sheet.down(12);

  // Sales and refunds per payment method.
  const cols = [M + W * 0.45, M + W * 0.7, M + W];
  sheet.text(t._(Z.method), 9, sheet.bold);
  sheet.right(t._(Z.sales), 9, sheet.bold, cols[0]);
  sheet.right(t._(Z.refunds), 9, sheet.bold, cols[1]);
  sheet.right(t._(Z.net), 9, sheet.bold, cols[2]);
  sheet.down(6);
  sheet.rule();
  sheet.down(14);
  for (const row of report.methods) {
    sheet.text(t._(Z[row.method]), 10);
    sheet.right(`${row.sales} · ${money(row.salesCents)}`, 10, sheet.font, cols[0]);
    sheet.right(`${row.refunds} · ${money(row.refundsCents)}`, 10, sheet.font, cols[1]);
    sheet.right(money(row.salesCents - row.refundsCents), 10, sheet.font, cols[2]);
    sheet.down(16);
  }
  sheet.rule(sheet.y + 10);
  sheet.down(4);
  sheet.text(t._(Z.total), 10, sheet.bold);
  sheet.right(`${report.salesCount} · ${money(report.salesCents)}`, 10, sheet.bold, cols[0]);
  sheet.right(money(report.refundsCents), 10, sheet.bold, cols[1]);
  sheet.right(money(report.salesCents - report.refundsCents), 10, sheet.bold, cols[2]);
  sheet.down(22);
  sheet.text(`${t._(Z.tickets)}: ${report.ticketsCount}`, 10);
  sheet.down(15);
  sheet.text(`${t._(Z.fees)}: ${money(report.boxOfficeFeesCents)}`, 10);
  sheet.down(30);

  // The cash drawer.
  const cash = report.methods.find((m) => m.method === "cash");
  sheet.total(t._(Z.startingCash), money(report.startingCashCents));
  sheet.total(t._(Z.cashSales), money(cash?.salesCents ?? 0));
  sheet.total(t._(Z.cashRefunds), money(cash?.refundsCents ?? 0));
  sheet.rule(sheet.y + 12);
  sheet.total(t._(Z.expected), money(report.cashExpectedCents), sheet.bold);
  sheet.total(t._(Z.counted), report.countedCashCents === null ? t._(Z.notCounted) : money(report.countedCashCents));
  const diff = report.differenceCents;
  sheet.text(t._(Z.difference), 12, sheet.bold, M + W / 2);
  const diffText = winAnsi(diff === null ? "–" : `${diff > 0 ? "+" : ""}${money(diff)}`);
  sheet.page.drawText(diffText, {
    x: M + W - sheet.bold.widthOfTextAtSize(diffText, 12),
    y: sheet.y,
    size: 12,
    font: sheet.bold,
    color: diff === null || diff === 0 ? GREY : diff > 0 ? GREEN : RED,
  });
  return sheet.save();
}
