import { type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { sql } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { formatCents } from "../../../shared/rules/money";
import type { Database } from "../../db/client";
import { txRows } from "../../db/sql";
import { i18nFor } from "../../i18n";
import { AppError } from "../../lib/app-error";
import { signedTicketCode } from "../orders/ticket-code";
import { drawQr, MM, newTicketPdf, P, placeText, ticketDateText, venueText, winAnsi, wrap } from "../orders/tickets-pdf";
import { drawSponsorRow, embedSponsorLogos } from "./sponsor-drawing";
import { sponsorLogos, type SponsorLogWarn } from "./sponsors";

/** The hard ticket's own texts; the rest are the e-ticket's (orders/tickets-pdf.ts). */
const H = {
  stub: /*i18n*/ { id: "print.pdf.stub", message: "Stub" },
  tearOff: /*i18n*/ { id: "print.pdf.tearOff", message: "Tear off here" },
};

/** DIN long portrait (99 × 210 mm), as the box office's din_long format. */
export const DIN_LONG = { width: 99 * MM, height: 210 * MM };
const W = DIN_LONG.width;
const HT = DIN_LONG.height;
const M = 16;
/** The stub: everything below the dashed line. */
const STUB_TOP = 128;
/** The sponsors' row just above the stub's line. */
const LOGO_ROW = 34;
const LOGO_Y = STUB_TOP + 10;
const QR_MAX = 150;
const QR_MIN = 90;
const GREY = rgb(0.45, 0.45, 0.45);
const INK = rgb(0.1, 0.1, 0.1);

type RunInfo = {
  number: string;
  event_id: string;
  event_name: string;
  time_zone: string;
  address: string | null;
  city: string | null;
  zip: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
};

type LineInfo = {
  id: string;
  event_id: string;
  scope_id: string;
  category_name: string;
  place_labels: string[];
  area_id: string | null;
  price_cents: number;
  status: string;
  position: number;
};

/** What rendering needs of the app's deps (AppDeps fits). */
export type PrintPdfDeps = { database: Database; config: { APP_SECRET: string; UPLOAD_DIR: string }; log?: SponsorLogWarn };

/** Wrapped into at most `max` lines; a cut last line ends in "…". */
function fit(text: string, font: PDFFont, size: number, width: number, max: number): string[] {
  const lines = wrap(winAnsi(text), font, size, width);
  if (lines.length === 0) return [""];
  let out = lines.slice(0, max);
  if (lines.length > max || out.some((l) => font.widthOfTextAtSize(l, size) > width)) {
    out = out.map((l, i) => {
      const cut = lines.length > max && i === out.length - 1;
      if (!cut && font.widthOfTextAtSize(l, size) <= width) return l;
      let s = l;
      while (s.length > 0 && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1);
      return `${s.trimEnd()}…`;
    });
  }
  return out;
}

/**
 * The hard tickets of a print run (issue 20, decision 021) as one PDF in DIN long portrait, one
 * ticket per page: event, date, venue, place, category and price, the QR code with the signed
 * ticket code (the e-tickets' T2 code, decision 018) and the reference staff can type, the
 * sponsors' logos, and below a dashed line a stub repeating event, date, place and reference.
 * Only tickets not cancelled (a voided run prints what it kept); their codes are the same every
 * time (a reprint is the same PDF again). Null for a run that is not the organiser's;
 * PRINT_RUN_VOIDED when nothing of it is left to print.
 */
export async function renderPrintRun(deps: PrintPdfDeps, organiserId: string, runId: string, locale: Locale): Promise<{ number: string; pdf: Uint8Array } | null> {
  const db = deps.database.db;
  const [run] = await txRows<RunInfo>(
    db,
    sql`select o.number, e.id::text as event_id, e.name as event_name, e.time_zone, e.address, e.city, e.zip, d.starts_at, d.ends_at
        from print_runs r join orders o on o.id = r.order_id join events e on e.id = r.event_id left join event_dates d on d.id = r.scope_id
        where r.id = ${runId} and r.organiser_id = ${organiserId}`,
  );
  if (!run) return null;
  // Positions over every line of the order (cancelled ones too): the reference printed stays the
  // one the door looks up (staff/tickets.ts lineOfReference), whatever was voided.
  const lines = (
    await txRows<LineInfo>(
      db,
      sql`select l.id::text, l.event_id::text, l.scope_id::text, l.category_name, l.place_labels, l.area_id, l.price_cents, l.status::text,
            row_number() over (order by l.created_at, l.id)::int as position
          from order_lines l join print_runs r on r.order_id = l.order_id where r.id = ${runId}
          order by l.created_at, l.id`,
    )
  ).filter((l) => l.status !== "canceled");
  if (lines.length === 0) throw new AppError("PRINT_RUN_VOIDED");

  const t = i18nFor(locale);
  const when = ticketDateText(locale, run);
  const venue = venueText(run);
  const { pdf, regular, bold } = await newTicketPdf(`${run.event_name} – ${run.number}`);
  // Embedded once, drawn on every page.
  const logos = await embedSponsorLogos(pdf, await sponsorLogos(db, deps.config.UPLOAD_DIR, run.event_id, deps.log), deps.log);
  const fonts = { regular, bold };

  for (const line of lines) {
    const page = pdf.addPage([W, HT]);
    const reference = `${run.number}-${line.position}`;
    const place = placeText(t, line.place_labels, line.area_id);
    const price = line.price_cents === 0 ? t._(P.free) : formatCents(line.price_cents, locale);
    const code = signedTicketCode(deps.config.APP_SECRET, { lineId: line.id, eventId: line.event_id, scopeId: line.scope_id });
    const bottom = drawTicket(page, fonts, { t, event: run.event_name, when, venue, place, category: line.category_name, price, code, reference, logos: logos.length > 0 });
    if (logos.length > 0 && bottom >= LOGO_Y + LOGO_ROW) drawSponsorRow(page, logos, { x: M, y: LOGO_Y, width: W - 2 * M, height: LOGO_ROW });
    drawStub(page, fonts, { t, event: run.event_name, when, place, category: line.category_name, reference });
  }
  return { number: run.number, pdf: await pdf.save() };
}

type Fonts = { regular: PDFFont; bold: PDFFont };
type Texts = { t: ReturnType<typeof i18nFor>; event: string; when: string; place: string; category: string; reference: string };

/** The ticket above the stub; returns how far down it went (the sponsors' row needs what is left). */
function drawTicket(page: PDFPage, { regular, bold }: Fonts, v: Texts & { venue: string; price: string; code: string; logos: boolean }): number {
  const width = W - 2 * M;
  let y = HT - M;
  const text = (lines: string[], size: number, font: PDFFont, color = INK, x = M) => {
    for (const l of lines) {
      y -= size * 1.3;
      page.drawText(l, { x, y, size, font, color });
    }
  };
  const field = (label: string, value: string, maxLines = 1) => {
    y -= 3;
    text(fit(label, regular, 7, width, 1), 7, regular, GREY);
    text(fit(value, bold, 10, width, maxLines), 10, bold);
  };
  text([winAnsi(v.t._(P.ticket).toUpperCase())], 8, bold, rgb(0.11, 0.49, 0.84));
  text(fit(v.event, bold, 14, width, 2), 14, bold);
  field(v.t._(P.date), v.when, 2);
  if (v.venue) field(v.t._(P.venue), v.venue);
  field(v.t._(P.place), v.place, 2);
  // Category and price side by side.
  const half = (width - 10) / 2;
  y -= 3;
  const top = y;
  text(fit(v.t._(P.category), regular, 7, half, 1), 7, regular, GREY);
  text(fit(v.category, bold, 10, half, 1), 10, bold);
  y = top;
  text(fit(v.t._(P.price), regular, 7, half, 1), 7, regular, GREY, M + half + 10);
  text(fit(v.price, bold, 10, half, 1), 10, bold, INK, M + half + 10);

  // The QR code as large as the room above the sponsors' row (or the stub) allows.
  const floor = (v.logos ? LOGO_Y + LOGO_ROW : STUB_TOP) + 36;
  const qr = Math.max(QR_MIN, Math.min(QR_MAX, y - 10 - floor));
  const qrY = y - 10 - qr;
  drawQr(page, v.code, (W - qr) / 2, qrY, qr);
  y = qrY;
  const ref = winAnsi(v.t._({ ...P.reference, values: { reference: v.reference } }));
  page.drawText(ref, { x: (W - bold.widthOfTextAtSize(ref, 9)) / 2, y: y - 12, size: 9, font: bold });
  // The code itself in small type (as on the e-ticket), for a scanner that reads text.
  const codeSize = 4.2;
  let row = 0;
  for (let i = 0; i < v.code.length; row++) {
    let n = 1;
    while (i + n < v.code.length && regular.widthOfTextAtSize(v.code.slice(i, i + n + 1), codeSize) <= width) n++;
    page.drawText(v.code.slice(i, i + n), { x: M, y: y - 22 - row * (codeSize + 1.5), size: codeSize, font: regular, color: GREY });
    i += n;
  }
  return y - 22 - row * (codeSize + 1.5);
}

/** The tear-off stub below a dashed line: event, date, place, category and the reference. */
function drawStub(page: PDFPage, { regular, bold }: Fonts, v: Texts): void {
  const width = W - 2 * M;
  page.drawLine({ start: { x: 0, y: STUB_TOP }, end: { x: W, y: STUB_TOP }, thickness: 0.8, color: GREY, dashArray: [4, 3] });
  const tear = winAnsi(v.t._(H.tearOff));
  page.drawText(tear, { x: W - M - regular.widthOfTextAtSize(tear, 6), y: STUB_TOP + 3, size: 6, font: regular, color: GREY });
  let y = STUB_TOP - 4;
  const text = (lines: string[], size: number, font: PDFFont, color = INK) => {
    for (const l of lines) {
      y -= size * 1.3;
      page.drawText(l, { x: M, y, size, font, color });
    }
  };
  text([winAnsi(v.t._(H.stub).toUpperCase())], 7, bold, GREY);
  text(fit(v.event, bold, 11, width, 1), 11, bold);
  text(fit(v.when, regular, 8.5, width, 1), 8.5, regular);
  text(fit(v.place, regular, 8.5, width, 2), 8.5, regular);
  text(fit(v.category, regular, 8.5, width, 1), 8.5, regular);
  y -= 4;
  text([winAnsi(v.t._({ ...P.reference, values: { reference: v.reference } }))], 9.5, bold);
}
