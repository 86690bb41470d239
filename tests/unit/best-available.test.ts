import { describe, expect, it } from "vitest";
import { bestAvailable, type BestAvailableOptions } from "../../shared/seating/best-available";
import { type SeatedBlock, type SeatingLayout, ZSeatingLayout } from "../../shared/seating/layout";
import { ORPHAN_PENALTY, ROW_WEIGHT, seatRank, windowRank } from "../../shared/seating/best-rank";
import { blockSeats, rowNumber, seatsInRow } from "../../shared/seating/numbering";
import { seededRandom } from "../seeded-random";

type BlockInput = Partial<Omit<SeatedBlock, "kind">> & { id: string };

/** A valid layout of seated blocks (plus optional standing ones), parsed so defaults apply. */
function makeLayout(blocks: BlockInput[], options: { categories?: string[]; standing?: string[] } = {}): SeatingLayout {
  return ZSeatingLayout.parse({
    width: 10_000,
    height: 10_000,
    categories: (options.categories ?? []).map((id) => ({ id, name: id, color: "#336699" })),
    blocks: [
      ...blocks.map((b, i) => ({
        name: b.id,
        x: i * 1000,
        y: 0,
        rotation: 0,
        color: "#228be6",
        categoryId: null,
        boxofficeOnly: false,
        kind: "seated",
        rows: 5,
        seatsPerRow: 10,
        align: "center",
        firstRow: 1,
        firstSeat: 1,
        rowDirection: "DOWN",
        seatDirection: "RIGHT",
        ...b,
      })),
      ...(options.standing ?? []).map((id) => ({
        id,
        name: id,
        x: 0,
        y: 5000,
        rotation: 0,
        color: "#999999",
        categoryId: null,
        boxofficeOnly: false,
        kind: "standing",
        width: 300,
        height: 150,
        capacity: 500,
        dailyAmount: null,
      })),
    ],
  });
}

