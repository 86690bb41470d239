/**
 * The platform figures (issue 23 item 3): organisers (registered, new in the period), events on
 * sale now, tickets sold, gross volume and platform fees per period, with a series per day (7d,
 * 30d) or month (365d, all). Every figure is checked against a direct sum over the orders the test
 * makes (an online order, one cancelled after it was paid with its refund done, one partly
 * cancelled with its refund done, a box office sale with a box office fee and no service fee,
 * online orders paid 10 and 40 days ago, an unpaid order), counted from the figures as they were
 * before; the series adds up to the totals; only admins read them.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformFigures, type PlatformPeriod } from "../../server/modules/admin/figures/figures";
import { processRefunds } from "../../server/modules/orders/jobs";
import { SERVICE_FEE_CENTS_PER_TICKET } from "../../shared/rules/pricing";
import { ok, shiftEventDates, signIn } from "./helpers/events";
import { createOrganiser, createUser } from "./helpers/factories";
import { buySeats, createOrdersApp, linesOf, type OrdersApp, placeSeatOrder } from "./helpers/orders";
import { berlinDay } from "./helpers/report-scene";
import { organiserIdOf } from "./helpers/resellers";
import { cartOf, createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt, failure } from "./helpers/trpc";

type Figures = Awaited<ReturnType<typeof platformFigures>>;
const PERIODS: PlatformPeriod[] = ["7d", "30d", "365d", "all"];

let t: OrdersApp;
let shop: ShopEvent;
let organiserId: string;
let admin: Awaited<ReturnType<typeof signIn>>;
const before = {} as Record<PlatformPeriod, Figures>;
const made: Record<string, string> = {};

const figures = async (period: PlatformPeriod) => ok(await attempt(admin.trpc.admin.figures.platform.query({ period })));

async function setPaidAt(orderId: string, daysAgo: number) {
  await t.database.rows(sql`update orders set paid_at = now() - make_interval(days => ${daysAgo}) where id = ${orderId} returning id`);
}

/** The orders this test made, read as rows: what each figure must add up to. */
async function facts() {
  const orders = await t.database.rows<{ id: string; status: string; provider: string | null; paid_at: Date | string | null; total_cents: number; amounts: { feesCents?: number } | string }>(
    sql`select id::text, status::text, provider, paid_at, total_cents, amounts from orders where organiser_id = ${organiserId}`,
  );
  const lines = await t.database.rows<{ order_id: string; status: string }>(
    sql`select l.order_id::text, l.status::text from order_lines l join orders o on o.id = l.order_id where o.organiser_id = ${organiserId}`,
  );
  const refunds = await t.database.rows<{ order_id: string; status: string; amount_cents: number; fee_cents: number; done_at: Date | string | null }>(
    sql`select r.order_id::text, r.status::text, r.amount_cents, r.fee_cents, r.done_at from refunds r join orders o on o.id = r.order_id where o.organiser_id = ${organiserId}`,
  );
  return { orders, lines, refunds };
}

