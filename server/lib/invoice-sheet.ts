import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from "pdf-lib";
import { savePdf } from "./pdf-save";

/**
 * The drawing pieces invoice PDFs share (the platform's invoice to organisers and the
 * organisers' invoices and credit notes to buyers): an A4 sheet with a top-down cursor, left and
 * right aligned text in the standard Helvetica fonts, rules, a totals column, and a new page when
 * the sheet is full.
 */

export const INK = rgb(0.1, 0.1, 0.1);
export const GREY = rgb(0.4, 0.4, 0.4);
export const ACCENT = rgb(0.11, 0.49, 0.84);
export const GREEN = rgb(0.1, 0.5, 0.2);
export const RED = rgb(0.75, 0.2, 0.1);

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** Standard PDF fonts speak WinAnsi: anything else becomes a close letter or "?" (as the tickets do). */
export function winAnsi(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D\u201E]/g, '"')
    .replace(/[\u202F\u2009]/g, " ")
    .replace(/[^\u0020-\u007E\u00A0-\u00FF\u20AC\u2013\u2014\u2022\u2026]/g, "?");
}

export class InvoiceSheet {
  /** Left margin and usable width. */
  readonly M = MARGIN;
  readonly W = A4[0] - 2 * MARGIN;
  /** The baseline of the next line, from the bottom of the page. */
  y = A4[1] - MARGIN;
  page: PDFPage;

  private constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
  }

  static async create(title: string): Promise<InvoiceSheet> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    return new InvoiceSheet(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  }

  text(s: string, size: number, font: PDFFont = this.font, x = this.M, color: RGB = INK): void {
    this.page.drawText(winAnsi(s), { x, y: this.y, size, font, color });
  }

  /** Text ending at `xRight` (default: the right margin). */
  right(s: string, size: number, font: PDFFont = this.font, xRight = this.M + this.W): void {
    const safe = winAnsi(s);
    this.page.drawText(safe, { x: xRight - font.widthOfTextAtSize(safe, size), y: this.y, size, font, color: INK });
  }

  /** `s` cut with "…" to fit `width` points. */
  fit(s: string, size: number, width: number, font: PDFFont = this.font): string {
    let safe = winAnsi(s);
    if (font.widthOfTextAtSize(safe, size) <= width) return safe;
    while (safe.length > 1 && font.widthOfTextAtSize(`${safe}…`, size) > width) safe = safe.slice(0, -1);
    return `${safe.trimEnd()}…`;
  }

  /** `s` broken into lines of at most `width` points (at spaces; a word too long is cut by `fit`). */
  wrap(s: string, size: number, width: number, font: PDFFont = this.font): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of winAnsi(s).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines.map((l) => this.fit(l, size, width, font));
  }

  /** A thin grey line across the sheet at `y` (default: the cursor). */
  rule(y = this.y): void {
    this.page.drawLine({ start: { x: this.M, y }, end: { x: this.M + this.W, y }, thickness: 0.6, color: rgb(0.75, 0.75, 0.75) });
  }

  down(points: number): void {
    this.y -= points;
  }

  /** A label in the right half and its amount at the right margin (net, VAT, total). */
  total(label: string, value: string, font: PDFFont = this.font, size = 11): void {
    this.text(label, size, font, this.M + this.W / 2);
    this.right(value, size, font);
    this.y -= size + 6;
  }

  /** Starts a new page when less than `points` are left above the bottom margin; true if it did. */
  ensureSpace(points: number): boolean {
    if (this.y - points >= this.M) return false;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - this.M;
    return true;
  }

  save(): Promise<Uint8Array> {
    return savePdf(this.doc);
  }
}
