import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomUUID } from "node:crypto";
import { pgArray, txRows } from "../../server/db/sql";
import { type BestInput, type BestResult, holdBestStatement, runHoldBestStatement } from "../../server/modules/inventory/hold-best";
import { holdBest } from "../../server/modules/shop/holds";
import { loadScope } from "../../server/modules/shop/scope";
import { bestAvailable } from "../../shared/seating/best-available";
import { seatRank } from "../../shared/seating/best-rank";
import type { SeatedBlock, SeatingLayout } from "../../shared/seating/layout";
import { blockSeats } from "../../shared/seating/numbering";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { ok, signedInOrganiser, ticketCategory } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import { createShopEvent, expireCart, seatRows, type ShopEvent } from "./helpers/shop";
import { CATEGORIES, clone, createSeatedEvent, createTemplateVia, gridLayout, saveTemplate, seatedBlock, setSeatStatus, templateRow } from "./helpers/stadiums";
import { attempt } from "./helpers/trpc";
import { seededRandom } from "../seeded-random";

/**
 * Best available chosen by the database (decision 031): the statement's choice under its locks
 * must be the pure rule's (shared/seating/best-available.ts) — front rows, the centre, adjacency,
 * no seat left alone, the fallback in parts — on many random layouts and free seats. Runs on
 * PGlite and, with TEST_DATABASE_URL, on Postgres.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

const seated = (layout: SeatingLayout) => layout.blocks.filter((b): b is SeatedBlock => b.kind === "seated");
const activeKeys = (layout: SeatingLayout) => seated(layout).flatMap((b) => blockSeats(b).filter((s) => s.isActive).map((s) => s.key));
const online = (layout: SeatingLayout): SeatingLayout => ({ ...layout, blocks: layout.blocks.filter((b) => !b.boxofficeOnly) });
/** Every seat's place in the layout (decision 038): seated blocks in order, rows, seats, inactive ones counted. */
const placesOf = (layout: SeatingLayout) => new Map(seated(layout).flatMap((b) => blockSeats(b)).map((s, i) => [s.key, i] as const));

/** Up to three seated blocks with everything the rule looks at: directions, short rows, gaps, categories. */
function randomLayout(rnd: () => number): SeatingLayout {
  const int = (from: number, to: number) => from + Math.floor(rnd() * (to - from + 1));
  const blocks = Array.from({ length: int(1, 3) }, (_, i) => {
    const rows = int(2, 5);
    const seatsPerRow = int(4, 12);
    const row = () => int(0, rows - 1);
    const seat = () => int(0, seatsPerRow - 1);
    return seatedBlock(`B${i}`, {
      x: i * 200,
      rows,
      seatsPerRow,
      rowSeats: rnd() < 0.5 ? { [String(row())]: int(2, seatsPerRow) } : {},
      align: (["left", "center", "right"] as const)[int(0, 2)]!,
      firstRow: int(0, 3),
      rowDirection: rnd() < 0.5 ? "UP" : "DOWN",
      seatDirection: rnd() < 0.5 ? "LEFT" : "RIGHT",
      categoryId: "a",
      // Block 0's row 1 is always b, so both categories have seats.
      rowCategories: i === 0 ? { "1": "b" } : rnd() < 0.5 ? { [String(row())]: "b" } : {},
      seatCategories: rnd() < 0.5 ? { [`${row()}:${seat()}`]: "b", [`${row()}:${seat()}`]: "a" } : {},
      disabledSeats: rnd() < 0.5 ? [`${row()}:${seat()}`] : [],
      disabledRows: rows > 3 && rnd() < 0.3 ? [rows - 1] : [],
      boxofficeOnly: i === 2 && rnd() < 0.5,
    });
  });
  // Half the plans have identical blocks (as a stadium's stands do): many windows tie on the
  // score and the block order decides.
  const same = rnd() < 0.5 ? blocks.map((b, i) => ({ ...blocks[0]!, id: b.id, x: b.x, boxofficeOnly: b.boxofficeOnly, rowCategories: i === 0 ? b.rowCategories : {}, seatCategories: {}, disabledSeats: [] })) : blocks;
  return { width: 200_000, height: 200_000, backgroundUploadId: null, categories: CATEGORIES.slice(0, 2), blocks: same };
}

