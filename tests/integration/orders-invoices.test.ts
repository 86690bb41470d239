import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { txRows } from "../../server/db/sql";
import { invoiceNumber, issueCreditNote, issueOrderInvoice } from "../../server/modules/orders/invoices/issue";
import { renderOrderInvoicePdf } from "../../server/modules/orders/invoices/pdf";
import { listOrderInvoices } from "../../server/modules/orders/invoices/queries";
import { attachmentRenderer } from "../../server/modules/orders/jobs";
import { handlePaymentNews } from "../../server/modules/orders/settle";
import { SERVICE_FEE_CENTS_PER_TICKET, SERVICE_FEE_VAT_BP, vatOfGross } from "../../shared/rules/pricing";
import type { InvoiceItem, InvoiceParty, InvoiceVatRow } from "../../shared/schemas/orders";
import type { SeatingLayout } from "../../shared/seating/layout";
import { ok, signedInOrganiser, signedInTeamMember, ticketCategory } from "./helpers/events";
import {
  buySeats,
  checkoutInput,
  checkoutVia,
  createOrdersApp,
  decideVia,
  keyOf,
  linesOf,
  mailsTo,
  orderRow,
  type OrdersApp,
  paymentIdOf,
  placeSeatOrder,
  seatTickets,
} from "./helpers/orders";
import { blockKeys, cartOf, createShopEvent, eventOptions, holdVia, type ShopEvent } from "./helpers/shop";
import { gridLayout, seatedBlock } from "./helpers/stadiums";

/**
 * The organiser's invoices to buyers and their credit notes (decision 016): issued once per paid
 * order when it becomes valid, numbered RE-/GS-{year}-{counter} gaplessly per organiser, kind and
 * year, never edited; PDF in the buyer's language, attached to the confirmation mail and
 * downloadable by the buyer (key) and the organiser (session, tenancy).
 */

function invoiceLayout(): SeatingLayout {
  return {
    width: 1000,
    height: 600,
    backgroundUploadId: null,
    categories: [
      { id: "a", name: "Category A", color: "#e03131" },
      { id: "b", name: "Category B", color: "#1c7ed6" },
    ],
    blocks: [seatedBlock("A", { categoryId: "a", rows: 5, seatsPerRow: 10 }), seatedBlock("B", { categoryId: "b", y: 200, rows: 2, seatsPerRow: 5 })],
  };
}

type InvoiceRow = {
  id: string;
  organiser_id: string;
  order_id: string;
  kind: "invoice" | "credit_note";
  number: string;
  year: number;
  counter: number;
  refers_to_id: string | null;
  issued_at: Date;
  due_on: string;
  locale: string;
  seller: InvoiceParty;
  recipient: InvoiceParty;
  items: InvoiceItem[];
  vat: InvoiceVatRow[];
  total_cents: number;
  line_ids: string[];
};

