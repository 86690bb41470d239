import { describe, expect, it } from "vitest";
import { createSeatedBlock, createStandingBlock } from "../../shared/seating/editing";
import {
  blockBounds,
  blockContains,
  layoutBounds,
  parseSeatKey,
  rowStart,
  seatAtPoint,
  seatKey,
  seatsInRect,
  toBlockLocal,
  toPlan,
} from "../../shared/seating/geometry";
import { SEAT_PITCH, type SeatedBlock } from "../../shared/seating/layout";
import { blockSeats } from "../../shared/seating/numbering";

const block = (over: Partial<SeatedBlock> = {}): SeatedBlock => ({
  ...createSeatedBlock({ id: "A", name: "A", x: 100, y: 200, color: "#228be6", rows: 4, seatsPerRow: 6 }),
  ...over,
});

describe("seating geometry", () => {
  it("row starts match blockSeats for every alignment", () => {
    for (const align of ["left", "center", "right"] as const) {
      const b = block({ align, rowSeats: { "1": 3, "2": 4 } });
      for (const seat of blockSeats(b)) {
        expect(b.x + rowStart(b, seat.row) + seat.seat * SEAT_PITCH + SEAT_PITCH / 2).toBe(seat.x);
      }
    }
  });

  it("finds the seat under a point, unrotated and rotated", () => {
    const b = block();
    expect(seatAtPoint(b, { x: 100 + 25, y: 200 + 15 })).toEqual({ row: 1, seat: 2 });
    expect(seatAtPoint(b, { x: 99, y: 205 })).toBeNull();
    const rotated = block({ rotation: 90 });
    for (const seat of blockSeats(rotated)) {
      // blockSeats gives centres before rotation; rotate them onto the plan and hit them.
      const centre = toPlan(rotated, { x: seat.x - rotated.x, y: seat.y - rotated.y });
      expect(seatAtPoint(rotated, centre)).toEqual({ row: seat.row, seat: seat.seat });
    }
  });

  it("respects shorter rows and alignment when hit testing", () => {
    const b = block({ align: "right", rowSeats: { "0": 2 } });
    // Row 0 has 2 seats on the right: cells 4 and 5 of the full width.
    expect(seatAtPoint(b, { x: 100 + 5, y: 205 })).toBeNull();
    expect(seatAtPoint(b, { x: 100 + 45, y: 205 })).toEqual({ row: 0, seat: 0 });
    expect(seatAtPoint(b, { x: 100 + 55, y: 205 })).toEqual({ row: 0, seat: 1 });
  });

  it("converts between plan and block coordinates both ways", () => {
    const b = block({ rotation: 33 });
    const p = { x: 123.4, y: 222.2 };
    const back = toPlan(b, toBlockLocal(b, p));
    expect(back.x).toBeCloseTo(p.x, 9);
    expect(back.y).toBeCloseTo(p.y, 9);
  });

  it("bounds grow around a rotated block and contain its corners", () => {
    const b = block({ rotation: 45 });
    const bounds = blockBounds(b);
    expect(bounds.width).toBeGreaterThan(60);
    expect(bounds.height).toBeGreaterThan(40);
    expect(blockContains(b, { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 })).toBe(true);
    expect(blockContains(b, { x: bounds.x + 1, y: bounds.y + 1 })).toBe(false);
  });

  it("selects the seats whose centres lie in a rectangle", () => {
    const b = block();
    expect(seatsInRect(b, { x: 100, y: 200, width: 20, height: 10 })).toEqual(["0:0", "0:1"]);
    expect(seatsInRect(b, { x: 0, y: 0, width: 10, height: 10 })).toEqual([]);
    expect(seatsInRect(b, { x: 0, y: 0, width: 1000, height: 1000 })).toHaveLength(24);
  });

  it("layout bounds include blocks outside the plan area", () => {
    const standing = createStandingBlock({ id: "S", name: "S", x: -50, y: 10, color: "#000000" });
    expect(layoutBounds({ width: 100, height: 100, blocks: [standing] })).toEqual({ x: -50, y: 0, width: 300, height: 160 });
  });

  it("seat keys round-trip", () => {
    expect(parseSeatKey(seatKey("blk_1", 3, 12))).toEqual({ blockId: "blk_1", row: 3, seat: 12 });
    expect(parseSeatKey("nope")).toBeNull();
  });
});
