import { degrees, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { drawSponsorRow } from "../print/sponsor-drawing";
import { type Box, clipped, cutToWidth, drawContained, drawCover, drawQr, fillRounded, fitLines, fittingChars, strokeRounded, winAnsi, wrap } from "./tickets-pdf-parts";

/**
 * The A4 e-ticket's design (decision 029): the organiser's logo and name at the top, then the
 * ticket card (a rounded frame): the event's image (or a coloured band with the event's name),
 * the event, date and venue, the place in large type (section, row, seat, or the area), the
 * facts and how to use the ticket beside a 67 mm QR code; under the card the category's PDF
 * text, and the sponsors' logos at the foot. The picture takes the height the texts leave, so every page is filled
 * from top to bottom; every text keeps clear of every line drawn.
 */

export const A4 = { width: 595.28, height: 841.89 };
const W = A4.width;
const H = A4.height;
const M = 32;
const CW = W - 2 * M;
/** Inside the card. */
const PAD = 24;
/** The QR code's side: 190 pt = 67 mm, read by a phone at arm's length. */
export const A4_QR = 190;
/** The picture's height: at least, and at most (the band without a picture: at most). */
const HERO_MIN = 120;
const HERO_MAX = 290;
const BAND_MAX = 270;
const RADIUS = 12;
const HEADER = 48;
const SPONSORS = 52;

const INK = rgb(0.11, 0.12, 0.14);
const MUTED = rgb(0.36, 0.38, 0.42);
const ACCENT = rgb(0.08, 0.3, 0.58);
const LINE = rgb(0.8, 0.82, 0.85);
const TINT = rgb(0.94, 0.95, 0.97);
const WHITE = rgb(1, 1, 1);

export type A4Ticket = {
  organiser: { name: string; logo: PDFImage | null };
  image: PDFImage | null;
  eventName: string;
  when: string;
  venue: string;
  /** A single seat in boxes; else `text` (an area, free seating, several seats). */
  place: { seat: { block: string; row: string; seat: string } | null; text: string };
  /** Label and value: category, price, buyer, order. */
  facts: { label: string; value: string }[];
  season: string | null;
  reference: string;
  code: string;
  canceled: string | null;
  description: string | null;
  note: string;
  labels: { organiser: string; ticket: string; place: string; block: string; row: string; seat: string; code: string };
  position: { index: number; count: number };
  sponsors: PDFImage[];
};

type Fonts = { regular: PDFFont; bold: PDFFont };
type Color = ReturnType<typeof rgb>;

/** A page that draws nothing: the layout is drawn on it once to measure its heights. */
const MEASURE = { drawText() {}, drawLine() {}, drawRectangle() {}, drawImage() {}, drawCircle() {}, pushOperators() {} } as unknown as PDFPage;

/** Draws `texts` from the baseline `y` down with `leading`; returns the last baseline. */
function lines(page: PDFPage, texts: string[], at: { x: number; y: number; size: number; font: PDFFont; color: Color; leading?: number }): number {
  const leading = at.leading ?? at.size * 1.25;
  let y = at.y;
  texts.forEach((text, i) => {
    if (i > 0) y -= leading;
    page.drawText(text, { x: at.x, y, size: at.size, font: at.font, color: at.color });
  });
  return y;
}

/** The first of `steps` (size, most lines) at which `text` fits whole; else the last, cut with "…". */
function shrinkToFit(text: string, font: PDFFont, width: number, steps: [number, number][]): { size: number; lines: string[] } {
  for (const [size, max] of steps) {
    const all = wrap(winAnsi(text), font, size, width);
    if (all.length <= max && all.every((l) => font.widthOfTextAtSize(l, size) <= width)) return { size, lines: all };
  }
  const [size, max] = steps[steps.length - 1]!;
  return { size, lines: fitLines(text, font, size, width, max) };
}

function rightAligned(page: PDFPage, text: string, right: number, y: number, size: number, font: PDFFont, color: Color): void {
  const s = winAnsi(text);
  page.drawText(s, { x: right - font.widthOfTextAtSize(s, size), y, size, font, color });
}

/** The organiser (logo and name) at the left, "TICKET" and "1 / 2" at the right. Returns the row's bottom. */
function header(page: PDFPage, f: Fonts, t: A4Ticket): number {
  const top = H - M;
  let x = M;
  if (t.organiser.logo) x += drawContained(page, t.organiser.logo, { x: M, y: top - HEADER, width: 160, height: HEADER }) + 16;
  const nameWidth = W - M - 110 - x;
  // A long name in smaller type, on two lines if need be.
  const name = shrinkToFit(t.organiser.name, f.bold, nameWidth, [
    [15, 1],
    [13, 1],
    [11.5, 2],
  ]);
  const two = name.lines.length > 1;
  page.drawText(cutToWidth(winAnsi(t.labels.organiser), f.regular, 8.5, nameWidth), { x, y: top - (two ? 12 : 18), size: 8.5, font: f.regular, color: MUTED });
  lines(page, name.lines, { x, y: top - (two ? 27 : 37), size: name.size, font: f.bold, color: INK, leading: 13.5 });
  rightAligned(page, t.labels.ticket.toUpperCase(), W - M, top - 18, 11, f.bold, ACCENT);
  rightAligned(page, `${t.position.index} / ${t.position.count}`, W - M, top - 37, 11, f.regular, MUTED);
  return top - HEADER;
}

/** The image (cover), or the coloured band with the event's name at its foot. */
function hero(page: PDFPage, f: Fonts, t: A4Ticket, b: Box): void {
  if (t.image) return drawCover(page, t.image, b, RADIUS);
  fillRounded(page, b, RADIUS, ACCENT, { top: true, bottom: false });
  // Rings at the right, clipped to the band: the band is a picture of its own, not an empty box.
  clipped(page, b, RADIUS, () => {
    for (const [r, o] of [
      [150, 0.07],
      [105, 0.07],
      [60, 0.09],
    ] as const) {
      page.drawCircle({ x: b.x + b.width - 70, y: b.y + b.height - 40, size: r, color: WHITE, opacity: o });
    }
  });
  const title = shrinkToFit(t.eventName, f.bold, b.width - 2 * PAD - 40, [
    [28, 3],
    [22, 4],
  ]);
  const leading = title.size * 1.18;
  lines(page, title.lines, { x: b.x + PAD, y: b.y + 24 + (title.lines.length - 1) * leading, size: title.size, font: f.bold, color: WHITE, leading });
}

/** A label over a value in a tinted cell; the value's type shrinks (down to 11 pt) to fit, then wraps. */
function cell(page: PDFPage, f: Fonts, b: Box, label: string, value: string): void {
  fillRounded(page, b, 6, TINT);
  const width = b.width - 24;
  page.drawText(cutToWidth(winAnsi(label), f.regular, 8.5, width), { x: b.x + 12, y: b.y + b.height - 17, size: 8.5, font: f.regular, color: MUTED });
  let size = 20;
  while (size > 11 && f.bold.widthOfTextAtSize(winAnsi(value), size) > width) size--;
  const text = fitLines(value, f.bold, size, width, Math.max(1, Math.floor((b.height - 24) / (size * 1.1))));
  lines(page, text, { x: b.x + 12, y: b.y + b.height - 23 - size, size, font: f.bold, color: INK, leading: size * 1.1 });
}

/** The place across the card: section, row and seat in three cells, or one cell. Returns the cells' bottom. */
function place(page: PDFPage, f: Fonts, t: A4Ticket, x: number, top: number, width: number): number {
  const height = 56;
  if (!t.place.seat) {
    const tall = fitLines(t.place.text, f.bold, 14, width - 24, 4).length > 1 ? 80 : height;
    cell(page, f, { x, y: top - tall, width, height: tall }, t.labels.place, t.place.text);
    return top - tall;
  }
  const { block, row, seat } = t.place.seat;
  const small = 92;
  const gap = 10;
  const first = width - 2 * (small + gap);
  cell(page, f, { x, y: top - height, width: first, height }, t.labels.block, block);
  cell(page, f, { x: x + first + gap, y: top - height, width: small, height }, t.labels.row, row);
  cell(page, f, { x: x + first + small + 2 * gap, y: top - height, width: small, height }, t.labels.seat, seat);
  return top - height;
}

/** Label over value, one after the other. Returns the last line's bottom. */
function facts(page: PDFPage, f: Fonts, t: A4Ticket, x: number, top: number, width: number): number {
  let y = top;
  for (const fact of t.facts) {
    y -= 9;
    page.drawText(winAnsi(fact.label), { x, y, size: 8.5, font: f.regular, color: MUTED });
    y = lines(page, fitLines(fact.value, f.bold, 12, width, 2), { x, y: y - 15, size: 12, font: f.bold, color: INK, leading: 15 }) - 14;
  }
  if (t.season) y = lines(page, fitLines(t.season, f.bold, 9.5, width, 3), { x, y: y - 8, size: 9.5, font: f.bold, color: ACCENT, leading: 12 }) - 10;
  // How to use the ticket, beside the code it speaks of.
  return lines(page, fitLines(t.note, f.regular, 9, width, 5), { x, y: y - 10, size: 9, font: f.regular, color: MUTED, leading: 12 }) - 4;
}

/** The QR code, the reference under it and the code in small type. Returns the bottom. */
function qrColumn(page: PDFPage, f: Fonts, t: A4Ticket, x: number, top: number): number {
  // Measuring needs only its height: the code is encoded once, when drawn.
  if (page !== MEASURE) drawQr(page, t.code, x, top - A4_QR, A4_QR);
  let y = top - A4_QR - 16;
  page.drawText(winAnsi(t.reference), { x, y, size: 10, font: f.bold, color: INK });
  y -= 12;
  page.drawText(winAnsi(t.labels.code), { x, y, size: 7, font: f.regular, color: MUTED });
  const size = 4.5;
  for (let i = 0; i < t.code.length; ) {
    const n = fittingChars(t.code, i, f.regular, size, A4_QR);
    y -= size + 1.5;
    page.drawText(t.code.slice(i, i + n), { x, y, size, font: f.regular, color: INK });
    i += n;
  }
  return y - 2;
}

/** The card below its picture: heading, place, facts and QR code. Returns the card's bottom. */
function body(page: PDFPage, f: Fonts, t: A4Ticket, top: number): number {
  const x = M + PAD;
  const inner = CW - 2 * PAD;
  let y = top - 12;
  if (t.image) {
    const title = shrinkToFit(t.eventName, f.bold, inner, [
      [24, 2],
      [19, 3],
    ]);
    y = lines(page, title.lines, { x, y: y - title.size, size: title.size, font: f.bold, color: INK, leading: title.size * 1.18 });
  }
  y = lines(page, fitLines(t.when, f.bold, 13, inner, 2), { x, y: y - 24, size: 13, font: f.bold, color: ACCENT, leading: 16 });
  if (t.venue) y = lines(page, fitLines(t.venue, f.regular, 11, inner, 2), { x, y: y - 16, size: 11, font: f.regular, color: MUTED, leading: 14 });
  // A rule between the heading and the rest, well clear of the text above and below.
  y -= 13;
  page.drawLine({ start: { x, y }, end: { x: x + inner, y }, thickness: 0.75, color: LINE });
  const columnsTop = place(page, f, t, x, y - 16, inner) - 18;
  const qrX = M + CW - PAD - A4_QR;
  const leftBottom = facts(page, f, t, x, columnsTop, qrX - 28 - x);
  const qrBottom = qrColumn(page, f, t, qrX, columnsTop);
  const bottom = Math.min(leftBottom, qrBottom) - 16;
  if (t.canceled) {
    const size = 64;
    const width = f.bold.widthOfTextAtSize(winAnsi(t.canceled), size);
    // A stamp across the facts and the code, rising by 18°.
    const angle = (18 * Math.PI) / 180;
    const x0 = M + (CW - width * Math.cos(angle)) / 2;
    const y0 = (columnsTop + bottom) / 2 - (width * Math.sin(angle)) / 2;
    page.drawText(winAnsi(t.canceled), { x: x0, y: y0, size, font: f.bold, color: rgb(0.85, 0.1, 0.1), opacity: 0.45, rotate: degrees(18) });
  }
  return bottom;
}

/** Under the card, down to `floor`: the category's PDF text (as much as fits). Returns the bottom. */
function info(page: PDFPage, f: Fonts, t: A4Ticket, top: number, floor: number): number {
  const size = 10;
  const room = Math.floor((top - 2 * size - 4 - floor + 0.5) / (size * 1.3)) + 1;
  if (!t.description || room < 1) return top;
  return lines(page, fitLines(t.description, f.regular, size, CW, room), { x: M, y: top - 2 * size, size, font: f.regular, color: INK, leading: size * 1.3 }) - 4;
}

/** One A4 ticket page. */
export function drawA4Ticket(page: PDFPage, f: Fonts, t: A4Ticket): void {
  const cardTop = header(page, f, t) - 12;
  // The texts measured with the smallest picture: the category's PDF text comes before the
  // sponsors' row (left out when the text needs its room, as on DIN long), and the picture
  // takes what is left down to that row or the margin.
  const natural = info(MEASURE, f, t, body(MEASURE, f, t, cardTop - HERO_MIN), -Infinity);
  const sponsors = t.sponsors.length > 0 && natural >= M + SPONSORS + 22;
  const floor = sponsors ? M + SPONSORS + 22 : M + 4;
  const heroHeight = HERO_MIN + Math.max(0, Math.min((t.image ? HERO_MAX : BAND_MAX) - HERO_MIN, natural - floor));
  hero(page, f, t, { x: M, y: cardTop - heroHeight, width: CW, height: heroHeight });
  const cardBottom = body(page, f, t, cardTop - heroHeight);
  strokeRounded(page, { x: M, y: cardBottom, width: CW, height: cardTop - cardBottom }, RADIUS, LINE, 1);
  info(page, f, t, cardBottom, floor);
  if (sponsors) {
    page.drawLine({ start: { x: M, y: M + SPONSORS + 10 }, end: { x: W - M, y: M + SPONSORS + 10 }, thickness: 0.5, color: LINE });
    drawSponsorRow(page, t.sponsors, { x: M, y: M, width: CW, height: SPONSORS });
  }
}
