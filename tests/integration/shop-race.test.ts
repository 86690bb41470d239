import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok } from "./helpers/events";
import { blockKeys, countersOf, createShopEvent, eventOptions, holdVia, seatRows, seatsAs, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { expectNoDrift } from "./helpers/inventory";
import { seededRandom } from "../seeded-random";

/**
 * SPEC: two buyers can never get the same seat. 200 buyers (each its own browser and address)
 * race through the public API for 50 seats, each asking for 1–4 random seats at once.
 */
const BUYERS = 200;
const SEATS = blockKeys("G1", 5, 10);

let t: TestApp;
let shop: ShopEvent;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShopEvent(t, { layout: gridLayout(1, 5, 10), options: eventOptions({ dailyAttendeeLimit: 1000 }) });
});
afterAll(async () => {
  // inventory:check after everything this file did (races and refusals included): no drift.
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

function pick(rand: () => number, n: number): string[] {
  const pool = [...SEATS];
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  return out;
}

describe("200 buyers race for 50 seats", () => {
  it("every seat goes to one cart, every cart gets all it asked for or nothing, counters match", async () => {
    const dateId = shop.dateIds[0]!;
    const tc = shop.category("cat1").id;
    const rand = seededRandom(20_240_601);
    const wishes = Array.from({ length: BUYERS }, () => pick(rand, 1 + Math.floor(rand() * 4)));
    const buyers = wishes.map(() => t.client());
    expect(new Set(buyers.map((b) => b.remoteAddress)).size).toBe(BUYERS);

    const results = await Promise.all(buyers.map((buyer, i) => holdVia(buyer, { scopeId: dateId, seats: seatsAs(tc, wishes[i]!) }).then(ok)));

    const rows = await seatRows(t.database, [dateId]);
    const holderOf = new Map(rows.map((r) => [r.key, r.holdId]));
    const winners = results.flatMap((r, i) => (r.status === "held" ? [{ i, cart: r.cart.id, seats: r.seats }] : []));
    const losers = results.flatMap((r, i) => (r.status === "taken" ? [{ i, taken: r.taken }] : []));
    expect(winners.length).toBeGreaterThan(0);
    expect(losers.length).toBeGreaterThan(0);
    // Only "held" or "taken": nobody ran out of quota or got an error.
    expect(winners.length + losers.length).toBe(BUYERS);

    // Every won seat belongs to its cart (and so to exactly one cart: one row per seat).
    const wonSeats = winners.flatMap((w) => w.seats);
    expect(new Set(wonSeats).size).toBe(wonSeats.length);
    for (const w of winners) {
      // Not half-made: exactly the seats asked for, all of them in the database with this cart.
      expect([...w.seats].sort(), `buyer ${w.i}`).toEqual([...wishes[w.i]!].sort());
      for (const key of w.seats) expect(holderOf.get(key), `${key} of buyer ${w.i}`).toBe(w.cart);
    }
    const carts = new Set(winners.map((w) => w.cart));
    expect(carts.size).toBe(winners.length);

    // The union of won seats is exactly the PAYMENT_PENDING rows, each with a hold id.
    const pending = rows.filter((r) => r.status === "PAYMENT_PENDING");
    expect(rows.every((r) => r.status === "PAYMENT_PENDING" && r.holdId !== null && r.ticketCategoryId === tc)).toBe(true);
    expect(pending.map((r) => r.key).sort()).toEqual([...wonSeats].sort());
    const heldByCart = new Map<string, string[]>();
    for (const r of pending) heldByCart.set(r.holdId!, [...(heldByCart.get(r.holdId!) ?? []), r.key]);
    for (const w of winners) expect(heldByCart.get(w.cart)?.sort()).toEqual([...w.seats].sort());
    expect([...heldByCart.keys()].every((id) => carts.has(id))).toBe(true);

    // Losers: told which of their seats are taken, and those really are another cart's.
    for (const l of losers) {
      expect(l.taken.length, `buyer ${l.i}`).toBeGreaterThan(0);
      for (const key of l.taken) {
        expect(wishes[l.i], `buyer ${l.i}`).toContain(key);
        expect(holderOf.get(key), `${key} reported taken to buyer ${l.i}`).toBeTruthy();
      }
    }
    // A losing hold leaves no cart behind.
    const [cartCount] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from carts where event_id = ${shop.eventId}`);
    expect(Number(cartCount!.n)).toBe(winners.length);

    // Counters: the category quota and the attendee limit hold exactly the seats held.
    const { quota } = await countersOf(t.database, dateId);
    expect(quota[`ticket:${tc}`]).toEqual({ capacity: 100, held: pending.length, sold: 0 });
    expect(quota.attendees).toEqual({ capacity: 1000, held: pending.length, sold: 0 });
    const ledger = await t.database.rows<{ k: string; n: number }>(
      sql`select counter_key as k, sum(quantity)::int as n from cart_counts n join carts c on c.id = n.cart_id where c.event_id = ${shop.eventId} group by 1 order by 1`,
    );
    expect(ledger.map((l) => [l.k, Number(l.n)])).toEqual([
      ["attendees", pending.length],
      [`ticket:${tc}`, pending.length],
    ]);
    // And the whole inventory agrees with itself (npm run inventory:check).
    await expectNoDrift(t.database);
  });
});
