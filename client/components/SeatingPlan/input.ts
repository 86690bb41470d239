import type { RefObject } from "react";
import type { Point } from "../../../shared/seating/geometry";
import { seatKey } from "../../../shared/seating/geometry";
import type { PlanRenderer } from "./renderer";
import type { PlanModifiers, SeatingPlanProps, SeatRef } from "./types";

/** What the plan's input hooks share: the element, its renderer and the latest props. */
export type PlanRefs = {
  containerRef: RefObject<HTMLDivElement | null>;
  rendererRef: RefObject<PlanRenderer | null>;
  /** The latest props, for handlers that must not be re-created on every change. */
  propsRef: RefObject<SeatingPlanProps>;
};

/** Where the keyboard cursor is: a seat of a seated block (0-based indexes). */
export type Cursor = { blockId: string; row: number; seat: number };

export const ZOOM_STEP = 1.4;
export const NO_MODIFIERS: PlanModifiers = { shiftKey: false, ctrlKey: false, altKey: false };

export const modifiersOf = (e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): PlanModifiers => ({
  shiftKey: e.shiftKey,
  ctrlKey: e.ctrlKey || e.metaKey,
  altKey: e.altKey,
});

export const seatRef = (blockId: string, row: number, seat: number): SeatRef => ({ key: seatKey(blockId, row, seat), blockId, row, seat });

/** A pointer's position relative to the plan's element. */
export function toLocal(container: HTMLDivElement, e: { clientX: number; clientY: number }): Point {
  const rect = container.getBoundingClientRect();
  return { x: e.clientX - rect.left, y: e.clientY - rect.top };
}

/** A point on the element as a point of the plan; null before the first view. */
export function toPlan(renderer: PlanRenderer | null, screen: Point): Point | null {
  const view = renderer?.getView();
  if (!renderer || !view) return null;
  const size = renderer.getSize();
  return { x: view.cx + (screen.x - size.width / 2) / view.scale, y: view.cy + (screen.y - size.height / 2) / view.scale };
}
