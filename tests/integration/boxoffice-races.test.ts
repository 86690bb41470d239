/**
 * The counter and an online buyer racing for the same seat (issue 17, decision 017), on Postgres
 * (real row locks; on PGlite the calls run one after the other, so boxoffice.test.ts's race
 * proves little there). Each party already has a cart with a seat of its own; both reach for
 * the same seat at once and then, whatever their hold answered, try to finish with it: the
 * counter sells, the online buyer checks out and pays. Every round: exactly one holds the seat,
 * the other's sale or checkout is refused, the seat is SOLD once and no two valid tickets name
 * it. The control run takes the seat read-then-write (a hold that reads the seat free and writes
 * it later) on the same harness: both win the seat, and the same checks report it, so they can fail.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { txRows } from "../../server/db/sql";
import { checkInventory } from "../../server/modules/inventory/check";
import { ok } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { checkoutInput, checkoutVia, createOrdersApp, decideVia, type OrdersApp, paymentIdOf, seatStates, seatTickets } from "./helpers/orders";
import { type Cart, cartOf, createShopEvent, holdVia, seatsAs, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { attempt, type RouterInput } from "./helpers/trpc";
import type { TestClient } from "./helpers/app";

const ROUNDS = 24;

let t: OrdersApp;
let shop: ShopEvent;
let dateId: string;
let tc: string;
let cashier: TestClient;
let shiftId: string;
let next = 0;
/** 2 blocks × 10 rows × 10 seats; every round takes fresh ones. */
const SEATS = ["G1", "G2"].flatMap((b) => Array.from({ length: 100 }, (_, i) => `${b}:${Math.floor(i / 10)}:${i % 10}`));
function freshSeats(n: number): string[] {
  const keys = SEATS.slice(next, next + n);
  next += n;
  if (keys.length < n) throw new Error("test ran out of seats");
  return keys;
}

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await createOrdersApp({ LOG_LEVEL: process.env.BO_LOG ?? "silent" });
  shop = await createShopEvent(t, { layout: gridLayout(2, 10, 10) });
  dateId = shop.dateIds[0]!;
  tc = shop.categories[0]!.id;
  cashier = shop.organiser;
  ok(await attempt(cashier.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "a4" })));
  shiftId = ok(await attempt(cashier.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 }))).id;
});
afterAll(async () => {
  if (!t) return;
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

type HoldOutcome = { held: boolean; startedAt: number; endedAt: number };
type Finish = { ok: true; orderId: string } | { ok: false; code: string };

function counterHold(seats: string[], cart: Cart | null) {
  return attempt(cashier.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart, seats: seatsAs(tc, seats), counts: [] }));
}

function sellInput(cart: Cart, seats: string[]): RouterInput["boxOffice"]["sell"] {
  return { cart, idempotencyKey: `race-${randomUUID()}`, shiftId, tickets: seatTickets(tc, seats), paymentMethod: "cash", locale: "en" };
}

async function counterSell(cart: Cart, seats: string[]): Promise<Finish> {
  const res = await attempt(cashier.trpc.boxOffice.sell.mutate(sellInput(cart, seats)));
  return res.error ? { ok: false, code: res.error.appCode } : { ok: true, orderId: res.data.orderId };
}

/** The online buyer's checkout and payment (the test provider's "paid"). */
async function onlineBuy(client: TestClient, cart: Cart, seats: string[]): Promise<Finish> {
  const placed = await checkoutVia(client, checkoutInput(cart, seatTickets(tc, seats)));
  if (placed.error) return { ok: false, code: placed.error.appCode };
  const paid = await decideVia(client, paymentIdOf(placed.data), "paid");
  if (paid.error) return { ok: false, code: paid.error.appCode };
  const [order] = await t.database.rows<{ status: string }>(sql`select status::text from orders where id = ${placed.data.orderId}`);
  return order!.status === "valid" ? { ok: true, orderId: placed.data.orderId } : { ok: false, code: `order ${order!.status}` };
}

async function timed(call: () => Promise<boolean>): Promise<HoldOutcome> {
  const startedAt = performance.now();
  const held = await call();
  return { held, startedAt, endedAt: performance.now() };
}

const overlapped = (a: HoldOutcome, b: HoldOutcome) => a.startedAt < b.endedAt && b.startedAt < a.endedAt;

/** Valid, not cancelled tickets naming the seat on the date. */
async function ticketsOfSeat(key: string): Promise<{ line_id: string; order_id: string; channel: string }[]> {
  return t.database.rows(
    sql`select l.id::text as line_id, o.id::text as order_id, o.channel::text as channel from order_lines l join orders o on o.id = l.order_id
        where o.status = 'valid' and l.status <> 'canceled' and l.scope_id = ${dateId} and l.seat_keys @> ${JSON.stringify([key])}::jsonb`,
  );
}

