import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SEAT_STATUSES, type SeatStatus } from "../../shared/enums";
import type { SeatState } from "../../shared/schemas/shop";
import { packSeats, unpackSeats } from "../../shared/seating/packed-seats";
import { seededRandom } from "../seeded-random";

const byKey = (seats: SeatState[]) => [...seats].sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));

/** The demo stadium's seated blocks: 20 of 30 × 20, 8 of 25 × 20, 2 of 25 × 40 (18,000 seats). */
function stadiumKeys(): string[] {
  const keys: string[] = [];
  const block = (id: string, rows: number, seats: number) => {
    for (let r = 0; r < rows; r++) for (let s = 0; s < seats; s++) keys.push(`${id}:${r}:${s}`);
  };
  for (let i = 1; i <= 10; i++) {
    block(`N${i}`, 30, 20);
    block(`S${i}`, 30, 20);
  }
  for (let i = 1; i <= 4; i++) {
    block(`W${i}`, 25, 20);
    block(`O${i}`, 25, 20);
  }
  for (let i = 1; i <= 2; i++) block(`H${i}`, 25, 40);
  return keys;
}

/** A date late in a sale: `share` of the seats held or sold at random, some released again. */
function lateInASale(share: number, seed = 7): SeatState[] {
  const next = seededRandom(seed);
  const seats: SeatState[] = [];
  for (const k of stadiumKeys()) {
    const x = next();
    if (x < share * 0.8) seats.push({ k, s: "SOLD", v: 3 });
    else if (x < share) seats.push({ k, s: "PAYMENT_PENDING", v: 2 + 2 * Math.floor(next() * 3) });
    else if (x < share + 0.05) seats.push({ k, s: "FREE", v: 3 + 2 * Math.floor(next() * 2) });
  }
  return seats;
}

describe("packed snapshot seats", () => {
  it("unpack(pack(seats)) gives back the same seats, statuses and versions", () => {
    const seats = lateInASale(0.8);
    const packed = packSeats(seats);
    expect(byKey(unpackSeats(packed))).toEqual(byKey(seats));
    expect(packed.w).toBe(1);
    expect(packed.other).toEqual([]);
    // JSON on the wire keeps it intact too.
    expect(byKey(unpackSeats(JSON.parse(JSON.stringify(packed))))).toEqual(byKey(seats));
  });

  it("writes one code per seat index, dots for seats not listed, per block and row", () => {
    const packed = packSeats([
      { k: "B:2:3", s: "SOLD", v: 3 },
      { k: "A:0:0", s: "PAYMENT_PENDING", v: 2 },
      { k: "A:0:2", s: "SOLD", v: 3 },
      { k: "A:1:1", s: "FREE", v: 3 },
    ]);
    expect(packed).toEqual({
      codes: [
        ["SOLD", 3],
        ["PAYMENT_PENDING", 2],
        ["FREE", 3],
      ],
      w: 1,
      blocks: [
        ["A", ["B.A", ".C"]],
        ["B", ["", "", "...A"]],
      ],
      other: [],
    });
    expect(unpackSeats(packed).map((s) => s.k)).toEqual(["A:0:0", "A:0:2", "A:1:1", "B:2:3"]);
  });

  it("uses wider codes when more (status, version) pairs occur than one character can name", () => {
    const statuses: SeatStatus[] = [...SEAT_STATUSES];
    const seats: SeatState[] = [];
    for (let i = 0; i < 5000; i++) seats.push({ k: `Z${i % 7}:${Math.floor(i / 7) % 999}:${i % 13}`, s: statuses[i % statuses.length]!, v: 2 + (i % 900) });
    const unique = [...new Map(seats.map((s) => [s.k, s])).values()];
    const packed = packSeats(unique);
    expect(packed.codes.length).toBeGreaterThan(64 ** 1);
    expect(packed.w).toBe(2);
    expect(byKey(unpackSeats(packed))).toEqual(byKey(unique));
  });

  it("keeps keys it cannot place by row and seat index as records", () => {
    const odd: SeatState[] = [
      { k: "A:01:2", s: "SOLD", v: 3 },
      { k: "A:1000:2", s: "SOLD", v: 3 },
      { k: "weird", s: "BLOCKED", v: 2 },
    ];
    const packed = packSeats([...odd, { k: "A:1:2", s: "SOLD", v: 3 }]);
    expect(packed.other).toEqual(odd);
    expect(byKey(unpackSeats(packed))).toEqual(byKey([...odd, { k: "A:1:2", s: "SOLD", v: 3 }]));
  });

  it("an empty list packs to nothing", () => {
    expect(packSeats([])).toEqual({ codes: [], w: 1, blocks: [], other: [] });
    expect(unpackSeats(packSeats([]))).toEqual([]);
  });

  it("a corrupt code is an error, not a wrong seat", () => {
    const packed = packSeats([{ k: "A:0:0", s: "SOLD", v: 3 }]);
    expect(() => unpackSeats({ ...packed, blocks: [["A", ["B"]]] })).toThrow(/unknown code/);
    expect(() => unpackSeats({ ...packed, blocks: [["A", ["!"]]] })).toThrow(/bad code/);
  });

  it("late in a sale of the 18,000-seat stadium: ~20 KB instead of ~600 KB, and smaller gzipped too", () => {
    const seats = lateInASale(0.8);
    expect(seats.length).toBeGreaterThan(14_000);
    const records = JSON.stringify(seats);
    const packed = JSON.stringify(packSeats(seats));
    expect(records.length).toBeGreaterThan(500_000);
    expect(packed.length).toBeLessThan(25_000);
    expect(gzipSync(packed).length).toBeLessThan(gzipSync(records).length / 4);
  });
});
