import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import pino from "pino";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueMails } from "../../server/mail/outbox";
import { attachmentRenderer } from "../../server/modules/orders/jobs";
import { createOrdersApp, type OrdersApp, buySeats } from "./helpers/orders";
import { createShopEvent, type ShopEvent } from "./helpers/shop";

let t: OrdersApp;
let shop: ShopEvent;
beforeAll(async () => {
  t = await createOrdersApp();
  shop = await createShopEvent(t);
});
afterAll(async () => t.close());

describe("the confirmation mail", () => {
  it("is sent with the order's tickets and its invoice as PDFs made at sending time", async () => {
    const { orderId } = await buySeats(t, shop.dateIds[0]!, shop.category("a").id, ["A:1:0", "A:1:1"], { locale: "de" });
    const sent: { to: string; subject: string; attachments: { filename: string; contentType: string; content: Buffer }[] }[] = [];
    const transport = nodemailer.createTransport({
      name: "capture",
      version: "1.0.0",
      send(mail, callback) {
        const d = mail.data;
        sent.push({
          to: String(d.to),
          subject: String(d.subject),
          attachments: (d.attachments ?? []).map((a) => ({ filename: String(a.filename), contentType: String(a.contentType), content: a.content as Buffer })),
        });
        callback(null, { envelope: { from: "x", to: [String(d.to)] }, messageId: "<x@test>" } as never);
      },
    });
    await sendDueMails(t.deps.database, transport, "Ticketing <no-reply@test>", pino({ level: "silent" }), attachmentRenderer(t.deps));
    const mail = sent.find((m) => m.subject.startsWith("Ihre Tickets"));
    expect(mail).toBeDefined();
    expect(mail!.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^tickets-/), expect.stringMatching(/^RE-\d{4}-\d{5}\.pdf$/)]);
    expect((await extractText(await getDocumentProxy(new Uint8Array(mail!.attachments[1]!.content)), { mergePages: true })).text).toContain("Rechnung");
    const pdfFile = mail!.attachments[0]!;
    expect(pdfFile.contentType).toBe("application/pdf");
    expect(pdfFile.filename).toMatch(/^tickets-[A-Z0-9]{4}-[A-Z0-9]{4}\.pdf$/);
    const pdf = await getDocumentProxy(new Uint8Array(pdfFile.content));
    expect(pdf.numPages).toBe(2);
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("Reihe");
    // The signed code (decision 018), printed across lines under the QR code, and the reference to type at the door.
    expect(text.replace(/\s+/g, "")).toMatch(/T2\.[A-Za-z0-9_-]{66}\.[A-Za-z0-9_-]{86}/);
    expect(text).toMatch(/Ticketnummer: [A-Z0-9]{4}-[A-Z0-9]{4}-1/);
    const [row] = await t.database.rows<{ status: string }>(sql`select status from outbox_mails where attachments::text like ${`%${orderId}%`}`);
    expect(row?.status).toBe("sent");
  });
});
