import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { I18n } from "@lingui/core";
import { sql } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { formatCents } from "../../../shared/rules/money";
import type { Database } from "../../db/client";
import { i18nFor } from "../../i18n";
import { parseJson, txRows } from "../../db/sql";
import { drawSponsorRow } from "../print/sponsor-drawing";
import type { SponsorLogWarn } from "../print/sponsors";
import { signedTicketCode } from "./ticket-code";
import { A4, type A4Ticket, drawA4Ticket } from "./tickets-pdf-layout";
import { drawQr, fittingChars, MM, winAnsi, wrap } from "./tickets-pdf-parts";
import { savePdf } from "../../lib/pdf-save";
import { type PictureFile, ticketPicture } from "./tickets-pdf-pictures";
import { dateTimeFormat } from "../../../shared/rules/intl-formats";

export { drawQr, MM, winAnsi, wrap } from "./tickets-pdf-parts";

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
  organiser: /*i18n*/ { id: "pdf.organiser", message: "Organiser" },
  section: /*i18n*/ { id: "pdf.section", message: "Section" },
  row: /*i18n*/ { id: "pdf.row", message: "Row" },
  seatNumber: /*i18n*/ { id: "pdf.seatNumber", message: "Seat" },
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
  address_addition: string | null;
  city: string | null;
  zip: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  organiser_name: string;
  /** The organiser's logo, the event's image (a match day without one: its season's), the sponsors' logos in their order. */
  logo: PictureFile | string | null;
  image: PictureFile | string | null;
  sponsors: PictureFile[] | string;
};

/** Page formats of tickets (decision 017): A4 as mailed; DIN long (99 × 210 mm) and receipt (80 mm wide), one ticket per page, for the box office's printers. */
export type TicketPageFormat = "a4" | "din_long" | "receipt";

/**
 * The narrow formats (the A4 page is tickets-pdf-layout.ts, decision 029): page size, margin,
 * type sizes, the QR code's side below the text and the height of the sponsors' row at the
 * foot (0: none on this format).
 */
const NARROW: Record<Exclude<TicketPageFormat, "a4">, { W: number; H: number; M: number; title: number; value: number; qr: number; logos: number }> = {
  din_long: { W: 99 * MM, H: 210 * MM, M: 18, title: 15, value: 11, qr: 130, logos: 34 },
  receipt: { W: 80 * MM, H: 200 * MM, M: 10, title: 13, value: 10, qr: 120, logos: 0 },
};

/** An upload as the ticket query returns it (see PictureFile). */
const FILE = sql`json_build_object('id', u.id, 'fileName', u.file_name, 'mimeType', u.mime_type)`;

/** What rendering needs of the app's deps (AppDeps fits): the database, the signing secret, where uploads are, a logger. */
export type TicketPdfDeps = { database: Database; config: { APP_SECRET: string; UPLOAD_DIR: string }; log?: SponsorLogWarn };

/**
 * The date a ticket prints in the event's time zone: "Monday, 21 December 2026 at 15:30 – 17:30",
 * with the end's own date when it ends on another day ("" without a date).
 */
export function ticketDateText(
  locale: Locale,
  at: { starts_at: Date | string | null; ends_at: Date | string | null; time_zone: string },
): string {
  if (!at.starts_at) return "";
  const intl = locale === "de" ? "de-DE" : "en-GB";
  const full = dateFormat(intl, "full", at.time_zone);
  const start = full.format(new Date(at.starts_at));
  if (!at.ends_at) return start;
  const day = dateFormat("en-CA", "day", at.time_zone);
  const sameDay = day.format(new Date(at.starts_at)) === day.format(new Date(at.ends_at));
  const end = sameDay ? dateFormat(intl, "time", at.time_zone).format(new Date(at.ends_at)) : full.format(new Date(at.ends_at));
  return `${start} – ${end}`;
}

const DATE_STYLES: Record<"full" | "day" | "time", Intl.DateTimeFormatOptions> = {
  full: { dateStyle: "full", timeStyle: "short" },
  day: { dateStyle: "short" },
  time: { timeStyle: "short" },
};

function dateFormat(intl: string, kind: keyof typeof DATE_STYLES, timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat(intl, { ...DATE_STYLES[kind], timeZone });
}

