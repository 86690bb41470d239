import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisers, outboxMails, users } from "../../server/db/schema";
import { previousUtcDay, sendDailySummaries } from "../../server/modules/account/daily-summary";
import type { Tx } from "../../server/db/client";
import { notifyIfSoldOut, notifyPayoutState } from "../../server/modules/account/organiser-mails";
import { loadScope } from "../../server/modules/shop/scope";
import { formatCents } from "../../shared/rules/money";
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "../../shared/schemas/account";
import type { TestApp } from "./helpers/app";
import { ok, ticketCategory } from "./helpers/events";
import { checkoutInput, checkoutVia, createOrdersApp, decideVia, paymentIdOf } from "./helpers/orders";
import { cartOf, createShopEvent, holdVia, type ShopEvent } from "./helpers/shop";

let t: TestApp;
beforeAll(async () => {
  t = await createOrdersApp();
});
afterAll(async () => t.close());

type Shop = ShopEvent & { organiserId: string; ownerEmail: string };

/** A published event without a plan: categories ("a", ...) of `quantity` tickets a day each; its owner reads German. */
async function shopWith(quantity: number, settings: Partial<NotificationSettings> = {}, keys: string[] = ["a"]): Promise<Shop> {
  const categories = keys.map((k) => ticketCategory(k, { name: `Ticket ${k}`, dailyQuantity: quantity }));
  const shop = await createShopEvent(t, { layout: null, categories });
  const [row] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${shop.eventId}`);
  const organiserId = row!.organiser_id;
  const [owner] = await t.database.db
    .update(users)
    .set({ locale: "de" })
    .where(and(eq(users.organiserId, organiserId), eq(users.role, "organiser")))
    .returning();
  await shop.organiser.trpc.account.notifications.save.mutate({ ...DEFAULT_NOTIFICATION_SETTINGS, ...settings });
  return { ...shop, organiserId, ownerEmail: owner!.email! };
}

/** Holds `n` tickets of a category ("a") for a new buyer and places the order (not paid yet). */
async function placeCount(shop: Shop, n: number, key = "a") {
  const client = t.client();
  const ticketCategoryId = shop.category(key).id;
  const cart = cartOf(ok(await holdVia(client, { scopeId: shop.dateIds[0]!, counts: [{ ticketCategoryId, areaId: null, quantity: n }] })));
  const tickets = Array.from({ length: n }, () => ({ ticketCategoryId, areaId: null }));
  const result = ok(await checkoutVia(client, checkoutInput(cart, tickets)));
  return { client, result };
}

async function buyCount(shop: Shop, n: number) {
  const placed = await placeCount(shop, n);
  ok(await decideVia(placed.client, paymentIdOf(placed.result), "paid"));
  return placed.result.orderId;
}

const mailsTo = (to: string, template: string) =>
  t.database.db.select().from(outboxMails).where(and(eq(outboxMails.to, to), eq(outboxMails.template, template)));

describe("email notification settings", () => {
  it("start at the defaults and are saved as chosen", async () => {
    const shop = await shopWith(5);
    expect(await shop.organiser.trpc.account.notifications.get.query()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const chosen = { newOrder: false, dailySummary: true, soldOut: false, payoutState: true };
    await shop.organiser.trpc.account.notifications.save.mutate(chosen);
    expect(await shop.organiser.trpc.account.notifications.get.query()).toEqual(chosen);
  });
});

describe("new order mail", () => {
  it("goes to the owner in the owner's language when an order becomes valid, once", async () => {
    const shop = await shopWith(10, { newOrder: true });
    const orderId = await buyCount(shop, 2);
    const [order] = await t.database.rows<{ number: string; total_cents: number }>(sql`select number, total_cents from orders where id = ${orderId}`);
    const mails = await mailsTo(shop.ownerEmail, "organiser_new_order");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe("de");
    expect(mails[0]!.subject.startsWith(`Neue Bestellung ${order!.number} für `)).toBe(true);
    expect(mails[0]!.text).toMatch(/Tickets: 2/);
    expect(mails[0]!.text).toContain(`Gesamt: ${formatCents(Number(order!.total_cents), "de")}`);
  });

  it("is not sent when the organiser did not choose it, nor for an order still unpaid", async () => {
    const shop = await shopWith(10, { newOrder: false });
    await buyCount(shop, 1);
    expect(await mailsTo(shop.ownerEmail, "organiser_new_order")).toHaveLength(0);
    const chosen = await shopWith(10, { newOrder: true });
    await placeCount(chosen, 1);
    expect(await mailsTo(chosen.ownerEmail, "organiser_new_order")).toHaveLength(0);
  });
});

describe("sold-out mail", () => {
  /** Every sold-out check the sales so far started has run (they follow the commit, account/sold-out-watch.ts). */
  const checked = () => t.deps.soldOut.idle();

  it("is sent once, after the sale that took the last place; places still held in a cart are not sold", async () => {
    const shop = await shopWith(4, { soldOut: true });
    await buyCount(shop, 2);
    await checked();
    expect(await mailsTo(shop.ownerEmail, "organiser_sold_out")).toHaveLength(0);
    // One place waits for its payment: the date is full for buyers, but not sold out.
    const waiting = await placeCount(shop, 1);
    await buyCount(shop, 1);
    await checked();
    expect(await mailsTo(shop.ownerEmail, "organiser_sold_out")).toHaveLength(0);
    ok(await decideVia(waiting.client, paymentIdOf(waiting.result), "paid"));
    await checked();
    const mails = await mailsTo(shop.ownerEmail, "organiser_sold_out");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Ausverkauft: /);
    // Checked again (another instance, a later sale's check): still one mail.
    const scope = (await loadScope(t.database.db, shop.dateIds[0]!))!;
    expect(await t.database.db.transaction((tx) => notifyIfSoldOut(tx, scope))).toBe(false);
    expect(await mailsTo(shop.ownerEmail, "organiser_sold_out")).toHaveLength(1);
  });

  it("is sent again when a place came back and the scope sold out once more", async () => {
    const shop = await shopWith(1, { soldOut: true });
    await buyCount(shop, 1);
    await checked();
    expect(await mailsTo(shop.ownerEmail, "organiser_sold_out")).toHaveLength(1);
    const scope = (await loadScope(t.database.db, shop.dateIds[0]!))!;
    const counter = sql`scope_id = ${scope.scopeId} and counter_key = ${`ticket:${shop.category("a").id}`}`;
    // A place comes back (as a cancellation gives it back): the next check clears the notice.
    await t.database.db.execute(sql`update quota_inventory set sold = sold - 1 where ${counter}`);
    expect(await t.database.db.transaction((tx) => notifyIfSoldOut(tx, scope))).toBe(false);
    expect(await t.database.rows(sql`select 1 from sold_out_notices where scope_id = ${scope.scopeId}`)).toHaveLength(0);
    await t.database.db.execute(sql`update quota_inventory set sold = sold + 1 where ${counter}`);
    expect(await t.database.db.transaction((tx) => notifyIfSoldOut(tx, scope))).toBe(true);
    expect(await mailsTo(shop.ownerEmail, "organiser_sold_out")).toHaveLength(2);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("is sent by exactly one of two checks that run at the same time after the last sales (Postgres)", async () => {
    for (let round = 0; round < 5; round++) {
      // Categories a and b share no counter row: two sales take the last places side by side.
      const shop = await shopWith(1, { soldOut: true }, ["a", "b"]);
      const scope = (await loadScope(t.database.db, shop.dateIds[0]!))!;
      const sell = (tx: Tx, key: string) =>
        tx.execute(sql`update quota_inventory set sold = sold + 1 where scope_id = ${scope.scopeId} and counter_key = ${`ticket:${shop.category(key).id}`}`);
      await Promise.all([t.database.db.transaction((tx) => sell(tx, "a")), t.database.db.transaction((tx) => sell(tx, "b"))]);
      // Two instances check at once: one mail.
      const results = await Promise.all([1, 2, 3].map(() => t.database.db.transaction((tx) => notifyIfSoldOut(tx, scope))));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await mailsTo(shop.ownerEmail, "organiser_sold_out")).toHaveLength(1);
    }
  });

  it("is not sent when the organiser did not choose it", async () => {
    const shop = await shopWith(2, { soldOut: false });
    await buyCount(shop, 2);
    expect(await mailsTo(shop.ownerEmail, "organiser_sold_out")).toHaveLength(0);
  });
});

describe("daily sales summary", () => {
  const now = new Date();
  const yesterdayNoon = new Date(`${previousUtcDay(now)}T12:00:00.000Z`);
  const moveSalesToYesterday = (eventId: string) =>
    t.database.db.execute(sql`update orders set paid_at = ${yesterdayNoon.toISOString()} where event_id = ${eventId}`);

  it("mails yesterday's orders, tickets and revenue once per day to organisers that chose it", async () => {
    const chosen = await shopWith(20, { dailySummary: true });
    const unchosen = await shopWith(20, { dailySummary: false });
    const quiet = await shopWith(20, { dailySummary: true });
    for (const shop of [chosen, unchosen]) {
      await buyCount(shop, 2);
      await buyCount(shop, 3);
      await moveSalesToYesterday(shop.eventId);
    }
    // A sale today belongs to tomorrow's summary.
    await buyCount(chosen, 1);
    await sendDailySummaries(t.database.db, now);
    const mails = await mailsTo(chosen.ownerEmail, "organiser_daily_summary");
    expect(mails).toHaveLength(1);
    const [sum] = await t.database.rows<{ cents: number }>(
      sql`select sum(total_cents)::int as cents from orders where event_id = ${chosen.eventId} and paid_at < ${previousUtcDay(now) + "T23:59:59Z"}`,
    );
    expect(mails[0]!.text).toContain(`5 Tickets in 2 Bestellungen verkauft, insgesamt ${formatCents(Number(sum!.cents), "de")}.`);
    expect(await mailsTo(unchosen.ownerEmail, "organiser_daily_summary")).toHaveLength(0);
    // Nothing sold: no mail, but the day is done for it.
    expect(await mailsTo(quiet.ownerEmail, "organiser_daily_summary")).toHaveLength(0);
    const [quietRow] = await t.database.db.select().from(organisers).where(eq(organisers.id, quiet.organiserId));
    expect(quietRow!.dailySummarySentOn).toBe(previousUtcDay(now));

    await sendDailySummaries(t.database.db, now);
    expect(await mailsTo(chosen.ownerEmail, "organiser_daily_summary")).toHaveLength(1);
  });

  it("is sent once when the job runs on several instances at the same time", async () => {
    const shop = await shopWith(20, { dailySummary: true });
    await buyCount(shop, 1);
    await moveSalesToYesterday(shop.eventId);
    const results = await Promise.all(Array.from({ length: 4 }, () => sendDailySummaries(t.database.db, now)));
    expect(results.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(shop.ownerEmail, "organiser_daily_summary")).toHaveLength(1);
  });
});

describe("payout state mail (called by the wallet, issue 22)", () => {
  it("is queued in the caller's transaction when chosen, and not otherwise", async () => {
    const chosen = await shopWith(1, { payoutState: true });
    const requestedAt = new Date("2030-03-01T10:00:00Z");
    expect(await t.database.db.transaction((tx) => notifyPayoutState(tx, chosen.organiserId, { state: "accepted", amountCents: 123456, requestedAt }))).toBe(true);
    const mails = await mailsTo(chosen.ownerEmail, "organiser_payout_state");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Ihre Auszahlung über ${formatCents(123456, "de")}: angenommen`);
    expect(mails[0]!.text).toContain("1.234,56");

    // Rolled back with the caller's transaction.
    await t.database.db
      .transaction(async (tx) => {
        await notifyPayoutState(tx, chosen.organiserId, { state: "refused", amountCents: 100, requestedAt });
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(await mailsTo(chosen.ownerEmail, "organiser_payout_state")).toHaveLength(1);

    const unchosen = await shopWith(1, { payoutState: false });
    expect(await notifyPayoutState(t.database.db, unchosen.organiserId, { state: "pending", amountCents: 100, requestedAt })).toBe(false);
    expect(await mailsTo(unchosen.ownerEmail, "organiser_payout_state")).toHaveLength(0);
  });
});
