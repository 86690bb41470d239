import { describe, expect, it } from "vitest";
import { fitView, keepInBounds, panBy, toPlanPoint, viewRect, zoomAt } from "../../client/components/SeatingPlan/viewport";

const size = { width: 800, height: 600 };

describe("seating plan viewport", () => {
  it("fits a box with padding and centres it", () => {
    const view = fitView({ x: 0, y: 0, width: 1000, height: 500 }, size, 0);
    expect(view).toEqual({ cx: 500, cy: 250, scale: 0.8 });
    const rect = viewRect(view, size);
    expect(rect.x).toBeCloseTo(0);
    expect(rect.width).toBeCloseTo(1000);
  });

  it("zooms around the anchor: the plan point under it stays put", () => {
    const view = { cx: 100, cy: 100, scale: 1 };
    const anchor = { x: 200, y: 150 };
    const before = toPlanPoint(view, size, anchor);
    const zoomed = zoomAt(view, size, 2, anchor, 0.1, 10);
    expect(zoomed.scale).toBe(2);
    const after = toPlanPoint(zoomed, size, anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it("clamps the zoom to its limits", () => {
    expect(zoomAt({ cx: 0, cy: 0, scale: 1 }, size, 100, { x: 0, y: 0 }, 0.5, 4).scale).toBe(4);
    expect(zoomAt({ cx: 0, cy: 0, scale: 1 }, size, 0.01, { x: 0, y: 0 }, 0.5, 4).scale).toBe(0.5);
  });

  it("pans with the pointer and keeps part of the plan on screen", () => {
    expect(panBy({ cx: 100, cy: 100, scale: 2 }, 20, -10)).toEqual({ cx: 90, cy: 105, scale: 2 });
    const far = keepInBounds({ cx: 10_000, cy: -10_000, scale: 1 }, size, { x: 0, y: 0, width: 100, height: 100 });
    expect(far.cx).toBeLessThanOrEqual(100 + 400);
    expect(far.cy).toBeGreaterThanOrEqual(-300);
    const inside = { cx: 50, cy: 50, scale: 1 };
    expect(keepInBounds(inside, size, { x: 0, y: 0, width: 100, height: 100 })).toBe(inside);
  });
});
