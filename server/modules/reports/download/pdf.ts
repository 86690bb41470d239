import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { Locale } from "../../../../shared/enums";
import { REPORT_TAB_LABELS, REPORT_VIEW_LABELS } from "../../../../shared/i18n/report-labels";
import { isNumberColumn, reportPeriodText, reportTable } from "../../../../shared/rules/report-cells";
import type { ReportResult } from "../../../../shared/schemas/reports";
import { ORDERS_TIME_ZONE } from "../../../../shared/schemas/organiser-orders";
import { i18nFor } from "../../../i18n";
import { GREY, INK, winAnsi } from "../../../lib/invoice-sheet";

/** PDF texts: descriptors with ids so `lingui extract` finds them without a macro transform. */
const P = {
  event: /*i18n*/ { id: "reportPdf.event", message: "Event" },
  allEvents: /*i18n*/ { id: "reportPdf.allEvents", message: "All events" },
  period: /*i18n*/ { id: "reportPdf.period", message: "Period" },
  created: /*i18n*/ { id: "reportPdf.created", message: "Created" },
  page: /*i18n*/ { id: "reportPdf.page", message: "Page {page} of {pages}" },
  continued: /*i18n*/ { id: "reportPdf.continued", message: "{title} (continued)" },
};

const PORTRAIT: [number, number] = [595.28, 841.89];
const LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 40;
const PAD = 4;
/** Text columns never take more than this (a long name is cut with "…"). */
const MAX_TEXT_WIDTH = 200;
const RULE = rgb(0.75, 0.75, 0.75);
const ZEBRA = rgb(0.955, 0.955, 0.955);

export type ReportPdfContext = { organiserName: string; eventName: string | null; now?: Date };

type Layout = { size: [number, number]; fontSize: number; widths: number[] };

/**
 * The widths of the columns at `fontSize`: each as wide as its widest cell (headers may wrap at
 * spaces, so their longest word), text columns capped.
 */
function naturalWidths(table: ReturnType<typeof reportTable>, result: ReportResult, font: PDFFont, bold: PDFFont, fontSize: number): number[] {
  return result.columns.map((column, i) => {
    const headerWord = Math.max(...table.header[i]!.split(/\s+/).map((w) => bold.widthOfTextAtSize(winAnsi(w), fontSize)));
    let widest = headerWord;
    for (const row of table.rows) widest = Math.max(widest, font.widthOfTextAtSize(winAnsi(row[i]!), fontSize));
    if (table.totals) widest = Math.max(widest, bold.widthOfTextAtSize(winAnsi(table.totals[i]!), fontSize));
    const capped = isNumberColumn(column) ? widest : Math.min(widest, MAX_TEXT_WIDTH);
    return capped + 2 * PAD;
  });
}

/**
 * Portrait when the table fits at 9 pt with at most six columns, else landscape; the font shrinks
 * (to 6.5 pt) until the table fits the width, and text columns give up what is still missing.
 */
function chooseLayout(table: ReturnType<typeof reportTable>, result: ReportResult, font: PDFFont, bold: PDFFont): Layout {
  const portraitWidth = PORTRAIT[0] - 2 * MARGIN;
  const natural = naturalWidths(table, result, font, bold, 9);
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  const size = result.columns.length <= 6 && sum(natural) <= portraitWidth ? PORTRAIT : LANDSCAPE;
  const available = size[0] - 2 * MARGIN;
  let fontSize = 9;
  let widths = natural;
  while (sum(widths) > available && fontSize > 6.5) {
    fontSize -= 0.5;
    widths = naturalWidths(table, result, font, bold, fontSize);
  }
  const over = sum(widths) - available;
  if (over > 0) {
    const textIdx = result.columns.map((c, i) => (isNumberColumn(c) ? -1 : i)).filter((i) => i >= 0);
    const textWidth = textIdx.reduce((a, i) => a + widths[i]!, 0);
    widths = widths.map((w, i) => (textIdx.includes(i) ? Math.max(30, w - (over * w) / textWidth) : w));
  }
  // What is left over widens the table to the full width, shared by the columns.
  const spare = available - sum(widths);
  if (spare > 0) widths = widths.map((w) => w + spare / widths.length);
  return { size, fontSize, widths };
}

/**
 * A report as a PDF in `lang` (issue 22 item 3, decision 025b): title (tab and view), organiser,
 * event or "All events", period and when it was made, then the table with a totals row; the
 * table's header is repeated on every page, each page numbered "Page n of m". A4 portrait, or
 * landscape when there are many columns.
 */