/** The figures' money and tickets, summed straight from the rows, for orders paid (refunds done) since `from`. */
function directSums(f: Awaited<ReturnType<typeof facts>>, from: Date | null) {
  const inPeriod = (at: Date | string | null) => at !== null && (from === null || new Date(at) >= from);
  const counted = f.orders.filter((o) => (o.status === "valid" || o.status === "cancelled") && inPeriod(o.paid_at));
  const online = (id: string) => {
    const p = f.orders.find((o) => o.id === id)!.provider;
    return p !== null && p !== "box_office" && p !== "reseller";
  };
  const feesOf = (o: (typeof f.orders)[number]) => (typeof o.amounts === "string" ? JSON.parse(o.amounts) : o.amounts).feesCents ?? 0;
  const done = f.refunds.filter((r) => r.status === "done" && inPeriod(r.done_at));
  const paid = counted.reduce((a, o) => a + o.total_cents, 0);
  const refunded = done.reduce((a, r) => a + r.amount_cents, 0);
  return {
    tickets: f.lines.filter((l) => l.status !== "canceled" && counted.some((o) => o.id === l.order_id)).length,
    grossCents: paid - refunded,
    refundedCents: refunded,
    feesCents: counted.filter((o) => online(o.id)).reduce((a, o) => a + feesOf(o), 0) - done.filter((r) => online(r.order_id)).reduce((a, r) => a + r.fee_cents, 0),
  };
}

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  admin = await signIn(t, (await createUser(t.database.db, { role: "admin" })).id);
  for (const p of PERIODS) before[p] = await figures(p);

  shop = await createShopEvent(t);
  organiserId = await organiserIdOf(t, shop.eventId);
  const dateId = shop.dateIds[0]!;
  const seats = (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${dateId} and category_id = 'a' order by seat_key`)).map((r) => r.k);
  const seatsB = (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${dateId} and category_id = 'b' order by seat_key`)).map((r) => r.k);
  const tcA = shop.category("a").id;
  const tcB = shop.category("b").id;

  made.online = (await buySeats(t, dateId, tcA, seats.slice(0, 2))).orderId;
  // Paid, then cancelled whole (the order is cancelled, it still counts): its refund is done by the job.
  made.cancelled = (await buySeats(t, dateId, tcA, seats.slice(2, 3))).orderId;
  const [only] = await linesOf(t.database, made.cancelled);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: made.cancelled, lineIds: [only!.id] })));
  // Three tickets, one cancelled: a refund of one ticket and its fee.
  made.partial = (await buySeats(t, dateId, tcA, seats.slice(3, 6))).orderId;
  const [first] = await linesOf(t.database, made.partial);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: made.partial, lineIds: [first!.id] })));
  await processRefunds(t.deps);

  // A box office sale of two with a box office fee (the organiser's): no service fee.
  ok(await attempt(shop.organiser.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "a4" })));
  const shiftId = ok(await attempt(shop.organiser.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 }))).id;
  const cart = cartOf(
    ok(await attempt(shop.organiser.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: seatsB.slice(0, 2).map((key) => ({ key, ticketCategoryId: tcB })), counts: [] }))),
  );
  made.boxOffice = ok(
    await attempt(
      shop.organiser.trpc.boxOffice.sell.mutate({
        cart,
        idempotencyKey: `sale-${randomUUID()}`,
        shiftId,
        tickets: seatsB.slice(0, 2).map((k) => ({ ticketCategoryId: tcB, seatKeys: [k] })),
        paymentMethod: "cash",
        locale: "en",
      }),
    ),
  ).orderId;

  made.tenDays = (await buySeats(t, dateId, tcA, seats.slice(6, 7))).orderId;
  await setPaidAt(made.tenDays, 10);
  made.fortyDays = (await buySeats(t, dateId, tcA, seats.slice(7, 8))).orderId;
  await setPaidAt(made.fortyDays, 40);
  made.unpaid = (await placeSeatOrder(t, dateId, tcB, seatsB.slice(2, 3))).orderId;

  // Not on sale: a draft, and a published event whose dates are all past. An organiser registered 100 days ago.
  await createShopEvent(t, { publish: false });
  const past = await createShopEvent(t);
  await shiftEventDates(t.database.db, past.eventId, -400);
  const old = await createOrganiser(t.database.db);
  await t.database.rows(sql`update organisers set created_at = now() - interval '100 days' where id = ${old.id} returning id`);
});

afterAll(async () => {
  await t.close();
});

