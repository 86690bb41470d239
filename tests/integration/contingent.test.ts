import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contingentEntries, organisers } from "../../server/db/schema";
import { changeContingent } from "../../server/modules/account/contingent";
import { settlePlanPayment } from "../../server/modules/account/plan-settle";
import { checkContingents } from "../../server/modules/inventory/check";
import type { TestApp } from "./helpers/app";
import { cartOf, createShopEvent, holdVia } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { buySeats, checkoutInput, checkoutVia, createOrdersApp, decideVia, type OrdersApp, paymentIdOf } from "./helpers/orders";
import { createOrganiserWithOwnerFor } from "./helpers/plans";
import { setContingent } from "./helpers/factories";
import { eventRow, ok, ticketCategory } from "./helpers/events";

let t: OrdersApp;

beforeAll(async () => {
  t = await createOrdersApp();
});

afterAll(async () => {
  await t.close();
});

async function organiserOf(app: TestApp, eventId: string) {
  const event = (await eventRow(app.database.db, eventId))!;
  const [row] = await app.database.db.select().from(organisers).where(eq(organisers.id, event.organiserId));
  return row!;
}

/** Sets the organiser's contingent through the ledger, so balance = sum of entries from here on. */
async function openLedger(app: TestApp, organiserId: string, balance: number) {
  await setContingent(app.database.db, organiserId, balance);
}

describe("the contingent follows sales", () => {
  it("a paid order consumes one per ticket, an event's cancellation gives them back (each once, in the ledger)", async () => {
    const shop = await createShopEvent(t, { layout: gridLayout(1, 2, 10) });
    const org = await organiserOf(t, shop.eventId);
    await openLedger(t, org.id, 1000);
    const tc = shop.category("cat1").id;
    const { orderId } = await buySeats(t, shop.dateIds[0]!, tc, ["G1:0:0", "G1:0:1", "G1:0:2"]);
    expect((await organiserOf(t, shop.eventId)).ticketContingent).toBe(997);
    const entries = await t.database.db.select().from(contingentEntries).where(eq(contingentEntries.organiserId, org.id));
    expect(entries.filter((e) => e.reason === "sale").map((e) => [e.delta, e.sourceId])).toEqual([[-3, orderId]]);

    await shop.organiser.trpc.events.cancel.mutate({ id: shop.eventId });
    await shop.organiser.trpc.events.cancel.mutate({ id: shop.eventId });
    expect((await organiserOf(t, shop.eventId)).ticketContingent).toBe(1000);
    const after = await t.database.db.select().from(contingentEntries).where(eq(contingentEntries.organiserId, org.id));
    expect(after.filter((e) => e.reason === "return").map((e) => [e.delta, e.sourceId])).toEqual([[3, orderId]]);
    expect(await checkContingents(t.database.db)).toEqual([]);
  });

  it("a free order consumes too, and a sale is never refused at zero: the balance goes below it", async () => {
    const shop = await createShopEvent(t, { layout: null, categories: [ticketCategory("a", { kind: "free", priceCents: 0, dailyQuantity: 50 })] });
    const org = await organiserOf(t, shop.eventId);
    await openLedger(t, org.id, 1);
    const client = t.client();
    const tc = shop.category("a").id;
    const cart = cartOf(ok(await holdVia(client, { scopeId: shop.dateIds[0]!, counts: [{ ticketCategoryId: tc, areaId: null, quantity: 2 }] })));
    const res = ok(await checkoutVia(client, checkoutInput(cart, [{ ticketCategoryId: tc, areaId: null }, { ticketCategoryId: tc, areaId: null }])));
    expect(res.status).toBe("valid");
    expect((await organiserOf(t, shop.eventId)).ticketContingent).toBe(-1);
    expect(await checkContingents(t.database.db)).toEqual([]);
    const overview = await shop.organiser.trpc.account.overview.query();
    expect(overview).toMatchObject({ ticketContingent: -1, contingentShort: true });
  });

  it("a balance written beside the ledger is drift for inventory:check", async () => {
    const shop = await createShopEvent(t, { layout: null });
    const org = await organiserOf(t, shop.eventId);
    await openLedger(t, org.id, 10);
    expect((await checkContingents(t.database.db)).filter((d) => d.scope === org.id)).toEqual([]);
    await t.database.db.execute(sql`update organisers set ticket_contingent = ticket_contingent + 5 where id = ${org.id}`);
    expect((await checkContingents(t.database.db)).filter((d) => d.scope === org.id)).toEqual([
      { kind: "contingent", scope: org.id, item: "ticket_contingent", actual: 15, expected: 10 },
    ]);
    await t.database.db.execute(sql`update organisers set ticket_contingent = ticket_contingent - 5 where id = ${org.id}`);
  });
});

