/**
 * The dashboard home's figures (issue 22 item 1, decision 023), on PGlite and Postgres: gross
 * sales, revenue, tickets sold, orders and sales by ticket type for today, 7 and 30 days and all
 * time each equal a direct sum over the orders this test made (an online order paid with the
 * test provider, a partly cancelled one with its refund, a voucher's discount, a box office sale,
 * a reseller sale; a pending and a failed order count nowhere; orders paid 2 and 8 days ago fall
 * into the periods by their paid time). viewMainDashboard allows, a team member without it is
 * refused, another organiser sees none of it.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processRefunds } from "../../server/modules/orders/jobs";
import { emptyPermissionSet } from "../../shared/permissions";
import { SERVICE_FEE_CENTS_PER_TICKET } from "../../shared/rules/pricing";
import { ok, signedInTeamMember } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { buySeats, createOrdersApp, decideVia, linesOf, type OrdersApp, paymentIdOf, placeSeatOrder } from "./helpers/orders";
import { allocateVia, countedTickets, createReseller, organiserIdOf, saleInput as resellerSale, sellVia } from "./helpers/resellers";
import { cartOf, createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt, failure } from "./helpers/trpc";
import { insertVoucher } from "./helpers/vouchers";

type Period = "today" | "7d" | "30d" | "all";
const PERIODS: Period[] = ["today", "7d", "30d", "all"];
const TZ = "Europe/Berlin";

let t: OrdersApp;
let shop: ShopEvent;
let other: ShopEvent;
let dateId: string;
let organiserId: string;
let seatsA: string[];
let seatsB: string[];
/** Every order of `shop`'s organiser this test made, and what each is. */
const made: Record<string, string> = {};

/** Milliseconds Berlin is ahead of UTC at `instant`. */
function offsetAt(instant: number): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: TZ, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(instant))
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(instant / 1000) * 1000;
}

/** Where a period starts: Berlin's midnight `days - 1` calendar days before today (null: all). */
function periodStart(period: Period): Date | null {
  if (period === "all") return null;
  const days = { today: 1, "7d": 7, "30d": 30 }[period];
  const [y, m, d] = new Intl.DateTimeFormat("sv-SE", { timeZone: TZ }).format(new Date()).split("-").map(Number);
  const midnightUtc = Date.UTC(y!, m! - 1, d! - (days - 1));
  return new Date(midnightUtc - offsetAt(midnightUtc - offsetAt(midnightUtc)));
}

type Fact = {
  id: string;
  status: string;
  channel: string;
  total_cents: number;
  paid_at: Date | null;
  created_at: Date;
  amounts: { boxOfficeFeeCents?: number; feesCents: number };
};

