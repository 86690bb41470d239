import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { SMTPServer } from "smtp-server";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSender } from "../../server/mail/sender";
import { startMailWorkers, type MailWorkers } from "../../server/mail/workers";
import { renderOrderTickets } from "../../server/modules/orders/tickets-pdf";
import { storeImageUpload } from "../../server/storage/uploads";
import { pngChunk } from "./helpers/events";
import { buySeats, createOrdersApp, type OrdersApp } from "./helpers/orders";
import { imagesDrawn, readPageQr } from "./helpers/pdf-qr";
import { createShopEvent, type ShopEvent } from "./helpers/shop";

/**
 * The mail workers (decision 034) on PostgreSQL, the only database they can share with the
 * server: a ticket PDF made in a worker thread is the PDF the server makes (same bytes but for
 * the creation time), and the send-mail job delivers a confirmation with both PDFs through them
 * to a real SMTP server (smtp-server, in this process).
 */

/** An RGB (or RGBA) PNG whose pixel (x, y) is `paint(x, y)`. */
function png(width: number, height: number, alpha: boolean, paint: (x: number, y: number) => number[]): Buffer {
  const channels = alpha ? 4 : 3;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = alpha ? 6 : 2;
  const raw = Buffer.alloc(height * (1 + width * channels));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(paint(x, y), y * (1 + width * channels) + 1 + x * channels);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw)), pngChunk("IEND", Buffer.alloc(0))]);
}

/** The PDF's bytes with its creation and modification times blanked (the only bytes two renderings may differ in). */
function timeless(pdf: Uint8Array): string {
  return Buffer.from(pdf)
    .toString("latin1")
    .replace(/\/(CreationDate|ModDate) \(D:[0-9Z+'-]+\)/g, "/$1 (D:0)");
}

describe.runIf(process.env.TEST_DATABASE_URL)("mail workers (Postgres)", () => {
  let t: OrdersApp;
  let shop: ShopEvent;
  let uploadDir: string;
  let workers: MailWorkers;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), "mail-workers-"));
    t = await createOrdersApp({ UPLOAD_DIR: uploadDir });
    shop = await createShopEvent(t);
    // The pictures the design decision prints: the organiser's logo (with transparency), the event's photo, a sponsor.
    const [event] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${shop.eventId}`);
    const organiserId = event!.organiser_id;
    const logo = await storeImageUpload(t.database.db, uploadDir, { organiserId, kind: "organiser_logo", data: png(360, 120, true, (x, y) => (Math.hypot(x - 60, y - 60) < 52 ? [200, 40, 60, 255] : [255, 255, 255, 0])) });
    const photo = await storeImageUpload(t.database.db, uploadDir, { organiserId, kind: "event_image", data: png(800, 450, false, (x, y) => [x % 256, y % 256, 120]) });
    const sponsor = await storeImageUpload(t.database.db, uploadDir, { organiserId, kind: "sponsor_logo", data: png(240, 80, false, (x) => [40, x % 256, 200]) });
    await t.database.rows(sql`update organisers set logo_upload_id = ${logo.id} where id = ${organiserId}`);
    await t.database.rows(sql`update events set image_id = ${photo.id} where id = ${shop.eventId}`);
    await t.database.rows(sql`insert into event_sponsors (event_id, upload_id, position) values (${shop.eventId}, ${sponsor.id}, 0)`);
    workers = startMailWorkers(
      { databaseUrl: t.database.url!, appSecret: t.config.APP_SECRET, uploadDir, smtpUrl: null, connections: 1, logLevel: "silent", isProduction: false },
      { threads: 1 },
    );
  });
  afterAll(async () => {
    await workers?.close();
    await t?.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it("a worker thread makes the same ticket PDF as the server's thread: same bytes, text, QR codes and pictures", async () => {
    const { orderId } = await buySeats(t, shop.dateIds[0]!, shop.category("a").id, ["A:0:0", "A:0:1"], { locale: "de" });
    const here = (await renderOrderTickets(t.deps, orderId, "de"))!.pdf;
    const there = await workers.render({ attachment: { kind: "order_tickets", orderId }, locale: "de" });
    expect(there.contentType).toBe("application/pdf");
    expect(there.filename).toMatch(/^tickets-[A-Z0-9]{4}-[A-Z0-9]{4}\.pdf$/);
    expect(timeless(there.content)).toBe(timeless(here));

    // And what the bytes say, read as a buyer's reader and phone would.
    const [a, b] = [await PDFDocument.load(here), await PDFDocument.load(there.content)];
    expect(b.getPageCount()).toBe(2);
    for (const page of [0, 1]) {
      expect(await readPageQr(b, page)).toBe(await readPageQr(a, page));
      expect(await readPageQr(b, page)).toMatch(/^T2\./);
      // Logo, photo and the sponsor's logo on each page.
      expect(imagesDrawn(b, page)).toBe(3);
    }
    const text = async (pdf: Uint8Array) => (await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true })).text;
    expect(await text(there.content)).toBe(await text(here));
    expect(await text(there.content)).toContain("Reihe");
  });

  it("the send-mail job delivers a confirmation with its tickets and invoice through the workers", async () => {
    const received: { to: string; raw: string }[] = [];
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw: Buffer.concat(chunks).toString("latin1") });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as { port: number }).port;
    // Only this order's confirmation is due: what earlier tests left is not this test's business.
    await t.database.rows(sql`update outbox_mails set status = 'sent' where status = 'pending'`);
    const { orderId } = await buySeats(t, shop.dateIds[0]!, shop.category("a").id, ["A:1:0", "A:1:1"], { locale: "en" });
    const sender = startMailSender({ ...t.deps, config: { ...t.deps.config, SMTP_URL: `smtp://127.0.0.1:${port}`, DATABASE_URL: t.database.url } });
    try {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const [row] = await t.database.rows<{ status: string }>(sql`select status::text from outbox_mails where order_id = ${orderId} and template = 'order_confirmation'`);
        if (row?.status === "sent") break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await sender.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const [row] = await t.database.rows<{ to: string; status: string; attempts: number }>(
      sql`select "to", status::text, attempts from outbox_mails where order_id = ${orderId} and template = 'order_confirmation'`,
    );
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    const mails = received.filter((m) => m.to === row!.to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain("Subject: Your tickets for");
    expect(mails[0]!.raw.match(/Content-Type: application\/pdf/g)).toHaveLength(2);
    expect(mails[0]!.raw).toMatch(/filename=tickets-[A-Z0-9]{4}-[A-Z0-9]{4}\.pdf/);
    expect(mails[0]!.raw).toMatch(/filename=RE-\d{4}-\d{5}\.pdf/);
  });
});
