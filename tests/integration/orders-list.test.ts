import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BATCH_SIZE } from "../../server/http/order-export";
import { ticketCode } from "../../server/modules/orders/ticket-code";
import { emptyPermissionSet } from "../../shared/permissions";
import type { OrderListInput } from "../../shared/schemas/organiser-orders";
import type { TestClient } from "./helpers/app";
import { createEventVia, datesOf, eventRow, signedInOrganiser, signedInTeamMember, ticketCategory, validEventStep1 } from "./helpers/events";
import { buyer, buySeats, createOrdersApp, linesOf, orderRow, type OrdersApp, placeSeatOrder } from "./helpers/orders";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { failure } from "./helpers/trpc";

let t: OrdersApp;
beforeAll(async () => {
  t = await createOrdersApp();
});
afterAll(async () => {
  await t.close();
});

type Seeded = {
  eventId: string;
  scopeId: string;
  number: string;
  status: "pending" | "valid" | "failed" | "cancelled";
  paymentMethod: "online" | "cash" | "card" | "paypal" | "free_of_charge" | "other";
  channel: "online" | "box_office" | "reseller";
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  company?: string;
  totalCents: number;
  lines: ("active" | "canceled" | "checked_in")[];
};

/** An order as a box office or reseller records it (the shop's checkout only sells online), with its lines. */
async function insertOrder(organiserId: string, o: Seeded): Promise<{ id: string; lineIds: string[] }> {
  const buyerJson = JSON.stringify({ firstName: o.firstName, lastName: o.lastName, email: o.email, phone: o.phone, company: o.company });
  const amounts = JSON.stringify({ ticketsCents: o.totalCents, optionsCents: 0, feesCents: 0, discountCents: 0, vatCents: 0, totalCents: o.totalCents, vat: [] });
  const [row] = await t.database.rows<{ id: string }>(
    sql`insert into orders (number, organiser_id, event_id, scope_id, idempotency_key, status, buyer, buyer_email, amounts, total_cents, payment_method, channel, created_at)
        values (${o.number}, ${organiserId}, ${o.eventId}, ${o.scopeId}, ${`seed-${o.number}`}, ${o.status}::order_status, ${buyerJson}::jsonb, ${o.email},
          ${amounts}::jsonb, ${o.totalCents}, ${o.paymentMethod}::payment_method, ${o.channel}::order_channel, ${o.createdAt}::timestamptz)
        returning id::text as id`,
  );
  const lineIds: string[] = [];
  for (const status of o.lines) {
    const [line] = await t.database.rows<{ id: string }>(
      sql`insert into order_lines (order_id, event_id, scope_id, category_name, price_cents, total_cents, vat_rate_bp, vat_cents, status)
          values (${row!.id}, ${o.eventId}, ${o.scopeId}, 'Seeded', 1500, 1500, 1900, 239, ${status}::line_status) returning id::text as id`,
    );
    lineIds.push(line!.id);
  }
  return { id: row!.id, lineIds };
}