/** The figures of `period` summed in the test, order by order, from the rows of the orders it made. */
async function directSums(ids: string[], period: Period) {
  const start = periodStart(period)?.getTime() ?? -Infinity;
  const facts = await t.database.rows<Fact>(
    sql`select id::text, status::text, channel::text, total_cents, paid_at, created_at, amounts from orders where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  let paid = 0;
  let refunded = 0;
  let orders = 0;
  let tickets = 0;
  let revenue = 0;
  let serviceFees = 0;
  const byType = new Map<string, { tickets: number; cents: number }>();
  for (const o of facts) {
    const counted = o.status === "valid" || (o.status === "cancelled" && o.paid_at !== null);
    if (!counted) continue;
    const refunds = await t.database.rows<{ amount_cents: number; done_at: Date | null; status: string }>(
      sql`select amount_cents, done_at, status::text from refunds where order_id = ${o.id}`,
    );
    for (const r of refunds) if (r.status === "done" && new Date(r.done_at!).getTime() >= start) refunded += Number(r.amount_cents);
    if (new Date(o.paid_at ?? o.created_at).getTime() < start) continue;
    orders++;
    paid += Number(o.total_cents);
    for (const l of await linesOf(t.database, o.id)) {
      if (l.status === "canceled") continue;
      tickets++;
      revenue += l.total_cents + (l.total_cents > 0 ? (o.amounts.boxOfficeFeeCents ?? 0) : 0);
      if (o.channel === "online" && l.total_cents > 0) serviceFees += SERVICE_FEE_CENTS_PER_TICKET;
      const type = byType.get(l.category_name) ?? { tickets: 0, cents: 0 };
      byType.set(l.category_name, { tickets: type.tickets + 1, cents: type.cents + l.total_cents });
    }
  }
  return { grossCents: paid - refunded, paidCents: paid, refundedCents: refunded, revenueCents: revenue, tickets, orders, byType, serviceFees };
}

const home = (period: Period, client = shop.organiser) => client.trpc.dashboard.home.query({ period });

async function setPaidAt(orderId: string, daysAgo: number) {
  await t.database.rows(
    sql`update orders set paid_at = now() - make_interval(days => ${daysAgo}), created_at = now() - make_interval(days => ${daysAgo}) - interval '5 minutes' where id = ${orderId} returning id`,
  );
}

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  shop = await createShopEvent(t);
  other = await createShopEvent(t);
  dateId = shop.dateIds[0]!;
  organiserId = await organiserIdOf(t, shop.eventId);
  const keys = async (category: string) =>
    (
      await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${dateId} and category_id = ${category} order by seat_key`)
    ).map((r) => r.k);
  seatsA = await keys("a");
  seatsB = await keys("b");
  const tcA = shop.category("a").id;
  const tcB = shop.category("b").id;
  const tcC = shop.category("c").id;

  // Online, paid with the test provider.
  made.online = (await buySeats(t, dateId, tcA, seatsA.slice(0, 2))).orderId;
  // Online, 3 tickets, one cancelled by the organiser; its refund carried out by the job.
  made.partial = (await buySeats(t, dateId, tcA, seatsA.slice(2, 5))).orderId;
  const [line] = await linesOf(t.database, made.partial);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: made.partial, lineIds: [line!.id] })));
  await processRefunds(t.deps);
  // A voucher: 10 % off the a tickets.
  await insertVoucher(t.database, shop.eventId, { code: "DASH10", ticketCategoryIds: [tcA] });
  made.voucher = (await buySeats(t, dateId, tcA, seatsA.slice(5, 7), { voucherCode: "DASH10" })).orderId;
  // A box office cash sale of two b seats with a 1.50 fee each.
  ok(await attempt(shop.organiser.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "a4" })));
  const shiftId = ok(await attempt(shop.organiser.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 }))).id;
  const counter = seatsB.slice(0, 2);
  const cart = cartOf(
    ok(await attempt(shop.organiser.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: counter.map((key) => ({ key, ticketCategoryId: tcB })), counts: [] }))),
  );
  made.boxOffice = ok(
    await attempt(
      shop.organiser.trpc.boxOffice.sell.mutate({
        cart,
        idempotencyKey: `sale-${randomUUID()}`,
        shiftId,
        tickets: counter.map((k) => ({ ticketCategoryId: tcB, seatKeys: [k] })),
        paymentMethod: "cash",
        locale: "en",
      }),
    ),
  ).orderId;
  // A reseller sells 2 standing places at its own price.
  const kiosk = await createReseller(t, organiserId, shop.eventId, { [tcC]: 1250 }, "Kiosk Dash");
  const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, counts: [{ ticketCategoryId: tcC, areaId: "S", quantity: 4 }] }));
  made.reseller = ok(await sellVia(kiosk.client, resellerSale(allocationId, countedTickets(tcC, "S", 2)))).orderId;
  // A pending order (never paid) and a failed one.
  made.pending = (await placeSeatOrder(t, dateId, tcB, [seatsB[2]!])).orderId;
  const failing = await placeSeatOrder(t, dateId, tcB, [seatsB[3]!]);
  ok(await decideVia(failing.client, paymentIdOf(failing.result), "failed"));
  made.failed = failing.orderId;
  // Paid 2 and 8 days ago.
  made.twoDays = (await buySeats(t, dateId, tcB, [seatsB[4]!])).orderId;
  await setPaidAt(made.twoDays, 2);
  made.eightDays = (await buySeats(t, dateId, tcB, [seatsB[5]!])).orderId;
  await setPaidAt(made.eightDays, 8);
  // Another organiser's order.
  await buySeats(t, other.dateIds[0]!, other.category("a").id, ["A:0:0"]);
});

afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

