import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { I18n } from "@lingui/core";
import { encode } from "uqr";
import { sql } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { formatCents } from "../../../shared/rules/money";
import type { Database } from "../../db/client";
import { i18nFor } from "../../i18n";
import { txRows } from "../../db/sql";
import { drawSponsorRow, embedSponsorLogos } from "../print/sponsor-drawing";
import { sponsorLogos, type SponsorLogWarn } from "../print/sponsors";
import { signedTicketCode } from "./ticket-code";

/** PDF texts: descriptors with ids so `lingui extract` finds them without a macro transform. */
export const P = {
  ticket: /*i18n*/ { id: "pdf.ticket", message: "Ticket" },
  date: /*i18n*/ { id: "pdf.date", message: "Date" },
  venue: /*i18n*/ { id: "pdf.venue", message: "Venue" },
  place: /*i18n*/ { id: "pdf.place", message: "Place" },
  seat: /*i18n*/ { id: "pdf.seat", message: "{block}, row {row}, seat {seat}" },
  freeSeating: /*i18n*/ { id: "pdf.freeSeating", message: "Free seating" },
  category: /*i18n*/ { id: "pdf.category", message: "Ticket" },
  price: /*i18n*/ { id: "pdf.price", message: "Price" },
  free: /*i18n*/ { id: "pdf.free", message: "Free of charge" },
  buyer: /*i18n*/ { id: "pdf.buyer", message: "Buyer" },
  order: /*i18n*/ { id: "pdf.order", message: "Order" },
  season: /*i18n*/ { id: "pdf.season", message: "Season ticket: valid for every event of the season" },
  code: /*i18n*/ { id: "pdf.code", message: "Ticket code" },
  reference: /*i18n*/ { id: "pdf.reference", message: "Ticket reference: {reference}" },
  note: /*i18n*/ { id: "pdf.note", message: "Show this ticket at the entrance, printed or on your phone. Each code admits once." },
  canceled: /*i18n*/ { id: "pdf.canceled", message: "CANCELLED" },
};

/** A ticket's place as printed and mailed: "Block A, row 3, seat 12; ...", the area's name, or "free seating". */
export function placeText(t: I18n, labels: string[], areaId: string | null): string {
  if (labels.length > 0 && !areaId) {
    return labels
      .map((p) => {
        const [block, row, seat] = p.split("|");
        return t._({ ...P.seat, values: { block, row, seat } });
      })
      .join("; ");
  }
  return labels[0] ?? t._(P.freeSeating);
}

type TicketRow = {
  id: string;
  event_id: string;
  scope_id: string;
  category_name: string;
  place_labels: string[];
  area_id: string | null;
  price_cents: number;
  total_cents: number;
  booking_options: { name: string; priceCents: number }[];
  status: string;
  participant: Record<string, string>;
  pdf_description: string | null;
};

type OrderInfo = {
  id: string;
  event_id: string;
  number: string;
  status: string;
  locale: Locale;
  buyer: { firstName: string; lastName: string };
  is_season: boolean;
  scope_id: string;
  event_name: string;
  time_zone: string;
  address: string | null;
  city: string | null;
  zip: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
};

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

export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const qr = encode(text, { ecc: "M", border: 0 });
  const cell = size / qr.size;
  for (let r = 0; r < qr.size; r++) {
    for (let c = 0; c < qr.size; c++) {
      if (qr.data[r]![c]) page.drawRectangle({ x: x + c * cell, y: y + size - (r + 1) * cell, width: cell + 0.05, height: cell + 0.05, color: rgb(0, 0, 0) });
    }
  }
}

/** Page formats of tickets (decision 017): A4 as mailed; DIN long (99 × 210 mm) and receipt (80 mm wide), one ticket per page, for the box office's printers. */
export type TicketPageFormat = "a4" | "din_long" | "receipt";

export const MM = 72 / 25.4;
/** Page size, margin, type sizes and whether the QR code stands beside the text (A4) or below it. */
/** `logos`: the height of the sponsors' row at the foot of the page (0: none on this format). */
const FORMATS: Record<TicketPageFormat, { W: number; H: number; M: number; title: number; value: number; qr: number; beside: boolean; logos: number }> = {
  a4: { W: 595.28, H: 841.89, M: 48, title: 20, value: 13, qr: 170, beside: true, logos: 64 },
  din_long: { W: 99 * MM, H: 210 * MM, M: 18, title: 15, value: 11, qr: 130, beside: false, logos: 34 },
  receipt: { W: 80 * MM, H: 200 * MM, M: 10, title: 13, value: 10, qr: 120, beside: false, logos: 0 },
};

