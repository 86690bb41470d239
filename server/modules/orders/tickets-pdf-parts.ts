import {
  appendBezierCurve,
  clip,
  closePath,
  endPath,
  fill,
  lineTo,
  moveTo,
  type PDFFont,
  type PDFImage,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from "pdf-lib";
import encodeQR from "qr";

/**
 * Drawing parts of the ticket PDFs (orders/tickets-pdf.ts and its A4 layout, the print area's
 * hard tickets): text that the standard fonts can print, wrapping and fitting, the QR code,
 * rounded boxes and pictures (the uploads themselves: ./tickets-pdf-pictures.ts).
 */

export const MM = 72 / 25.4;

/** Standard PDF fonts speak WinAnsi: anything else becomes a close letter or "?". */
export function winAnsi(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D\u201E]/g, '"')
    .replace(/[^\u0020-\u007E\u00A0-\u00FF\u20AC\u2013\u2014\u2022\u2026]/g, "?");
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * How many characters of `text` from `start` fit in `width` (at least one, the rest of the text
 * at most): the ticket code printed in lines under its QR code. A text's width only grows with
 * each character, so the longest fitting run is found by halving rather than by measuring
 * every length (the same lines, a tenth of the measuring).
 */
export function fittingChars(text: string, start: number, font: PDFFont, size: number, width: number): number {
  let fits = 1;
  let tooLong = text.length - start + 1;
  while (tooLong - fits > 1) {
    const n = (fits + tooLong) >> 1;
    if (font.widthOfTextAtSize(text.slice(start, start + n), size) <= width) fits = n;
    else tooLong = n;
  }
  return fits;
}

/** `line` cut to `width` with "…" (unchanged when it fits). */
export function cutToWidth(line: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(line, size) <= width) return line;
  let s = line;
  while (s.length > 0 && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1);
  return `${s.trimEnd()}…`;
}

/** Wrapped (WinAnsi) into at most `max` lines, each within `width`; a cut last line ends in "…". */
export function fitLines(text: string, font: PDFFont, size: number, width: number, max: number): string[] {
  const lines = wrap(winAnsi(text), font, size, width);
  const out = lines.slice(0, max).map((l) => cutToWidth(l, font, size, width));
  if (lines.length > max && out.length > 0) out[out.length - 1] = cutToWidth(`${out[out.length - 1]}…`, font, size, width);
  return out;
}

/**
 * The QR code of `text`, `size` points wide, its lower left corner at (x, y), as one black
 * filled path drawn in module units: a transformation (`cm`) scales one unit to one module and
 * moves the origin to the code's lower left corner, and each row's runs of dark modules are one
 * rectangle (`c y n 1 re`, whole numbers). The same dark squares as one square per module, so a
 * renderer shows no seams between neighbours, at a twentieth of the page content: ~1,600
 * squares of five 17-digit numbers were ~110 KB a ticket to write and deflate.
 * tests/integration/helpers/pdf-qr.ts reads these runs back.
 */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const modules = qrModules(text);
  const n = modules.length;
  const runs: PDFOperator[] = [];
  for (let r = 0; r < n; r++) {
    const row = modules[r]!;
    const up = String(n - 1 - r);
    for (let c = 0; c < n; ) {
      if (!row[c]) {
        c++;
        continue;
      }
      let end = c + 1;
      while (end < n && row[end]) end++;
      runs.push(PDFOperator.of(PDFOperatorNames.AppendRectangle, [String(c), up, String(end - c), "1"]));
      c = end;
    }
  }
  const scale = pdfNumber(size / n);
  page.pushOperators(
    pushGraphicsState(),
    PDFOperator.of(PDFOperatorNames.ConcatTransformationMatrix, [scale, "0", "0", scale, pdfNumber(x), pdfNumber(y)]),
    setFillingRgbColor(0, 0, 0),
    ...runs,
    fill(),
    popGraphicsState(),
  );
}

/**
 * The modules of `text`'s QR code (error correction M, rows from the top, true: dark), without
 * the quiet zone (the page's white around the code is one). paulmillr's `qr` scores the eight
 * masks on packed bit rows: 0.17 ms a code where uqr took 2.5 ms, the same standard's symbol.
 */