const CATEGORY_TICKETS = [
  ticketCategory("a", { name: "Ticket a", seatingCategoryId: "a", dailyQuantity: 5000 }),
  ticketCategory("b", { name: "Ticket b", seatingCategoryId: "b", dailyQuantity: 5000 }),
  // Not linked to a seating category: any seat of the plan.
  ticketCategory("any", { name: "Ticket any", seatingCategoryId: null, dailyQuantity: 5000 }),
];

/**
 * Leaves exactly `free` of the date's seats free, the others blocked (as the organiser blocks
 * seats). Every cart of the date must have been released before.
 */
async function setFree(dateId: string, free: string[]) {
  const [held] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from seat_inventory where event_date_id = ${dateId} and status not in ('FREE', 'BLOCKED')`);
  expect(Number(held!.n)).toBe(0);
  // Written directly, not through the inventory's statements: best available's marks of seats
  // alone for good (`lone`) from the seats before are cleared as an unblock would.
  await t.database.rows(sql`update seat_inventory set status = case when seat_key = any(${pgArray(free)}::text[]) then 'FREE'::seat_status else 'BLOCKED'::seat_status end,
    lone = false, version = version + 1 where event_date_id = ${dateId} returning 1`);
}

/** Gives a cart's seats back (release all, as the buyer does). */
async function releaseCart(cart: { id: string; secret: string | null }) {
  ok(await attempt(t.client().trpc.shop.release.mutate({ cart: { id: cart.id, secret: cart.secret! }, seatKeys: [], counts: [], all: true })));
}

function best(buyer: TestClient, shop: ShopEvent, key: string, quantity: number, blockId?: string) {
  return attempt(buyer.trpc.shop.holdBest.mutate({ scopeId: shop.dateIds[0]!, cart: null, ticketCategoryId: shop.category(key).id, quantity, ...(blockId ? { blockId } : {}) }));
}

/** Holds best available, returns the seats (sorted) or the refusal, and releases them again. */
async function bestOnce(shop: ShopEvent, key: string, quantity: number, blockId?: string): Promise<string[] | string> {
  const buyer = t.client();
  const res = ok(await best(buyer, shop, key, quantity, blockId));
  if (res.status !== "held") return res.status;
  await releaseCart(res.cart);
  return [...res.seats].sort();
}

/** The statement's input for a new cart (null when the block asked for is not seated). */
function statementInput(shop: ShopEvent, layout: SeatingLayout, key: string, quantity: number, limit: number, blockId?: string): BestInput | null {
  const dateId = shop.dateIds[0]!;
  const tc = shop.category(key);
  const seatedIds = seated(online(layout)).map((b) => b.id);
  const blocks = blockId === undefined ? seatedIds : seatedIds.filter((id) => id === blockId);
  if (blocks.length === 0) return null;
  return {
    scope: { kind: "date", dateIds: [dateId], scopeId: dateId, event: { id: shop.eventId } },
    cart: { id: randomUUID(), secretHash: createHash("sha256").update(randomUUID()).digest("hex"), ttlSeconds: 60, client: null },
    items: [],
    quota: new Map([[`ticket:${tc.id}`, quantity]]),
    area: new Map(),
    fast: false,
    pool: { dateId, tc: tc.id, category: tc.seatingCategoryId, blocks, restricted: blocks.length < seated(layout).length },
    quantity,
    limit,
  };
}

/** The statement alone with a given limit, in a transaction rolled back: its result (null when the block asked for is not seated). */
async function statementResult(shop: ShopEvent, layout: SeatingLayout, key: string, quantity: number, limit: number, blockId?: string): Promise<BestResult | null> {
  const input = statementInput(shop, layout, key, quantity, limit, blockId);
  if (!input) return null;
  const rollback = new Error("rollback");
  let result: BestResult | null = null;
  await t.database.db
    .transaction(async (tx) => {
      result = await runHoldBestStatement(tx, input);
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  // Assigned in the callback: TypeScript does not see it.
  return result as BestResult | null;
}

/** The seats the statement alone would hold, or null when it could not prove its choice (the caller would look further). */
async function statementChoice(shop: ShopEvent, layout: SeatingLayout, key: string, quantity: number, limit: number, blockId?: string): Promise<string[] | null> {
  const res = await statementResult(shop, layout, key, quantity, limit, blockId);
  return res?.best.proven ? res.won.map((w) => w.k).sort() : null;
}

describe("the database chooses as the pure rule does", () => {
  it("on random layouts and free seats: runs, seats left alone, the fallback in parts, blocks and categories", async () => {
    const rnd = seededRandom(20_261_127);
    const seen = { run: 0, parts: 0, soldOut: 0, block: 0, provenEarly: 0 };
    for (let l = 0; l < 8; l++) {
      const layout = randomLayout(rnd);
      const shop = await createShopEvent(t, { layout, categories: CATEGORY_TICKETS });
      const keys = activeKeys(layout);
      for (let set = 0; set < 10; set++) {
        const density = 0.15 + 0.8 * rnd();
        const free = keys.filter(() => rnd() < density);
        await setFree(shop.dateIds[0]!, free);
        for (let ask = 0; ask < 3; ask++) {
          const key = (["a", "b", "any"] as const)[Math.floor(rnd() * 3)]!;
          const quantity = 1 + Math.floor(rnd() * 5);
          const blockId = rnd() < 0.2 ? `B${Math.floor(rnd() * seated(layout).length)}` : undefined;
          const categoryId = key === "any" ? null : key;
          const [expected] = bestAvailable(online(layout), free, { quantity, categoryId, maxCandidates: 1, ...(blockId ? { blockId } : {}) });
          const got = await bestOnce(shop, key, quantity, blockId);
          const what = `layout ${l}, set ${set}: ${quantity} of ${key}${blockId ? ` in ${blockId}` : ""}`;
          // The statement alone, looking at only a few seats: whenever it says its choice is
          // proven, it is the pure rule's choice over every free seat.
          for (const limit of [quantity, 2 * quantity, 3 + quantity, 8 + quantity]) {
            const proven = await statementChoice(shop, layout, key, quantity, limit, blockId);
            if (proven === null) continue;
            expect(proven, `${what}, limit ${limit}`).toEqual([...(expected ?? [])].sort());
            seen.provenEarly++;
          }
          if (!expected) {
            expect(got, what).toBe("sold_out");
            seen.soldOut++;
            continue;
          }
          expect(got, what).toEqual([...expected].sort());
          const [first] = expected;
          const together = expected.every((k, i) => k.split(":").slice(0, 2).join() === first!.split(":").slice(0, 2).join() && Number(k.split(":")[2]) === Number(first!.split(":")[2]) + i);
          if (together) seen.run++;
          else seen.parts++;
          if (blockId) seen.block++;
        }
      }
    }
    // The random cases reached every path: runs, the fallback, sold out, a chosen block.
    expect(seen.run).toBeGreaterThan(40);
    expect(seen.parts).toBeGreaterThan(5);
    expect(seen.soldOut).toBeGreaterThan(3);
    expect(seen.block).toBeGreaterThan(5);
    expect(seen.provenEarly).toBeGreaterThan(100);
  }, 240_000);
});

describe("best available in the database", () => {
  let shop: ShopEvent;
  beforeAll(async () => {
    // Two blocks of 5 rows × 10 seats; the second is sold at the box office only.
    const layout = gridLayout(2, 5, 10);
    layout.blocks[1]!.boxofficeOnly = true;
    shop = await createShopEvent(t, { layout, categories: [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1", dailyQuantity: 500 })] });
  });
  const all = () => [...gridLayout(2, 5, 10).blocks].flatMap((b) => blockSeats(b as SeatedBlock).map((s) => s.key));

  it("materialises every seat with its rank and its place in the layout", async () => {
    const rows = await t.database.rows<{ k: string; r: number | null; o: number | null }>(
      sql`select seat_key as k, best_rank as r, best_order as o from seat_inventory where event_date_id = ${shop.dateIds[0]!}`,
    );
    const layout = gridLayout(2, 5, 10);
    const expected = new Map(seated(layout).flatMap((b) => blockSeats(b).map((s) => [s.key, seatRank(b, s.row, s.seat)] as const)));
    const places = placesOf(layout);
    expect(rows).toHaveLength(100);
    for (const row of rows) expect([row.r, row.o], row.k).toEqual([expected.get(row.k), places.get(row.k)]);
    expect(places.get("G2:0:0")).toBe(50);
  });

  it("gives the front row's centre first, then the next best seats, adjacent and never the box office's block online", async () => {
    await setFree(shop.dateIds[0]!, all());
    const first = ok(await best(t.client(), shop, "cat1", 2));
    expect(first.status === "held" && first.seats.sort()).toEqual(["G1:0:4", "G1:0:5"]);
    const second = ok(await best(t.client(), shop, "cat1", 3));
    // 1–3 and 6–8 (2.5 off) each leave a seat alone (+3), as do 0–2 and 7–9 (3.5 off): lower index.
    expect(second.status === "held" && second.seats.sort()).toEqual(["G1:0:1", "G1:0:2", "G1:0:3"]);
    const third = ok(await best(t.client(), shop, "cat1", 4));
    // 6–9 is 3 off and strands nothing; row 1 would cost 10.
    expect(third.status === "held" && third.seats.sort()).toEqual(["G1:0:6", "G1:0:7", "G1:0:8", "G1:0:9"]);
    const held = (await seatRows(t.database, shop.dateIds)).filter((r) => r.status === "PAYMENT_PENDING").map((r) => r.key);
    expect(held.sort()).toEqual(["G1:0:1", "G1:0:2", "G1:0:3", "G1:0:4", "G1:0:5", "G1:0:6", "G1:0:7", "G1:0:8", "G1:0:9"]);
    for (const res of [first, second, third]) if (res.status === "held") await releaseCart(res.cart);
  });

  it("leaves no seat alone when a nearly as good window does not, and splits 2 + 2 when no run of four is left", async () => {
    // Row 0 of G1: seats 0, 1 and 5 taken; the rest of G1 taken but row 4.
    const free = all().filter((k) => k.startsWith("G1:0:") || k.startsWith("G1:4:")).filter((k) => !["G1:0:0", "G1:0:1", "G1:0:5"].includes(k));
    await setFree(shop.dateIds[0]!, free);
    expect(await bestOnce(shop, "cat1", 2)).toEqual(["G1:0:6", "G1:0:7"]);
    // Four: row 0 has runs of 3 and 4 (6–9): 6–9 fills its run.
    expect(await bestOnce(shop, "cat1", 4)).toEqual(["G1:0:6", "G1:0:7", "G1:0:8", "G1:0:9"]);
    // Runs of three at most: 2 + 2 (3–4 strands seat 2: 1 + 3; then 6–7 strands 8: 2 + 3), not 3 + 1.
    await setFree(shop.dateIds[0]!, ["G1:0:2", "G1:0:3", "G1:0:4", "G1:0:6", "G1:0:7", "G1:0:8"]);
    expect(await bestOnce(shop, "cat1", 4)).toEqual(["G1:0:3", "G1:0:4", "G1:0:6", "G1:0:7"].sort());
    expect(await bestOnce(shop, "cat1", 7)).toBe("sold_out");
  });

  it("keeps to the block the buyer chose, and the box office sells its own block", async () => {
    await setFree(shop.dateIds[0]!, all());
    expect(await bestOnce(shop, "cat1", 2, "G2")).toBe("sold_out"); // online: not part of the plan
    const scope = (await loadScope(t.database.db, shop.dateIds[0]!))!;
    const atCounter = await holdBest(t.deps, { scopeId: shop.dateIds[0]!, cart: null, ticketCategoryId: shop.category("cat1").id, quantity: 2, blockId: "G2" }, null, { channel: "boxoffice", scope });
    expect(atCounter.status === "held" && atCounter.seats.sort()).toEqual(["G2:0:4", "G2:0:5"]);
    // Without a block, the counter gets the best seats of the whole plan (G1 before G2 on ties).
    const whole = await holdBest(t.deps, { scopeId: shop.dateIds[0]!, cart: null, ticketCategoryId: shop.category("cat1").id, quantity: 2 }, null, { channel: "boxoffice", scope });
    expect(whole.status === "held" && whole.seats.sort()).toEqual(["G1:0:4", "G1:0:5"]);
    for (const res of [atCounter, whole]) if (res.status === "held") await releaseCart(res.cart);
  });

  it("adds to the buyer's cart and says sold out (never taken) when too few seats are left", async () => {
    await setFree(shop.dateIds[0]!, ["G1:2:0", "G1:2:1", "G1:3:5"]);
    const buyer = t.client();
    const first = ok(await best(buyer, shop, "cat1", 2));
    if (first.status !== "held") throw new Error(first.status);
    const cart = { id: first.cart.id, secret: first.cart.secret! };
    const more = ok(await attempt(buyer.trpc.shop.holdBest.mutate({ scopeId: shop.dateIds[0]!, cart, ticketCategoryId: shop.category("cat1").id, quantity: 2 })));
    expect(more).toEqual({ status: "sold_out", ticketCategoryIds: [shop.category("cat1").id] });
    const last = ok(await attempt(buyer.trpc.shop.holdBest.mutate({ scopeId: shop.dateIds[0]!, cart, ticketCategoryId: shop.category("cat1").id, quantity: 1 })));
    expect(last.status === "held" && last.cart.id).toBe(cart.id);
    const mine = (await seatRows(t.database, shop.dateIds)).filter((r) => r.holdId === cart.id).map((r) => r.key).sort();
    expect(mine).toEqual(["G1:2:0", "G1:2:1", "G1:3:5"]);
    await releaseCart(cart);
  });
});

describe("the database proves its choice", () => {
  it("looks further when a window outside the seats it locked first could be better", async () => {
    // Two blocks of 3 rows × 40 seats. The first statement locks 16 seats (8 + 4·2): block G1's
    // front row singles and one pair 27–28 that strands seat 29 (rank 16 + 6), and G2's front
    // singles, all ranked below 20. G1's row 1 centre pair (seats ranked 21, window 20) is not
    // among them and is better: only "proven" choices may be held, so the statement looks further.
    const layout = gridLayout(2, 3, 40);
    const shop = await createShopEvent(t, { layout, categories: [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1" })] });
    const front = [10, 12, 14, 16, 18, 21, 23, 25, 27, 28, 29].map((s) => `G1:0:${s}`);
    const free = [...front, "G2:0:16", "G2:0:18", "G2:0:21", "G2:0:23", "G2:0:25", "G1:1:19", "G1:1:20"];
    const ranks = new Map(seated(layout).flatMap((b) => blockSeats(b).map((x) => [x.key, seatRank(b, x.row, x.seat)] as const)));
    expect(free.filter((k) => ranks.get(k)! < 20)).toHaveLength(16);
    await setFree(shop.dateIds[0]!, free);
    expect(bestAvailable(layout, free, { quantity: 2, categoryId: "cat1" })[0]).toEqual(["G1:1:19", "G1:1:20"]);
    expect(await bestOnce(shop, "cat1", 2)).toEqual(["G1:1:19", "G1:1:20"]);
  });
});

describe("the database proves its choice at the boundary", () => {
  it("does not take a window that only ties a better-placed window beyond the seats it locked", async () => {
    // Four blocks of one row of 20 seats (ranks |2s − 19|). The 16 best free seats end at rank 11
    // (the cut): G2's 6–7 leaves seat 5 alone (rank 6 + 6 = 12); G1's 15–16 also ranks 12 but
    // holds seat 16 (rank 13) beyond the cut, and G1 comes first. A window ranked 12 is not
    // proven below a cut of 11 (a window beyond it may rank 11 + 1 − 1 = 11 or tie at 12).
    const layout = gridLayout(4, 1, 20);
    const shop = await createShopEvent(t, { layout, categories: [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1" })] });
    const singles = [4, 6, 8, 10, 12, 14];
    const free = ["G1:0:15", "G1:0:16", "G2:0:5", "G2:0:6", "G2:0:7", ...singles.map((s) => `G3:0:${s}`), ...singles.map((s) => `G4:0:${s}`)];
    await setFree(shop.dateIds[0]!, free);
    expect(bestAvailable(layout, free, { quantity: 2, categoryId: "cat1" })[0]).toEqual(["G1:0:15", "G1:0:16"]);
    expect(await statementChoice(shop, layout, "cat1", 2, 16)).toBeNull();
    expect(await statementChoice(shop, layout, "cat1", 2, 64)).toEqual(["G1:0:15", "G1:0:16"]);
    expect(await bestOnce(shop, "cat1", 2)).toEqual(["G1:0:15", "G1:0:16"]);
  });
});

describe("the seats a statement locks", () => {
  it("are the first `limit` in the order rank, place: seats of the cut's rank in later blocks are not locked, the place breaks the tie", async () => {
    // Eight blocks of one row of 10 seats: the two centre seats of every block rank 1 (16 seats).
    const layout = gridLayout(8, 1, 10);
    const shop = await createShopEvent(t, { layout, categories: [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1" })] });
    const res = (await statementResult(shop, layout, "cat1", 2, 4))!;
    // G1's and G2's centre pairs (places 4, 5, 14, 15), not the 12 others of rank 1 (the statement
    // before decision 038 locked all 16); G1's pair ties G2's and comes first in the layout: proven, and held.
    expect(res.best).toMatchObject({ seen: 4, pooled: 4, cut: 1, best: 0, proven: true, unranked: 0 });
    expect(res.won.map((w) => w.k).sort()).toEqual(["G1:0:4", "G1:0:5"]);
    // Two seats are enough when they are G1's pair; without G1:0:4 the two are G1:0:5 and
    // G2:0:4, no pair: the caller looks further.
    expect(await statementChoice(shop, layout, "cat1", 2, 2)).toEqual(["G1:0:4", "G1:0:5"]);
    await setFree(shop.dateIds[0]!, activeKeys(layout).filter((k) => k !== "G1:0:4"));
    expect(await statementChoice(shop, layout, "cat1", 2, 2)).toBeNull();
    // G2's pair ranks 0 and is the last of the pool (place 15): a window after it holding a seat
    // of rank 1 would start at place 15 or later, so G2:0:4–5 (first seat 14) is proven.
    expect(await statementChoice(shop, layout, "cat1", 2, 3)).toEqual(["G2:0:4", "G2:0:5"]);
    expect(await bestOnce(shop, "cat1", 2)).toEqual(["G2:0:4", "G2:0:5"]);
  });
});

describe("the search's index", () => {
  it.each([
    [2, "seat_inventory_best_free_runs_idx"],
    [1, "seat_inventory_best_free_idx"],
  ])("leaves sold and held seats out: the statement for %i can use the partial index of free seats (%s) and finds holds that ran out by their end", async (quantity, index) => {
    const layout = gridLayout(2, 3, 10);
    const shop = await createShopEvent(t, { layout, categories: [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1" })] });
    const input = statementInput(shop, layout, "cat1", quantity, 16)!;
    const rollback = new Error("rollback");
    let plan = "";
    await t.database.db
      .transaction(async (tx) => {
        // The planner may scan a table this small whole: only whether it can use the index is asked.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        // Nor sort those few rows rather than read them in the rank index's order.
        await tx.execute(sql`set local enable_sort = off`);
        // As in an on-sale: most seats held by buyers paying, their holds running (the index of
        // holds by their end, not every held seat of the date, finds those that ran out).
        await tx.execute(sql`update seat_inventory set status = 'PAYMENT_PENDING', hold_id = gen_random_uuid(), held_until = now() + interval '15 minutes'
          where event_date_id = ${shop.dateIds[0]!} and block_id = 'G2'`);
        await tx.execute(sql`analyze seat_inventory`);
        const rows = await txRows<{ "QUERY PLAN": string }>(tx, sql`explain (costs off) ${holdBestStatement(input)}`);
        plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    expect(plan).toMatch(new RegExp(`${index} on seat_inventory s\\b`));
    expect(plan).toMatch(/seat_inventory_held_until_idx on seat_inventory s(_\d+)?\b/);
  });
});

describe("seats whose hold ran out", () => {
  it.each([1, 2])("are taken by best available of %i as free seats, before the sweeper frees them", async (quantity) => {
    const layout = gridLayout(2, 3, 10);
    const shop = await createShopEvent(t, { layout, categories: [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1" })] });
    const first = ok(await best(t.client(), shop, "cat1", quantity));
    if (first.status !== "held") throw new Error(`not held: ${first.status}`);
    const bestSeats = [...first.seats].sort();
    // While they are held, another buyer gets other seats.
    const other = await bestOnce(shop, "cat1", quantity);
    if (!Array.isArray(other)) throw new Error(`not held: ${other}`);
    expect(other.filter((k) => bestSeats.includes(k))).toEqual([]);
    // The first buyer's time runs out; the seats are still marked held (no sweeper ran).
    await expireCart(t.database, first.cart.id);
    const [held] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from seat_inventory where hold_id = ${first.cart.id} and status <> 'FREE'`);
    expect(Number(held!.n)).toBe(quantity);
    expect(await bestOnce(shop, "cat1", quantity)).toEqual(bestSeats);
  });
});

