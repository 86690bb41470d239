/**
 * My Tickets (issue 22 item 2, decision 026), on PGlite and Postgres: every ticket category of the
 * organiser with sold, held and left per date equal to direct counts over the order lines and
 * cart ledgers this test made; its state from the event and the sale window; the event and state
 * filters and paging; each quick change (price for future sales, quantity, sale end, visibility)
 * and each refusal, after which nothing changed; rights and other organisers.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyPermissionSet } from "../../shared/permissions";
import { categoriesOf, createEventVia, createPublishedEvent, daysFromNow, datesOf, localDateInDays, ok, saveTicketsVia, shiftEventDates, signedInOrganiser, signedInTeamMember, ticketCategory, validEventStep1 } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { checkoutInput, checkoutVia, createOrdersApp, decideVia, linesOf, type OrdersApp, paymentIdOf } from "./helpers/orders";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import { cartOf, holdVia } from "./helpers/shop";
import { createEventWithDates } from "./helpers/stadiums";
import { failure, malformed, type RouterInput } from "./helpers/trpc";
import type { TestClient } from "./helpers/app";

type Update = RouterInput["myTickets"]["update"];

let t: OrdersApp;
let owner: TestClient;
let organiserId: string;
let mainId: string;
let d1: { id: string; startsAt: Date; endsAt: Date };
let d2: { id: string; startsAt: Date; endsAt: Date };
const tc: Record<string, string> = {};
const ev: Record<string, string> = {};

/** Holds `parts` for a new buyer on a date, checks out and (unless `pay` is false) pays. */
async function buy(dateId: string, parts: { tc: string; n: number }[], pay = true) {
  const client = t.client();
  const cart = cartOf(ok(await holdVia(client, { scopeId: dateId, counts: parts.map((p) => ({ ticketCategoryId: p.tc, areaId: null, quantity: p.n })) })));
  const tickets = parts.flatMap((p) => Array.from({ length: p.n }, () => ({ ticketCategoryId: p.tc, areaId: null })));
  const result = ok(await checkoutVia(client, checkoutInput(cart, tickets)));
  if (pay) ok(await decideVia(client, paymentIdOf(result), "paid"));
  return result.orderId;
}

const list = (input: RouterInput["myTickets"]["list"] = {}, client = owner) => client.trpc.myTickets.list.query({ pageSize: 100, ...input });
const update = (input: Update, client = owner) => client.trpc.myTickets.update.mutate(input);
const rowOf = async (id: string) => (await list()).rows.find((r) => r.id === id)!;

/** Tickets sold (valid orders, lines not canceled) and held (cart ledgers) of a category on a date, counted directly. */
async function direct(categoryId: string, scopeId: string, seatsPerTicket: number) {
  const [sold] = await t.database.rows<{ n: number }>(
    sql`select coalesce(sum(l.places), 0)::int as n from order_lines l join orders o on o.id = l.order_id
        where o.status = 'valid' and l.status <> 'canceled' and l.ticket_category_id = ${categoryId} and l.scope_id = ${scopeId}`,
  );
  const [held] = await t.database.rows<{ n: number }>(
    sql`select coalesce(sum(n.quantity), 0)::int as n from cart_counts n join carts c on c.id = n.cart_id
        where c.scope_id = ${scopeId} and n.counter_key = ${`ticket:${categoryId}`}`,
  );
  return { sold: Number(sold!.n) / seatsPerTicket, held: Number(held!.n) / seatsPerTicket };
}

/** The category's row and the event's counters, to show a refused change changed nothing. */
async function snapshot(categoryId: string) {
  const [category] = await t.database.rows(sql`select * from ticket_categories where id = ${categoryId}`);
  const counters = await t.database.rows(
    sql`select q.* from quota_inventory q join ticket_categories c on c.event_id = q.event_id where c.id = ${categoryId} order by q.scope_id, q.counter_key`,
  );
  return { category, counters };
}

