import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import * as mupdf from "mupdf";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, organisers } from "../../server/db/schema";
import { signedTicketCode } from "../../server/modules/orders/ticket-code";
import type { SeatingLayout } from "../../shared/seating/layout";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { datesOf, multipartFile, ok, pngChunk, ticketCategory, validEventStep1, type UploadResult } from "./helpers/events";
import { buySeats, checkoutInput, checkoutVia, decideVia, keyOf, orderRow, paymentIdOf } from "./helpers/orders";
import { imagesDrawn, readPageQr, readPngQr } from "./helpers/pdf-qr";
import { cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";
import { seatedBlock, standingBlock } from "./helpers/stadiums";

/**
 * The A4 e-ticket as a buyer sees it (issue 24 item 4, decision 029): each page is rendered to
 * a bitmap with MuPDF (WebAssembly) and checked as a person or a phone would: the page is A4,
 * ZXing reads the ticket's signed code from the rendered pixels, the QR code is at least 45 mm
 * wide, the organiser, event, date, place and order are in the text, no text lies under a line
 * (the card's frame, the rules) nor on other text, and the card fills most of the page.
 * With TICKET_PNG_DIR set the rendered pages are kept there (ticket-en.png, ticket-de.png).
 */

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
/** Render scale: 144 dpi. */
const SCALE = 2;

let t: TestApp;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), "ticket-pdf-"));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- pictures to upload

/** A PNG (RGB or RGBA) of `width` x `height` whose pixel (x, y) is `paint(x, y)`. */
function png(width: number, height: number, alpha: boolean, paint: (x: number, y: number) => number[]): Buffer {
  const channels = alpha ? 4 : 3;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = alpha ? 6 : 2;
  const raw = Buffer.alloc(height * (1 + width * channels));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(paint(x, y), y * (1 + width * channels) + 1 + x * channels);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw)), pngChunk("IEND", Buffer.alloc(0))]);
}

/** An evening sky over a dark crowd with three stage lights: an event photo stand-in (16:9). */
function eventPhoto(): Buffer {
  const lights = [
    [380, 260],
    [800, 200],
    [1220, 260],
  ];
  return png(1600, 900, false, (x, y) => {
    const v = y / 900;
    let rgb = [30 + 200 * v, 40 + 80 * v, 110 - 40 * v];
    for (const [lx, ly] of lights) {
      const d = Math.hypot(x - lx!, y - ly!);
      const glow = Math.max(0, 1 - d / 260);
      rgb = rgb.map((c, i) => c + glow * glow * [255, 220, 150][i]!);
    }
    if (y > 720 + 30 * Math.sin(x / 40)) rgb = [20, 18, 30];
    return rgb.map((c) => Math.min(255, Math.round(c)));
  });
}

/** A round mark and a bar on transparent ground: an organiser's logo stand-in. */
function organiserLogo(): Buffer {
  return png(360, 120, true, (x, y) => {
    if (Math.hypot(x - 60, y - 60) < 52) return [200, 40, 60, 255];
    if (x > 130 && x < 350 && y > 42 && y < 78) return [40, 40, 48, 255];
    return [255, 255, 255, 0];
  });
}

async function upload(client: TestClient, kind: "organiser-logo" | "event-image" | "sponsor-logo", data: Buffer): Promise<string> {
  const body = multipartFile(data, { filename: "picture.png", contentType: "image/png" });
  const res = await client.request({ method: "POST", url: `/api/uploads/${kind}`, headers: body.headers, payload: body.payload });
  expect(res.statusCode).toBe(201);
  return res.json<UploadResult>().id;
}

// ---------------------------------------------------------------- reading a page

type Rect = { left: number; top: number; right: number; bottom: number };
/** A stroked path (page points, y down): its segments as points close together, its line width and bounds. */
type Stroke = { points: { x: number; y: number }[]; width: number; bounds: Rect };
type TextBox = Rect & { str: string };

type Page = { width: number; height: number; pixels: { width: number; height: number }; png: Uint8Array; strokes: Stroke[]; lowestInk: number };

