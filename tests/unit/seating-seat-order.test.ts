import { describe, expect, it } from "vitest";
import { compareSeats, inSeatOrder, type SeatLabels } from "../../client/components/Shop/seat-order";

const seat = (blockName: string, rowLabel: string, seatLabel: string): SeatLabels => ({ blockName, rowLabel, seatLabel });
const said = (seats: SeatLabels[]) => seats.map((s) => `${s.blockName}/${s.rowLabel}/${s.seatLabel}`);

describe("the cart lists seats in seat order", () => {
  it("sorts by block, row and seat, numbers naturally, not in click order", () => {
    const clicked = [
      seat("Nord 10", "1", "1"),
      seat("Nord 2", "10", "3"),
      seat("Nord 2", "9", "12"),
      seat("Nord 2", "9", "2"),
      seat("Haupttribüne 1", "2", "40"),
      seat("Nord 2", "10", "1"),
    ];
    expect(said(inSeatOrder(clicked, (s) => s))).toEqual(["Haupttribüne 1/2/40", "Nord 2/9/2", "Nord 2/9/12", "Nord 2/10/1", "Nord 2/10/3", "Nord 10/1/1"]);
    // The input is left as it was.
    expect(said(clicked)[0]).toBe("Nord 10/1/1");
  });

  it("compares numbers as numbers and names without regard to case", () => {
    expect(compareSeats(seat("A", "9", "1"), seat("A", "10", "1"))).toBeLessThan(0);
    expect(compareSeats(seat("A", "1", "2"), seat("A", "1", "2a"))).toBeLessThan(0);
    expect(compareSeats(seat("Rang", "1", "1"), seat("rang", "1", "1"))).toBe(0);
  });

  it("reads the labels through the given function (cart entries by seat key)", () => {
    const names = new Map([
      ["b1", "Süd 1"],
      ["b2", "Ost 4"],
    ]);
    const cart = [
      { key: "b1:0:0", blockId: "b1", rowLabel: "1", seatLabel: "1" },
      { key: "b2:0:0", blockId: "b2", rowLabel: "1", seatLabel: "1" },
    ];
    const sorted = inSeatOrder(cart, (s) => ({ blockName: names.get(s.blockId)!, rowLabel: s.rowLabel, seatLabel: s.seatLabel }));
    expect(sorted.map((s) => s.key)).toEqual(["b2:0:0", "b1:0:0"]);
  });
});