async function publishedWith(name: string, day: number, category = ticketCategory("x", { name })) {
  return createPublishedEvent(owner, { step1: validEventStep1({ name, date: localDateInDays(day) }), categories: [category] });
}

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  const me = await signedInOrganiser(t);
  owner = me.client;
  organiserId = me.organiser.id;
  mainId = await createEventWithDates(owner, [30, 31], "Spring Gala");
  await saveTicketsVia(owner, mainId, [
    ticketCategory("adult", { name: "Adult", priceCents: 2500, dailyQuantity: 10 }),
    ticketCategory("child", { name: "Child", kind: "free", priceCents: 0, dailyQuantity: 5, selectability: "with_other_selected", conditionKey: "adult" }),
    ticketCategory("couple", { name: "Couple", priceCents: 4000, dailyQuantity: 4, seatsPerTicket: 2 }),
  ]);
  await owner.trpc.events.publish.mutate({ id: mainId, publishOption: "now" });
  for (const c of await categoriesOf(t.database.db, mainId)) tc[c.name] = c.id;
  const dates = await datesOf(t.database.db, mainId);
  d1 = dates[0]!;
  d2 = dates[1]!;

  await buy(d1.id, [{ tc: tc.Adult!, n: 3 }]);
  await buy(d1.id, [{ tc: tc.Couple!, n: 1 }]);
  await buy(d2.id, [{ tc: tc.Adult!, n: 2 }]);
  // Pending (its places stay held in its cart), and an order with one of two lines cancelled.
  await buy(d1.id, [{ tc: tc.Adult!, n: 1 }], false);
  const partial = await buy(d1.id, [{ tc: tc.Adult!, n: 2 }]);
  const [line] = await linesOf(t.database, partial);
  await owner.trpc.organiserOrders.cancel.mutate({ orderId: partial, lineIds: [line!.id] });
  // A cart that only holds.
  cartOf(ok(await holdVia(t.client(), { scopeId: d2.id, counts: [{ ticketCategoryId: tc.Adult!, areaId: null, quantity: 1 }, { ticketCategoryId: tc.Child!, areaId: null, quantity: 2 }] })));

  ev.soldOut = await publishedWith("Last Seats", 32, ticketCategory("x", { name: "Last seats", dailyQuantity: 2 }));
  tc.soldOut = (await categoriesOf(t.database.db, ev.soldOut))[0]!.id;
  await buy((await datesOf(t.database.db, ev.soldOut))[0]!.id, [{ tc: tc.soldOut, n: 2 }]);
  ev.later = await publishedWith("Presale", 33, ticketCategory("x", { name: "Early bird", saleStartMode: "at", saleStartAt: daysFromNow(5) }));
  ev.draft = await createEventVia(owner, validEventStep1({ name: "Draft Night", date: localDateInDays(34) }));
  await saveTicketsVia(owner, ev.draft, [ticketCategory("x", { name: "Draft ticket" })]);
  ev.scheduled = await createEventVia(owner, validEventStep1({ name: "Coming Soon", date: localDateInDays(35) }));
  await saveTicketsVia(owner, ev.scheduled, [ticketCategory("x", { name: "Soon ticket" })]);
  await owner.trpc.events.publish.mutate({ id: ev.scheduled, publishOption: "later", publicationDate: daysFromNow(3) });
  ev.cancelled = await publishedWith("Called Off", 36, ticketCategory("x", { name: "Cancelled ticket" }));
  await owner.trpc.events.cancel.mutate({ id: ev.cancelled });
  ev.ended = await publishedWith("Last Year", 37, ticketCategory("x", { name: "Past ticket" }));
  await shiftEventDates(t.database.db, ev.ended, -40);
  for (const key of ["later", "draft", "scheduled", "cancelled", "ended"]) tc[key] = (await categoriesOf(t.database.db, ev[key]!))[0]!.id;
});

afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

