import { type Dispatch, type PointerEvent as ReactPointerEvent, type SetStateAction, useRef, useState } from "react";
import { type Point, rectFromPoints, seatsInRect } from "../../../shared/seating/geometry";
import { SEAT_PITCH, type SeatingBlock } from "../../../shared/seating/layout";
import { type Cursor, modifiersOf, type PlanRefs, seatRef, toLocal, toPlan } from "./input";
import { tapAction, tapZoomView } from "./tap";
import type { PlanModifiers } from "./types";
import type { usePlanView } from "./use-plan-view";
import { panBy, zoomAt } from "./viewport";

type Gesture =
  | { kind: "pan"; last: Point; start: Point; moved: boolean }
  | { kind: "rect"; start: Point; startPlan: Point; moved: boolean }
  | { kind: "move"; start: Point; startPlan: Point; moved: boolean; block: SeatingBlock; dx: number; dy: number }
  | { kind: "pinch"; dist: number; mid: Point };

const CLICK_SLOP_PX = 5;

/** What the pointer handlers change outside the gesture itself. */
export type GestureTargets = {
  view: Pick<ReturnType<typeof usePlanView>, "applyView" | "scaleLimits" | "zoomToBlock">;
  setKeyboardActive: (active: boolean) => void;
  setFocusedBlockId: Dispatch<SetStateAction<string | null>>;
  setCursor: Dispatch<SetStateAction<Cursor | null>>;
  scheduleHover: (screen: Point | null) => void;
  clearHover: () => void;
};

/**
 * Pointer input: a click (within a few pixels) on a seat or block, a drag that pans, draws a
 * selection rectangle or moves a block (by the interaction mode; middle button or Alt always
 * pans), and a two-finger pinch that zooms and pans.
 */