describe("inventories written before ranks or places existed", () => {
  it.each([
    ["ranks and places", sql`best_rank = null, best_order = null`],
    ["places (migration 0034)", sql`best_order = null`],
  ])("get their %s on the first best-available hold of the date, and the choice is the same", async (_, cleared) => {
    const layout = gridLayout(2, 4, 9);
    layout.blocks[1] = { ...(layout.blocks[1] as SeatedBlock), rowDirection: "UP", rowSeats: { "3": 7 } };
    const shop = await createShopEvent(t, { layout, categories: [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1" })] });
    const dateId = shop.dateIds[0]!;
    await t.database.rows(sql`update seat_inventory set ${cleared} where event_date_id = ${dateId} returning 1`);
    const [expected] = bestAvailable(layout, activeKeys(layout), { quantity: 3, categoryId: "cat1", maxCandidates: 1 });
    const res = ok(await best(t.client(), shop, "cat1", 3));
    expect(res.status === "held" && res.seats.sort()).toEqual([...expected!].sort());
    const rows = await t.database.rows<{ k: string; r: number | null; o: number | null }>(
      sql`select seat_key as k, best_rank as r, best_order as o from seat_inventory where event_date_id = ${dateId}`,
    );
    const ranks = new Map(seated(layout).flatMap((b) => blockSeats(b).map((s) => [s.key, seatRank(b, s.row, s.seat)] as const)));
    const places = placesOf(layout);
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows) expect([row.r, row.o], row.k).toEqual([ranks.get(row.k), places.get(row.k)]);
  });
});

describe("ranks follow the organiser's plan", () => {
  it("a template saved without sales rebuilds the ranks and places; saved with sales, unsold seats get their ranks back and every seat its place", async () => {
    const { client: organiser } = await signedInOrganiser(t);
    const layout = gridLayout(1, 3, 6);
    const templateId = await createTemplateVia(organiser, layout);
    const { eventId, dateIds } = await createSeatedEvent(organiser, t.database.db, templateId);
    const ranksOf = async () =>
      new Map(
        (await t.database.rows<{ k: string; r: number | null; o: number | null }>(sql`select seat_key as k, best_rank as r, best_order as o from seat_inventory where event_id = ${eventId}`)).map(
          (r) => [r.k, [r.r, r.o]],
        ),
      );
    const expectRanks = async (plan: SeatingLayout) => {
      const ranks = await ranksOf();
      const block = seated(plan)[0]!;
      const places = placesOf(plan);
      const active = blockSeats(block).filter((x) => x.isActive);
      expect(ranks.size).toBe(active.length);
      for (const seat of active) expect(ranks.get(seat.key), seat.key).toEqual([seatRank(block, seat.row, seat.seat), places.get(seat.key)]);
    };
    await expectRanks(layout);
    // No sales: the front row becomes the last row index and row 0 is shorter.
    const turned = clone(layout);
    turned.blocks[0] = { ...(turned.blocks[0] as SeatedBlock), rowDirection: "UP", rowSeats: { "0": 4 } };
    ok(await saveTemplate(organiser, (await templateRow(t.database.db, templateId))!, turned));
    await expectRanks(turned);
    // A seat sold: limited editing (categories of unsold seats only); ranks lost meanwhile come back.
    await setSeatStatus(t.database.db, dateIds[0]!, "G1:0:0", "SOLD");
    try {
      await t.database.rows(sql`update seat_inventory set best_rank = null, best_order = null where event_id = ${eventId} and seat_key <> 'G1:0:0' returning 1`);
      // The sold seat keeps its rank but follows its place (freed later, it must have its row's).
      await t.database.rows(sql`update seat_inventory set best_order = null where event_id = ${eventId} and seat_key = 'G1:0:0' returning 1`);
      const recategorised = clone(turned);
      recategorised.categories.push({ id: "cat2", name: "Other", color: "#123456" });
      recategorised.blocks[0] = { ...(recategorised.blocks[0] as SeatedBlock), rowCategories: { "2": "cat2" } };
      ok(await saveTemplate(organiser, (await templateRow(t.database.db, templateId))!, recategorised));
      await expectRanks(recategorised);
    } finally {
      await setSeatStatus(t.database.db, dateIds[0]!, "G1:0:0", "FREE");
    }
  });
});

describe("a season's best available", () => {
  it("holds the best seats free on every date of the season", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    // Seat A:0:1 is taken on one date only: the season cannot have it.
    const buyer = t.client();
    ok(await attempt(buyer.trpc.shop.hold.mutate({ scopeId: season.childDates[0]!, cart: null, seats: [{ key: "A:0:1", ticketCategoryId: (await loadScope(t.database.db, season.childDates[0]!))!.categories[0]!.id }], counts: [] })));
    const res = ok(await attempt(t.client().trpc.shop.holdBest.mutate({ scopeId: season.seasonId, cart: null, ticketCategoryId: season.seasonA, quantity: 2 })));
    if (res.status !== "held") throw new Error(res.status);
    expect(res.seats).not.toContain("A:0:1");
    const rows = (await seatRows(t.database, season.childDates)).filter((r) => r.holdId === res.cart.id);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === "SEASON_BLOCKED")).toBe(true);
    expect(new Set(rows.map((r) => r.key))).toEqual(new Set(res.seats));
  });
});