/** Page `index` rendered by MuPDF: its size, the PNG, every stroked path and the lowest row with ink (points from the top). */
function renderPage(pdf: Uint8Array, index: number): Page {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const page = doc.loadPage(index);
  const [x0, y0, x1, y1] = page.getBounds();
  const pixmap = page.toPixmap(mupdf.Matrix.scale(SCALE, SCALE), mupdf.ColorSpace.DeviceRGB, false, true);
  const samples = pixmap.getPixels();
  const stride = pixmap.getStride();
  const n = pixmap.getNumberOfComponents();
  let lowest = 0;
  for (let y = pixmap.getHeight() - 1; y >= 0 && lowest === 0; y--) {
    for (let x = 0; x < pixmap.getWidth(); x++) {
      const at = y * stride + x * n;
      if (samples[at]! < 235 || samples[at + 1]! < 235 || samples[at + 2]! < 235) {
        lowest = y / SCALE;
        break;
      }
    }
  }
  const strokes: Stroke[] = [];
  const device = new mupdf.Device({
    strokePath(p, stroke, ctm) {
      const [a, b, c, d, e, f] = ctm;
      const at = (x: number, y: number) => ({ x: a * x + c * y + e, y: b * x + d * y + f });
      const points: { x: number; y: number }[] = [];
      let start = { x: 0, y: 0 };
      let last = { x: 0, y: 0 };
      const segment = (to: { x: number; y: number }) => {
        const steps = Math.max(1, Math.ceil(Math.hypot(to.x - last.x, to.y - last.y) / 0.5));
        for (let i = 1; i <= steps; i++) points.push({ x: last.x + ((to.x - last.x) * i) / steps, y: last.y + ((to.y - last.y) * i) / steps });
        last = to;
      };
      p.walk({
        moveTo: (x, y) => {
          start = last = at(x, y);
          points.push(last);
        },
        lineTo: (x, y) => segment(at(x, y)),
        curveTo: (ax, ay, bx, by, cx, cy) => {
          const [p0, p1, p2, p3] = [last, at(ax, ay), at(bx, by), at(cx, cy)];
          for (let i = 1; i <= 8; i++) {
            const u = i / 8;
            const w = [(1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u * u * (1 - u), u ** 3];
            segment({ x: w[0]! * p0.x + w[1]! * p1.x + w[2]! * p2.x + w[3]! * p3.x, y: w[0]! * p0.y + w[1]! * p1.y + w[2]! * p2.y + w[3]! * p3.y });
          }
        },
        closePath: () => segment(start),
      });
      const xs = points.map((q) => q.x);
      const ys = points.map((q) => q.y);
      const width = stroke.getLineWidth() * Math.sqrt(Math.abs(a * d - b * c));
      strokes.push({ points, width, bounds: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) } });
    },
  });
  page.run(device, mupdf.Matrix.identity);
  device.close();
  return { width: x1 - x0, height: y1 - y0, pixels: { width: pixmap.getWidth(), height: pixmap.getHeight() }, png: pixmap.asPNG(), strokes, lowestInk: lowest };
}

/** The text runs of page `index` (pdf.js, as unpdf reads them) as boxes in page points, y down: ascender to descender. */
async function textBoxes(pdf: Uint8Array, index: number): Promise<TextBox[]> {
  const doc = await getDocumentProxy(pdf.slice());
  const page = await doc.getPage(index + 1);
  const height = page.view[3]!;
  const content = await page.getTextContent();
  const boxes: TextBox[] = [];
  for (const item of content.items) {
    if (!("str" in item) || item.str.trim() === "") continue;
    const [, , , , x, y] = item.transform as number[];
    const size = item.height;
    boxes.push({ str: item.str, left: x!, right: x! + item.width, top: height - (y! + 0.75 * size), bottom: height - (y! - 0.22 * size) });
  }
  return boxes;
}

async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: false });
  return text.map((s) => s.replace(/\s+/g, " "));
}

const inside = (p: { x: number; y: number }, r: Rect, margin: number) => p.x >= r.left - margin && p.x <= r.right + margin && p.y >= r.top - margin && p.y <= r.bottom + margin;
const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Texts that lie under a drawn line (within half its width). */
function textUnderLines(texts: TextBox[], strokes: Stroke[]): string[] {
  return texts.filter((box) => strokes.some((s) => overlaps(box, { left: s.bounds.left - 2, top: s.bounds.top - 2, right: s.bounds.right + 2, bottom: s.bounds.bottom + 2 }) && s.points.some((p) => inside(p, box, s.width / 2)))).map((b) => b.str);
}