describe("the list", () => {
  it("shows sold, held and left per date equal to direct counts, and their sums per category", async () => {
    const want = {
      Adult: { [d1.id]: { sold: 4, held: 1, left: 5 }, [d2.id]: { sold: 2, held: 1, left: 7 } },
      Child: { [d1.id]: { sold: 0, held: 0, left: 5 }, [d2.id]: { sold: 0, held: 2, left: 3 } },
      Couple: { [d1.id]: { sold: 1, held: 0, left: 3 }, [d2.id]: { sold: 0, held: 0, left: 4 } },
    };
    for (const [name, perDate] of Object.entries(want)) {
      const row = await rowOf(tc[name]!);
      const spt = name === "Couple" ? 2 : 1;
      expect(row.dates.map((d) => d.scopeId)).toEqual([d1.id, d2.id]);
      for (const d of row.dates) {
        expect({ sold: d.sold, held: d.held }, `${name} ${d.scopeId}`).toEqual(await direct(row.id, d.scopeId, spt));
        expect({ sold: d.sold, held: d.held, left: d.left }, `${name} ${d.scopeId}`).toEqual(perDate[d.scopeId]);
        expect(d.state).toBe("on_sale");
      }
      const dates = Object.values(perDate);
      expect({ quantity: row.quantity, sold: row.sold, held: row.held, left: row.left }).toEqual({
        quantity: row.dailyQuantity * 2,
        sold: dates.reduce((n, d) => n + d.sold, 0),
        held: dates.reduce((n, d) => n + d.held, 0),
        left: dates.reduce((n, d) => n + d.left, 0),
      });
    }
    const adult = await rowOf(tc.Adult!);
    expect(adult).toMatchObject({ name: "Adult", kind: "chargeable", priceCents: 2500, dailyQuantity: 10, state: "on_sale", visibility: "always", saleEndAt: null });
    expect(adult.event).toMatchObject({ id: mainId, name: "Spring Gala", dateCount: 2, nextStartsAt: d1.startsAt, firstStartsAt: d1.startsAt });
    expect(adult.saleEnd).toEqual(d2.endsAt);
    expect(adult.saleEndLimit).toEqual(d2.endsAt);
    expect((await rowOf(tc.Child!)).conditionCategoryName).toBe("Adult");
  });

  it("derives each state from the event and the sale window, sorted by event start then the tickets step's order", async () => {
    const { rows, total } = await list();
    expect(total).toBe(9);
    expect(rows.map((r) => [r.name, r.state])).toEqual([
      ["Past ticket", "ended"],
      ["Adult", "on_sale"],
      ["Child", "on_sale"],
      ["Couple", "on_sale"],
      ["Last seats", "sold_out"],
      ["Early bird", "scheduled"],
      ["Draft ticket", "draft"],
      ["Soon ticket", "scheduled"],
      ["Cancelled ticket", "cancelled"],
    ]);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get("Last seats")).toMatchObject({ sold: 2, held: 0, left: 0 });
    expect(byName.get("Past ticket")).toMatchObject({ left: 0, event: { nextStartsAt: null } });
    expect(byName.get("Cancelled ticket")!.left).toBe(0);
    // Quick changes are offered except where the server refuses them.
    expect(rows.map((r) => r.closed)).toEqual(["over", null, null, null, null, null, null, null, "cancelled"]);
    expect(byName.get("Early bird")!.saleStart!.getTime()).toBeGreaterThan(Date.now() + 4 * 86_400_000);
  });

  it("filters by event and by state, pages with the total", async () => {
    const gala = await list({ eventId: mainId });
    expect(gala.rows.map((r) => r.name)).toEqual(["Adult", "Child", "Couple"]);
    expect(gala.events.map((e) => e.name)).toContain("Draft Night");
    expect((await list({ state: "scheduled" })).rows.map((r) => r.name)).toEqual(["Early bird", "Soon ticket"]);
    expect((await list({ state: "on_sale", eventId: ev.soldOut })).total).toBe(0);
    const page2 = await list({ page: 2, pageSize: 4 });
    expect({ total: page2.total, names: page2.rows.map((r) => r.name) }).toEqual({ total: 9, names: ["Last seats", "Early bird", "Draft ticket", "Soon ticket"] });
    expect((await failure(list({ pageSize: 101 }))).appCode).toBe("VALIDATION");
    expect((await failure(list({ state: malformed("open") }))).appCode).toBe("VALIDATION");
  });

  it("shows a season's tickets as one scope over its events' dates", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const { rows } = await list({}, season.organiser);
    const seasonRow = rows.find((r) => r.id === season.seasonA)!;
    expect(seasonRow).toMatchObject({ state: "on_sale", quantity: 100, sold: 0, held: 0, left: 100, event: { type: "SEASONAL", dateCount: 2 } });
    expect(seasonRow.dates).toHaveLength(1);
    expect(seasonRow.dates[0]).toMatchObject({ scopeId: season.seasonId, kind: "season" });
    expect(rows.find((r) => r.event.id === season.childId)!.dates).toHaveLength(2);
    expect(rows.some((r) => r.event.id === mainId)).toBe(false);
  });
});