describe("platform figures", () => {
  it("the orders made are what the test means: a cancelled-after-paid order, done refunds, a box office order without service fee", async () => {
    const f = await facts();
    const byId = (id: string) => f.orders.find((o) => o.id === id)!;
    expect(byId(made.cancelled!).status).toBe("cancelled");
    expect(byId(made.cancelled!).paid_at).not.toBeNull();
    expect(f.refunds.filter((r) => r.status === "done").map((r) => r.order_id).sort()).toEqual([made.cancelled!, made.partial!].sort());
    expect(f.refunds.every((r) => r.fee_cents === SERVICE_FEE_CENTS_PER_TICKET)).toBe(true);
    expect(byId(made.boxOffice!).provider).toBe("box_office");
    expect(byId(made.boxOffice!).total_cents).toBeGreaterThan(0);
    expect(byId(made.unpaid!).paid_at).toBeNull();
  });

  it("every figure of every period equals the direct sum over the orders made", async () => {
    const f = await facts();
    for (const period of PERIODS) {
      const now = await figures(period);
      const from = now.from === null ? null : new Date(now.from);
      const sums = directSums(f, from);
      const delta = {
        tickets: now.tickets - before[period].tickets,
        grossCents: now.grossCents - before[period].grossCents,
        refundedCents: now.refundedCents - before[period].refundedCents,
        feesCents: now.feesCents - before[period].feesCents,
      };
      expect(delta, period).toEqual(sums);
      // Independently of the rows: the net service fees are one fee per online ticket still valid.
      const onlineTickets = { "7d": 2 + 0 + 2, "30d": 2 + 0 + 2 + 1, "365d": 2 + 0 + 2 + 1 + 1, all: 2 + 0 + 2 + 1 + 1 }[period];
      expect(delta.feesCents, period).toBe(onlineTickets * SERVICE_FEE_CENTS_PER_TICKET);
      expect(delta.tickets, period).toBe(onlineTickets + 2);
      expect(delta.refundedCents, period).toBeGreaterThan(0);
    }
  });

  it("counts organisers registered and new in the period, and the events on sale now", async () => {
    const d7 = await figures("7d");
    const d365 = await figures("365d");
    const all = await figures("all");
    // Three shop organisers and one registered 100 days ago.
    expect(all.organisers - before.all.organisers).toBe(4);
    expect(d7.organisers).toBe(all.organisers);
    expect(d7.newOrganisers - before["7d"].newOrganisers).toBe(3);
    expect(d365.newOrganisers - before["365d"].newOrganisers).toBe(4);
    expect(all.newOrganisers).toBe(all.organisers);
    // The shop's event only: the draft and the past one are not on sale.
    expect(all.eventsOnSale - before.all.eventsOnSale).toBe(1);
    expect(d7.eventsOnSale).toBe(all.eventsOnSale);
    const [{ n }] = (await t.database.rows<{ n: number }>(sql`select count(*)::int as n from organisers`)) as [{ n: number }];
    expect(all.organisers).toBe(Number(n));
  });

  it("the series covers the period by day or month and adds up to the totals", async () => {
    for (const period of PERIODS) {
      const f = await figures(period);
      const total = (k: "tickets" | "grossCents" | "feesCents") => f.series.reduce((a, s) => a + s[k], 0);
      expect({ tickets: total("tickets"), grossCents: total("grossCents"), feesCents: total("feesCents") }, period).toEqual({
        tickets: f.tickets,
        grossCents: f.grossCents,
        feesCents: f.feesCents,
      });
      expect(f.granularity).toBe(period === "7d" || period === "30d" ? "day" : "month");
      const keys = f.series.map((s) => s.bucket);
      expect([...keys].sort()).toEqual(keys);
      expect(new Set(keys).size).toBe(keys.length);
      if (period === "7d") expect(keys).toHaveLength(7);
      if (period === "30d") expect(keys).toHaveLength(30);
      if (period === "365d") expect(keys.length).toBeGreaterThanOrEqual(12);
      expect(keys.at(-1)).toBe(f.granularity === "day" ? berlinDay(0) : berlinDay(0).slice(0, 7));
    }
    // The order paid ten days ago sits on its own day in the 30 days' series.
    const d30 = await figures("30d");
    const tenDaysAgo = d30.series.find((s) => s.bucket === berlinDay(10))!;
    expect(tenDaysAgo.tickets).toBe(1);
    expect(tenDaysAgo.feesCents).toBe(SERVICE_FEE_CENTS_PER_TICKET);
  });

  it("reads the same through the service and refuses a period it does not know", async () => {
    expect(await platformFigures(t.database.db, "30d")).toEqual(await figures("30d"));
    expect((await failure(admin.trpc.admin.figures.platform.query({ period: "90d" as PlatformPeriod }))).appCode).toBe("VALIDATION");
  });

  it("refuses every other role", async () => {
    const others = [
      shop.organiser,
      await signIn(t, (await createUser(t.database.db, { role: "team_member", organiserId })).id),
      await signIn(t, (await createUser(t.database.db, { role: "reseller", organiserId })).id),
      t.client(),
    ];
    for (const c of others) {
      expect(["FORBIDDEN", "UNAUTHENTICATED"]).toContain((await failure(c.trpc.admin.figures.platform.query({ period: "7d" }))).appCode);
    }
    expect((await failure(shop.organiser.trpc.admin.figures.platform.query({ period: "7d" }))).appCode).toBe("FORBIDDEN");
  });
});