/** Pairs of texts drawn over each other (allowing 0.5 pt where a descender meets the next line's ascender). */
function textOnText(texts: TextBox[]): string[] {
  const shrink = (r: Rect) => ({ left: r.left + 0.5, right: r.right - 0.5, top: r.top + 0.5, bottom: r.bottom - 0.5 });
  const hits: string[] = [];
  texts.forEach((a, i) => texts.slice(i + 1).forEach((b) => overlaps(shrink(a), shrink(b)) && hits.push(`${a.str} / ${b.str}`)));
  return hits;
}

/** The checks every A4 ticket page passes; returns the decoded QR text. */
async function checkPage(pdf: Uint8Array, index: number, keep?: string): Promise<string> {
  const page = renderPage(pdf, index);
  // A4 portrait, rendered at 144 dpi.
  expect(page.width).toBeCloseTo(A4.width, 1);
  expect(page.height).toBeCloseTo(A4.height, 1);
  expect(page.pixels).toEqual({ width: Math.round(A4.width * SCALE), height: Math.round(A4.height * SCALE) });
  if (keep && process.env.TICKET_PNG_DIR) await writeFile(path.join(process.env.TICKET_PNG_DIR, keep), page.png);

  // ZXing reads exactly one code from the pixels, at least 45 mm wide (a phone at arm's length).
  const codes = await readPngQr(page.png);
  expect(codes).toHaveLength(1);
  const [tl, tr, , bl] = codes[0]!.corners.map((c) => ({ x: c.x / SCALE, y: c.y / SCALE }));
  expect(Math.hypot(tr!.x - tl!.x, tr!.y - tl!.y) / MM).toBeGreaterThanOrEqual(45);
  expect(Math.hypot(bl!.x - tl!.x, bl!.y - tl!.y) / MM).toBeGreaterThanOrEqual(45);

  // The card: a frame around the QR code that takes most of the page.
  const frame = page.strokes.find((s) => s.bounds.right - s.bounds.left > A4.width * 0.8 && s.bounds.bottom - s.bounds.top > A4.height * 0.5);
  expect(frame, "the ticket's frame").toBeDefined();
  for (const corner of [tl!, tr!, bl!]) expect(inside(corner, frame!.bounds, 0)).toBe(true);
  // Ink down to the last fifth of the page: no empty half page.
  expect(page.lowestInk).toBeGreaterThan(A4.height * 0.8);

  // No text under a line (the frame, the rules) and no text on text.
  const texts = await textBoxes(pdf, index);
  expect(texts.length).toBeGreaterThan(10);
  expect(textUnderLines(texts, page.strokes)).toEqual([]);
  expect(textOnText(texts)).toEqual([]);
  // Every text on the page.
  for (const box of texts) expect(box.left >= 0 && box.right <= A4.width && box.top >= 0 && box.bottom <= A4.height, box.str).toBe(true);
  return codes[0]!.text;
}

/** The signed codes of an order's lines, in line order. */
async function codesOf(orderId: string): Promise<string[]> {
  const lines = await t.database.rows<{ id: string; event_id: string; scope_id: string }>(
    sql`select id::text, event_id::text, scope_id::text from order_lines where order_id = ${orderId} order by created_at, id`,
  );
  return lines.map((l) => signedTicketCode(t.config.APP_SECRET, { lineId: l.id, eventId: l.event_id, scopeId: l.scope_id }));
}

async function ticketsPdf(orderId: string, lang?: "de" | "en"): Promise<Uint8Array> {
  const res = await t.client().request({ method: "GET", url: `/api/orders/${orderId}/tickets.pdf?key=${keyOf(t, orderId)}${lang ? `&lang=${lang}` : ""}` });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
}

function layout(): SeatingLayout {
  return {
    width: 1000,
    height: 600,
    backgroundUploadId: null,
    categories: [
      { id: "a", name: "Parkett", color: "#e03131" },
      { id: "s", name: "Stehplatz", color: "#2f9e44" },
    ],
    blocks: [
      seatedBlock("A", { categoryId: "a", name: "Parkett links", rows: 5, seatsPerRow: 10 }),
      standingBlock("S", { categoryId: "s", name: "Stehplatz Nord", capacity: 50, dailyAmount: 30 }),
    ],
  };
}