export function usePlanGestures(
  { containerRef, rendererRef, propsRef }: PlanRefs,
  { view, setKeyboardActive, setFocusedBlockId, setCursor, scheduleHover, clearHover }: GestureTargets,
) {
  const { applyView, scaleLimits, zoomToBlock } = view;
  const gestureRef = useRef<Gesture | null>(null);
  const pointersRef = useRef(new Map<number, Point>());
  const [dragging, setDragging] = useState(false);

  /**
   * A click or tap on a seated block picks the seat under it once seats are big enough for the
   * pointer (./tap.ts); before that it zooms in: a mouse to the whole block, a finger to seats
   * of a usable size around the tapped point.
   */
  const click = (screen: Point, modifiers: PlanModifiers, pointerType: string) => {
    const renderer = rendererRef.current;
    const p = toPlan(rendererRef.current, screen);
    const view = renderer?.getView();
    if (!renderer || !p || !view) return;
    const current = propsRef.current;
    const hit = renderer.hitTest(p);
    if (!hit) {
      current.onBlockClick?.(null, modifiers);
      return;
    }
    const { block } = hit;
    const mode = current.interaction ?? "view";
    const action = tapAction({ pointerType, pitchPx: view.scale * SEAT_PITCH, detailed: hit.detailed });
    if (mode !== "move" && block.kind === "seated" && hit.seat && action === "pick" && current.onSeatClick) {
      setFocusedBlockId(block.id);
      setCursor({ blockId: block.id, row: hit.seat.row, seat: hit.seat.seat });
      current.onSeatClick(seatRef(block.id, hit.seat.row, hit.seat.seat), modifiers);
      return;
    }
    setFocusedBlockId(block.id);
    current.onBlockClick?.(block.id, modifiers);
    if (mode === "move" || block.kind !== "seated" || action !== "zoom") return;
    if (pointerType === "mouse") {
      if (!hit.detailed) zoomToBlock(block.id);
    } else applyView(tapZoomView(block, p, renderer.getSize(), scaleLimits(renderer)));
  };

  const cancelGesture = () => {
    const gesture = gestureRef.current;
    if (gesture?.kind === "move") rendererRef.current?.setDragOffset(null);
    if (gesture?.kind === "rect") rendererRef.current?.setSelectRect(null);
    gestureRef.current = null;
  };

  const pinchState = (): { dist: number; mid: Point } => {
    const [a, b] = [...pointersRef.current.values()] as [Point, Point];
    return { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === "mouse" && e.button !== 0 && e.button !== 1) return;
    const renderer = rendererRef.current;
    if (!renderer) return;
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic pointers (tests, assistive tools) cannot be captured; the gesture still works.
    }
    e.currentTarget.focus({ preventScroll: true });
    if (e.button === 1) e.preventDefault();
    setKeyboardActive(false);
    clearHover();
    const screen = toLocal(containerRef.current!, e);
    pointersRef.current.set(e.pointerId, screen);
    if (pointersRef.current.size === 2) {
      cancelGesture();
      gestureRef.current = { kind: "pinch", ...pinchState() };
      return;
    }
    if (pointersRef.current.size > 2) return;
    const plan = toPlan(rendererRef.current, screen)!;
    const mode = propsRef.current.interaction ?? "view";
    const forcePan = e.button === 1 || e.altKey;
    if (mode === "select" && !forcePan) {
      gestureRef.current = { kind: "rect", start: screen, startPlan: plan, moved: false };
      return;
    }
    if (mode === "move" && !forcePan) {
      const hit = renderer.hitTest(plan);
      const canMove = propsRef.current.canMoveBlock ?? (() => true);
      if (hit && propsRef.current.onBlockMove && canMove(hit.block.id)) {
        gestureRef.current = { kind: "move", start: screen, startPlan: plan, moved: false, block: hit.block, dx: 0, dy: 0 };
        return;
      }
    }
    gestureRef.current = { kind: "pan", last: screen, start: screen, moved: false };
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const screen = toLocal(containerRef.current!, e);
    const gesture = gestureRef.current;
    if (!gesture) {
      if (e.pointerType === "mouse") scheduleHover(screen);
      return;
    }
    if (!pointersRef.current.has(e.pointerId)) return;
    pointersRef.current.set(e.pointerId, screen);
    const renderer = rendererRef.current!;
    const view = renderer.getView();
    if (!view) return;
    if (gesture.kind === "pinch") {
      if (pointersRef.current.size < 2) return;
      const next = pinchState();
      const { min, max } = scaleLimits(renderer);
      const zoomed = zoomAt(view, renderer.getSize(), next.dist / gesture.dist, next.mid, min, max);
      applyView(panBy(zoomed, next.mid.x - gesture.mid.x, next.mid.y - gesture.mid.y));
      gestureRef.current = { kind: "pinch", ...next };
      return;
    }
    if (!gesture.moved && Math.hypot(screen.x - gesture.start.x, screen.y - gesture.start.y) < CLICK_SLOP_PX) return;
    if (!gesture.moved) setDragging(true);
    gesture.moved = true;
    if (gesture.kind === "pan") {
      applyView(panBy(view, screen.x - gesture.last.x, screen.y - gesture.last.y));
      gesture.last = screen;
    } else if (gesture.kind === "rect") {
      const plan = toPlan(rendererRef.current, screen)!;
      renderer.setSelectRect(rectFromPoints(gesture.startPlan, plan));
    } else {
      const plan = toPlan(rendererRef.current, screen)!;
      const snap = propsRef.current.snap ?? 5;
      const x = Math.round((gesture.block.x + plan.x - gesture.startPlan.x) / snap) * snap;
      const y = Math.round((gesture.block.y + plan.y - gesture.startPlan.y) / snap) * snap;
      gesture.dx = x - gesture.block.x;
      gesture.dy = y - gesture.block.y;
      renderer.setDragOffset({ blockId: gesture.block.id, dx: gesture.dx, dy: gesture.dy });
    }
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointersRef.current.delete(e.pointerId)) return;
    const gesture = gestureRef.current;
    setDragging(false);
    if (!gesture) return;
    if (gesture.kind === "pinch") {
      // Lifting one finger ends the pinch; the other does not start a new gesture.
      if (pointersRef.current.size === 0) gestureRef.current = null;
      return;
    }
    gestureRef.current = null;
    const renderer = rendererRef.current!;
    const modifiers = modifiersOf(e);
    if (e.type === "pointercancel") {
      cancelGesture();
      return;
    }
    if (!gesture.moved) {
      if (gesture.kind === "move") renderer.setDragOffset(null);
      click(gesture.start, modifiers, e.pointerType);
      return;
    }
    if (gesture.kind === "rect") {
      renderer.setSelectRect(null);
      const end = toPlan(rendererRef.current, toLocal(containerRef.current!, e))!;
      const rect = rectFromPoints(gesture.startPlan, end);
      const seats = new Map<string, string[]>();
      for (const block of propsRef.current.layout.blocks) {
        if (block.kind !== "seated") continue;
        const inside = seatsInRect(block, rect);
        if (inside.length) seats.set(block.id, inside);
      }
      propsRef.current.onSeatsSelected?.(seats, modifiers);
    } else if (gesture.kind === "move") {
      renderer.setDragOffset(null);
      if (gesture.dx !== 0 || gesture.dy !== 0) {
        propsRef.current.onBlockMove?.(gesture.block.id, gesture.block.x + gesture.dx, gesture.block.y + gesture.dy);
      }
    }
  };

  return { dragging, onPointerDown, onPointerMove, onPointerUp };
}
