import { describe, expect, it } from "vitest";
import {
  allocationLayout,
  areasFor,
  closeColors,
  type DateCategory,
  type DateReseller,
  groupByCategory,
  RESELLER_PALETTE,
  resellerColors,
  seatKind,
  seatOwners,
  seatRequest,
  ticketChoices,
  wallToDate,
} from "../../client/pages/dashboard/resellers/allocations/model";
import type { SeatingLayout, StandingBlock } from "../../shared/seating/layout";
import { blockSeats } from "../../shared/seating/numbering";

const layout: SeatingLayout = {
  width: 400,
  height: 300,
  backgroundUploadId: null,
  categories: [
    { id: "cat-a", name: "Parkett", color: "#228be6" },
    { id: "cat-b", name: "Rang", color: "#40c057" },
  ],
  blocks: [
    {
      id: "A",
      kind: "seated",
      name: "A",
      x: 0,
      y: 0,
      rotation: 0,
      color: "#868e96",
      categoryId: "cat-a",
      boxofficeOnly: false,
      rows: 2,
      seatsPerRow: 3,
      rowSeats: {},
      align: "left",
      firstRow: 1,
      firstSeat: 1,
      rowDirection: "DOWN",
      seatDirection: "RIGHT",
      disabledRows: [],
      disabledSeats: [],
      rowCategories: { "1": "cat-b" },
      seatCategories: {},
    },
    {
      id: "S",
      kind: "standing",
      name: "Stehplatz",
      x: 200,
      y: 0,
      rotation: 0,
      color: "#868e96",
      categoryId: "cat-b",
      boxofficeOnly: false,
      width: 100,
      height: 100,
      capacity: 500,
      dailyAmount: null,
    },
  ],
};

const category = (id: string, seatingCategoryId: string | null): DateCategory => ({ id, name: id, kind: "chargeable", priceCents: 1000, seatingCategoryId, seatsPerTicket: 1 });
const categories = [category("tc-a", "cat-a"), category("tc-b", "cat-b"), category("tc-any", null), category("tc-a2", "cat-a")];
const reseller = (tickets: string[]): DateReseller => ({ id: "r1", name: "Kiosk", active: true, tickets: tickets.map((ticketCategoryId) => ({ ticketCategoryId, priceCents: 900 })) });

describe("reseller allocation screens", () => {
  it("gives each reseller a colour, avoiding the plan's own colours", () => {
    const colors = resellerColors(["r1", "r2"], [RESELLER_PALETTE[0]]);
    expect(colors.get("r1")).toBe(RESELLER_PALETTE[1]);
    expect(colors.get("r2")).toBe(RESELLER_PALETTE[2]);
    expect(closeColors("#e8590c", "#e8590d")).toBe(true);
    expect(closeColors("#e8590c", "#1c7ed6")).toBe(false);
    // More resellers than colours: the palette repeats.
    const many = resellerColors(Array.from({ length: RESELLER_PALETTE.length + 1 }, (_, i) => `r${i}`), []);
    expect(many.get(`r${RESELLER_PALETTE.length}`)).toBe(RESELLER_PALETTE[0]);
  });

  it("knows which reseller holds a seat; returned allocations hold none", () => {
    const owners = seatOwners([
      { resellerId: "r1", returned: false, seatKeys: ["A:0:0", "A:0:1"] },
      { resellerId: "r2", returned: true, seatKeys: ["A:1:0"] },
    ]);
    expect([...owners]).toEqual([
      ["A:0:0", "r1"],
      ["A:0:1", "r1"],
    ]);
  });

  it("draws allocated seats in their reseller's colour under a category named like the seat's", () => {
    const owners = new Map([
      ["A:0:0", "r1"],
      ["A:1:2", "r1"],
    ]);
    const colors = new Map([["r1", "#e8590c"]]);
    const out = allocationLayout(layout, owners, colors, () => "Kiosk");
    expect(out.blocks[1]).toBe(layout.blocks[1]);
    const block = out.blocks[0]!;
    if (block.kind !== "seated") throw new Error("seated");
    const seats = new Map(blockSeats(block).map((s) => [s.key, s.categoryId]));
    const a = out.categories.find((c) => c.id === seats.get("A:0:0"))!;
    const b = out.categories.find((c) => c.id === seats.get("A:1:2"))!;
    expect(a).toMatchObject({ name: "Parkett", color: "#e8590c" });
    expect(b).toMatchObject({ name: "Rang", color: "#e8590c" });
    expect(seats.get("A:0:1")).toBe("cat-a");
    expect(seats.get("A:1:0")).toBe("cat-b");
    // The original plan is untouched.
    const original = layout.blocks[0]!;
    expect(original.kind === "seated" && original.seatCategories).toEqual({});
    expect(allocationLayout(layout, new Map(), colors, () => "")).toBe(layout);
  });

  it("lets the feed win over the last read of the allocations", () => {
    expect(seatKind(undefined, "r1")).toEqual({ kind: "free" });
    expect(seatKind("FREE", undefined)).toEqual({ kind: "free" });
    expect(seatKind("PAYMENT_PENDING", "r1")).toEqual({ kind: "allocated", resellerId: "r1" });
    expect(seatKind("PAYMENT_PENDING", undefined)).toEqual({ kind: "other", status: "PAYMENT_PENDING" });
    expect(seatKind("SOLD", "r1")).toEqual({ kind: "other", status: "SOLD" });
  });

  it("offers the reseller's tickets of the seat's category first, then those valid everywhere", () => {
    const r = reseller(["tc-any", "tc-a", "tc-b"]);
    expect(ticketChoices(r, categories, "cat-a").map((c) => c.id)).toEqual(["tc-a", "tc-any"]);
    expect(ticketChoices(r, categories, null).map((c) => c.id)).toEqual(["tc-any"]);
    expect(ticketChoices(reseller(["tc-b"]), categories, "cat-a")).toEqual([]);
  });

  it("builds the seats of a request with the chosen ticket per seating category", () => {
    const groups = groupByCategory(["A:0:0", "A:1:0", "A:0:1"], (k) => (k.startsWith("A:1") ? "cat-b" : "cat-a"));
    expect([...groups]).toEqual([
      ["cat-a", ["A:0:0", "A:0:1"]],
      ["cat-b", ["A:1:0"]],
    ]);
    const r = reseller(["tc-a", "tc-a2"]);
    const req = seatRequest(groups, new Map([["cat-a", "tc-a2"]]), (cat) => ticketChoices(r, categories, cat));
    expect(req.seats).toEqual([
      { key: "A:0:0", ticketCategoryId: "tc-a2" },
      { key: "A:0:1", ticketCategoryId: "tc-a2" },
    ]);
    expect(req.missing).toEqual(["cat-b"]);
  });

  it("counts a ticket in the standing areas of its category", () => {
    const areas = layout.blocks.filter((b): b is StandingBlock => b.kind === "standing");
    expect(areasFor(category("x", "cat-b"), areas).map((a) => a.id)).toEqual(["S"]);
    expect(areasFor(category("x", "cat-a"), areas)).toEqual([]);
    expect(areasFor(category("x", null), areas).map((a) => a.id)).toEqual(["S"]);
  });

  it("reads the picker's wall time in the event's time zone", () => {
    expect(wallToDate("2030-06-01 20:00:00", "Europe/Berlin")?.toISOString()).toBe("2030-06-01T18:00:00.000Z");
    expect(wallToDate("", "Europe/Berlin")).toBeNull();
    expect(wallToDate("nonsense", "Europe/Berlin")).toBeNull();
  });
});