export async function renderReportPdf(result: ReportResult, lang: Locale, context: ReportPdfContext): Promise<Uint8Array> {
  const i18n = i18nFor(lang);
  const table = reportTable(i18n, result, "sheet");
  const title = `${i18n._(REPORT_TAB_LABELS[result.tab])} – ${i18n._(REPORT_VIEW_LABELS[`${result.tab}.${result.view}`] ?? { id: result.view, message: result.view })}`;
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(context.organiserName);
  doc.setCreationDate(context.now ?? new Date());
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { size, fontSize, widths } = chooseLayout(table, result, font, bold);
  const lineHeight = fontSize + 5;
  const numeric = result.columns.map(isNumberColumn);

  let page: PDFPage = doc.addPage(size);
  let y = size[1] - MARGIN;
  const text = (s: string, x: number, at: number, sz: number, f: PDFFont = font, color = INK) => page.drawText(winAnsi(s), { x, y: at, size: sz, font: f, color });

  // The heading: title, organiser, event, period, when made.
  text(title, MARGIN, y - 16, 16, bold);
  y -= 34;
  const intl = lang === "de" ? "de-DE" : "en-GB";
  const created = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short", timeZone: ORDERS_TIME_ZONE }).format(context.now ?? new Date());
  const facts: [string, string][] = [
    [i18n._(P.event), context.eventName ?? i18n._(P.allEvents)],
    [i18n._(P.period), reportPeriodText(result.from, result.to, lang)],
    [i18n._(P.created), created],
  ];
  text(context.organiserName, MARGIN, y, 11, bold);
  y -= 16;
  const labelWidth = Math.max(...facts.map(([l]) => font.widthOfTextAtSize(winAnsi(l), 10))) + 12;
  for (const [label, value] of facts) {
    text(label, MARGIN, y, 10, font, GREY);
    text(value, MARGIN + labelWidth, y, 10, bold);
    y -= 14;
  }
  y -= 10;

  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const tableRight = MARGIN + widths.reduce((a, b) => a + b, 0);
  const fit = (s: string, width: number, f: PDFFont) => {
    let safe = winAnsi(s);
    if (f.widthOfTextAtSize(safe, fontSize) <= width) return safe;
    while (safe.length > 1 && f.widthOfTextAtSize(`${safe}…`, fontSize) > width) safe = safe.slice(0, -1);
    return `${safe.trimEnd()}…`;
  };
  const cell = (s: string, i: number, at: number, f: PDFFont) => {
    const inner = widths[i]! - 2 * PAD;
    const shown = fit(s, inner, f);
    const x = numeric[i] ? xs[i]! + widths[i]! - PAD - f.widthOfTextAtSize(shown, fontSize) : xs[i]! + PAD;
    page.drawText(shown, { x, y: at, size: fontSize, font: f, color: INK });
  };
  /** Header labels broken at spaces to their column's width (at most three lines). */
  const headerLines = table.header.map((h, i) => {
    const lines: string[] = [];
    let line = "";
    for (const word of winAnsi(h).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && bold.widthOfTextAtSize(next, fontSize) > widths[i]! - 2 * PAD) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines.slice(0, 3);
  });
  const headerRows = Math.max(...headerLines.map((l) => l.length));
  const drawHeader = () => {
    for (let r = 0; r < headerRows; r++) {
      headerLines.forEach((lines, i) => {
        // Bottom-aligned, so the labels sit on the rule.
        const line = lines[r - (headerRows - lines.length)];
        if (line !== undefined) cell(line, i, y - fontSize, bold);
      });
      y -= lineHeight - 2;
    }
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: tableRight, y }, thickness: 0.8, color: INK });
    y -= 2;
  };
  const newPageIfNeeded = (need: number) => {
    if (y - need >= MARGIN + 14) return;
    page = doc.addPage(size);
    y = size[1] - MARGIN;
    text(i18n._(P.continued.id, { title }, { message: P.continued.message }), MARGIN, y - 10, 10, bold, GREY);
    y -= 24;
    drawHeader();
  };

  drawHeader();
  table.rows.forEach((row, r) => {
    newPageIfNeeded(lineHeight);
    if (r % 2 === 1) page.drawRectangle({ x: MARGIN, y: y - lineHeight + 1, width: tableRight - MARGIN, height: lineHeight, color: ZEBRA });
    row.forEach((s, i) => cell(s, i, y - fontSize - 1, font));
    y -= lineHeight;
  });
  if (table.totals) {
    newPageIfNeeded(lineHeight + 4);
    page.drawLine({ start: { x: MARGIN, y }, end: { x: tableRight, y }, thickness: 0.8, color: RULE });
    y -= 2;
    table.totals.forEach((s, i) => cell(s, i, y - fontSize - 1, bold));
    y -= lineHeight;
  }

  // Page numbers, once the count is known.
  const pages = doc.getPages();
  pages.forEach((p, n) => {
    const label = winAnsi(i18n._(P.page.id, { page: n + 1, pages: pages.length }, { message: P.page.message }));
    p.drawText(label, { x: p.getWidth() - MARGIN - font.widthOfTextAtSize(label, 8), y: MARGIN - 20, size: 8, font, color: GREY });
    p.drawText(winAnsi(`${context.organiserName} · ${title}`), { x: MARGIN, y: MARGIN - 20, size: 8, font, color: GREY });
  });
  return doc.save();
}
