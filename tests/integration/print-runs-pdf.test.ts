/**
 * The hard tickets' PDF (issue 20, decision 021): DIN long portrait, one ticket per page, with
 * event, date, place, price, category, the reference, a stub and the sponsors' logos; the QR
 * code drawn on each page, read back by ZXing from the PDF's own drawing, carries the signed
 * code of that page's ticket. A reprint gives the same codes; a voided run prints what it kept.
 * On PGlite and on Postgres (TEST_DATABASE_URL).
 */
import { sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyTicketCode } from "../../server/modules/orders/ticket-code";
import { makePng, multipartFile, ok } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { createOrdersApp, type OrdersApp } from "./helpers/orders";
import { imagesDrawn, readPageQr } from "./helpers/pdf-qr";
import { activateInSql, createRunVia, printEvent, runLines } from "./helpers/print";
import type { ShopEvent } from "./helpers/shop";
import { attempt } from "./helpers/trpc";

let t: OrdersApp;
let shop: ShopEvent & { organiserId: string };
let dateId: string;

beforeAll(async () => {
  t = await createOrdersApp();
  shop = await printEvent(t);
  dateId = shop.dateIds[0]!;
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

/** DIN long portrait in points: 99 × 210 mm. */
const DIN_LONG = { width: 280.63, height: 595.28 };

async function getPdf(url: string) {
  const res = await shop.organiser.request({ method: "GET", url });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  const bytes = new Uint8Array(res.rawPayload);
  const doc = await PDFDocument.load(bytes);
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: false });
  return { doc, pages: text as string[], disposition: res.headers["content-disposition"] };
}

async function qrCodes(doc: PDFDocument): Promise<(string | null)[]> {
  return Promise.all(doc.getPages().map((_, i) => readPageQr(doc, i)));
}

describe("the DIN-long PDF of a run", () => {
  it("one ticket a page, 99 × 210 mm, with event, date, place, price, category, reference and stub; each QR carries its ticket's signed code", async () => {
    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: shop.category("cat1").id, seatKeys: ["G1:2:4", "G1:2:5", "G1:2:6"] }));
    const [order] = await t.database.rows<{ number: string }>(sql`select number from orders where id = ${run.orderId}`);
    const lines = await runLines(t.database, run.runId);
    const { doc, pages, disposition } = await getPdf(`${run.pdfUrl}?lang=en`);
    expect(disposition).toBe(`inline; filename="hard-tickets-${order!.number}.pdf"`);
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) {
      const { width, height } = page.getSize();
      expect(Math.abs(width - DIN_LONG.width)).toBeLessThan(0.5);
      expect(Math.abs(height - DIN_LONG.height)).toBeLessThan(0.5);
    }
    pages.forEach((text, i) => {
      expect(text).toContain("Summer Concert");
      expect(text).toContain(`Block G1, row 3, seat ${5 + i}`);
      expect(text).toContain("€15.00");
      expect(text).toContain("Ticket cat1");
      // The reference twice: on the ticket and on its stub.
      expect(text.split(`Ticket reference: ${order!.number}-${i + 1}`).length - 1).toBe(2);
      expect(text).toContain("STUB");
      expect(text).toContain("Tear off here");
    });

    // The QR codes as a scanner reads them from the drawing: each page its own line's code.
    const codes = await qrCodes(doc);
    expect(codes.every((c) => c !== null && c.startsWith("T2."))).toBe(true);
    expect(codes.map((c) => verifyTicketCode(t.config.APP_SECRET, c!))).toEqual(lines.map((l) => l.id));
    // The same code is printed in small type under the QR code.
    pages.forEach((text, i) => expect(text.replace(/\s+/g, "")).toContain(codes[i]));

    // A reprint is the same tickets with the same codes; German on request.
    const again = await getPdf(`${run.pdfUrl}?lang=de`);
    expect(await qrCodes(again.doc)).toEqual(codes);
    expect(again.pages[0]).toContain("15,00");
  });

  it("a counted run prints its area; a voided run prints only the tickets it kept; fully voided: nothing to print", async () => {
    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: shop.category("st").id, count: 3 }));
    const lines = await runLines(t.database, run.runId);
    const first = await getPdf(run.pdfUrl);
    expect(first.doc.getPageCount()).toBe(3);
    expect(first.pages[0]).toContain("Area S");
    expect(first.pages[0]).toContain("€9.00");

    await activateInSql(t.database, run.runId, lines[2]!.id, shop.organiserId);
    ok(await attempt(shop.organiser.trpc.print.voidRun.mutate({ runId: run.runId })));
    const kept = await getPdf(run.pdfUrl);
    expect(kept.doc.getPageCount()).toBe(1);
    const [order] = await t.database.rows<{ number: string }>(sql`select number from orders where id = ${run.orderId}`);
    // Its reference is still the third ticket's: the one the door looks up.
    expect(kept.pages[0]).toContain(`${order!.number}-3`);
    expect((await qrCodes(kept.doc)).map((c) => verifyTicketCode(t.config.APP_SECRET, c!))).toEqual([lines[2]!.id]);

    const gone = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: shop.category("st").id, count: 1 }));
    ok(await attempt(shop.organiser.trpc.print.voidRun.mutate({ runId: gone.runId })));
    const res = await shop.organiser.request({ method: "GET", url: gone.pdfUrl });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "PRINT_RUN_VOIDED" });
    expect((await shop.organiser.request({ method: "GET", url: "/api/print/runs/not-a-uuid/tickets.pdf" })).statusCode).toBe(404);
  });

  it("the event's sponsors' logos at the foot of every ticket, the QR code still readable", async () => {
    const upload = multipartFile(makePng(240, 80), { filename: "sponsor.png" });
    const res = await shop.organiser.request({ method: "POST", url: "/api/uploads/sponsor-logo", headers: upload.headers, payload: upload.payload });
    expect(res.statusCode, res.body).toBe(201);
    const uploadId = (res.json() as { id: string }).id;
    // Attached the way the sponsors' service does (position 0), straight in SQL: sponsors are another part's.
    await t.database.rows(sql`insert into event_sponsors (event_id, upload_id, position) values (${shop.eventId}, ${uploadId}, 0) returning position`);

    const run = ok(await createRunVia(shop.organiser, { scopeId: dateId, ticketCategoryId: shop.category("cat1").id, count: 2 }));
    const { doc } = await getPdf(run.pdfUrl);
    expect(doc.getPageCount()).toBe(2);
    for (let i = 0; i < 2; i++) expect(imagesDrawn(doc, i)).toBe(1);
    const lines = await runLines(t.database, run.runId);
    expect((await qrCodes(doc)).map((c) => verifyTicketCode(t.config.APP_SECRET, c!))).toEqual(lines.map((l) => l.id));
  });
});
