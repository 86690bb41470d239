import { describe, expect, it } from "vitest";
import {
  addBlock,
  addCategory,
  assignCategory,
  createSeatedBlock,
  createStandingBlock,
  DEFAULT_LAYOUT,
  effectiveCategory,
  groupSeatKeys,
  limitedEditViolations,
  nextBlockName,
  removeBlock,
  removeCategory,
  restoreBlocks,
  setBlockCategory,
  setRowSeats,
  setSeatsActive,
  soldSeatsChanged,
  updateBlock,
} from "../../shared/seating/editing";
import { type SeatedBlock, type SeatingLayout, ZSeatingLayout } from "../../shared/seating/layout";
import { layoutCapacity } from "../../shared/seating/numbering";
import { applySeats, blockSeatIndexes, EMPTY_SELECTION, rowSeatIndexes } from "../../shared/seating/selection";

function sampleLayout(): SeatingLayout {
  let layout: SeatingLayout = { ...DEFAULT_LAYOUT };
  layout = addCategory(layout, { id: "c1", name: "Parkett", color: "#ff0000" });
  layout = addCategory(layout, { id: "c2", name: "Rang", color: "#00ff00" });
  layout = addBlock(layout, createSeatedBlock({ id: "A", name: "A", x: 0, y: 0, color: "#228be6", rows: 3, seatsPerRow: 4 }));
  layout = addBlock(layout, createStandingBlock({ id: "S", name: "Stehplatz", x: 100, y: 0, color: "#999999" }));
  return layout;
}
const seated = (layout: SeatingLayout, id = "A") => layout.blocks.find((b) => b.id === id) as SeatedBlock;
const select = (seats: string[]) => applySeats(EMPTY_SELECTION, "A", seats, "add");