describe("quick changes", () => {
  it("changes the price for future sales only; sold lines keep theirs and the shop shows the new one at once", async () => {
    const buyer = t.client();
    expect((await buyer.trpc.shop.scope.query({ scopeId: d2.id })).categories.find((c) => c.id === tc.Adult)!.priceCents).toBe(2500);
    expect(await update({ ticketCategoryId: tc.Adult!, priceCents: 3000 })).toEqual({ changed: ["priceCents"] });
    expect((await buyer.trpc.shop.scope.query({ scopeId: d2.id })).categories.find((c) => c.id === tc.Adult)!.priceCents).toBe(3000);
    const before = await t.database.rows<{ price_cents: number }>(sql`select price_cents from order_lines where ticket_category_id = ${tc.Adult}`);
    expect(before.map((l) => Number(l.price_cents))).toEqual(Array(before.length).fill(2500));
    const orderId = await buy(d2.id, [{ tc: tc.Adult!, n: 1 }]);
    expect((await linesOf(t.database, orderId)).map((l) => l.price_cents)).toEqual([3000]);
    expect((await rowOf(tc.Adult!)).dates.find((d) => d.scopeId === d2.id)).toMatchObject({ sold: 3, held: 1, left: 6 });
  });

  it("lowers a quantity down to what a date sold and holds, and the counters follow", async () => {
    // Date 1 has sold 4 and holds 1 adult ticket: 5 is the least.
    expect(await update({ ticketCategoryId: tc.Adult!, dailyQuantity: 5 })).toEqual({ changed: ["dailyQuantity"] });
    const row = await rowOf(tc.Adult!);
    expect(row.dates.map((d) => [d.quantity, d.sold, d.held, d.left])).toEqual([
      [5, 4, 1, 0],
      [5, 3, 1, 1],
    ]);
    const caps = await t.database.rows<{ capacity: number }>(sql`select capacity from quota_inventory where counter_key = ${`ticket:${tc.Adult}`} order by scope_id`);
    expect(caps.map((c) => Number(c.capacity))).toEqual([5, 5]);
    // A couple ticket takes two places: one ticket sold on date 1 still fits a quantity of 1.
    expect(await update({ ticketCategoryId: tc.Couple!, dailyQuantity: 1 })).toEqual({ changed: ["dailyQuantity"] });
    expect((await rowOf(tc.Couple!)).dates.map((d) => d.left)).toEqual([0, 1]);
  });

  it("refuses a quantity below what a date sold or holds, and changes nothing", async () => {
    const before = await snapshot(tc.Adult!);
    const refused = await failure(update({ ticketCategoryId: tc.Adult!, dailyQuantity: 4, priceCents: 3500 }));
    expect(refused).toMatchObject({ appCode: "TICKET_QUANTITY_BELOW_SOLD", fieldErrors: { dailyQuantity: ["TICKET_QUANTITY_BELOW_SOLD"] } });
    expect(await snapshot(tc.Adult!)).toEqual(before);
  });

  it("sets the sale end within the event, back to 'until the event ends', and refuses one before the start or after the end", async () => {
    expect(await update({ ticketCategoryId: tc.Adult!, saleEndAt: d2.startsAt })).toEqual({ changed: ["saleEndAt"] });
    expect(await rowOf(tc.Adult!)).toMatchObject({ saleEndMode: "at", saleEndAt: d2.startsAt, saleEnd: d2.startsAt });
    expect(await update({ ticketCategoryId: tc.Adult!, saleEndAt: d2.endsAt })).toEqual({ changed: ["saleEndAt"] });
    expect(await update({ ticketCategoryId: tc.Adult!, saleEndAt: null })).toEqual({ changed: ["saleEndAt"] });
    expect(await rowOf(tc.Adult!)).toMatchObject({ saleEndMode: "event_end", saleEndAt: null });
    const [event] = await t.database.rows<{ published_at: Date }>(sql`select published_at from events where id = ${mainId}`);
    const before = await snapshot(tc.Adult!);
    for (const saleEndAt of [new Date(new Date(event!.published_at).getTime() - 60_000), new Date(d2.endsAt.getTime() + 60_000)]) {
      expect(await failure(update({ ticketCategoryId: tc.Adult!, saleEndAt }))).toMatchObject({ appCode: "TICKET_SALE_END_INVALID", fieldErrors: { saleEndAt: ["TICKET_SALE_END_INVALID"] } });
    }
    // After the release but before the category's own sale start.
    const early = await snapshot(tc.later!);
    expect((await failure(update({ ticketCategoryId: tc.later!, saleEndAt: daysFromNow(4) }))).appCode).toBe("TICKET_SALE_END_INVALID");
    expect(await snapshot(tc.later!)).toEqual(early);
    expect(await snapshot(tc.Adult!)).toEqual(before);
  });

  it("changes the visibility when the ticket has its other ticket, refuses it otherwise", async () => {
    expect(await update({ ticketCategoryId: tc.Child!, visibility: "with_other_selected" })).toEqual({ changed: ["visibility"] });
    expect((await t.client().trpc.shop.scope.query({ scopeId: d1.id })).categories.find((c) => c.id === tc.Child)!.visibility).toBe("with_other_selected");
    expect(await update({ ticketCategoryId: tc.Child!, visibility: "always" })).toEqual({ changed: ["visibility"] });
    const before = await snapshot(tc.Adult!);
    expect(await failure(update({ ticketCategoryId: tc.Adult!, visibility: "with_other_selected" }))).toMatchObject({ appCode: "VALIDATION", fieldErrors: { visibility: ["VALIDATION"] } });
    expect(await snapshot(tc.Adult!)).toEqual(before);
    // Nothing different from what is stored: nothing changes.
    expect(await update({ ticketCategoryId: tc.Adult!, visibility: "always", dailyQuantity: 5 })).toEqual({ changed: [] });
  });

  it("refuses bad input, a price for a free ticket, cancelled and ended events, and a quantity the contingent does not cover", async () => {
    const before = await snapshot(tc.Adult!);
    const bad: unknown[] = [
      { ticketCategoryId: tc.Adult, priceCents: -5 },
      { ticketCategoryId: tc.Adult, priceCents: 0 },
      { ticketCategoryId: tc.Adult, priceCents: 12.5 },
      { ticketCategoryId: tc.Adult, dailyQuantity: 0 },
      { ticketCategoryId: tc.Adult, saleEndAt: "not a date" },
      { ticketCategoryId: tc.Adult, visibility: "sometimes" },
      { ticketCategoryId: tc.Adult, name: "Renamed" },
      { ticketCategoryId: tc.Adult },
      { ticketCategoryId: "nope", priceCents: 100 },
    ];
    for (const input of bad) expect((await failure(update(malformed(input)))).appCode, JSON.stringify(input)).toBe("VALIDATION");
    expect(await failure(update({ ticketCategoryId: tc.Child!, priceCents: 500 }))).toMatchObject({ appCode: "VALIDATION", fieldErrors: { priceCents: ["VALIDATION"] } });
    expect((await failure(update({ ticketCategoryId: tc.cancelled!, priceCents: 500 }))).appCode).toBe("EVENT_CANCELLED");
    expect((await failure(update({ ticketCategoryId: tc.ended!, priceCents: 500 }))).appCode).toBe("EVENT_NOT_ON_SALE");
    expect((await failure(update({ ticketCategoryId: tc.Adult!, dailyQuantity: 1_000_000 }))).appCode).toBe("INSUFFICIENT_CONTINGENT");
    expect(await snapshot(tc.Adult!)).toEqual(before);
    expect((await rowOf(tc.cancelled!)).priceCents).toBe(1500);
  });
});

