import type { Point, Rect } from "../../../shared/seating/geometry";

/**
 * What part of the plan is on screen: the plan point at the centre of the element and the
 * zoom (screen pixels per plan unit). Centre-based, so resizing the element keeps the view.
 */
export type View = { cx: number; cy: number; scale: number };
export type Size = { width: number; height: number };

/** The plan rectangle on screen (the SVG viewBox). */
export function viewRect(view: View, size: Size): Rect {
  const width = size.width / view.scale;
  const height = size.height / view.scale;
  return { x: view.cx - width / 2, y: view.cy - height / 2, width, height };
}

/** The view that shows `bounds` whole, with `padding` screen pixels around it. */
export function fitView(bounds: Rect, size: Size, padding = 24): View {
  const width = Math.max(size.width - 2 * padding, 1);
  const height = Math.max(size.height - 2 * padding, 1);
  const scale = Math.min(width / Math.max(bounds.width, 1), height / Math.max(bounds.height, 1));
  return { cx: bounds.x + bounds.width / 2, cy: bounds.y + bounds.height / 2, scale };
}

/** Screen point (relative to the element) → plan point. */
export function toPlanPoint(view: View, size: Size, screen: Point): Point {
  return { x: view.cx + (screen.x - size.width / 2) / view.scale, y: view.cy + (screen.y - size.height / 2) / view.scale };
}

export function clampScale(scale: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, scale));
}

/** Zooms by `factor`, keeping the plan point under `anchor` (screen) where it is. */
export function zoomAt(view: View, size: Size, factor: number, anchor: Point, min: number, max: number): View {
  const scale = clampScale(view.scale * factor, min, max);
  const before = toPlanPoint(view, size, anchor);
  const after = toPlanPoint({ ...view, scale }, size, anchor);
  return { cx: view.cx + before.x - after.x, cy: view.cy + before.y - after.y, scale };
}

/** Moves the view by screen pixels (content follows the pointer). */
export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, cx: view.cx - dx / view.scale, cy: view.cy - dy / view.scale };
}

/** Keeps at least part of `bounds` on screen, so the plan cannot be lost by panning away. */
export function keepInBounds(view: View, size: Size, bounds: Rect): View {
  const halfW = size.width / view.scale / 2;
  const halfH = size.height / view.scale / 2;
  const cx = Math.min(Math.max(view.cx, bounds.x - halfW * 0.8), bounds.x + bounds.width + halfW * 0.8);
  const cy = Math.min(Math.max(view.cy, bounds.y - halfH * 0.8), bounds.y + bounds.height + halfH * 0.8);
  return cx === view.cx && cy === view.cy ? view : { ...view, cx, cy };
}