/** GET /api/organiser/orders.csv with `query` as the browser sends it. */
function exportVia(client: TestClient, query: Record<string, string> = {}) {
  return client.request({ method: "GET", url: "/api/organiser/orders.csv", query });
}

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, `delimiter`). */
function parseCsv(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = "";
    } else if (c === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else if (c !== "\r") field += c;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

describe("the organiser's orders list", () => {
  let shop: ShopEvent;
  let organiserId: string;
  let owner: TestClient;
  let dateId: string;
  let otherEventId: string;
  let otherDateId: string;
  let paid: Awaited<ReturnType<typeof buySeats>>;
  let pending: Awaited<ReturnType<typeof placeSeatOrder>>;
  let boxOffice: { id: string; lineIds: string[] };
  let reseller: { id: string };

  const numbersOf = async (client: TestClient, input: OrderListInput = {}) =>
    (await client.trpc.organiserOrders.list.query(input)).rows.map((r) => r.number);

  beforeAll(async () => {
    shop = await createShopEvent(t, {
      layout: gridLayout(1, 2, 10),
      categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" })],
    });
    owner = shop.organiser;
    organiserId = (await eventRow(t.database.db, shop.eventId))!.organiserId;
    dateId = shop.dateIds[0]!;
    const cat1 = shop.category("cat1").id;

    // A second event of the same organiser (a draft: its orders come from the box office and a reseller).
    otherEventId = await createEventVia(owner, validEventStep1({ name: "Winter Gala" }));
    otherDateId = (await datesOf(t.database.db, otherEventId))[0]!.id;
    const base = { eventId: otherEventId, scopeId: otherDateId, totalCents: 4500 };
    // 00:30 on 11 March in Berlin (23:30 UTC the day before).
    boxOffice = await insertOrder(organiserId, {
      ...base,
      number: "BOXA-0001",
      status: "valid",
      paymentMethod: "cash",
      channel: "box_office",
      createdAt: "2025-03-10T23:30:00Z",
      firstName: "Max",
      lastName: "Mustermann",
      email: "max@firma.example",
      phone: "+49 30 123456",
      company: 'Müller; "Quote" & Co',
      lines: ["active", "checked_in", "canceled"],
    });
    // 23:59 on 11 March in Berlin.
    reseller = await insertOrder(organiserId, {
      ...base,
      number: "BOXA-0002",
      status: "cancelled",
      paymentMethod: "card",
      channel: "reseller",
      createdAt: "2025-03-11T22:59:00Z",
      firstName: "Erika",
      lastName: "Hundert%",
      email: "erika@example.com",
      totalCents: 1234,
      lines: ["canceled"],
    });
    // 00:00 on 12 March in Berlin.
    await insertOrder(organiserId, {
      ...base,
      number: "BOXA-0003",
      status: "failed",
      paymentMethod: "paypal",
      channel: "online",
      createdAt: "2025-03-11T23:00:00Z",
      firstName: "Under",
      lastName: "Score",
      email: "under_score@example.com",
      lines: ["canceled"],
    });

    paid = await buySeats(t, dateId, cat1, ["G1:0:0", "G1:0:1"], {
      buyer: buyer({ firstName: "Anna", lastName: "Zimmermann", email: "anna.zimmermann@example.com" }),
    });
    pending = await placeSeatOrder(t, dateId, cat1, ["G1:0:2"], { buyer: buyer({ firstName: "@cmd", lastName: "=SUM(A1)" }) });
  });

  it("lists every order of the organiser, newest first, with its event, date, tickets and check-ins", async () => {
    const page = await owner.trpc.organiserOrders.list.query({});
    expect(page.total).toBe(5);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(25);
    const paidRow = (await orderRow(t.database, paid.orderId))!;
    const pendingRow = (await orderRow(t.database, pending.orderId))!;
    expect(page.rows.map((r) => r.number)).toEqual([pendingRow.number, paidRow.number, "BOXA-0003", "BOXA-0002", "BOXA-0001"]);

    const [date] = await datesOf(t.database.db, shop.eventId);
    expect(page.rows[1]).toEqual({
      id: paid.orderId,
      number: paidRow.number,
      createdAt: expect.any(Date),
      status: "valid",
      channel: "online",
      paymentMethod: "online",
      resellerName: null,
      buyerName: "Anna Zimmermann",
      buyerEmail: "anna.zimmermann@example.com",
      eventId: shop.eventId,
      eventName: "Summer Concert",
      scopeId: dateId,
      isSeason: false,
      startsAt: date!.startsAt,
      tickets: 2,
      totalCents: paidRow.total_cents,
      checkedIn: 0,
    });
    expect(page.rows[4]).toMatchObject({ id: boxOffice.id, eventName: "Winter Gala", scopeId: otherDateId, tickets: 2, checkedIn: 1, totalCents: 4500 });
    expect(page.rows[3]).toMatchObject({ id: reseller.id, status: "cancelled", tickets: 0, checkedIn: 0 });
  });

  it("filters by event, date, period (Berlin calendar days), status, payment method and channel", async () => {
    const paidNumber = (await orderRow(t.database, paid.orderId))!.number;
    const pendingNumber = (await orderRow(t.database, pending.orderId))!.number;
    expect(await numbersOf(owner, { eventId: otherEventId })).toEqual(["BOXA-0003", "BOXA-0002", "BOXA-0001"]);
    expect(await numbersOf(owner, { eventId: shop.eventId })).toEqual([pendingNumber, paidNumber]);
    expect(await numbersOf(owner, { scopeId: dateId })).toEqual([pendingNumber, paidNumber]);
    expect(await numbersOf(owner, { scopeId: otherDateId })).toHaveLength(3);

    expect(await numbersOf(owner, { from: "2025-03-11", to: "2025-03-11" })).toEqual(["BOXA-0002", "BOXA-0001"]);
    expect(await numbersOf(owner, { to: "2025-03-10" })).toEqual([]);
    expect(await numbersOf(owner, { from: "2025-03-12", to: "2025-03-12" })).toEqual(["BOXA-0003"]);
    expect(await numbersOf(owner, { from: "2025-03-12" })).toEqual([pendingNumber, paidNumber, "BOXA-0003"]);

    expect(await numbersOf(owner, { status: "cancelled" })).toEqual(["BOXA-0002"]);
    expect(await numbersOf(owner, { status: "pending" })).toEqual([pendingNumber]);
    expect(await numbersOf(owner, { status: "valid" })).toEqual([paidNumber, "BOXA-0001"]);
    expect(await numbersOf(owner, { paymentMethod: "cash" })).toEqual(["BOXA-0001"]);
    expect(await numbersOf(owner, { paymentMethod: "online" })).toEqual([pendingNumber, paidNumber]);
    expect(await numbersOf(owner, { channel: "reseller" })).toEqual(["BOXA-0002"]);
    expect(await numbersOf(owner, { channel: "box_office" })).toEqual(["BOXA-0001"]);
    expect(await numbersOf(owner, { channel: "online", eventId: otherEventId })).toEqual(["BOXA-0003"]);
    const filtered = await owner.trpc.organiserOrders.list.query({ status: "valid", channel: "online" });
    expect(filtered.total).toBe(1);
  });

  it("sorts statuses in their life order (pending, valid, failed, cancelled), then by date", async () => {
    const paidNumber = (await orderRow(t.database, paid.orderId))!.number;
    const pendingNumber = (await orderRow(t.database, pending.orderId))!.number;
    expect(await numbersOf(owner, { sort: "status", direction: "asc" })).toEqual([pendingNumber, "BOXA-0001", paidNumber, "BOXA-0003", "BOXA-0002"]);
    expect(await numbersOf(owner, { sort: "status", direction: "desc" })).toEqual(["BOXA-0002", "BOXA-0003", paidNumber, "BOXA-0001", pendingNumber]);
  });

  it("finds orders by number, buyer name, email and ticket code; a forged code finds nothing", async () => {
    const paidNumber = (await orderRow(t.database, paid.orderId))!.number;
    expect(await numbersOf(owner, { search: "boxa-0002" })).toEqual(["BOXA-0002"]);
    expect(await numbersOf(owner, { search: paidNumber })).toEqual([paidNumber]);
    expect(await numbersOf(owner, { search: paidNumber.replace("-", "").toLowerCase() })).toEqual([paidNumber]);
    expect(await numbersOf(owner, { search: "zimmer" })).toEqual([paidNumber]);
    expect(await numbersOf(owner, { search: "ANNA zimmermann" })).toEqual([paidNumber]);
    expect(await numbersOf(owner, { search: "anna mustermann" })).toEqual([]);
    expect(await numbersOf(owner, { search: "firma.example" })).toEqual(["BOXA-0001"]);
    expect(await numbersOf(owner, { search: "  Max@Firma.example " })).toEqual(["BOXA-0001"]);
    // LIKE's wildcards are taken literally.
    expect(await numbersOf(owner, { search: "%" })).toEqual(["BOXA-0002"]);
    expect(await numbersOf(owner, { search: "_" })).toEqual(["BOXA-0003"]);
    // Search and filters together.
    expect(await numbersOf(owner, { search: "boxa", channel: "box_office" })).toEqual(["BOXA-0001"]);

    const [line] = await linesOf(t.database, paid.orderId);
    const code = ticketCode(t.config.APP_SECRET, line!.id);
    expect(await numbersOf(owner, { search: code })).toEqual([paidNumber]);
    expect(await numbersOf(owner, { search: ticketCode(t.config.APP_SECRET, boxOffice.lineIds[2]!) })).toEqual(["BOXA-0001"]);
    expect(await numbersOf(owner, { search: ticketCode("not-the-secret-of-this-app-000000", line!.id) })).toEqual([]);
    const altered = code.slice(0, -1) + (code.endsWith("A") ? "B" : "A");
    expect(await numbersOf(owner, { search: altered })).toEqual([]);
  });

  it("offers the organiser's events and their dates as filters", async () => {
    const options = await owner.trpc.organiserOrders.filterOptions.query();
    const [date] = await datesOf(t.database.db, shop.eventId);
    expect(options.events.map((e) => e.name)).toEqual(["Winter Gala", "Summer Concert"]);
    expect(options.events[1]).toEqual({ id: shop.eventId, name: "Summer Concert", isSeason: false, dates: [{ id: dateId, startsAt: date!.startsAt }] });
    expect(options.events[0]!.dates.map((d) => d.id)).toEqual([otherDateId]);
  });

  it("shows another organiser none of these orders, not even through A's ids or ticket codes", async () => {
    const other = await signedInOrganiser(t);
    expect(await other.client.trpc.organiserOrders.list.query({})).toEqual({ rows: [], total: 0, page: 1, pageSize: 25 });
    expect((await other.client.trpc.organiserOrders.list.query({ eventId: shop.eventId })).total).toBe(0);
    expect((await other.client.trpc.organiserOrders.list.query({ scopeId: dateId })).total).toBe(0);
    const [line] = await linesOf(t.database, paid.orderId);
    expect((await other.client.trpc.organiserOrders.list.query({ search: ticketCode(t.config.APP_SECRET, line!.id) })).total).toBe(0);
    expect(await other.client.trpc.organiserOrders.filterOptions.query()).toEqual({ events: [] });
    const csv = await exportVia(other.client, { eventId: shop.eventId });
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toEqual({ error: "NO_ORDERS_TO_EXPORT" });
  });

  it("lets team members with viewOrders or updateOrderDate list and export, and refuses any other right", async () => {
    const viewer = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true });
    const changer = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), updateOrderDate: true });
    const outsider = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), createEvent: true, updateEvent: true });
    expect((await viewer.client.trpc.organiserOrders.list.query({})).total).toBe(5);
    expect((await changer.client.trpc.organiserOrders.list.query({})).total).toBe(5);
    expect((await changer.client.trpc.organiserOrders.filterOptions.query()).events).toHaveLength(2);
    expect((await exportVia(viewer.client)).statusCode).toBe(200);
    expect((await exportVia(changer.client)).statusCode).toBe(200);

    expect((await failure(outsider.client.trpc.organiserOrders.list.query({}))).appCode).toBe("FORBIDDEN");
    expect((await failure(outsider.client.trpc.organiserOrders.filterOptions.query())).appCode).toBe("FORBIDDEN");
    const refused = await exportVia(outsider.client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "FORBIDDEN" });

    const anonymous = t.client();
    expect((await failure(anonymous.trpc.organiserOrders.list.query({}))).appCode).toBe("UNAUTHENTICATED");
    const noSession = await exportVia(anonymous);
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json()).toEqual({ error: "UNAUTHENTICATED" });
  });

  it("exports the filtered list as CSV: translated header, decimal euros, Berlin times, escaped fields and no formulas", async () => {
    const res = await exportVia(owner, { lang: "en" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith("\ufeff")).toBe(true);
    const records = parseCsv(res.body.slice(1), ",");
    expect(records[0]).toEqual([
      "Order number",
      "Order date",
      "Status",
      "Channel",
      "Reseller",
      "Payment method",
      "Buyer",
      "Email",
      "Phone",
      "Company",
      "Event",
      "Event date",
      "Tickets",
      "Checked in",
      "Voucher",
      "Discount (EUR)",
      "Total (EUR)",
    ]);
    expect(records).toHaveLength(6);
    const paidNumber = (await orderRow(t.database, paid.orderId))!.number;
    expect(records.slice(1).map((r) => r[0])).toEqual([(await orderRow(t.database, pending.orderId))!.number, paidNumber, "BOXA-0003", "BOXA-0002", "BOXA-0001"]);
    // The box office order: comma in the company quoted, the phone's "+" no formula.
    expect(records[5]).toEqual([
      "BOXA-0001",
      "2025-03-11 00:30",
      "Valid",
      "Box office",
      "",
      "Cash",
      "Max Mustermann",
      "max@firma.example",
      "'+49 30 123456",
      'Müller; "Quote" & Co',
      "Winter Gala",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      "2",
      "1",
      "",
      "0.00",
      "45.00",
    ]);
    expect(records[4]!.slice(0, 7)).toEqual(["BOXA-0002", "2025-03-11 23:59", "Cancelled", "Reseller", "", "Card", "Erika Hundert%"]);
    expect(records[4]![16]).toBe("12.34");
    // A buyer's name that a spreadsheet would run as a formula is written as text.
    expect(records[1]![6]).toBe("'@cmd =SUM(A1)");
    expect(res.body).not.toMatch(/[,\n]=SUM/);
    expect(records[2]![16]).toBe(((await orderRow(t.database, paid.orderId))!.total_cents / 100).toFixed(2));
  });

  it("exports in German with semicolons and decimal commas, and only what the filters keep", async () => {
    const res = await exportVia(owner, { lang: "de", channel: "box_office" });
    expect(res.statusCode).toBe(200);
    const records = parseCsv(res.body.replace(/^\ufeff/, ""), ";");
    expect(records[0]!.slice(0, 6)).toEqual(["Bestellnummer", "Bestelldatum", "Status", "Vertriebsweg", "Wiederverkäufer", "Zahlungsart"]);
    expect(records[0]![16]).toBe("Gesamt (EUR)");
    expect(records).toHaveLength(2);
    expect(records[1]!.slice(0, 6)).toEqual(["BOXA-0001", "2025-03-11 00:30", "Gültig", "Boxoffice", "", "Bar"]);
    expect(records[1]![9]).toBe('Müller; "Quote" & Co');
    expect(records[1]![16]).toBe("45,00");

    const searched = parseCsv((await exportVia(owner, { search: "zimmermann" })).body.replace(/^\ufeff/, ""), ";");
    expect(searched.slice(1).map((r) => r[0])).toEqual([(await orderRow(t.database, paid.orderId))!.number]);
    const period = parseCsv((await exportVia(owner, { from: "2025-03-11", to: "2025-03-11", status: "cancelled" })).body.replace(/^\ufeff/, ""), ";");
    expect(period.slice(1).map((r) => r[0])).toEqual(["BOXA-0002"]);
  });

  it("answers NO_ORDERS_TO_EXPORT when nothing matches, and VALIDATION for a malformed filter", async () => {
    const none = await exportVia(owner, { status: "pending", channel: "reseller" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: "NO_ORDERS_TO_EXPORT" });
    const bad = await exportVia(owner, { from: "11.03.2025" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "VALIDATION" });
    expect((await exportVia(owner, { eventId: "not-a-uuid" })).statusCode).toBe(400);
  });
});

