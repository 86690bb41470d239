import type { I18n } from "@lingui/core";
import { formatCents } from "./money";
import type { ReportColumn, ReportResult, ReportRow } from "../schemas/reports";
import { reportColumnLabel, reportValueLabel } from "../i18n/report-labels";

/**
 * How a report's cells are written (issue 22 item 3, decision 025b), once for the page, the PDF
 * and the CSV. "sheet" is for people (the page, the PDF): money as "1.234,50 €", counts grouped,
 * "19 %", days as "26.11.2026" / "26 Nov 2026". "csv" is for spreadsheets: plain numbers with the
 * language's decimal separator ("1234,50" / "1234.50", no grouping, no currency sign: the header
 * says "(EUR)" or "(%)"), German days as "26.11.2026", English ones sortable "2026-11-26".
 */
export type CellStyle = "sheet" | "csv";

const DAY = /^(\d{4})-(\d{2})-(\d{2})(.*)$/;

function intlLocale(locale: string): string {
  return locale === "de" ? "de-DE" : "en-GB";
}

/** Hundredths as a plain decimal: 123450 → "1234,50" (the CSV's money and percentages). */
export function plainHundredths(n: number, decimal: string): string {
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  return `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, "0")}`;
}

/** A day "2026-11-26" (and anything after it, such as " 18:00") in the style of `locale`. */
export function reportDayText(value: string, locale: string, style: CellStyle): string {
  const m = DAY.exec(value);
  if (!m) return value;
  const [, y, mo, d, rest] = m;
  if (locale === "de") return `${d}.${mo}.${y}${rest}`;
  if (style === "csv") return value;
  // Noon UTC: the same calendar day in every zone.
  const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), 12)));
  return `${day}${rest}`;
}

/** A report's period "01.11.2026 – 30.11.2026" (one day: just that day). */
export function reportPeriodText(from: string, to: string, locale: string): string {
  const a = reportDayText(from, locale, "sheet");
  return from === to ? a : `${a} – ${reportDayText(to, locale, "sheet")}`;
}

/** One cell as text: code columns translated, money, counts, rates and days per `style`. */
export function reportCellText(i18n: I18n, column: ReportColumn, value: ReportRow[string] | undefined, style: CellStyle): string {
  if (value === null || value === undefined || value === "") return "";
  const locale = i18n.locale;
  const decimal = locale === "de" ? "," : ".";
  switch (column.kind) {
    case "text": {
      const label = typeof value === "string" ? reportValueLabel(column.key, value) : null;
      return label ? i18n._(label) : String(value);
    }
    case "day":
    case "hour":
      return reportDayText(String(value), locale, style);
    case "count":
      return style === "csv" ? String(value) : new Intl.NumberFormat(intlLocale(locale)).format(Number(value));
    case "cents":
      return style === "csv" ? plainHundredths(Number(value), decimal) : formatCents(Number(value), locale);
    case "basisPoints":
      return style === "csv"
        ? plainHundredths(Number(value), decimal)
        : new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 2 }).format(Number(value) / 10000);
  }
}

/** Numbers line up on the right (counts, money, rates). */
export function isNumberColumn(column: ReportColumn): boolean {
  return column.kind === "count" || column.kind === "cents" || column.kind === "basisPoints";
}

/** A column's header; in a CSV money and rates name their unit ("Paid (EUR)", "VAT rate (%)"). */
export function reportHeaderText(i18n: I18n, result: Pick<ReportResult, "tab">, column: ReportColumn, style: CellStyle): string {
  const label = i18n._(reportColumnLabel(result.tab, column.key));
  if (style !== "csv") return label;
  if (column.kind === "cents") return `${label} (EUR)`;
  if (column.kind === "basisPoints") return `${label} (%)`;
  return label;
}

const TOTAL = /*i18n*/ { id: "reports.total", message: "Total" };

/**
 * The totals row: "Total" in the first column that has no sum, each summed column's total, the
 * rest empty. Null when the report sums nothing.
 */
export function reportTotalsCells(i18n: I18n, result: Pick<ReportResult, "columns" | "totals">, style: CellStyle): string[] | null {
  if (Object.keys(result.totals).length === 0) return null;
  const labelAt = result.columns.findIndex((c) => !(c.key in result.totals));
  return result.columns.map((c, i) => {
    if (i === labelAt) return i18n._(TOTAL);
    const total = result.totals[c.key];
    return total === undefined ? "" : reportCellText(i18n, c, total, style);
  });
}

/** Header, rows and totals of a report as text in `style`: what the CSV and the PDF write. */
export function reportTable(i18n: I18n, result: ReportResult, style: CellStyle) {
  return {
    header: result.columns.map((c) => reportHeaderText(i18n, result, c, style)),
    rows: result.rows.map((row) => result.columns.map((c) => reportCellText(i18n, c, row[c.key], style))),
    totals: reportTotalsCells(i18n, result, style),
  };
}