describe("rights and organisers", () => {
  it("lets createTickets list but not change, updateTickets change, and refuses a member without either", async () => {
    const { client: creator } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), createTickets: true });
    expect((await list({}, creator)).total).toBe(9);
    expect((await failure(update({ ticketCategoryId: tc.Adult!, priceCents: 2900 }, creator))).appCode).toBe("FORBIDDEN");
    const { client: updater } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), updateTickets: true });
    expect(await update({ ticketCategoryId: tc.Adult!, priceCents: 2900 }, updater)).toEqual({ changed: ["priceCents"] });
    expect((await rowOf(tc.Adult!)).priceCents).toBe(2900);
    const { client: clerk } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true, createEvent: true, updateEvent: true });
    expect((await failure(list({}, clerk))).appCode).toBe("FORBIDDEN");
    expect((await failure(update({ ticketCategoryId: tc.Adult!, priceCents: 2800 }, clerk))).appCode).toBe("FORBIDDEN");
  });

  it("shows another organiser nothing of these tickets and lets it change none", async () => {
    const other = await signedInOrganiser(t);
    const theirs = await list({}, other.client);
    expect({ total: theirs.total, events: theirs.events }).toEqual({ total: 0, events: [] });
    expect((await list({ eventId: mainId }, other.client)).total).toBe(0);
    const before = await snapshot(tc.Adult!);
    expect((await failure(update({ ticketCategoryId: tc.Adult!, priceCents: 100, dailyQuantity: 9 }, other.client))).appCode).toBe("NOT_FOUND");
    expect(await snapshot(tc.Adult!)).toEqual(before);
  });
});