/** The venue a ticket prints: "Street 1, addition, 12345 Town". */
export function venueText(v: { address: string | null; address_addition?: string | null; zip: string | null; city: string | null }): string {
  return [v.address, v.address_addition, [v.zip, v.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** A tickets PDF with its title and the two fonts every ticket page uses. */
export async function newTicketPdf(title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(title));
  pdf.setCreator("Ticketing");
  return { pdf, regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
}

/** What one page prints, in the page's language. */
type TicketPage = {
  eventName: string;
  organiser: string;
  when: string;
  venue: string;
  place: string;
  /** A single seat: its block, row and seat (the A4 page prints them in boxes). */
  seat: { block: string; row: string; seat: string } | null;
  facts: { label: string; value: string }[];
  season: string | null;
  reference: string;
  code: string;
  canceled: string | null;
  description: string | null;
};

type Fonts = { regular: PDFFont; bold: PDFFont };

/** The DIN long and receipt page: the facts one under the other, the QR code below them. */
function drawNarrowTicket(page: PDFPage, f: Fonts, t: I18n, format: Exclude<TicketPageFormat, "a4">, p: TicketPage, logos: PDFImage[]): void {
  const { W, H, M, title, value, qr, logos: logoRow } = NARROW[format];
  const grey = rgb(0.45, 0.45, 0.45);
  const textWidth = W - 2 * M;
  let y = H - M;
  const text = (content: string, size: number, font = f.regular, color = rgb(0.1, 0.1, 0.1)) => {
    for (const l of wrap(winAnsi(content), font, size, textWidth)) {
      y -= size * 1.35;
      page.drawText(l, { x: M, y, size, font, color });
    }
  };
  const field = (label: string, content: string) => {
    y -= 4;
    text(label, 7.5, f.regular, grey);
    text(content, value, f.bold);
  };
  text(p.organiser, 7.5, f.regular, grey);
  text(t._(P.ticket).toUpperCase(), 8, f.bold, rgb(0.08, 0.3, 0.58));
  text(p.eventName, title, f.bold);
  field(t._(P.date), p.when);
  if (p.venue) field(t._(P.venue), p.venue);
  field(t._(P.place), p.place);
  for (const fact of p.facts) field(fact.label, fact.value);
  if (p.season) text(p.season, 8, f.bold);

  // The QR carries the signed code (decision 018); below it the reference staff can type at the
  // door ("K7M2-X9QD-2": the same as the order detail), then the code itself in small type.
  const qrY = y - 12 - qr;
  drawQr(page, p.code, (W - qr) / 2, qrY, qr);
  page.drawText(winAnsi(p.reference), { x: M, y: qrY - 15, size: 9, font: f.bold });
  page.drawText(winAnsi(t._(P.code)), { x: M, y: qrY - 27, size: 7, font: f.regular, color: grey });
  const codeSize = 4.5;
  let row = 0;
  for (let i = 0; i < p.code.length; row++) {
    const n = fittingChars(p.code, i, f.regular, codeSize, textWidth);
    page.drawText(p.code.slice(i, i + n), { x: M, y: qrY - 36 - row * (codeSize + 1.5), size: codeSize, font: f.regular });
    i += n;
  }
  if (p.canceled) page.drawText(winAnsi(p.canceled), { x: M, y: H / 2, size: 36, font: f.bold, color: rgb(0.85, 0.1, 0.1), opacity: 0.35 });
  y = qrY - 36 - row * (codeSize + 1.5);
  if (p.description) text(p.description, 8);
  text(t._(P.note), 7, f.regular, grey);
  // The sponsors' row at the foot, when the text left room for it (a long PDF text on DIN long may not).
  if (logos.length > 0 && y - 10 >= M + logoRow) {
    page.drawLine({ start: { x: M, y: M + logoRow + 6 }, end: { x: W - M, y: M + logoRow + 6 }, thickness: 0.5, color: rgb(0.85, 0.85, 0.85) });
    drawSponsorRow(page, logos, { x: M, y: M, width: W - 2 * M, height: logoRow });
  }
}

/**
 * The tickets of an order as one PDF, a page per ticket (ARCHITECTURE "PDFs"): organiser,
 * event, date, venue, seat (block/row/seat) or area, category, price, buyer, the category's PDF
 * text and a QR code with the signed ticket code, and at the foot the sponsors' logos of the
 * order's event (a season ticket: the season's; A4 and DIN long, where they fit). The A4 page
 * (decision 029) adds the organiser's logo and the event's image (a match day without one: its
 * season's). A4 unless `format` says otherwise. Returns null for an unknown order.
 */
export async function renderOrderTickets(
  deps: TicketPdfDeps,
  orderId: string,
  localeOverride?: Locale,
  format: TicketPageFormat = "a4",
): Promise<{ number: string; pdf: Uint8Array } | null> {
  const { database } = deps;
  const log = deps.log ?? { warn: (obj, msg) => console.warn(msg, obj) };
  const [order] = await txRows<OrderInfo>(
    database.db,
    sql`select o.id, o.event_id, o.number, o.status, o.locale, o.buyer, o.is_season, o.scope_id, e.name as event_name, e.time_zone,
          e.address, e.address_addition, e.city, e.zip, org.name as organiser_name,
          (select ${FILE} from uploads u where u.id = org.logo_upload_id) as logo,
          (select ${FILE} from uploads u where u.id = coalesce(e.image_id, (select s.image_id from events s where s.id = e.season_id))) as image,
          coalesce((select json_agg(${FILE} order by sp.position) from event_sponsors sp join uploads u on u.id = sp.upload_id where sp.event_id = o.event_id), '[]') as sponsors,
          coalesce(d.starts_at, (select min(cd.starts_at) from event_dates cd join events ce on ce.id = cd.event_id where ce.season_id = e.id)) as starts_at,
          coalesce(d.ends_at, (select max(cd.ends_at) from event_dates cd join events ce on ce.id = cd.event_id where ce.season_id = e.id)) as ends_at
        from orders o join events e on e.id = o.event_id join organisers org on org.id = e.organiser_id
          left join event_dates d on d.id = o.scope_id
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
  const { pdf, regular, bold } = await newTicketPdf(`${order.event_name} – ${order.number}`);
  const uploadDir = deps.config.UPLOAD_DIR;
  const a4 = format === "a4";
  // The sponsors' logos on A4 and where a narrow format has a row for them; the organiser's logo and the event's image on A4.
  const sponsors: PDFImage[] = [];
  if (a4 || NARROW[format].logos > 0) {
    for (const file of parseJson(order.sponsors)) {
      const logo = await ticketPicture(pdf, uploadDir, file, log, "sponsor logo", { eventId: order.event_id });
      if (logo) sponsors.push(logo);
    }
  }
  const picture = (file: PictureFile | string | null, what: string) => (a4 && file ? ticketPicture(pdf, uploadDir, parseJson(file), log, what) : null);
  const logo = await picture(order.logo, "organiser logo");
  const image = await picture(order.image, "event image");
  const buyerName = `${order.buyer.firstName} ${order.buyer.lastName}`.trim();

  for (const [index, line] of lines.entries()) {
    const participant = Object.values(line.participant).filter(Boolean).join(", ");
    const [block, row, seat] = line.place_labels.length === 1 && !line.area_id ? line.place_labels[0]!.split("|") : [];
    const p: TicketPage = {
      eventName: order.event_name,
      organiser: order.organiser_name,
      when: ticketDateText(locale, order),
      venue: venueText(order),
      place: placeText(t, line.place_labels, line.area_id),
      seat: block !== undefined && row !== undefined && seat !== undefined ? { block, row, seat } : null,
      facts: [
        { label: t._(P.category), value: [line.category_name, ...line.booking_options.map((o) => o.name)].join(" + ") },
        { label: t._(P.price), value: line.total_cents === 0 ? t._(P.free) : formatCents(line.total_cents, locale) },
        // A box office sale may have no buyer's name: the line is left out rather than printed empty.
        ...(buyerName || participant ? [{ label: t._(P.buyer), value: `${buyerName}${participant ? `${buyerName ? " " : ""}(${participant})` : ""}` }] : []),
        { label: t._(P.order), value: order.number },
      ],
      season: order.is_season ? t._(P.season) : null,
      reference: t._({ ...P.reference, values: { reference: `${order.number}-${index + 1}` } }),
      code: signedTicketCode(deps.config.APP_SECRET, { lineId: line.id, eventId: line.event_id, scopeId: line.scope_id }),
      canceled: line.status === "canceled" ? t._(P.canceled) : null,
      description: line.pdf_description,
    };
    if (format !== "a4") {
      drawNarrowTicket(pdf.addPage([NARROW[format].W, NARROW[format].H]), { regular, bold }, t, format, p, sponsors);
      continue;
    }
    const ticket: A4Ticket = {
      organiser: { name: p.organiser, logo },
      image,
      eventName: p.eventName,
      when: p.when,
      venue: p.venue,
      place: { seat: p.seat, text: p.place },
      facts: p.facts,
      season: p.season,
      reference: p.reference,
      code: p.code,
      canceled: p.canceled,
      description: p.description,
      note: t._(P.note),
      labels: { organiser: t._(P.organiser), ticket: t._(P.ticket), place: t._(P.place), block: t._(P.section), row: t._(P.row), seat: t._(P.seatNumber), code: t._(P.code) },
      position: { index: index + 1, count: lines.length },
      sponsors,
    };
    drawA4Ticket(pdf.addPage([A4.width, A4.height]), { regular, bold }, ticket);
  }
  return { number: order.number, pdf: await savePdf(pdf) };
}