describe("layout editing", () => {
  it("names blocks A..Z, then AA", () => {
    expect(nextBlockName({ blocks: [] })).toBe("A");
    const blocks = Array.from({ length: 26 }, (_, i) => createSeatedBlock({ id: `b${i}`, name: String.fromCharCode(65 + i), x: 0, y: 0, color: "#000000" }));
    expect(nextBlockName({ blocks })).toBe("AA");
  });

  it("keeps untouched blocks and returns the same layout for no-op edits", () => {
    const layout = sampleLayout();
    const moved = updateBlock(layout, "A", { x: 50 });
    expect(moved.blocks[1]).toBe(layout.blocks[1]);
    expect(updateBlock(moved, "A", { x: 50 })).toBe(moved);
    expect(removeBlock(layout, "nope")).toBe(layout);
  });

  it("shrinking a block drops settings outside it and stays valid", () => {
    let layout = sampleLayout();
    layout = setSeatsActive(layout, select(["2:3", "0:0"]), false);
    layout = setRowSeats(layout, "A", 2, 2);
    layout = assignCategory(layout, select(["2:1"]), "c2");
    layout = updateBlock(layout, "A", { rows: 2, seatsPerRow: 3 });
    const a = seated(layout);
    expect(a.disabledSeats).toEqual(["0:0"]);
    expect(a.rowSeats).toEqual({});
    expect(a.seatCategories).toEqual({});
    expect(ZSeatingLayout.safeParse(layout).success).toBe(true);
  });

  it("deactivating a whole row stores the row; activating one seat of it keeps the rest off", () => {
    let layout = setSeatsActive(sampleLayout(), select(rowSeatIndexes(seated(sampleLayout()), 1)), false);
    expect(seated(layout).disabledRows).toEqual([1]);
    expect(seated(layout).disabledSeats).toEqual([]);
    expect(layoutCapacity(layout).fixed).toBe(8);
    layout = setSeatsActive(layout, select(["1:2"]), true);
    expect(seated(layout).disabledRows).toEqual([]);
    expect(seated(layout).disabledSeats).toEqual(["1:0", "1:1", "1:3"]);
    expect(layoutCapacity(layout).fixed).toBe(9);
  });

  it("assigns categories compactly: block, rows, seats; null resets to the block's", () => {
    const base = sampleLayout();
    let layout = assignCategory(base, select(blockSeatIndexes(seated(base))), "c1");
    expect(seated(layout)).toMatchObject({ categoryId: "c1", rowCategories: {}, seatCategories: {} });
    layout = assignCategory(layout, select([...rowSeatIndexes(seated(layout), 0), "1:1"]), "c2");
    expect(seated(layout).rowCategories).toEqual({ "0": "c2" });
    expect(seated(layout).seatCategories).toEqual({ "1:1": "c2" });
    expect(layoutCapacity(layout).byCategory).toEqual({ c1: 7, c2: 5, "": 500 });
    layout = assignCategory(layout, select(["0:0", "1:1"]), null);
    const a = seated(layout);
    expect(effectiveCategory(a, 0, 0)).toBe("c1");
    expect(effectiveCategory(a, 0, 1)).toBe("c2");
    expect(effectiveCategory(a, 1, 1)).toBe("c1");
    expect(ZSeatingLayout.safeParse(layout).success).toBe(true);
  });

  it("a block category replaces row and seat categories; removing a category clears its references", () => {
    let layout = assignCategory(sampleLayout(), select(["0:0"]), "c2");
    layout = setBlockCategory(layout, "A", "c1");
    expect(seated(layout).seatCategories).toEqual({});
    layout = setBlockCategory(layout, "S", "c1");
    layout = assignCategory(layout, select(["1:1"]), "c2");
    layout = removeCategory(layout, "c1");
    expect(layout.blocks.every((b) => b.categoryId === null)).toBe(true);
    expect(seated(layout).seatCategories).toEqual({ "1:1": "c2" });
    expect(ZSeatingLayout.safeParse(layout).success).toBe(true);
  });

  it("reports sold seats whose category changes or that disappear", () => {
    const before = setBlockCategory(sampleLayout(), "A", "c1");
    const sold = groupSeatKeys(["A:0:0", "A:2:3"]);
    expect(soldSeatsChanged(before, assignCategory(before, select(["1:1"]), "c2"), sold)).toEqual([]);
    expect(soldSeatsChanged(before, assignCategory(before, select(["0:0", "0:1"]), "c2"), sold)).toEqual(["A:0:0"]);
    expect(soldSeatsChanged(before, updateBlock(before, "A", { rows: 2 }), sold)).toEqual(["A:2:3"]);
    expect(soldSeatsChanged(before, removeBlock(before, "A"), sold)).toEqual(["A:0:0", "A:2:3"]);
  });

  it("names the saved blocks a limited edit may not delete or re-lay out", () => {
    const saved = sampleLayout();
    let edited = updateBlock(saved, "A", { name: "Nord", color: "#111111", boxofficeOnly: true });
    edited = addBlock(edited, createSeatedBlock({ id: "N", name: "N", x: 0, y: 0, color: "#000000" }));
    expect(limitedEditViolations(saved, edited)).toEqual({ deleted: [], relaid: [] });
    edited = updateBlock(edited, "A", { rows: 5 });
    edited = removeBlock(edited, "S");
    expect(limitedEditViolations(saved, edited)).toEqual({ deleted: ["S"], relaid: ["A"] });
  });

  it("restores refused blocks from the saved layout, in place, with their categories", () => {
    const saved = setBlockCategory(sampleLayout(), "A", "c1");
    let edited = removeBlock(saved, "A");
    edited = updateBlock(edited, "S", { width: 999 });
    edited = removeCategory(edited, "c1");
    const restored = restoreBlocks(edited, saved, ["A", "S"]);
    expect(restored.blocks.map((b) => b.id)).toEqual(["A", "S"]);
    expect(restored.blocks[1]).toBe(saved.blocks[1]);
    expect(restored.categories.map((c) => c.id).sort()).toEqual(["c1", "c2"]);
    expect(ZSeatingLayout.safeParse(restored).success).toBe(true);
    expect(restoreBlocks(edited, saved, [])).toBe(edited);
  });
});