describe("paging and sorting", () => {
  let client: TestClient;
  let ids: string[];

  beforeAll(async () => {
    const organiser = await signedInOrganiser(t);
    client = organiser.client;
    const eventId = await createEventVia(client, validEventStep1({ name: "Paging" }));
    const scopeId = (await datesOf(t.database.db, eventId))[0]!.id;
    // 30 orders: totals 100..3000 cents, created a minute apart, the last five at the same instant.
    await t.database.rows(
      sql`insert into orders (number, organiser_id, event_id, scope_id, idempotency_key, status, buyer, buyer_email, amounts, total_cents, payment_method, created_at)
          select 'PAGE-' || lpad(i::text, 4, '0'), ${organiser.organiser.id}, ${eventId}, ${scopeId}, 'page-' || i, 'valid',
            jsonb_build_object('firstName', 'B', 'lastName', 'Name' || chr(65 + (i * 7) % 26)), 'p' || i || '@example.com',
            '{}'::jsonb, ((i * 17) % 30 + 1) * 100, 'cash', timestamptz '2025-06-01 10:00Z' + least(i, 25) * interval '1 minute'
          from generate_series(1, 30) i returning id`,
    );
    ids = (await t.database.rows<{ id: string }>(sql`select id::text from orders where event_id = ${eventId}`)).map((r) => r.id);
  });

  it("pages on the server: two pages of 25 and 5, no order twice, the total on each", async () => {
    const first = await client.trpc.organiserOrders.list.query({ pageSize: 25 });
    const second = await client.trpc.organiserOrders.list.query({ pageSize: 25, page: 2 });
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(5);
    expect(first.total).toBe(30);
    expect(second.total).toBe(30);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id))).toEqual(new Set(ids));
    expect((await client.trpc.organiserOrders.list.query({ page: 3 })).rows).toEqual([]);
  });

  it("sorts by each column in both directions, ties broken by id", async () => {
    const all = async (input: OrderListInput) => [
      ...(await client.trpc.organiserOrders.list.query({ ...input, page: 1 })).rows,
      ...(await client.trpc.organiserOrders.list.query({ ...input, page: 2 })).rows,
    ];
    const newest = await all({});
    const created = newest.map((r) => r.createdAt.getTime());
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // Six orders share the newest instant: ordered by id, descending like the date.
    expect(new Set(newest.slice(0, 6).map((r) => r.number))).toEqual(new Set(["PAGE-0025", "PAGE-0026", "PAGE-0027", "PAGE-0028", "PAGE-0029", "PAGE-0030"]));
    expect(newest.slice(0, 6).map((r) => r.id)).toEqual([...newest.slice(0, 6).map((r) => r.id)].sort().reverse());

    const byNumber = (await all({ sort: "number", direction: "asc" })).map((r) => r.number);
    expect(byNumber).toEqual([...byNumber].sort());
    expect(byNumber[0]).toBe("PAGE-0001");
    const byNumberDesc = (await all({ sort: "number", direction: "desc" })).map((r) => r.number);
    expect(byNumberDesc).toEqual([...byNumber].reverse());

    const byTotal = await all({ sort: "total", direction: "asc" });
    expect(byTotal.map((r) => r.totalCents)).toEqual(Array.from({ length: 30 }, (_, i) => (i + 1) * 100));
    expect((await all({ sort: "total", direction: "desc" }))[0]!.totalCents).toBe(3000);

    const byBuyer = await all({ sort: "buyer", direction: "asc" });
    const names = byBuyer.map((r) => r.buyerName);
    expect(names).toEqual([...names].sort());
    // Equal names keep a stable order by id.
    for (let i = 1; i < byBuyer.length; i++) {
      if (byBuyer[i]!.buyerName === byBuyer[i - 1]!.buyerName) expect(byBuyer[i]!.id > byBuyer[i - 1]!.id).toBe(true);
    }
    // All valid: then by date and id, in the same direction.
    const byStatus = await all({ sort: "status", direction: "asc" });
    const dateThenId = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
      a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    expect(byStatus.map((r) => r.id)).toEqual([...byStatus].sort(dateThenId).map((r) => r.id));
    expect(byStatus[0]!.number).toBe("PAGE-0001");
  });

  it("exports across batches: every order once, newest first, ties on the instant included", async () => {
    // 2,500 more orders at two instants only (batches of EXPORT_BATCH_SIZE end inside a tie), microseconds apart.
    const [{ organiser_id: organiserId, event_id: eventId, scope_id: scopeId }] = await t.database.rows<{ organiser_id: string; event_id: string; scope_id: string }>(
      sql`select organiser_id::text, event_id::text, scope_id::text from orders where id = ${ids[0]!}`,
    ) as [{ organiser_id: string; event_id: string; scope_id: string }];
    await t.database.rows(
      sql`insert into orders (number, organiser_id, event_id, scope_id, idempotency_key, status, buyer, buyer_email, amounts, total_cents, payment_method, created_at)
          select 'BULK-' || lpad(i::text, 5, '0'), ${organiserId}, ${eventId}, ${scopeId}, 'bulk-' || i, 'valid',
            jsonb_build_object('firstName', 'Bulk', 'lastName', 'Buyer'), 'bulk' || i || '@example.com', '{}'::jsonb, 100, 'cash',
            timestamptz '2025-05-01 10:00:00.000001Z' + (i % 2) * interval '1 microsecond'
          from generate_series(1, 2500) i returning id`,
    );
    expect(EXPORT_BATCH_SIZE).toBeLessThan(2500);
    const res = await exportVia(client, { lang: "en" });
    expect(res.statusCode).toBe(200);
    const numbers = parseCsv(res.body.slice(1), ",")
      .slice(1)
      .map((r) => r[0]!);
    expect(numbers).toHaveLength(2530);
    expect(new Set(numbers).size).toBe(2530);
    // The 30 paging orders (June) come before the bulk ones (May).
    expect(numbers.slice(0, 30).every((n) => n.startsWith("PAGE-"))).toBe(true);
    expect(numbers.slice(30).every((n) => n.startsWith("BULK-"))).toBe(true);
    await t.database.rows(sql`delete from orders where number like 'BULK-%' returning id`);
  });

  it("refuses page sizes and sorts it does not offer", async () => {
    expect((await failure(client.trpc.organiserOrders.list.query({ pageSize: 10 as 25 }))).appCode).toBe("VALIDATION");
    expect((await failure(client.trpc.organiserOrders.list.query({ sort: "buyer_email" as "buyer" }))).appCode).toBe("VALIDATION");
  });
});