/** What rendering needs of the app's deps (AppDeps fits): the database, the signing secret, where uploads are, a logger. */
export type TicketPdfDeps = { database: Database; config: { APP_SECRET: string; UPLOAD_DIR: string }; log?: SponsorLogWarn };

/** The date a ticket prints: "Monday, 21 December 2026 at 15:30 – 17:30" in the event's time zone ("" without a date). */
export function ticketDateText(
  locale: Locale,
  at: { starts_at: Date | string | null; ends_at: Date | string | null; time_zone: string },
): string {
  if (!at.starts_at) return "";
  const intl = locale === "de" ? "de-DE" : "en-GB";
  const start = new Intl.DateTimeFormat(intl, { dateStyle: "full", timeStyle: "short", timeZone: at.time_zone }).format(new Date(at.starts_at));
  return at.ends_at ? `${start} – ${new Intl.DateTimeFormat(intl, { timeStyle: "short", timeZone: at.time_zone }).format(new Date(at.ends_at))}` : start;
}

/** The venue a ticket prints: "Street 1, 12345 Town". */
export function venueText(v: { address: string | null; zip: string | null; city: string | null }): string {
  return [v.address, [v.zip, v.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** A tickets PDF with its title and the two fonts every ticket page uses. */
export async function newTicketPdf(title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(title));
  pdf.setCreator("Ticketing");
  return { pdf, regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
}

/**
 * The tickets of an order as one PDF, a page per ticket (ARCHITECTURE "PDFs"): event,
 * date, venue, seat (block/row/seat) or area, category, price, buyer, the category's PDF text
 * and a QR code with the signed ticket code, and at the foot the sponsors' logos of the order's
 * event (a season ticket: the season's; A4 and DIN long, where they fit). A4 unless `format`
 * says otherwise. Returns null for an unknown order.
 */
export async function renderOrderTickets(
  deps: TicketPdfDeps,
  orderId: string,
  localeOverride?: Locale,
  format: TicketPageFormat = "a4",
): Promise<{ number: string; pdf: Uint8Array } | null> {
  const { database } = deps;
  const secret = deps.config.APP_SECRET;
  const [order] = await txRows<OrderInfo>(
    database.db,
    sql`select o.id, o.event_id, o.number, o.status, o.locale, o.buyer, o.is_season, o.scope_id, e.name as event_name, e.time_zone, e.address, e.city, e.zip,
          coalesce(d.starts_at, (select min(cd.starts_at) from event_dates cd join events ce on ce.id = cd.event_id where ce.season_id = e.id)) as starts_at,
          coalesce(d.ends_at, (select max(cd.ends_at) from event_dates cd join events ce on ce.id = cd.event_id where ce.season_id = e.id)) as ends_at
        from orders o join events e on e.id = o.event_id left join event_dates d on d.id = o.scope_id
        where o.id = ${orderId}`,
  );
  if (!order) return null;
  const lines = await txRows<TicketRow>(
    database.db,
    sql`select l.id, l.event_id, l.scope_id, l.category_name, l.place_labels, l.area_id, l.price_cents, l.total_cents, l.booking_options, l.status, l.participant, c.pdf_description
        from order_lines l left join ticket_categories c on c.id = l.ticket_category_id
        where l.order_id = ${orderId} order by l.created_at, l.id`,
  );
  const locale = localeOverride ?? order.locale;
  const t = i18nFor(locale);
  const when = ticketDateText(locale, order);
  const venue = venueText(order);
  const { pdf, regular, bold } = await newTicketPdf(`${order.event_name} – ${order.number}`);
  const { W, H, M, title, value, qr, beside, logos: logoRow } = FORMATS[format];
  const logos = logoRow > 0 ? await embedSponsorLogos(pdf, await sponsorLogos(database.db, deps.config.UPLOAD_DIR, order.event_id, deps.log), deps.log) : [];
  // Beside the QR code (A4) the text keeps clear of it; below it (narrow formats) it runs full width.
  const textWidth = beside ? W - 2 * M - (qr + 20) : W - 2 * M;

  for (const [index, line] of lines.entries()) {
    const page = pdf.addPage([W, H]);
    let y = H - M;
    const text = (content: string, size: number, font = regular, color = rgb(0.1, 0.1, 0.1)) => {
      for (const l of wrap(winAnsi(content), font, size, textWidth)) {
        y -= size * 1.35;
        page.drawText(l, { x: M, y, size, font, color });
      }
    };
    const field = (label: string, content: string) => {
      y -= beside ? 8 : 4;
      text(label, beside ? 9 : 7.5, regular, rgb(0.45, 0.45, 0.45));
      text(content, value, bold);
    };
    if (beside) page.drawRectangle({ x: M - 12, y: H - M - 300, width: W - 2 * M + 24, height: 312, borderColor: rgb(0.8, 0.8, 0.8), borderWidth: 1 });
    text(t._(P.ticket).toUpperCase(), beside ? 10 : 8, bold, rgb(0.11, 0.49, 0.84));
    text(order.event_name, title, bold);
    field(t._(P.date), when);
    if (venue) field(t._(P.venue), venue);
    field(t._(P.place), placeText(t, line.place_labels, line.area_id));
    field(t._(P.category), [line.category_name, ...line.booking_options.map((o) => o.name)].join(" + "));
    field(t._(P.price), line.total_cents === 0 ? t._(P.free) : formatCents(line.total_cents, locale));
    const participant = Object.values(line.participant).filter(Boolean).join(", ");
    const buyerName = `${order.buyer.firstName} ${order.buyer.lastName}`.trim();
    // A box office sale may have no buyer's name: the line is left out rather than printed empty.
    if (buyerName || participant) field(t._(P.buyer), `${buyerName}${participant ? `${buyerName ? " " : ""}(${participant})` : ""}`);
    field(t._(P.order), order.number);
    if (order.is_season) text(t._(P.season), beside ? 10 : 8, bold);

    // The QR carries the signed code (decision 018); below it the reference staff can type at the
    // door ("K7M2-X9QD-2": the same as the order detail), then the code itself in small type.
    const code = signedTicketCode(secret, { lineId: line.id, eventId: line.event_id, scopeId: line.scope_id });
    const qrX = beside ? W - M - qr : (W - qr) / 2;
    const qrY = beside ? H - M - qr - 20 : y - 12 - qr;
    drawQr(page, code, qrX, qrY, qr);
    const codeX = beside ? qrX : M;
    page.drawText(winAnsi(t._({ ...P.reference, values: { reference: `${order.number}-${index + 1}` } })), { x: codeX, y: qrY - 15, size: 9, font: bold });
    page.drawText(t._(P.code), { x: codeX, y: qrY - 27, size: 7, font: regular, color: rgb(0.45, 0.45, 0.45) });
    const codeSize = 4.5;
    const codeWidth = beside ? qr : W - 2 * M;
    let row = 0;
    for (let i = 0; i < code.length; row++) {
      let n = 1;
      while (i + n < code.length && regular.widthOfTextAtSize(code.slice(i, i + n + 1), codeSize) <= codeWidth) n++;
      page.drawText(code.slice(i, i + n), { x: codeX, y: qrY - 36 - row * (codeSize + 1.5), size: codeSize, font: regular });
      i += n;
    }
    if (line.status === "canceled") {
      page.drawText(t._(P.canceled), { x: M + (beside ? 40 : 0), y: H / 2, size: beside ? 72 : 36, font: bold, color: rgb(0.85, 0.1, 0.1), opacity: 0.35 });
    }
    y = beside ? H - M - 330 : qrY - 36 - row * (codeSize + 1.5);
    if (line.pdf_description) text(line.pdf_description, beside ? 10 : 8);
    text(t._(P.note), beside ? 9 : 7, regular, rgb(0.45, 0.45, 0.45));
    // The sponsors' row at the foot, when the text left room for it (a long PDF text on DIN long may not).
    if (logos.length > 0 && y - 10 >= M + logoRow) {
      page.drawLine({ start: { x: M, y: M + logoRow + 6 }, end: { x: W - M, y: M + logoRow + 6 }, thickness: 0.5, color: rgb(0.85, 0.85, 0.85) });
      drawSponsorRow(page, logos, { x: M, y: M, width: W - 2 * M, height: logoRow });
    }
  }
  return { number: order.number, pdf: await pdf.save() };
}