/** A published event on the plan above, its organiser renamed; categories "Premium" and "Premium Plus …" (seats, the latter with options) and "Stehplatz" (the area). */
async function shopWith(name: string, organiserName: string): Promise<{ shop: ShopEvent; organiserId: string; category: (name: string) => string }> {
  const shop = await createShopEvent(t, {
    layout: layout(),
    categories: [
      ticketCategory("a", { name: "Premium", seatingCategoryId: "a", priceCents: 4590, pdfDescription: "Doors open one hour before the start. Please bring your ticket and a photo ID." }),
      ticketCategory("s", { name: "Stehplatz", seatingCategoryId: "s", priceCents: 1200 }),
      ticketCategory("p", {
        name: "Premium Plus mit Sektempfang",
        seatingCategoryId: "a",
        priceCents: 8900,
        pdfDescription: `Einlass ab 18:00 Uhr über den Haupteingang am Stadtpark. ${"Der Sektempfang findet im Foyer statt; bitte zeigen Sie dort Ihr Ticket vor. ".repeat(5)}`.trim(),
        bookingOptions: [
          { name: "Parkplatz am Haupteingang", priceCents: 900, description: null },
          { name: "Programmheft", priceCents: 500, description: null },
        ],
      }),
    ],
    step1: validEventStep1({ name, data: { address: "Am Stadtpark 12", addressAddition: "Freilichtbühne", city: "Hamburg", zip: "22303" } }),
  });
  const [event] = await t.database.db.select({ organiserId: events.organiserId }).from(events).where(eq(events.id, shop.eventId));
  await t.database.db.update(organisers).set({ name: organiserName }).where(eq(organisers.id, event!.organiserId));
  return { shop, organiserId: event!.organiserId, category: (n) => shop.categories.find((c) => c.name === n)!.id };
}

/** The start of the event's (first) date as the tickets print it, in Berlin time. */
async function startText(eventId: string, locale: "de" | "en"): Promise<string> {
  const startsAt = (await datesOf(t.database.db, eventId))[0]!.startsAt;
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "Europe/Berlin" }).format(startsAt);
}