const seated = (layout: SeatingLayout) => layout.blocks.filter((b): b is SeatedBlock => b.kind === "seated");
/** Every seat key of the layout (active or not). */
const allKeys = (layout: SeatingLayout) => seated(layout).flatMap((b) => blockSeats(b).map((s) => s.key));
const except = (layout: SeatingLayout, taken: string[]) => {
  const gone = new Set(taken);
  return allKeys(layout).filter((k) => !gone.has(k));
};
const seatRange = (block: string, row: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${block}:${row}:${from + i}`);

/**
 * A straightforward reference for the run case, built on blockSeats: every window of N eligible
 * adjacent seats, scored as documented (row, distance from the row's centre, 3 per seat left
 * alone beside the window), sorted by (score, block order, row, seat), taken greedily without overlaps.
 */
function reference(layout: SeatingLayout, free: Set<string>, options: BestAvailableOptions): string[][] {
  const n = options.quantity;
  const windows: { score: number; order: number; row: number; start: number; keys: string[] }[] = [];
  layout.blocks.forEach((block, order) => {
    if (block.kind !== "seated" || (options.blockId !== undefined && block.id !== options.blockId)) return;
    const byRow = new Map<number, ReturnType<typeof blockSeats>>();
    for (const seat of blockSeats(block)) {
      const list = byRow.get(seat.row);
      if (list) list.push(seat);
      else byRow.set(seat.row, [seat]);
    }
    for (let r = 0; r < block.rows; r++) {
      const row = byRow.get(r) ?? [];
      const ok = row.map((s) => s.isActive && free.has(s.key) && (options.categoryId === null || s.categoryId === options.categoryId));
      const okAt = (i: number) => i >= 0 && i < row.length && ok[i]!;
      for (let start = 0; start + n <= row.length; start++) {
        let all = true;
        for (let i = start; i < start + n && all; i++) all = ok[i]!;
        if (!all) continue;
        const rank = rowNumber(block, r) - block.firstRow;
        const alone = (okAt(start - 1) && !okAt(start - 2) ? 1 : 0) + (okAt(start + n) && !okAt(start + n + 1) ? 1 : 0);
        const score = rank * 10 + Math.abs(start + (n - 1) / 2 - (seatsInRow(block, r) - 1) / 2) + 3 * alone;
        windows.push({ score, order, row: r, start, keys: row.slice(start, start + n).map((s) => s.key) });
      }
    }
  });
  windows.sort((a, b) => a.score - b.score || a.order - b.order || a.row - b.row || a.start - b.start);
  const used = new Set<string>();
  const groups: string[][] = [];
  for (const w of windows) {
    if (groups.length === (options.maxCandidates ?? 5)) break;
    if (w.keys.some((k) => used.has(k))) continue;
    w.keys.forEach((k) => used.add(k));
    groups.push(w.keys);
  }
  return groups;
}

function expectDisjointGroupsOf(groups: string[][], n: number, free: Iterable<string>) {
  const freeSet = new Set(free);
  const seen = new Set<string>();
  for (const group of groups) {
    expect(group).toHaveLength(n);
    for (const key of group) {
      expect(freeSet.has(key)).toBe(true);
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  }
}

describe("bestAvailable", () => {
  it("picks the front-centre run of an empty block, then the next best disjoint runs", () => {
    const layout = makeLayout([{ id: "A" }]);
    const free = allKeys(layout);
    expect(bestAvailable(layout, free, { quantity: 2, categoryId: null })[0]).toEqual(["A:0:4", "A:0:5"]);
    // Three of ten: centres 4 and 5 tie at 0.5 off the row centre 4.5 → the lower seat index wins.
    // 6–8 (2.5 off) would leave seat 9 alone (+3): 0–2 and 7–9 (3.5, nothing left alone) come first.
    expect(bestAvailable(layout, free, { quantity: 3, categoryId: null })).toEqual([
      seatRange("A", 0, 3, 5), // 0.5
      seatRange("A", 0, 0, 2), // 3.5
      seatRange("A", 0, 7, 9), // 3.5
      seatRange("A", 1, 3, 5), // 10.5
      seatRange("A", 1, 0, 2), // 13.5 (row 1's 6–8 and 1–3 leave a seat alone: 15.5)
    ]);
    expect(bestAvailable(layout, free, { quantity: 3, categoryId: null, maxCandidates: 2 })).toHaveLength(2);
    expect(bestAvailable(layout, free, { quantity: 10, categoryId: null })[0]).toEqual(seatRange("A", 0, 0, 9));
  });

  it("a taken seat in the middle moves the run to the side", () => {
    const layout = makeLayout([{ id: "A" }]);
    // Runs 0–3 and 5–9: [5..8] is 2 off the centre 4.5 but leaves seat 9 alone (2 + 3); [0..3] is
    // 3 off and fills its run; [6..9] leaves seat 5 alone (3 + 3); row 1 costs 10.
    expect(bestAvailable(layout, except(layout, ["A:0:4"]), { quantity: 4, categoryId: null })).toEqual([
      seatRange("A", 0, 0, 3),
      seatRange("A", 0, 5, 8),
      seatRange("A", 1, 3, 6),
      seatRange("A", 2, 3, 6),
      seatRange("A", 3, 3, 6),
    ]);
    // Two seats with 4 and 5 taken: [2,3] and [6,7] tie at 2 off → lower seat index first.
    expect(bestAvailable(layout, except(layout, ["A:0:4", "A:0:5"]), { quantity: 2, categoryId: null })).toEqual([
      ["A:0:2", "A:0:3"],
      ["A:0:6", "A:0:7"],
      ["A:0:0", "A:0:1"],
      ["A:0:8", "A:0:9"],
      ["A:1:4", "A:1:5"],
    ]);
  });

  it("a taken seat moves the run to the next row when the side is worse", () => {
    const layout = makeLayout([{ id: "A" }]);
    // Row 0 keeps runs of 4 and 5 only: six seats must go to row 1.
    expect(bestAvailable(layout, except(layout, ["A:0:4"]), { quantity: 6, categoryId: null })[0]).toEqual(seatRange("A", 1, 2, 7));
    // One row back costs 10 seat units: the far side of a wide front row loses to row 1's centre.
    const wide = makeLayout([{ id: "A", seatsPerRow: 30 }]);
    const taken = seatRange("A", 0, 4, 29);
    expect(bestAvailable(wide, except(wide, taken), { quantity: 2, categoryId: null })[0]).toEqual(["A:1:14", "A:1:15"]);
    // … but a pair 9 off the centre (5–6, centre 5.5 vs 14.5) still beats the next row.
    const near = except(wide, seatRange("A", 0, 7, 29));
    expect(bestAvailable(wide, near, { quantity: 2, categoryId: null })[0]).toEqual(["A:0:5", "A:0:6"]);
  });

  it("deactivated seats and rows break runs and are never returned", () => {
    const layout = makeLayout([{ id: "A", disabledSeats: ["0:4"], disabledRows: [1] }]);
    const free = allKeys(layout); // the caller's list may even contain deactivated seats
    const groups = bestAvailable(layout, free, { quantity: 4, categoryId: null, maxCandidates: 10 });
    // As with a taken seat: [0..3] fills its run, [5..8] leaves seat 9 alone.
    expect(groups[0]).toEqual(seatRange("A", 0, 0, 3));
    expect(groups[1]).toEqual(seatRange("A", 0, 5, 8));
    expect(groups[2]).toEqual(seatRange("A", 2, 3, 6));
    const returned = groups.flat();
    expect(returned).not.toContain("A:0:4");
    expect(returned.some((k) => k.startsWith("A:1:"))).toBe(false);
  });

  it("filters by row and seat categories, resolved like numbering.ts", () => {
    const layout = makeLayout(
      [{ id: "A", categoryId: "std", rowCategories: { "0": "vip" }, seatCategories: { "1:4": "vip", "1:5": "vip", "0:9": "std" } }],
      { categories: ["std", "vip"] },
    );
    const free = allKeys(layout);
    const vip = bestAvailable(layout, free, { quantity: 2, categoryId: "vip", maxCandidates: 10 });
    expect(vip[0]).toEqual(["A:0:4", "A:0:5"]);
    expect(vip).toContainEqual(["A:1:4", "A:1:5"]);
    expect(vip.flat()).not.toContain("A:0:9");
    expect(vip.flat().every((k) => k.startsWith("A:0:") || k === "A:1:4" || k === "A:1:5")).toBe(true);
    // Row 0 is vip and seats 1:4–5 break row 1 for std: [2,3] and [6,7] tie → lower seat index.
    const std = bestAvailable(layout, free, { quantity: 2, categoryId: "std" });
    expect(std[0]).toEqual(["A:1:2", "A:1:3"]);
    expect(std[1]).toEqual(["A:1:6", "A:1:7"]);
    expect(std.flat().some((k) => ["A:1:4", "A:1:5"].includes(k))).toBe(false);
    // A seat category can be the only seat of a category in a row.
    expect(bestAvailable(layout, free, { quantity: 1, categoryId: "std", maxCandidates: 50 }).flat()).toContain("A:0:9");
    expect(bestAvailable(layout, free, { quantity: 1, categoryId: "other" })).toEqual([]);
  });

  it("agrees with blockSeats on which seats are eligible", () => {
    const layout = makeLayout(
      [
        {
          id: "A",
          rows: 6,
          seatsPerRow: 12,
          rowSeats: { "0": 8, "5": 3 },
          categoryId: "c1",
          rowCategories: { "2": "c2" },
          seatCategories: { "3:3": "c2", "2:0": "c1" },
          disabledRows: [4],
          disabledSeats: ["1:1", "3:7"],
        },
        { id: "B", rows: 2, seatsPerRow: 5, categoryId: "c2" },
      ],
      { categories: ["c1", "c2"], standing: ["S"] },
    );
    const free = [...allKeys(layout), "S:0:0", "A:0:9", "A:99:0", "nope", "A:01:2", "Z:0:0"];
    for (const categoryId of ["c1", "c2", null]) {
      const expected = seated(layout)
        .flatMap((b) => blockSeats(b))
        .filter((s) => s.isActive && (categoryId === null || s.categoryId === categoryId))
        .map((s) => s.key);
      const all = bestAvailable(layout, free, { quantity: expected.length, categoryId });
      expect(all).toHaveLength(1);
      expect([...all[0]!].sort()).toEqual([...expected].sort());
      expect(bestAvailable(layout, free, { quantity: expected.length + 1, categoryId })).toEqual([]);
    }
  });

  it("restricts to one block with blockId", () => {
    const layout = makeLayout([{ id: "A" }, { id: "B", rows: 3 }], { standing: ["S"] });
    const free = allKeys(layout);
    expect(bestAvailable(layout, free, { quantity: 2, categoryId: null })[0]).toEqual(["A:0:4", "A:0:5"]);
    expect(bestAvailable(layout, free, { quantity: 2, categoryId: null })[1]).toEqual(["B:0:4", "B:0:5"]); // tie → block order
    const onlyB = bestAvailable(layout, free, { quantity: 2, categoryId: null, blockId: "B", maxCandidates: 20 });
    expect(onlyB[0]).toEqual(["B:0:4", "B:0:5"]);
    expect(onlyB).toHaveLength(15);
    expect(onlyB.flat().every((k) => k.startsWith("B:"))).toBe(true);
    expect(bestAvailable(layout, free, { quantity: 2, categoryId: null, blockId: "S" })).toEqual([]);
    expect(bestAvailable(layout, free, { quantity: 2, categoryId: null, blockId: "nope" })).toEqual([]);
  });

  it("rowDirection UP makes the last row index the front", () => {
    const layout = makeLayout([{ id: "A", rowDirection: "UP", firstRow: 7 }]);
    const free = allKeys(layout);
    const groups = bestAvailable(layout, free, { quantity: 2, categoryId: null, maxCandidates: 5 });
    expect(groups[0]).toEqual(["A:4:4", "A:4:5"]); // printed row 7
    expect(groups.map((g) => g[0]!.split(":")[1])).toEqual(["4", "4", "4", "4", "4"]);
    const sixes = bestAvailable(layout, free, { quantity: 6, categoryId: null, maxCandidates: 3 });
    expect(sixes).toEqual([seatRange("A", 4, 2, 7), seatRange("A", 3, 2, 7), seatRange("A", 2, 2, 7)]);
    const down = makeLayout([{ id: "A", rowDirection: "DOWN", firstRow: 7 }]);
    expect(bestAvailable(down, allKeys(down), { quantity: 6, categoryId: null, maxCandidates: 2 })).toEqual([
      seatRange("A", 0, 2, 7),
      seatRange("A", 1, 2, 7),
    ]);
  });

  it("falls back to one group of scattered seats, best row first, when no run exists", () => {
    const layout = makeLayout([{ id: "A", rows: 3 }]);
    const free = allKeys(layout).filter((k) => Number(k.split(":")[2]) % 2 === 0); // 0, 2, 4, 6, 8 free
    expect(bestAvailable(layout, free, { quantity: 3, categoryId: null })).toEqual([["A:0:2", "A:0:4", "A:0:6"]]);
    // Row 0 has five: they all go, then the two nearest the centre of row 1.
    expect(bestAvailable(layout, free, { quantity: 7, categoryId: null })).toEqual([
      ["A:0:0", "A:0:2", "A:0:4", "A:0:6", "A:0:8", "A:1:4", "A:1:6"],
    ]);
    expect(bestAvailable(layout, free, { quantity: 15, categoryId: null })[0]).toHaveLength(15);
    expect(bestAvailable(layout, free, { quantity: 16, categoryId: null })).toEqual([]);
  });

  it("the fallback stays in the block of the best seat before using other blocks", () => {
    const layout = makeLayout([
      { id: "A", rows: 3 },
      { id: "B", rows: 3 },
    ]);
    // A: only row 2 has seats (worse); B: front-row centre seat and two row-1 seats.
    const free = ["A:2:0", "A:2:2", "A:2:4", "B:0:4", "B:1:1", "B:1:8"];
    expect(bestAvailable(layout, free, { quantity: 3, categoryId: null })).toEqual([["B:0:4", "B:1:1", "B:1:8"]]);
    expect(bestAvailable(layout, free, { quantity: 4, categoryId: null })).toEqual([["A:2:4", "B:0:4", "B:1:1", "B:1:8"]]);
  });

  it("returns [] when there are not enough matching free seats", () => {
    const layout = makeLayout([{ id: "A" }], { categories: ["c1"] });
    expect(bestAvailable(layout, ["A:0:0", "A:0:1", "A:3:3"], { quantity: 4, categoryId: null })).toEqual([]);
    expect(bestAvailable(layout, allKeys(layout), { quantity: 2, categoryId: "c1" })).toEqual([]);
    expect(bestAvailable(layout, [], { quantity: 1, categoryId: null })).toEqual([]);
    expect(bestAvailable(layout, allKeys(layout), { quantity: 0, categoryId: null })).toEqual([]);
    // Duplicates in the free list count once.
    expect(bestAvailable(layout, ["A:0:0", "A:0:0", "A:0:0"], { quantity: 2, categoryId: null })).toEqual([]);
  });

  it("never returns overlapping groups; each has exactly N keys and matches the reference", () => {
    const layout = makeLayout(
      [
        { id: "A", rows: 8, seatsPerRow: 16, rowSeats: { "0": 10, "7": 12 }, categoryId: "c1", rowCategories: { "3": "c2" } },
        { id: "B", rows: 6, seatsPerRow: 9, rowDirection: "UP", categoryId: "c2", disabledSeats: ["5:4", "2:2"] },
        { id: "C", rows: 4, seatsPerRow: 20, align: "left", categoryId: "c1", seatCategories: { "0:10": "c2" } },
      ],
      { categories: ["c1", "c2"] },
    );
    for (let seed = 1; seed <= 25; seed++) {
      const rnd = seededRandom(seed);
      const free = allKeys(layout).filter(() => rnd() < 0.4 + seed / 50);
      const freeSet = new Set(free);
      for (const quantity of [1, 2, 3, 4, 6]) {
        for (const categoryId of [null, "c1", "c2"]) {
          const options = { quantity, categoryId, maxCandidates: 1 + (seed % 8) };
          const groups = bestAvailable(layout, free, options);
          expectDisjointGroupsOf(groups, quantity, free);
          expect(groups.length).toBeLessThanOrEqual(options.maxCandidates);
          const expected = reference(layout, freeSet, options);
          if (expected.length > 0) expect(groups).toEqual(expected);
          else expect(groups.length).toBeLessThanOrEqual(1); // fallback: one group or none
        }
      }
    }
  });

  it("handles a 20,000-seat layout with 15,000 free seats", () => {
    // Four blocks of 50 rows × 100 seats; every fourth seat is taken, leaving runs of three.
    const layout = makeLayout(
      ["A", "B", "C", "D"].map((id, i) => ({ id, rows: 50, seatsPerRow: 100, rowDirection: i % 2 === 0 ? ("DOWN" as const) : ("UP" as const) })),
    );
    const keys = allKeys(layout);
    expect(keys).toHaveLength(20_000);
    const free = keys.filter((k) => Number(k.split(":")[2]) % 4 !== 0);
    expect(free).toHaveLength(15_000);

    const threes = bestAvailable(layout, free, { quantity: 3, categoryId: null });
    // Row centre 49.5; run 49–51 is 0.5 off in every block's front row (ties → block order), then 45–47 (3.5 off).
    expect(threes).toEqual([
      seatRange("A", 0, 49, 51),
      seatRange("B", 49, 49, 51),
      seatRange("C", 0, 49, 51),
      seatRange("D", 49, 49, 51),
      seatRange("A", 0, 45, 47),
    ]);
    expect(threes).toEqual(reference(layout, new Set(free), { quantity: 3, categoryId: null }));

    const many = bestAvailable(layout, free, { quantity: 3, categoryId: null, maxCandidates: 5000 });
    expect(many).toHaveLength(5000); // every run of three, once
    expectDisjointGroupsOf(many, 3, free);

    // No run of four anywhere: two pairs (2 + 2, not 3 + 1) in block A's front row. 49–50 sits on
    // the centre but leaves 51 alone (0 + 3); the second pair stays in block A: 46–47 (3 off,
    // leaving 45 alone: 6) beats 53–54 (4 + 3).
    expect(bestAvailable(layout, free, { quantity: 4, categoryId: null })).toEqual([["A:0:46", "A:0:47", "A:0:49", "A:0:50"]]);
    expect(bestAvailable(layout, free, { quantity: 15_001, categoryId: null })).toEqual([]);
    expect(bestAvailable(layout, free, { quantity: 15_000, categoryId: null })[0]).toHaveLength(15_000);
  });

  it("prefers a window that leaves no seat alone over a slightly more central one", () => {
    const layout = makeLayout([{ id: "A" }]);
    // Row 0: seats 0, 1 and 5 taken, runs 2–4 and 6–9. 3–4 is 1 off the centre but strands seat 2
    // (1 + 3), 2–3 strands seat 4 (2 + 3); 6–7 is 2 off and leaves 8–9 together.
    const free = except(layout, ["A:0:0", "A:0:1", "A:0:5"]);
    expect(bestAvailable(layout, free, { quantity: 2, categoryId: null, maxCandidates: 3 })).toEqual([
      ["A:0:6", "A:0:7"], // 2
      ["A:0:3", "A:0:4"], // 4: a run of three cannot avoid leaving one seat
      ["A:0:8", "A:0:9"], // 4 off, strands nothing (ties with 3–4: lower seat index first)
    ]);
    // A seat left alone never costs a row: only 3–5 is left in row 0 and 4–5 (0 off, strands 3) wins.
    const front = allKeys(layout).filter((k) => !k.startsWith("A:0:") || ["A:0:3", "A:0:4", "A:0:5"].includes(k));
    expect(bestAvailable(layout, front, { quantity: 2, categoryId: null })[0]).toEqual(["A:0:4", "A:0:5"]);
  });

  it("splits a group without runs of N into parts without single seats (2 + 2 over 3 + 1)", () => {
    const layout = makeLayout([{ id: "A" }, { id: "B" }]);
    // Row 0 of A: runs 2–4 and 7–8, nothing else free in A; B: its back row cut into runs of two.
    const free = ["A:0:2", "A:0:3", "A:0:4", "A:0:7", "A:0:8", ...seatRange("B", 4, 0, 9).filter((k) => !["B:4:2", "B:4:5", "B:4:8"].includes(k))];
    // Four: not 3 + 1 but two pairs: 7–8 (3 off, strands nothing), then 3–4 (1 off + 3 for seat 2).
    expect(bestAvailable(layout, free, { quantity: 4, categoryId: null })).toEqual([["A:0:3", "A:0:4", "A:0:7", "A:0:8"]]);
    // Five: 3 + 2 (the longest run first, in one block).
    expect(bestAvailable(layout, free, { quantity: 5, categoryId: null })).toEqual([["A:0:2", "A:0:3", "A:0:4", "A:0:7", "A:0:8"]]);
    // Three with runs of two at most: 2 + 1, the pair first; then seat 7 (2.5 off, stranding 8: 5.5)
    // before seat 8 (3.5 + 3) and row 1 (10 + 4.5).
    const pairs = ["A:0:3", "A:0:4", "A:0:7", "A:0:8", "A:1:0"];
    expect(bestAvailable(layout, pairs, { quantity: 3, categoryId: null })).toEqual([["A:0:3", "A:0:4", "A:0:7"]]);
  });

  it("ranks seats as twice their score and windows from their end seats", () => {
    const [a] = seated(makeLayout([{ id: "A", rows: 4, seatsPerRow: 9, rowSeats: { "1": 6 }, rowDirection: "UP" }]));
    // UP: row index 3 is the front row. Row of 9: centre seat 4 ranks 0; row of 6: seats 2, 3 rank 1.
    expect(seatRank(a!, 3, 4)).toBe(0);
    expect(seatRank(a!, 3, 0)).toBe(8);
    expect(seatRank(a!, 1, 2)).toBe(2 * ROW_WEIGHT * 2 + 1);
    for (let r = 0; r < a!.rows; r++) {
      const inRow = seatsInRow(a!, r);
      for (let n = 1; n <= inRow; n++) {
        for (let s = 0; s + n <= inRow; s++) {
          const score2 = 2 * ROW_WEIGHT * (rowNumber(a!, r) - a!.firstRow) + Math.abs(2 * s + n - inRow);
          expect(windowRank(seatRank(a!, r, s), seatRank(a!, r, s + n - 1), n), `row ${r}, ${n} from ${s}`).toBe(score2);
        }
      }
    }
    expect(ORPHAN_PENALTY).toBeLessThan(ROW_WEIGHT);
  });
});