async function balanceOf(organiserId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: organisers.ticketContingent }).from(organisers).where(eq(organisers.id, organiserId));
  return row!.n;
}

// On PGlite (one connection) these run one after the other; on Postgres (CI: TEST_DATABASE_URL)
// they overlap, which the control below proves.
describe("races", () => {
  it("the same payment news delivered at once (and news of the same payment under other ids) credits the contingent once", async () => {
    for (let round = 0; round < 3; round++) {
      const { organiser, client } = await createOrganiserWithOwnerFor(t);
      const started = await client.trpc.account.plan.buy.mutate({ planKey: "starter", period: "monthly", idempotencyKey: randomUUID() });
      const news = { provider: "test" as const, eventId: `test:${randomUUID()}`, type: "paid", planPurchaseId: started.purchaseId, outcome: "paid" as const };
      const results = await Promise.all([
        settlePlanPayment(t.deps, news),
        settlePlanPayment(t.deps, news),
        settlePlanPayment(t.deps, news),
        settlePlanPayment(t.deps, { ...news, eventId: `reconcile:${started.purchaseId}:paid` }),
      ]);
      expect(results.filter((r) => r === "duplicate")).toHaveLength(2);
      expect(await balanceOf(organiser.id)).toBe(500);
      const entries = await t.database.db.select().from(contingentEntries).where(eq(contingentEntries.organiserId, organiser.id));
      expect(entries.map((e) => [e.reason, e.delta])).toEqual([["plan", 500]]);
    }
    expect(await checkContingents(t.database.db)).toEqual([]);
  });

  it("concurrent sales consume exactly their tickets", async () => {
    const shop = await createShopEvent(t, { layout: null, categories: [ticketCategory("a", { dailyQuantity: 100 })] });
    const org = await organiserOf(t, shop.eventId);
    await openLedger(t, org.id, 1000);
    const tc = shop.category("a").id;
    const placed = [];
    for (let i = 0; i < 12; i++) {
      const client = t.client();
      const n = 1 + (i % 3);
      const cart = cartOf(ok(await holdVia(client, { scopeId: shop.dateIds[0]!, counts: [{ ticketCategoryId: tc, areaId: null, quantity: n }] })));
      const result = ok(await checkoutVia(client, checkoutInput(cart, Array.from({ length: n }, () => ({ ticketCategoryId: tc, areaId: null })))));
      placed.push({ client, n, paymentId: paymentIdOf(result) });
    }
    const paid = await Promise.all(placed.map((p) => decideVia(p.client, p.paymentId, "paid")));
    expect(paid.every((r) => r.data?.kind === "order" && r.data.status === "valid")).toBe(true);
    const sold = placed.reduce((a, p) => a + p.n, 0);
    expect(await balanceOf(org.id)).toBe(1000 - sold);
    const [sum] = await t.database.rows<{ n: number }>(sql`select coalesce(sum(delta), 0)::int as n from contingent_entries where organiser_id = ${org.id} and reason = 'sale'`);
    expect(Number(sum!.n)).toBe(-sold);
    expect(await checkContingents(t.database.db)).toEqual([]);
  });

  // The control: two sales writing the balance they read (instead of the ledger's relative
  // update) lose one of them when they overlap, which the assertions above would catch.
  it.runIf(process.env.TEST_DATABASE_URL)("control: a read-then-write balance loses an overlapping sale", async () => {
    const { organiser } = await createOrganiserWithOwnerFor(t);
    let arrived = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const naiveSale = (n: number) =>
      t.database.db.transaction(async (tx) => {
        const [row] = await tx.select({ n: organisers.ticketContingent }).from(organisers).where(eq(organisers.id, organiser.id));
        if (++arrived === 2) release();
        await bothRead;
        await tx.update(organisers).set({ ticketContingent: row!.n - n }).where(eq(organisers.id, organiser.id));
      });
    await Promise.all([naiveSale(2), naiveSale(3)]);
    expect(await balanceOf(organiser.id)).not.toBe(-5);
    // The module's way, overlapping the same: both count.
    await t.database.db.execute(sql`update organisers set ticket_contingent = 0 where id = ${organiser.id}`);
    await Promise.all(
      [2, 3].map((n) => t.database.db.transaction((tx) => changeContingent(tx, { organiserId: organiser.id, delta: -n, reason: "sale", sourceId: randomUUID() }))),
    );
    expect(await balanceOf(organiser.id)).toBe(-5);
  });
});