export function qrModules(text: string): boolean[][] {
  // `qr` always adds a quiet zone of at least one module: it is cut off here.
  const framed = encodeQR(text, "raw", { ecc: "medium", border: 1 });
  return framed.slice(1, -1).map((row) => row.slice(1, -1));
}

/** A number as pdf-lib's PDFNumber writes it (plain decimal; these are never below 1e-6 nor above 1e21). */
function pdfNumber(n: number): string {
  return Math.abs(n) >= 1e-6 && Math.abs(n) < 1e21 ? String(n) : PDFNumber.of(n).toString();
}

export type Box = { x: number; y: number; width: number; height: number };
type Rgb = { red: number; green: number; blue: number };

/** The path of a box (PDF points, origin bottom left) whose top and/or bottom corners are rounded by `r`. */
export function roundedPath(b: Box, r: number, corners: { top: boolean; bottom: boolean }): PDFOperator[] {
  const k = 0.5523 * r; // a quarter circle as a Bézier curve
  const top = corners.top ? r : 0;
  const bottom = corners.bottom ? r : 0;
  const { x, y, width: w, height: h } = b;
  const ops = [moveTo(x + bottom, y), lineTo(x + w - bottom, y)];
  if (bottom) ops.push(appendBezierCurve(x + w - bottom + k, y, x + w, y + bottom - k, x + w, y + bottom));
  ops.push(lineTo(x + w, y + h - top));
  if (top) ops.push(appendBezierCurve(x + w, y + h - top + k, x + w - top + k, y + h, x + w - top, y + h));
  ops.push(lineTo(x + top, y + h));
  if (top) ops.push(appendBezierCurve(x + top - k, y + h, x, y + h - top + k, x, y + h - top));
  ops.push(lineTo(x, y + bottom));
  if (bottom) ops.push(appendBezierCurve(x, y + bottom - k, x + bottom - k, y, x + bottom, y));
  ops.push(closePath());
  return ops;
}

/** A filled box with rounded corners (never black: the QR reader of the tests takes black squares for modules). */
export function fillRounded(page: PDFPage, b: Box, r: number, color: Rgb, corners = { top: true, bottom: true }): void {
  page.pushOperators(pushGraphicsState(), setFillingRgbColor(color.red, color.green, color.blue), ...roundedPath(b, r, corners), fill(), popGraphicsState());
}

/** The outline of a box with rounded corners. */
export function strokeRounded(page: PDFPage, b: Box, r: number, color: Rgb, width: number): void {
  page.pushOperators(
    pushGraphicsState(),
    setStrokingRgbColor(color.red, color.green, color.blue),
    setLineWidth(width),
    ...roundedPath(b, r, { top: true, bottom: true }),
    stroke(),
    popGraphicsState(),
  );
}

/** Runs `draw` with everything clipped to the box with rounded top corners. */
export function clipped(page: PDFPage, b: Box, r: number, draw: () => void): void {
  page.pushOperators(pushGraphicsState(), ...roundedPath(b, r, { top: true, bottom: false }), clip(), endPath());
  draw();
  page.pushOperators(popGraphicsState());
}

/** `image` scaled to cover `b` (cut at the sides or top and bottom, centred), clipped to the box with rounded top corners. */
export function drawCover(page: PDFPage, image: PDFImage, b: Box, r: number): void {
  const scale = Math.max(b.width / image.width, b.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  clipped(page, b, r, () => page.drawImage(image, { x: b.x + (b.width - width) / 2, y: b.y + (b.height - height) / 2, width, height }));
}

/** `image` scaled to fit `b` (never above `maxScale` of its pixel size), at the box's left and middle. Returns the width drawn. */
export function drawContained(page: PDFPage, image: PDFImage, b: Box, maxScale = 4): number {
  const scale = Math.min(b.width / image.width, b.height / image.height, maxScale);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: b.x, y: b.y + (b.height - height) / 2, width, height });
  return width;
}