describe("the A4 ticket, rendered", { timeout: 120_000 }, () => {
  it("with the organiser's logo, the event's image and sponsors: every fact, a readable QR code, no text under a line", async () => {
    const { shop, organiserId, category } = await shopWith("Summer Night Concert in the City Park", "Konzerthaus Nord");
    const logo = await upload(shop.organiser, "organiser-logo", organiserLogo());
    const image = await upload(shop.organiser, "event-image", eventPhoto());
    await t.database.db.update(organisers).set({ logoUploadId: logo }).where(eq(organisers.id, organiserId));
    await t.database.db.update(events).set({ imageId: image }).where(eq(events.id, shop.eventId));
    for (const sponsor of [organiserLogo(), eventPhoto()]) {
      await shop.organiser.trpc.sponsors.add.mutate({ eventId: shop.eventId, uploadId: await upload(shop.organiser, "sponsor-logo", sponsor) });
    }
    const bought = await buySeats(t, shop.dateIds[0]!, category("Premium"), ["A:2:6", "A:2:7"]);
    const { number } = (await orderRow(t.database, bought.orderId))!;
    const pdf = await ticketsPdf(bought.orderId);
    const expected = await codesOf(bought.orderId);
    expect(expected).toHaveLength(2);

    // Each page: the QR code read from the rendered pixels, and from the drawn squares, is the line's signed code.
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    for (const index of [0, 1]) {
      expect(await checkPage(pdf, index, index === 0 ? "ticket-en.png" : undefined)).toBe(expected[index]);
      expect(await readPageQr(doc, index)).toBe(expected[index]);
      // The organiser's logo, the event's image and the two sponsors' logos.
      expect(imagesDrawn(doc, index)).toBe(4);
    }

    const [first, second] = await pageTexts(pdf);
    for (const fact of [
      "Organiser",
      "Konzerthaus Nord",
      "Summer Night Concert in the City Park",
      await startText(shop.eventId, "en"),
      "Am Stadtpark 12, Freilichtbühne, 22303 Hamburg",
      "Section Parkett links Row 3 Seat 7",
      "Ticket Premium",
      "Price €45.90",
      "Buyer Bea Buyer",
      `Order ${number}`,
      `Ticket reference: ${number}-1`,
      "Doors open one hour before the start.",
      "Show this ticket at the entrance",
    ]) {
      expect(first, fact).toContain(fact);
    }
    expect(second).toContain("Section Parkett links Row 3 Seat 8");
    expect(second).toContain(`Ticket reference: ${number}-2`);
    expect(first).toContain("1 / 2");
    expect(second).toContain("2 / 2");
  });

  it("in German, for a standing area, without logo and image: the event's name on a coloured band, the same checks", async () => {
    const { shop, category } = await shopWith("Sommernachtskonzert im Stadtpark mit dem Jugendsinfonieorchester", "Kulturverein Musterstadt e. V.");
    const client = t.client();
    const s = category("Stehplatz");
    const cart = cartOf(ok(await holdVia(client, { scopeId: shop.dateIds[0]!, counts: [{ ticketCategoryId: s, areaId: "S", quantity: 1 }] })));
    const input = checkoutInput(cart, [{ ticketCategoryId: s, areaId: "S" }], { locale: "de" });
    const result = ok(await checkoutVia(client, input));
    ok(await decideVia(client, paymentIdOf(result), "paid"));
    const { number } = (await orderRow(t.database, result.orderId))!;
    const pdf = await ticketsPdf(result.orderId);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(await checkPage(pdf, 0, "ticket-de.png")).toBe((await codesOf(result.orderId))[0]);
    expect(imagesDrawn(doc, 0)).toBe(0);
    const [text] = await pageTexts(pdf);
    for (const fact of [
      "Kulturverein Musterstadt e. V.",
      "Sommernachtskonzert im Stadtpark mit dem Jugendsinfonieorchester",
      await startText(shop.eventId, "de"),
      "Stehplatz Nord",
      "Preis 12,00 €",
      `Bestellung ${number}`,
      `Ticketnummer: ${number}-1`,
    ]) {
      expect(text, fact).toContain(fact);
    }
    // The English PDF of the same order speaks English.
    expect((await pageTexts(await ticketsPdf(result.orderId, "en")))[0]).toContain("Price €12.00");
  });

  it("with long names, options and a long PDF text: smaller type, nothing cut (the text before the sponsors), no text under a line or on text", async () => {
    const organiserName = "Internationale Musikfestspiele Norddeutschland gGmbH";
    const title = "Die große Operngala zum Jubiläum: Highlights aus Verdi, Puccini und Wagner mit dem Festspielorchester";
    const { shop, organiserId, category } = await shopWith(title, organiserName);
    await t.database.db.update(organisers).set({ logoUploadId: await upload(shop.organiser, "organiser-logo", organiserLogo()) }).where(eq(organisers.id, organiserId));
    // A portrait picture: cut to the band's shape, not squeezed.
    const portrait = png(600, 900, false, (x, y) => [90 + (x % 120), 60 + y / 8, 140]);
    await t.database.db.update(events).set({ imageId: await upload(shop.organiser, "event-image", portrait) }).where(eq(events.id, shop.eventId));
    for (let i = 0; i < 4; i++) {
      await shop.organiser.trpc.sponsors.add.mutate({ eventId: shop.eventId, uploadId: await upload(shop.organiser, "sponsor-logo", i % 2 ? organiserLogo() : eventPhoto()) });
    }
    const client = t.client();
    const p = category("Premium Plus mit Sektempfang");
    const cart = cartOf(ok(await holdVia(client, { scopeId: shop.dateIds[0]!, seats: [{ key: "A:4:9", ticketCategoryId: p }] })));
    const result = ok(await checkoutVia(client, checkoutInput(cart, [{ ticketCategoryId: p, seatKeys: ["A:4:9"], bookingOptions: [0, 1] }], { locale: "de" })));
    ok(await decideVia(client, paymentIdOf(result), "paid"));
    const { number } = (await orderRow(t.database, result.orderId))!;
    const pdf = await ticketsPdf(result.orderId);
    expect(await checkPage(pdf, 0, "ticket-long.png")).toBe((await codesOf(result.orderId))[0]);
    const doc = await PDFDocument.load(pdf);
    // The PDF text takes the sponsors' room: the organiser's logo and the event's image only.
    expect(imagesDrawn(doc, 0)).toBe(2);
    const [text] = await pageTexts(pdf);
    const [pdfText] = await t.database.rows<{ pdf_description: string }>(sql`select pdf_description from ticket_categories where id = ${p}`);
    for (const fact of [organiserName, title, "Parkett links", "Premium Plus mit Sektempfang + Parkplatz am Haupteingang + Programmheft", "103,00 €", `Bestellung ${number}`, pdfText!.pdf_description]) {
      expect(text, fact).toContain(fact);
    }
  });
});
