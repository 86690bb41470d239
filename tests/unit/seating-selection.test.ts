import { describe, expect, it } from "vitest";
import { createSeatedBlock } from "../../shared/seating/editing";
import { applySeats, applySeatsByBlock, EMPTY_SELECTION, pruneSelection, selectionSize } from "../../shared/seating/selection";

describe("seat selection", () => {
  it("adds, toggles and removes while keeping other blocks' sets", () => {
    let sel = applySeats(EMPTY_SELECTION, "A", ["0:0", "0:1"], "add");
    sel = applySeats(sel, "B", ["1:1"], "add");
    const setOfB = sel.get("B");
    sel = applySeats(sel, "A", ["0:0"], "toggle");
    expect([...sel.get("A")!]).toEqual(["0:1"]);
    expect(sel.get("B")).toBe(setOfB);
    sel = applySeats(sel, "A", ["0:1", "0:2"], "toggle");
    expect([...sel.get("A")!].sort()).toEqual(["0:1", "0:2"]);
    sel = applySeats(sel, "A", ["0:1", "0:2"], "toggle");
    expect(sel.has("A")).toBe(false);
    expect(selectionSize(sel)).toBe(1);
  });

  it("returns the same selection when nothing changes", () => {
    const sel = applySeats(EMPTY_SELECTION, "A", ["0:0"], "add");
    expect(applySeats(sel, "A", ["0:0"], "add")).toBe(sel);
    expect(applySeats(sel, "A", ["9:9"], "remove")).toBe(sel);
  });

  it("replaces across blocks from a drag rectangle", () => {
    const sel = applySeats(EMPTY_SELECTION, "A", ["0:0"], "add");
    const next = applySeatsByBlock(sel, new Map([["B", ["1:1", "1:2"]], ["C", []]]), "replace");
    expect([...next.keys()]).toEqual(["B"]);
    expect(selectionSize(next)).toBe(2);
  });

  it("prunes seats of removed or shrunken blocks", () => {
    const block = createSeatedBlock({ id: "A", name: "A", x: 0, y: 0, color: "#000000", rows: 2, seatsPerRow: 2 });
    let sel = applySeats(EMPTY_SELECTION, "A", ["0:0", "5:0"], "add");
    sel = applySeats(sel, "gone", ["0:0"], "add");
    const pruned = pruneSelection(sel, [block]);
    expect([...pruned.keys()]).toEqual(["A"]);
    expect([...pruned.get("A")!]).toEqual(["0:0"]);
    expect(pruneSelection(pruned, [block])).toBe(pruned);
  });
});