describe("the figures", () => {
  it("made what the test meant: a partial cancellation with its refund done, a discount, statuses", async () => {
    const states = await t.database.rows<{ id: string; status: string; discount: number }>(
      sql`select id::text, status::text, coalesce((amounts->>'discountCents')::int, 0) as discount from orders where organiser_id = ${organiserId}`,
    );
    const by = new Map(states.map((s) => [s.id, s]));
    expect(by.get(made.pending!)?.status).toBe("pending");
    expect(by.get(made.failed!)?.status).toBe("failed");
    expect(Number(by.get(made.voucher!)?.discount)).toBeGreaterThan(0);
    const [refund] = await t.database.rows<{ status: string }>(sql`select status::text from refunds where order_id = ${made.partial}`);
    expect(refund?.status).toBe("done");
  });

  it.each(PERIODS)("%s: each figure equals the direct sum over the test's orders, to the cent", async (period) => {
    const got = await home(period);
    const want = await directSums(Object.values(made), period);
    const f = got.figures;
    expect(f.from?.toISOString() ?? null).toBe(periodStart(period)?.toISOString() ?? null);
    expect({ gross: f.grossCents, paid: f.paidCents, refunded: f.refundedCents, revenue: f.revenueCents, tickets: f.tickets, orders: f.orders }).toEqual({
      gross: want.grossCents,
      paid: want.paidCents,
      refunded: want.refundedCents,
      revenue: want.revenueCents,
      tickets: want.tickets,
      orders: want.orders,
    });
    expect(Object.fromEntries(f.byType.map((x) => [x.name, { tickets: x.tickets, cents: x.cents }]))).toEqual(Object.fromEntries(want.byType));
    // Revenue is the sales by type plus the box office fees of those tickets.
    expect(f.revenueCents).toBe(f.byType.reduce((a, x) => a + x.cents, 0) + f.boxOfficeFeesCents);
    // With every refund done, gross sales less revenue are the service fees of the tickets still valid.
    expect(f.grossCents - f.revenueCents).toBe(want.serviceFees);
  });

  it("puts orders into periods by their paid time, pending and failed nowhere", async () => {
    const counts = Object.fromEntries(await Promise.all(PERIODS.map(async (p) => [p, (await home(p)).figures.orders] as const)));
    // Today: online, partial, voucher, box office, reseller; 7 days: + 2 days ago; 30 days and all: + 8 days ago.
    expect(counts).toEqual({ today: 5, "7d": 6, "30d": 7, all: 7 });
    const all = await home("all");
    // The 8-day-old order's ticket is in 30 days, not in 7.
    expect((await home("30d")).figures.tickets - (await home("7d")).figures.tickets).toBe(1);
    expect(all.figures.byType.map((x) => x.name).sort()).toEqual(["Ticket a", "Ticket b", "Ticket c"]);
  });

  it("keeps the closed days' figures and reads them again once an order of those days changes", async () => {
    for (const p of PERIODS) await home(p);
    const kept = await t.database.rows<{ period: string }>(sql`select period from dashboard_figure_cache where organiser_id = ${organiserId} order by period`);
    expect(kept.map((k) => k.period)).toEqual(["30d", "7d", "all"]);
    // A ticket of the order paid 8 days ago is cancelled (and refunded) today: 30 days and all change.
    const before = { "30d": (await home("30d")).figures, all: (await home("all")).figures };
    const [line] = await linesOf(t.database, made.eightDays!);
    ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: made.eightDays!, lineIds: [line!.id] })));
    await processRefunds(t.deps);
    for (const p of ["30d", "all"] as const) {
      const got = (await home(p)).figures;
      const want = await directSums(Object.values(made), p);
      expect({ tickets: got.tickets, revenue: got.revenueCents, gross: got.grossCents }).toEqual({ tickets: want.tickets, revenue: want.revenueCents, gross: want.grossCents });
      expect(got.tickets).toBe(before[p].tickets - 1);
    }
    // 7 days never held that order: unchanged.
    expect((await home("7d")).figures.tickets).toBe((await directSums(Object.values(made), "7d")).tickets);
  });

  it("lists the last five counted orders, the next event and the month's dates", async () => {
    const { recent, next } = await home("all");
    expect(recent).toHaveLength(5);
    const mine = new Set(Object.values(made));
    for (const r of recent) expect(mine.has(r.id)).toBe(true);
    expect(recent.map((r) => r.id)).not.toContain(made.pending);
    expect(recent.map((r) => r.id)).not.toContain(made.failed);
    expect(recent[0]!.at.getTime()).toBeGreaterThanOrEqual(recent[4]!.at.getTime());
    expect(next).toMatchObject({ dateId, eventId: shop.eventId });
    const [sold] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from order_lines l join orders o on o.id = l.order_id where l.scope_id = ${dateId} and l.status <> 'canceled' and o.status = 'valid'`,
    );
    expect(next!.sold).toBe(Number(sold!.n));
    expect(next!.left).toBeGreaterThan(0);
    const month = new Intl.DateTimeFormat("sv-SE", { timeZone: TZ }).format(next!.startsAt).slice(0, 7);
    const dates = await shop.organiser.trpc.dashboard.calendar.query({ month });
    expect(dates.map((d) => d.dateId)).toContain(dateId);
    expect(dates.every((d) => d.eventId !== other.eventId)).toBe(true);
  });
});

describe("rights and organisers", () => {
  it("allows a team member with viewMainDashboard, refuses one without it", async () => {
    const { client: viewer } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewMainDashboard: true });
    expect((await home("all", viewer)).figures).toEqual((await home("all")).figures);
    const { client: clerk } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true, showBoxoffice: true });
    expect((await failure(home("all", clerk))).appCode).toBe("FORBIDDEN");
    expect((await failure(clerk.trpc.dashboard.calendar.query({ month: "2026-01" }))).appCode).toBe("FORBIDDEN");
  });

  it("shows another organiser only its own orders", async () => {
    const theirs = await home("all", other.organiser);
    expect(theirs.figures).toMatchObject({ orders: 1, tickets: 1 });
    const mine = new Set(Object.values(made));
    expect(theirs.recent.some((r) => mine.has(r.id))).toBe(false);
    expect(theirs.next?.eventId).toBe(other.eventId);
  });

  it("refuses a malformed period or month", async () => {
    expect((await failure(shop.organiser.trpc.dashboard.home.query({ period: "year" as Period }))).appCode).toBe("VALIDATION");
    expect((await failure(shop.organiser.trpc.dashboard.calendar.query({ month: "2026-13" }))).appCode).toBe("VALIDATION");
  });
});
