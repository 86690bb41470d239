import { describe, expect, it } from "vitest";
import { SEAT_PITCH, type SeatedBlock } from "../../shared/seating/layout";
import { createSeatedBlock } from "../../shared/seating/editing";
import { seatsBounds, TAP_MIN_PITCH_PX, TAP_ZOOM_PITCH_PX, tapAction, tapZoomView, viewShowing } from "../../client/components/SeatingPlan/tap";
import { viewRect } from "../../client/components/SeatingPlan/viewport";

/** A block like the demo stadium's: 30 rows of 20 seats (200 × 300 plan units). */
const block = (over: Partial<SeatedBlock> = {}): SeatedBlock => ({
  ...createSeatedBlock({ id: "N3", name: "Nord 3", x: 740, y: 0, color: "#1c7ed6", rows: 30, seatsPerRow: 20 }),
  ...over,
});
const phone = { width: 340, height: 240 };
const limits = { min: 0.05, max: 8 };

describe("a tap on the seating plan: pick a seat or zoom in", () => {
  it("a finger picks only from the usable tap size; below it every tap zooms", () => {
    const finger = (pitchPx: number) => tapAction({ pointerType: "touch", pitchPx, detailed: pitchPx >= 5 });
    expect(finger(2)).toBe("zoom");
    expect(finger(7.5)).toBe("zoom");
    expect(finger(TAP_MIN_PITCH_PX - 0.5)).toBe("zoom");
    expect(finger(TAP_MIN_PITCH_PX)).toBe("pick");
    expect(finger(40)).toBe("pick");
    expect(tapAction({ pointerType: "pen", pitchPx: 12, detailed: true })).toBe("zoom");
    // Not drawn seat by seat yet: never picked, whatever the size.
    expect(tapAction({ pointerType: "touch", pitchPx: 30, detailed: false })).toBe("zoom");
  });

  it("a mouse picks as soon as seats are drawn", () => {
    expect(tapAction({ pointerType: "mouse", pitchPx: 2, detailed: false })).toBe("zoom");
    expect(tapAction({ pointerType: "mouse", pitchPx: 8, detailed: true })).toBe("pick");
  });

  it("a tap on a big block zooms to seats of a usable size around the tapped point, inside the block", () => {
    const b = block();
    const view = tapZoomView(b, { x: 840, y: 150 }, phone, limits);
    expect(view.scale * SEAT_PITCH).toBeCloseTo(TAP_ZOOM_PITCH_PX);
    expect(tapAction({ pointerType: "touch", pitchPx: view.scale * SEAT_PITCH, detailed: true })).toBe("pick");
    expect(view.cx).toBeCloseTo(840);
    expect(view.cy).toBeCloseTo(150);
    // Near the block's corner the view stays on the block instead of showing the gangway.
    const corner = viewRect(tapZoomView(b, { x: 741, y: 1 }, phone, limits), phone);
    expect(corner.x).toBeCloseTo(740);
    expect(corner.y).toBeCloseTo(0);
  });

  it("a small block is shown whole, its seats at least the tap size", () => {
    const small = block({ rows: 3, seatsPerRow: 4 });
    const view = tapZoomView(small, { x: 741, y: 1 }, phone, limits);
    const rect = viewRect(view, phone);
    expect(view.scale * SEAT_PITCH).toBeGreaterThanOrEqual(TAP_ZOOM_PITCH_PX);
    expect(rect.x).toBeLessThanOrEqual(740);
    expect(rect.x + rect.width).toBeGreaterThanOrEqual(780);
    expect(rect.y).toBeLessThanOrEqual(0);
    expect(rect.y + rect.height).toBeGreaterThanOrEqual(30);
  });

  it("the zoom of a tap stays within the plan's limits", () => {
    expect(tapZoomView(block({ rows: 1, seatsPerRow: 1 }), { x: 745, y: 5 }, phone, { min: 0.05, max: 2 }).scale).toBe(2);
  });
});

describe("showing the seats best available chose", () => {
  it("finds the seats' box on the plan, rotated blocks included", () => {
    const b = block();
    expect(seatsBounds([b], ["N3:0:0", "N3:0:1"])).toEqual({ x: 740, y: 0, width: 20, height: 10 });
    expect(seatsBounds([b], ["X:0:0", "nonsense"])).toBeNull();
    const turned = block({ rotation: 90 });
    const box = seatsBounds([turned], ["N3:0:0"])!;
    expect(box.width).toBeCloseTo(10);
    expect(box.height).toBeCloseTo(10);
  });

  it("pans and zooms so the seats are inside the view, big enough to tap", () => {
    const seats = seatsBounds([block()], ["N3:29:18", "N3:29:19"])!;
    const far = { cx: 0, cy: 0, scale: 0.12 };
    const view = viewShowing(seats, phone, far, limits);
    const rect = viewRect(view, phone);
    expect(rect.x).toBeLessThanOrEqual(seats.x);
    expect(rect.y).toBeLessThanOrEqual(seats.y);
    expect(rect.x + rect.width).toBeGreaterThanOrEqual(seats.x + seats.width);
    expect(rect.y + rect.height).toBeGreaterThanOrEqual(seats.y + seats.height);
    expect(view.scale * SEAT_PITCH).toBeCloseTo(TAP_ZOOM_PITCH_PX);
    // Zoomed closer already: keeps that zoom.
    expect(viewShowing(seats, phone, { cx: 0, cy: 0, scale: 5 }, limits).scale).toBe(5);
  });

  it("seats too far apart for the tap size are all shown, smaller", () => {
    const b = block();
    const seats = seatsBounds([b], ["N3:0:0", "N3:29:19"])!;
    const view = viewShowing(seats, phone, { cx: 0, cy: 0, scale: 0.1 }, limits);
    const rect = viewRect(view, phone);
    expect(view.scale * SEAT_PITCH).toBeLessThan(TAP_ZOOM_PITCH_PX);
    expect(rect.y).toBeLessThanOrEqual(seats.y);
    expect(rect.y + rect.height).toBeGreaterThanOrEqual(seats.y + seats.height);
  });
});