/** Every seat of the date sold to more than one valid ticket (a double sale). */
async function doubleSold(): Promise<string[]> {
  const rows = await t.database.rows<{ k: string }>(
    sql`select k.key as k from order_lines l join orders o on o.id = l.order_id cross join lateral jsonb_array_elements_text(l.seat_keys) as k(key)
        where o.status = 'valid' and l.status <> 'canceled' and l.scope_id = ${dateId} group by k.key having count(*) > 1`,
  );
  return rows.map((r) => r.k);
}

/** What is wrong with one round's holds: not exactly one of them got the seat. */
function holdProblems(round: number, counter: HoldOutcome, online: HoldOutcome): string[] {
  const winners = [counter.held, online.held].filter(Boolean).length;
  return winners === 1 ? [] : [`round ${round}: ${winners} holds won the seat`];
}

/** What is wrong with one round's ending: not exactly one sale of the seat, or the seat not SOLD to it. */
async function saleProblems(round: number, key: string, counter: Finish, online: Finish): Promise<string[]> {
  const problems: string[] = [];
  const winners = [counter, online].filter((f) => f.ok) as { ok: true; orderId: string }[];
  if (winners.length !== 1) problems.push(`round ${round}: ${winners.length} parties finished with ${key}`);
  const tickets = await ticketsOfSeat(key);
  if (tickets.length !== 1) problems.push(`round ${round}: ${tickets.length} valid tickets for ${key}`);
  const seat = (await seatStates(t.database, dateId, [key]))[key]!;
  if (seat.status !== "SOLD") problems.push(`round ${round}: ${key} is ${seat.status}`);
  if (tickets.length === 1) {
    if (seat.orderLineId !== tickets[0]!.line_id) problems.push(`round ${round}: ${key} points at another ticket`);
    if (winners.length === 1 && tickets[0]!.order_id !== winners[0]!.orderId) problems.push(`round ${round}: ${key} sold to the party that lost`);
  }
  return problems;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("the counter and an online buyer racing for one seat (Postgres)", () => {
  it(`${ROUNDS} rounds: one holds it, the other's sale or checkout is refused, the seat is SOLD once`, async () => {
    const problems: string[] = [];
    const wins = { counter: 0, online: 0 };
    let overlaps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const [mine, theirs, contested] = freshSeats(3) as [string, string, string];
      const counterCart = cartOf(ok(await counterHold([mine], null)));
      const buyer = t.client();
      const onlineCart = cartOf(ok(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(tc, [theirs]) })));

      // Each goes as fast as it can: reach for the seat, then finish with it whatever the hold said.
      let counterHeld!: HoldOutcome;
      let onlineHeld!: HoldOutcome;
      const counterRun = async () => {
        counterHeld = await timed(async () => ok(await counterHold([contested], counterCart)).status === "held");
        return counterSell(counterCart, [mine, contested]);
      };
      const onlineRun = async () => {
        // The counter's call does more before its hold statement (the cashier's rights, the
        // counter's scope): the buyer starts up to 21 ms later, so either side can be first.
        await new Promise((resolve) => setTimeout(resolve, (round % 8) * 3));
        onlineHeld = await timed(async () => ok(await holdVia(buyer, { scopeId: dateId, cart: onlineCart, seats: seatsAs(tc, [contested]) })).status === "held");
        return onlineBuy(buyer, onlineCart, [theirs, contested]);
      };
      // Who starts first alternates, so neither side always has the head start.
      const [counter, online] = round % 2 === 0 ? await Promise.all([counterRun(), onlineRun()]) : (await Promise.all([onlineRun(), counterRun()])).reverse();
      if (overlapped(counterHeld, onlineHeld)) overlaps++;

      problems.push(...holdProblems(round, counterHeld, onlineHeld));
      problems.push(...(await saleProblems(round, contested, counter!, online!)));
      // The loser was refused for the seat it does not hold, and keeps only its own seat, unsold.
      const loser = counter!.ok ? { finish: online!, cart: onlineCart, seat: theirs, held: onlineHeld } : { finish: counter!, cart: counterCart, seat: mine, held: counterHeld };
      if (counter!.ok) wins.counter++;
      if (online!.ok) wins.online++;
      expect(loser.held.held, `round ${round}`).toBe(false);
      expect(loser.finish, `round ${round}`).toEqual({ ok: false, code: "CART_CHANGED" });
      expect((await seatStates(t.database, dateId, [loser.seat]))[loser.seat], `round ${round}`).toMatchObject({ status: "PAYMENT_PENDING", holdId: loser.cart.id });
      const releaser = loser.cart === counterCart ? cashier.trpc.boxOffice.release : buyer.trpc.shop.release;
      ok(await attempt(releaser.mutate({ cart: loser.cart, all: true })));
    }
    console.info(`counter vs online: ${JSON.stringify(wins)}, ${overlaps}/${ROUNDS} holds overlapped`);
    expect(problems).toEqual([]);
    expect(await doubleSold()).toEqual([]);
    expect(wins.counter + wins.online).toBe(ROUNDS);
    // The calls really ran at the same time (not one after the other as on PGlite, where none
    // overlap), and each side won some. How many overlap depends on the machine's load (5-8 of
    // 24 seen on Postgres with the rest of the suite running): an eighth shows the race ran.
    expect(overlaps).toBeGreaterThanOrEqual(ROUNDS / 8);
    expect(wins.counter).toBeGreaterThan(0);
    expect(wins.online).toBeGreaterThan(0);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("the counter's hold running out while it sells and an online buyer takes the seat: still one sale", async () => {
    const problems: string[] = [];
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 16; round++) {
      const [seat] = freshSeats(1) as [string];
      const counterCart = cartOf(ok(await counterHold([seat], null)));
      // The counter's hold ends 0–105 ms from now, while the counter sells and the buyer keeps trying to take the seat.
      const ms = (round % 8) * 15;
      await t.database.rows(
        sql`with c as (update carts set expires_at = now() + make_interval(secs => ${ms / 1000}) where id = ${counterCart.id} returning expires_at)
            update seat_inventory set held_until = (select expires_at from c) where hold_id = ${counterCart.id} returning seat_key`,
      );
      const buyer = t.client();
      const [counter, online] = await Promise.all([
        counterSell(counterCart, [seat]),
        (async (): Promise<Finish> => {
          for (let i = 0; i < 30; i++) {
            const held = ok(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(tc, [seat]) }));
            if (held.status === "held") return onlineBuy(buyer, cartOf(held), [seat]);
            if ((await seatStates(t.database, dateId, [seat]))[seat]!.status === "SOLD") return { ok: false, code: "taken" };
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          return { ok: false, code: "taken" };
        })(),
      ]);
      const label = `counter ${counter.ok ? "sold" : counter.code} / online ${online.ok ? "sold" : online.code}`;
      outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
      problems.push(...(await saleProblems(round, seat, counter, online)));
      if (!counter.ok) expect(counter.code, `round ${round}`).toBe("CART_EXPIRED");
    }
    console.info(`at the end of the counter's hold: ${JSON.stringify(Object.fromEntries(outcomes))}`);
    expect(problems).toEqual([]);
    expect(await doubleSold()).toEqual([]);
    expect(await checkInventory(t.database.db)).toEqual([]);
  });

  it("control: a read-then-write take of the seat lets both win it, and the round checks report it (the test can fail)", async () => {
    const problems: string[] = [];
    for (let round = 0; round < 8; round++) {
      const [mine, contested] = freshSeats(2) as [string, string];
      const counterCart = cartOf(ok(await counterHold([mine], null)));
      const buyer = t.client();
      // The counter's take without the hold statement: reads the seat, and writes it a moment later
      // if it was free then (no lock, no re-check at the write).
      const naiveTake = () =>
        t.database.db.transaction(async (tx) => {
          const [row] = await txRows<{ free: boolean }>(
            tx,
            sql`select (status = 'FREE' or (status = 'PAYMENT_PENDING' and held_until < now())) as free from seat_inventory where event_date_id = ${dateId} and seat_key = ${contested}`,
          );
          await tx.execute(sql`select pg_sleep(0.05)`);
          if (!row!.free) return false;
          await tx.execute(sql`update seat_inventory set status = 'PAYMENT_PENDING', hold_id = ${counterCart.id}, ticket_category_id = ${tc},
            held_until = (select expires_at from carts where id = ${counterCart.id}), version = version + 1
            where event_date_id = ${dateId} and seat_key = ${contested}`);
          return true;
        });
      let onlineCart: Cart | null = null;
      const [counter, online] = await Promise.all([
        timed(naiveTake),
        timed(async () => {
          const res = ok(await holdVia(buyer, { scopeId: dateId, seats: seatsAs(tc, [contested]) }));
          if (res.status === "held") onlineCart = cartOf(res);
          return res.status === "held";
        }),
      ]);
      problems.push(...holdProblems(round, counter, online));
      // Put the seat back as the real hold left it (or free), so the inventory stays whole.
      const owner = onlineCart as Cart | null;
      if (owner) {
        await t.database.rows(
          sql`update seat_inventory set hold_id = ${owner.id}, held_until = (select expires_at from carts where id = ${owner.id})
              where event_date_id = ${dateId} and seat_key = ${contested} returning seat_key`,
        );
        ok(await attempt(buyer.trpc.shop.release.mutate({ cart: owner, all: true })));
      } else if (counter.held) {
        await t.database.rows(
          sql`update seat_inventory set status = 'FREE', hold_id = null, held_until = null, ticket_category_id = null, version = version + 1
              where event_date_id = ${dateId} and seat_key = ${contested} returning seat_key`,
        );
      }
      ok(await attempt(cashier.trpc.boxOffice.release.mutate({ cart: counterCart, all: true })));
    }
    // Both parties "held" the same seat in some round: the check the real run passes fails here.
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.endsWith("2 holds won the seat"))).toBe(true);
    expect(await checkInventory(t.database.db)).toEqual([]);
    console.info(`control: ${problems.length}/8 rounds with two winners`);
  });
});
