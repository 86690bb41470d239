import { blockBounds, parseSeatKey, type Point, type Rect, seatCell, toPlan } from "../../../shared/seating/geometry";
import { SEAT_PITCH, type SeatingBlock } from "../../../shared/seating/layout";
import type { Size, View } from "./viewport";

/**
 * A finger picks a seat only when one seat pitch covers at least this many CSS pixels on screen
 * (the 24 px target size of WCAG 2.2, 2.5.8): below it a tap zooms instead, so a tap never
 * lands on a seat next to the one meant.
 */
export const TAP_MIN_PITCH_PX = 24;
/** A tap that zooms brings the seats to this size, a little above the minimum. */
export const TAP_ZOOM_PITCH_PX = 30;

/** What a click or tap on a seated block does: pick the seat under it, or zoom in first. */
export type TapAction = "pick" | "zoom";

/**
 * Pick or zoom. A mouse (a precise pointer) picks as soon as seats are drawn (`detailed`); a
 * finger or pen picks only at TAP_MIN_PITCH_PX per seat. `pitchPx`: screen pixels per seat pitch.
 */
export function tapAction({ pointerType, pitchPx, detailed }: { pointerType: string; pitchPx: number; detailed: boolean }): TapAction {
  if (pointerType === "mouse") return detailed ? "pick" : "zoom";
  return detailed && pitchPx >= TAP_MIN_PITCH_PX - 1e-6 ? "pick" : "zoom";
}

/** Coordinate of a view centre along one axis: the area's middle if the view is wider, else `focus` kept inside the area. */
function centreOn(focus: number, start: number, length: number, visible: number): number {
  if (visible >= length) return start + length / 2;
  return Math.min(Math.max(focus, start + visible / 2), start + length - visible / 2);
}

/**
 * The view at `scale` that shows as much of `area` (a block) as fits, centred on `focus` (the
 * tapped point) where the area is larger than the screen: a tap on a big block zooms to where
 * the finger was, without showing empty space beyond the block's edge.
 */
export function viewTowards(area: Rect, focus: Point, size: Size, scale: number): View {
  const visibleW = size.width / scale;
  const visibleH = size.height / scale;
  return { cx: centreOn(focus.x, area.x, area.width, visibleW), cy: centreOn(focus.y, area.y, area.height, visibleH), scale };
}

/**
 * The view a tap on `block` at plan point `focus` zooms to: the whole block when it fits with
 * seats of at least TAP_ZOOM_PITCH_PX, else seats of that size around the tapped point; within
 * the zoom limits.
 */
export function tapZoomView(block: SeatingBlock, focus: Point, size: Size, limits: { min: number; max: number }, padding = 16): View {
  const bounds = blockBounds(block);
  const fitScale = Math.min((size.width - 2 * padding) / Math.max(bounds.width, 1), (size.height - 2 * padding) / Math.max(bounds.height, 1));
  const scale = Math.min(limits.max, Math.max(limits.min, fitScale, TAP_ZOOM_PITCH_PX / SEAT_PITCH));
  return viewTowards(bounds, focus, size, scale);
}

/** The plan box around the given seats (template seat keys); null when none of them is on the plan. */
export function seatsBounds(blocks: readonly SeatingBlock[], keys: readonly string[]): Rect | null {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const key of keys) {
    const ref = parseSeatKey(key);
    const block = ref ? byId.get(ref.blockId) : undefined;
    if (!ref || block?.kind !== "seated") continue;
    const cell = seatCell(block, ref.row, ref.seat);
    for (const corner of [
      { x: cell.x, y: cell.y },
      { x: cell.x + SEAT_PITCH, y: cell.y },
      { x: cell.x, y: cell.y + SEAT_PITCH },
      { x: cell.x + SEAT_PITCH, y: cell.y + SEAT_PITCH },
    ]) {
      const p = toPlan(block, corner);
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
  }
  return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The view that shows `rect` (seats just chosen for the buyer): all of it, with `padding`
 * pixels around, at the current zoom or closer, but no closer than seats of TAP_ZOOM_PITCH_PX
 * unless the current zoom is closer already; within the zoom limits.
 */
export function viewShowing(rect: Rect, size: Size, current: View, limits: { min: number; max: number }, padding = 32): View {
  const fitScale = Math.min((size.width - 2 * padding) / Math.max(rect.width, 1), (size.height - 2 * padding) / Math.max(rect.height, 1));
  const wanted = Math.max(current.scale, TAP_ZOOM_PITCH_PX / SEAT_PITCH);
  const scale = Math.min(limits.max, Math.max(limits.min, Math.min(fitScale, wanted)));
  return { cx: rect.x + rect.width / 2, cy: rect.y + rect.height / 2, scale };
}