async function invoicesOf(db: Db, orderId: string): Promise<InvoiceRow[]> {
  const rows = await txRows<InvoiceRow>(
    db,
    sql`select id::text, organiser_id::text, order_id::text, kind::text, number, year, counter, refers_to_id::text, issued_at, due_on::text,
          locale::text, seller, recipient, items, vat, total_cents, line_ids
        from order_invoices where order_id = ${orderId} order by issued_at, kind, counter`,
  );
  return rows.map((r) => ({ ...r, year: Number(r.year), counter: Number(r.counter), total_cents: Number(r.total_cents) }));
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const berlinYear = () => Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", year: "numeric" }).format(new Date()));
const berlinDay = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

let t: OrdersApp;
let shop: ShopEvent;
let organiserId: string;
let dateId: string;
let a: string;
let b: string;
let f: string;

beforeAll(async () => {
  t = await createOrdersApp();
  shop = await createShopEvent(t, {
    layout: invoiceLayout(),
    categories: [
      ticketCategory("a", { seatingCategoryId: "a", priceCents: 1500 }),
      ticketCategory("b", {
        seatingCategoryId: "b",
        priceCents: 2490,
        bookingOptions: [{ name: "Parking", priceCents: 500, description: null }],
      }),
      ticketCategory("f", { seatingCategoryId: "a", kind: "free", priceCents: 0 }),
    ],
  });
  dateId = shop.dateIds[0]!;
  a = shop.category("a").id;
  b = shop.category("b").id;
  f = shop.category("f").id;
  const [event] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${shop.eventId}`);
  organiserId = event!.organiser_id;
  await t.database.rows(
    sql`update organisers set name = 'Konzertbüro Süd GmbH', address = 'Hauptstraße 1', zip_code = '80331', city = 'München', country = 'DE',
          vat_id = 'DE123456789', tax_number = '143/123/45678' where id = ${organiserId} returning id`,
  );
});
afterAll(async () => t.close());

describe("the invoice of a paid order", () => {
  it("is issued when the order is paid: seller, buyer, items, VAT per rate, and the total is the order's", async () => {
    const buyerDetails = { firstName: "Erika", lastName: "Muster", email: `erika-${randomUUID().slice(0, 8)}@example.com`, company: "Muster AG", street: "Weg 2", zip: "10115", city: "Berlin", country: "DE" };
    // Two tickets of a (15.00) and one of b with its parking option (24.90 + 5.00).
    const client = t.client();
    const cart = cartOf(
      ok(await holdVia(client, { scopeId: dateId, seats: [{ key: "A:0:0", ticketCategoryId: a }, { key: "A:0:1", ticketCategoryId: a }, { key: "B:0:0", ticketCategoryId: b }] })),
    );
    const tickets = [...seatTickets(a, ["A:0:0", "A:0:1"]), { ticketCategoryId: b, seatKeys: ["B:0:0"], bookingOptions: [0] }];
    const placed = ok(await checkoutVia(client, checkoutInput(cart, tickets, { buyer: buyerDetails, locale: "de" })));
    expect(await invoicesOf(t.database.db, placed.orderId)).toEqual([]); // not before it is paid
    ok(await decideVia(client, paymentIdOf(placed), "paid"));

    const order = (await orderRow(t.database, placed.orderId))!;
    const lines = await linesOf(t.database, placed.orderId);
    const [invoice, ...more] = await invoicesOf(t.database.db, placed.orderId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      organiser_id: organiserId,
      kind: "invoice",
      year: berlinYear(),
      counter: 1,
      number: `RE-${berlinYear()}-00001`,
      refers_to_id: null,
      due_on: berlinDay(),
      locale: "de",
      line_ids: [],
    });
    expect(invoice!.seller).toEqual({
      name: "Konzertbüro Süd GmbH",
      street: "Hauptstraße 1",
      zip: "80331",
      city: "München",
      country: "DE",
      vatId: "DE123456789",
      taxNumber: "143/123/45678",
    });
    expect(invoice!.recipient).toEqual({ name: "Erika Muster", company: "Muster AG", street: "Weg 2", zip: "10115", city: "Berlin", country: "DE", email: buyerDetails.email });
    // One item per ticket (gross), in German, then the service fee for three chargeable tickets.
    expect(invoice!.items.map((i) => [i.quantity, i.unitCents, i.totalCents, i.vatRateBp])).toEqual([
      ...lines.map((l) => [1, l.total_cents, l.total_cents, l.vat_rate_bp]),
      [3, SERVICE_FEE_CENTS_PER_TICKET, 3 * SERVICE_FEE_CENTS_PER_TICKET, SERVICE_FEE_VAT_BP],
    ]);
    expect(invoice!.items[0]!.text).toContain("Ticket a");
    expect(invoice!.items[0]!.text).toContain("Block A, Reihe 1, Platz 1");
    expect(invoice!.items[2]!.text).toContain("Ticket b");
    expect(invoice!.items[3]!.text).toBe("Servicegebühr pro Ticket");
    // Total = the order's total; VAT per rate: the tickets' line VAT plus the fee's, as the order computed it.
    expect(invoice!.total_cents).toBe(order.total_cents);
    expect(invoice!.total_cents).toBe(1500 + 1500 + 2990 + 300);
    expect(invoice!.items.reduce((s, i) => s + i.totalCents, 0)).toBe(order.total_cents);
    const ticketVat = lines.reduce((s, l) => s + l.vat_cents, 0);
    expect(invoice!.vat).toEqual([
      { rateBp: 1900, grossCents: order.total_cents, vatCents: ticketVat + vatOfGross(300, 1900), netCents: order.total_cents - ticketVat - vatOfGross(300, 1900) },
    ]);
    expect(invoice!.vat.reduce((s, v) => s + v.grossCents, 0)).toBe(invoice!.total_cents);
    expect(invoice!.vat.reduce((s, v) => s + v.vatCents, 0)).toBe(order.amounts.vatCents);
    for (const row of invoice!.vat) expect(row.netCents + row.vatCents).toBe(row.grossCents);
  });

  it("splits the VAT by rate when the tickets' rate is not the fee's", async () => {
    const reduced = await createShopEvent(t, {
      layout: gridLayout(1, 2, 5),
      categories: [ticketCategory("cat1", { seatingCategoryId: "cat1", priceCents: 2000 })],
      options: eventOptions({ vatPercent: 7 }),
    });
    const { orderId } = await buySeats(t, reduced.dateIds[0]!, reduced.category("cat1").id, ["G1:0:0", "G1:0:1"]);
    const order = (await orderRow(t.database, orderId))!;
    const lines = await linesOf(t.database, orderId);
    expect(lines.map((l) => l.vat_rate_bp)).toEqual([700, 700]);
    const [invoice] = await invoicesOf(t.database.db, orderId);
    // Another organiser: its own series starts at 1.
    expect(invoice!.number).toBe(`RE-${berlinYear()}-00001`);
    expect(invoice!.vat).toEqual([
      { rateBp: 700, grossCents: 4000, vatCents: lines[0]!.vat_cents + lines[1]!.vat_cents, netCents: 4000 - lines[0]!.vat_cents - lines[1]!.vat_cents },
      { rateBp: 1900, grossCents: 200, vatCents: vatOfGross(200, 1900), netCents: 200 - vatOfGross(200, 1900) },
    ]);
    expect(invoice!.total_cents).toBe(order.total_cents);
    expect(invoice!.vat.reduce((s, v) => s + v.vatCents, 0)).toBe(order.amounts.vatCents);
  });

  it("is not issued for a free order", async () => {
    const client = t.client();
    const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, seats: [{ key: "A:4:0", ticketCategoryId: f }] })));
    const result = ok(await checkoutVia(client, checkoutInput(cart, seatTickets(f, ["A:4:0"]))));
    expect(result.status).toBe("valid");
    expect(await invoicesOf(t.database.db, result.orderId)).toEqual([]);
    await t.database.db.transaction(async (tx) => expect(await issueOrderInvoice(tx, result.orderId)).toBeNull());
    expect((await client.trpc.orders.view.query({ orderId: result.orderId, key: keyOf(t, result.orderId) })).invoices).toEqual([]);
  });

  it("is issued once, however often completion runs", async () => {
    const { orderId, paymentId } = await buySeats(t, dateId, a, ["A:1:0"]);
    const [first] = await invoicesOf(t.database.db, orderId);
    // The provider's news again (another event id) and the issuing itself again.
    expect(await handlePaymentNews(t.deps, { provider: "test", eventId: `again:${randomUUID()}`, type: "again.paid", orderId, outcome: "paid" })).not.toBe("rejected");
    await t.database.db.transaction(async (tx) => expect(await issueOrderInvoice(tx, orderId)).toBe(first!.id));
    expect(paymentId).toBeTruthy();
    expect((await invoicesOf(t.database.db, orderId)).map((i) => i.number)).toEqual([first!.number]);
    const [counter] = await t.database.rows<{ last: number }>(
      sql`select last from invoice_counters where organiser_id = ${organiserId} and kind = 'invoice' and year = ${berlinYear()}`,
    );
    expect(Number(counter!.last)).toBe(first!.counter);
  });
  it("keeps five digits at least and grows past them (RE-{year}-99999, then RE-{year}-100000)", async () => {
    await t.database.rows(
      sql`update invoice_counters set last = 99998 where organiser_id = ${organiserId} and kind = 'invoice' and year = ${berlinYear()} returning last`,
    );
    const numbers: string[] = [];
    for (const seat of ["A:1:5", "A:1:6"]) {
      const { orderId } = await buySeats(t, dateId, a, [seat]);
      const [invoice] = await invoicesOf(t.database.db, orderId);
      expect(invoice!.number).toBe(invoiceNumber("invoice", berlinYear(), invoice!.counter));
      numbers.push(invoice!.number);
    }
    expect(numbers).toEqual([`RE-${berlinYear()}-99999`, `RE-${berlinYear()}-100000`]);
  });
});

describe("a credit note", () => {
  it("credits cancelled lines and their service fee, refers to the invoice and has its own gapless GS series", async () => {
    const { orderId } = await buySeats(t, dateId, a, ["A:2:0", "A:2:1", "A:2:2"], { locale: "en" });
    const [invoice] = await invoicesOf(t.database.db, orderId);
    const lines = await linesOf(t.database, orderId);
    const cancel = async (ids: string[]) => {
      await t.database.rows(sql`update order_lines set status = 'canceled', cancelled_at = now() where id = any(${`{${ids.join(",")}}`}::uuid[]) returning id`);
      return t.database.db.transaction((tx) => issueCreditNote(tx, { orderId, lineIds: ids }));
    };

    // A rolled-back cancellation gives its number back: the next credit note is still GS-…-00001.
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await issueCreditNote(tx, { orderId, lineIds: [lines[0]!.id] })).toBeTruthy();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");

    const firstId = await cancel([lines[0]!.id, lines[1]!.id]);
    expect(firstId).toBeTruthy();
    const secondId = await cancel([lines[2]!.id, lines[1]!.id]); // line 1 is credited already
    const docs = await invoicesOf(t.database.db, orderId);
    expect(docs.map((d) => [d.kind, d.number, d.refers_to_id])).toEqual([
      ["invoice", invoice!.number, null],
      ["credit_note", `GS-${berlinYear()}-00001`, invoice!.id],
      ["credit_note", `GS-${berlinYear()}-00002`, invoice!.id],
    ]);
    const [, first, second] = docs;
    expect(first!.id).toBe(firstId);
    expect(second!.id).toBe(secondId);
    expect(first!.line_ids).toEqual([lines[0]!.id, lines[1]!.id]);
    expect(second!.line_ids).toEqual([lines[2]!.id]);
    expect(first!.total_cents).toBe(2 * 1500 + 2 * SERVICE_FEE_CENTS_PER_TICKET);
    expect(second!.total_cents).toBe(1500 + SERVICE_FEE_CENTS_PER_TICKET);
    // Everything credited adds up to the invoice; the parties and language are the invoice's.
    expect(first!.total_cents + second!.total_cents).toBe(invoice!.total_cents);
    expect([first!.seller, first!.recipient, first!.locale]).toEqual([invoice!.seller, invoice!.recipient, "en"]);
    expect(first!.items.map((i) => i.text)).toEqual([invoice!.items[0]!.text, invoice!.items[1]!.text, "Service fee per ticket"]);
    expect(first!.vat).toEqual([{ rateBp: 1900, grossCents: 3200, vatCents: lines[0]!.vat_cents + lines[1]!.vat_cents + vatOfGross(200, 1900), netCents: 3200 - lines[0]!.vat_cents - lines[1]!.vat_cents - vatOfGross(200, 1900) }]);
    // The invoice itself is untouched.
    expect((await invoicesOf(t.database.db, orderId))[0]).toEqual(invoice);
    // Nothing left to credit, another order's line, or an order without an invoice: none.
    expect(await cancel([lines[0]!.id])).toBeNull();
    const other = await buySeats(t, dateId, a, ["A:2:3"]);
    const otherLine = (await linesOf(t.database, other.orderId))[0]!;
    expect(await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId, lineIds: [otherLine.id] }))).toBeNull();
    const freeClient = t.client();
    const cart = cartOf(ok(await holdVia(freeClient, { scopeId: dateId, seats: [{ key: "A:4:1", ticketCategoryId: f }] })));
    const free = ok(await checkoutVia(freeClient, checkoutInput(cart, seatTickets(f, ["A:4:1"]))));
    const freeLine = (await linesOf(t.database, free.orderId))[0]!;
    expect(await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: free.orderId, lineIds: [freeLine.id] }))).toBeNull();
  });
});

describe("the PDF", () => {
  it("is in the buyer's language: German and English", async () => {
    const german = await buySeats(t, dateId, a, ["A:3:0"], { locale: "de" });
    const english = await buySeats(t, dateId, a, ["A:3:1"], { locale: "en" });
    const [de] = await invoicesOf(t.database.db, german.orderId);
    const [en] = await invoicesOf(t.database.db, english.orderId);
    const dePdf = (await renderOrderInvoicePdf(t.database.db, de!.id))!;
    const enPdf = (await renderOrderInvoicePdf(t.database.db, en!.id))!;
    expect(dePdf.number).toBe(de!.number);
    expect(Buffer.from(dePdf.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(Buffer.from(enPdf.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const deText = await pdfText(dePdf.pdf);
    const enText = await pdfText(enPdf.pdf);
    expect(deText).toContain("Rechnung");
    expect(deText).toContain(de!.number);
    expect(deText).toContain("Konzertbüro Süd GmbH");
    expect(deText).toContain("DE123456789");
    expect(deText).toMatch(/Fällig/);
    expect(deText).toMatch(/16,00\s€/);
    expect(deText).not.toContain("Invoice");
    expect(enText).toContain("Invoice");
    expect(enText).toContain("Due date");
    expect(enText).toMatch(/€16\.00/);
    expect(enText).not.toContain("Rechnung");
    expect(await renderOrderInvoicePdf(t.database.db, randomUUID())).toBeNull();

    // A credit note says so and names its invoice.
    const line = (await linesOf(t.database, german.orderId))[0]!;
    const noteId = (await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: german.orderId, lineIds: [line.id] })))!;
    const note = (await renderOrderInvoicePdf(t.database.db, noteId))!;
    expect(note.number).toMatch(/^GS-\d{4}-\d{5}$/);
    const noteText = await pdfText(note.pdf);
    expect(noteText).toContain("Gutschrift");
    expect(noteText).toContain(`Bezieht sich auf Rechnung ${de!.number}`);
  });

  it("goes with the confirmation mail, and the mail sender renders it", async () => {
    const placed = await buySeats(t, dateId, a, ["A:3:2"], { locale: "de" });
    const [invoice] = await invoicesOf(t.database.db, placed.orderId);
    const [mail] = await mailsTo(t.database, placed.input.buyer.email, "order_confirmation");
    expect(mail!.attachments).toEqual([
      { kind: "order_tickets", orderId: placed.orderId },
      { kind: "order_invoice", invoiceId: invoice!.id },
    ]);
    const rendered = await attachmentRenderer(t.deps)({ kind: "order_invoice", invoiceId: invoice!.id }, "en");
    expect(rendered.filename).toBe(`${invoice!.number}.pdf`);
    expect(rendered.contentType).toBe("application/pdf");
    // In the invoice's language, whatever the mail's.
    expect(await pdfText(new Uint8Array(rendered.content))).toContain("Rechnung");
  });
});

describe("downloads and the invoice modal", () => {
  it("the buyer downloads with the key of their link and sees the documents in the order view; a wrong key is NOT_FOUND", async () => {
    const placed = await buySeats(t, dateId, a, ["A:3:3"], { locale: "en" });
    const [invoice] = await invoicesOf(t.database.db, placed.orderId);
    const key = keyOf(t, placed.orderId);
    const view = await placed.client.trpc.orders.view.query({ orderId: placed.orderId, key });
    expect(view.invoices).toEqual([{ id: invoice!.id, number: invoice!.number, kind: "invoice" }]);
    const url = `/api/orders/${placed.orderId}/invoices/${invoice!.id}.pdf`;
    const res = await t.client().request({ method: "GET", url: `${url}?key=${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`${invoice!.number}.pdf`);
    expect(await pdfText(new Uint8Array(res.rawPayload))).toContain(invoice!.number);

    const wrongKey = await t.client().request({ method: "GET", url: `${url}?key=${keyOf(t, randomUUID())}` });
    expect([wrongKey.statusCode, wrongKey.json()]).toEqual([404, { error: "NOT_FOUND" }]);
    expect((await t.client().request({ method: "GET", url })).statusCode).toBe(404);
    // Another order's key, or this order's key with another order's invoice.
    const other = await buySeats(t, dateId, a, ["A:3:4"]);
    const [otherInvoice] = await invoicesOf(t.database.db, other.orderId);
    const mixed = await t.client().request({ method: "GET", url: `/api/orders/${placed.orderId}/invoices/${otherInvoice!.id}.pdf?key=${key}` });
    expect(mixed.statusCode).toBe(404);
  });

  it("the organiser and team members who see orders download and list them; another organiser is NOT_FOUND, a member without the rights FORBIDDEN", async () => {
    const placed = await buySeats(t, dateId, a, ["A:3:5", "A:3:6"], { locale: "de" });
    const lines = await linesOf(t.database, placed.orderId);
    const [invoice] = await invoicesOf(t.database.db, placed.orderId);
    const noteId = (await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: placed.orderId, lineIds: [lines[0]!.id] })))!;
    const url = (id: string) => `/api/organiser/orders/${placed.orderId}/invoices/${id}.pdf`;

    const own = await shop.organiser.request({ method: "GET", url: url(invoice!.id) });
    expect(own.statusCode).toBe(200);
    expect(await pdfText(new Uint8Array(own.rawPayload))).toContain("Rechnung");
    expect((await shop.organiser.request({ method: "GET", url: url(noteId) })).statusCode).toBe(200);
    expect((await shop.organiser.request({ method: "GET", url: url(randomUUID()) })).statusCode).toBe(404);

    const viewer = await signedInTeamMember(t, organiserId, { viewOrders: true });
    expect((await viewer.client.request({ method: "GET", url: url(invoice!.id) })).statusCode).toBe(200);
    const changer = await signedInTeamMember(t, organiserId, { updateOrderDate: true });
    expect((await changer.client.request({ method: "GET", url: url(invoice!.id) })).statusCode).toBe(200);
    const outsider = await signedInTeamMember(t, organiserId, { createEvent: true });
    const forbidden = await outsider.client.request({ method: "GET", url: url(invoice!.id) });
    expect([forbidden.statusCode, forbidden.json()]).toEqual([403, { error: "FORBIDDEN" }]);
    const stranger = await signedInOrganiser(t);
    const foreign = await stranger.client.request({ method: "GET", url: url(invoice!.id) });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: "NOT_FOUND" }]);
    expect((await t.client().request({ method: "GET", url: url(invoice!.id) })).statusCode).toBe(401);

    // The invoice modal's list: the invoice and its credit note with every field.
    const listed = await listOrderInvoices(t.database.db, organiserId, placed.orderId);
    expect(listed.map((d) => [d.kind, d.number, d.refersToNumber, d.totalCents])).toEqual([
      ["invoice", invoice!.number, null, invoice!.total_cents],
      ["credit_note", expect.stringMatching(/^GS-/), invoice!.number, 1500 + SERVICE_FEE_CENTS_PER_TICKET],
    ]);
    expect(listed[0]).toMatchObject({ seller: invoice!.seller, recipient: invoice!.recipient, items: invoice!.items, vat: invoice!.vat, dueOn: invoice!.due_on });
    await expect(listOrderInvoices(t.database.db, stranger.organiser.id, placed.orderId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(listOrderInvoices(t.database.db, organiserId, randomUUID())).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

/** Problems of a numbering: duplicates and gaps in the counters 1..n. */
function numberingProblems(counters: number[]): { duplicates: number; gaps: number[] } {
  const distinct = new Set(counters);
  const max = Math.max(0, ...counters);
  const gaps: number[] = [];
  for (let i = 1; i <= max; i++) if (!distinct.has(i)) gaps.push(i);
  return { duplicates: counters.length - distinct.size, gaps };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("numbering under load (Postgres)", () => {
  const N = 100;

  it(`${N} orders paid at once get ${N} consecutive invoice numbers: no gap, no duplicate`, async () => {
    const race = await createShopEvent(t, {
      layout: gridLayout(1, 11, 10),
      categories: [ticketCategory("cat1", { seatingCategoryId: "cat1", priceCents: 1000, dailyQuantity: 500 })],
      options: eventOptions({ dailyAttendeeLimit: 1000 }),
    });
    const seats = blockKeys("G1", 11, 10);
    const orders = [];
    for (let i = 0; i < N; i++) orders.push(await placeSeatOrder(t, race.dateIds[0]!, race.category("cat1").id, [seats[i]!]));
    const results = await Promise.all(
      orders.map((o) => handlePaymentNews(t.deps, { provider: "test", eventId: `race:${randomUUID()}`, type: "race.paid", orderId: o.orderId, outcome: "paid" })),
    );
    expect(results.every((r) => r === "handled")).toBe(true);
    const rows = await t.database.rows<{ counter: number; number: string; organiser_id: string }>(
      sql`select i.counter, i.number, i.organiser_id::text from order_invoices i join orders o on o.id = i.order_id
          where o.event_id = ${race.eventId} and i.kind = 'invoice'`,
    );
    const counters = rows.map((r) => Number(r.counter)).sort((x, y) => x - y);
    expect(counters).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(numberingProblems(counters)).toEqual({ duplicates: 0, gaps: [] });
    expect(new Set(rows.map((r) => r.number)).size).toBe(N);

    // The counter on its own (credit notes take no organiser lock, only their order's): N at
    // once, every tenth rolled back after taking its number; the rest are 1..N-N/10, no gap.
    const outcomes = await Promise.allSettled(
      orders.map((o, i) =>
        t.database.db.transaction(async (tx) => {
          const [line] = await txRows<{ id: string }>(tx, sql`select id::text from order_lines where order_id = ${o.orderId}`);
          const id = await issueCreditNote(tx, { orderId: o.orderId, lineIds: [line!.id] });
          await tx.execute(sql`select pg_sleep(0.002)`);
          if (i % 10 === 0) throw new Error("rolled back");
          return id;
        }),
      ),
    );
    expect(outcomes.filter((r) => r.status === "rejected")).toHaveLength(N / 10);
    const notes = await t.database.rows<{ counter: number }>(
      sql`select i.counter from order_invoices i join orders o on o.id = i.order_id where o.event_id = ${race.eventId} and i.kind = 'credit_note'`,
    );
    const noteCounters = notes.map((r) => Number(r.counter)).sort((x, y) => x - y);
    expect(noteCounters).toEqual(Array.from({ length: N - N / 10 }, (_, i) => i + 1));
  });

  it("control: a naive max()+1 numbering under the same parallel load gives duplicates (the check above can fail)", async () => {
    await t.database.rows(sql.raw(`create table test_naive_numbers (n int not null)`));
    try {
      await Promise.all(
        Array.from({ length: N }, () =>
          t.database.db.transaction(async (tx) => {
            const [row] = await txRows<{ next: number }>(tx, sql`select coalesce(max(n), 0) + 1 as next from test_naive_numbers`);
            await tx.execute(sql`select pg_sleep(0.005)`);
            await tx.execute(sql`insert into test_naive_numbers (n) values (${Number(row!.next)})`);
          }),
        ),
      );
      const rows = await t.database.rows<{ n: number }>(sql`select n from test_naive_numbers`);
      expect(numberingProblems(rows.map((r) => Number(r.n))).duplicates).toBeGreaterThan(0);
    } finally {
      await t.database.rows(sql.raw(`drop table test_naive_numbers`));
    }
  });
});
