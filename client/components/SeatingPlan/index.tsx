import { ActionIcon, Tooltip, VisuallyHidden } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { SeatStatus } from "../../../shared/enums";
import { blockBounds, type Point, rectFromPoints, seatCell, seatKey, seatsInRect, toPlan as toBlockPlan } from "../../../shared/seating/geometry";
import { SEAT_PITCH, type SeatingBlock, type SeatingLayout } from "../../../shared/seating/layout";
import { seatsInRow } from "../../../shared/seating/numbering";
import { DEFAULT_STATUS_COLORS } from "./colors";
import { usePlanDescriptions } from "./describe";
import { DETAIL_MIN_PITCH_PX, PlanRenderer } from "./renderer";
import classes from "./SeatingPlan.module.css";
import type { PlanInteraction, PlanModifiers, SeatingPlanHandle, SeatRef, SeatsByBlock, SeatVisual } from "./types";
import { fitView, keepInBounds, panBy, type View, viewRect, zoomAt } from "./viewport";

export type { PlanInteraction, PlanModifiers, SeatingPlanHandle, SeatRef, SeatsByBlock, SeatVisual } from "./types";

export type SeatingPlanProps = {
  /** The plan to draw (blocks by their parameters, categories, background). */
  layout: SeatingLayout;
  /** Accessible name of the plan, e.g. the stadium's name. */
  label: string;
  /**
   * Per-seat state drawn over the category colour: inventory status, selection, marks.
   * Called while drawing a block; give a new function when the state changes.
   */
  seatState?: (seatKey: string) => SeatVisual | undefined;
  /**
   * Redraw hint for seatState: a value per block that changes whenever the state of one of
   * its seats changes (e.g. that block's selection set). With it, a new seatState redraws only
   * the blocks whose value changed; without it, every block is redrawn.
   */
  seatStateToken?: (blockId: string) => unknown;
  /** "category" (default): seats in their category's colour; "block": in their block's colour. */
  colorBy?: "category" | "block";
  /** Category id → colour; defaults to the layout's categories. */
  categoryColors?: Readonly<Record<string, string>>;
  /** Colours of seats that are not FREE (defaults: neutral greys). */
  statusColors?: Partial<Record<Exclude<SeatStatus, "FREE">, string>>;
  /** What a pointer drag does; see PlanInteraction. Default "view". */
  interaction?: PlanInteraction;
  /** In "move" interaction: which blocks may be dragged (default: all). */
  canMoveBlock?: (blockId: string) => boolean;
  /** Dragged blocks land on multiples of this many plan units (default 5). */
  snap?: number;
  /** A seat was clicked, or chosen with Space/Enter on the keyboard cursor. */
  onSeatClick?: (seat: SeatRef, modifiers: PlanModifiers) => void;
  /** A block was clicked or chosen with Enter; null: empty space clicked or Escape. */
  onBlockClick?: (blockId: string | null, modifiers: PlanModifiers) => void;
  /** In "select" interaction: the seats inside the dragged rectangle, by block. */
  onSeatsSelected?: (seats: SeatsByBlock, modifiers: PlanModifiers) => void;
  /** In "move" interaction: a block was dropped (or nudged with the arrow keys) at x, y. */
  onBlockMove?: (blockId: string, x: number, y: number) => void;
  /** The block drawn as selected (and whose seats the keyboard cursor walks). */
  selectedBlockId?: string | null;
  /** Blocks outlined as needing attention (e.g. refused by the server), and a category to stand out. */
  highlight?: { blockIds?: readonly string[]; categoryId?: string | null };
  /** Draw the uploaded venue image under the plan (default true). */
  showBackground?: boolean;
  /** Extends the spoken/hovered description of a seat (e.g. "sold on an event"). */
  describeSeat?: (seat: SeatRef, text: string) => string;
  /** When this value changes the view fits the whole plan again (e.g. another template). */
  fitKey?: unknown;
  /** CSS height of the plan (default 480px). */
  height?: number | string;
  ref?: Ref<SeatingPlanHandle>;
};

type Gesture =
  | { kind: "pan"; last: Point; start: Point; moved: boolean }
  | { kind: "rect"; start: Point; startPlan: Point; moved: boolean }
  | { kind: "move"; start: Point; startPlan: Point; moved: boolean; block: SeatingBlock; dx: number; dy: number }
  | { kind: "pinch"; dist: number; mid: Point };

type Cursor = { blockId: string; row: number; seat: number };

const CLICK_SLOP_PX = 5;
const MAX_PITCH_PX = 80;
const ZOOM_STEP = 1.4;
const NO_MODIFIERS: PlanModifiers = { shiftKey: false, ctrlKey: false, altKey: false };

const modifiersOf = (e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): PlanModifiers => ({
  shiftKey: e.shiftKey,
  ctrlKey: e.ctrlKey || e.metaKey,
  altKey: e.altKey,
});

function PlusIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
function MinusIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
function FitIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" />
    </svg>
  );
}

/**
 * The seating plan (ARCHITECTURE "Client": SVG drawn with svg.js), shared by the stadium
 * editor and the public seat picker. Pan and zoom by wheel, pinch, drag, the buttons and the
 * keyboard; blocks and seats reachable by keyboard with spoken descriptions. Drawing is done
 * by PlanRenderer; this component turns pointer and key input into view changes and callbacks.
 */
export function SeatingPlan(props: SeatingPlanProps) {
  const {
    layout,
    label,
    seatState,
    seatStateToken,
    colorBy = "category",
    categoryColors,
    statusColors,
    interaction = "view",
    selectedBlockId = null,
    highlight,
    showBackground = true,
    fitKey,
    height = 480,
    ref,
  } = props;
  const { t } = useLingui();
  const helpId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<PlanRenderer | null>(null);
  const propsRef = useRef(props);
  const gestureRef = useRef<Gesture | null>(null);
  const pointersRef = useRef(new Map<number, Point>());
  const hoverRef = useRef<{ point: Point | null; raf: number }>({ point: null, raf: 0 });
  const [focusedBlockId, setFocusedBlockId] = useState<string | null>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [keyboardActive, setKeyboardActive] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [hover, setHover] = useState<{ text: string; x: number; y: number; key: string } | null>(null);
  const [limits, setLimits] = useState({ atMin: false, atMax: false });
  const [dragging, setDragging] = useState(false);
  const { describeBlock, describeSeat: describeSeatBase } = usePlanDescriptions(layout);
  const announceAfterChange = useRef(false);

  useLayoutEffect(() => {
    propsRef.current = props;
  });

  // Keyed by content: renaming a category must not redraw every seat.
  const colorKey = layout.categories.map((c) => `${c.id}=${c.color}`).join(",");
  const layoutColors = useMemo(
    () => Object.fromEntries(colorKey ? colorKey.split(",").map((pair) => pair.split("=") as [string, string]) : []),
    [colorKey],
  );
  const colors = categoryColors ?? layoutColors;
  const mergedStatusColors = useMemo(() => ({ ...DEFAULT_STATUS_COLORS, ...statusColors }), [statusColors]);
  const highlightIds = useMemo(() => new Set(highlight?.blockIds ?? []), [highlight?.blockIds]);
  const blockById = useMemo(() => new Map(layout.blocks.map((b) => [b.id, b])), [layout.blocks]);

  const scaleLimits = useCallback((renderer: PlanRenderer) => {
    const fit = fitView(renderer.bounds(), renderer.getSize());
    return { min: Math.min(fit.scale * 0.5, 0.01 + fit.scale), max: Math.max(fit.scale * 2, MAX_PITCH_PX / SEAT_PITCH) };
  }, []);

  const applyView = useCallback(
    (next: View) => {
      const renderer = rendererRef.current;
      if (!renderer) return;
      const size = renderer.getSize();
      renderer.setView(keepInBounds(next, size, renderer.bounds()));
      const { min, max } = scaleLimits(renderer);
      const atMin = next.scale <= min * 1.001;
      const atMax = next.scale >= max * 0.999;
      setLimits((l) => (l.atMin === atMin && l.atMax === atMax ? l : { atMin, atMax }));
    },
    [scaleLimits],
  );

  const fit = useCallback(() => {
    const renderer = rendererRef.current;
    if (!renderer || renderer.getSize().width === 0) return;
    applyView(fitView(renderer.bounds(), renderer.getSize()));
  }, [applyView]);

  const zoomBy = useCallback(
    (factor: number, anchor?: Point) => {
      const renderer = rendererRef.current;
      const view = renderer?.getView();
      if (!renderer || !view) return;
      const size = renderer.getSize();
      const { min, max } = scaleLimits(renderer);
      applyView(zoomAt(view, size, factor, anchor ?? { x: size.width / 2, y: size.height / 2 }, min, max));
    },
    [applyView, scaleLimits],
  );

  const zoomToBlock = useCallback(
    (blockId: string) => {
      const renderer = rendererRef.current;
      const block = propsRef.current.layout.blocks.find((b) => b.id === blockId);
      if (!renderer || !block || renderer.getSize().width === 0) return;
      const { min, max } = scaleLimits(renderer);
      const target = fitView(blockBounds(block), renderer.getSize(), 48);
      const scale = Math.min(max, Math.max(min, target.scale, (DETAIL_MIN_PITCH_PX * 1.5) / SEAT_PITCH));
      applyView({ ...target, scale });
    },
    [applyView, scaleLimits],
  );

  /** Pans (keeping the zoom) so a plan point is on screen. */
  const reveal = useCallback(
    (p: Point) => {
      const renderer = rendererRef.current;
      const view = renderer?.getView();
      if (!renderer || !view) return;
      const r = viewRect(view, renderer.getSize());
      const margin = Math.min(r.width, r.height) * 0.1;
      if (p.x < r.x + margin || p.x > r.x + r.width - margin || p.y < r.y + margin || p.y > r.y + r.height - margin) {
        applyView({ ...view, cx: p.x, cy: p.y });
      }
    },
    [applyView],
  );

  useImperativeHandle(
    ref,
    () => ({
      fit,
      zoomIn: () => zoomBy(ZOOM_STEP),
      zoomOut: () => zoomBy(1 / ZOOM_STEP),
      zoomToBlock,
      center: () => {
        const view = rendererRef.current?.getView();
        return view ? { x: view.cx, y: view.cy } : { x: 0, y: 0 };
      },
    }),
    [fit, zoomBy, zoomToBlock],
  );

  // The renderer lives as long as the element (a layout effect, so it exists before the
  // layout effect below hands it the first input).
  useLayoutEffect(() => {
    const container = containerRef.current!;
    performance.mark("seating-plan:start");
    const renderer = new PlanRenderer(container);
    rendererRef.current = renderer;
    renderer.onFirstRender = () => {
      performance.mark("seating-plan:rendered");
      container.dataset.rendered = "true";
    };
    const observer = new ResizeObserver(() => {
      const { width, height: h } = container.getBoundingClientRect();
      const first = renderer.getSize().width === 0;
      renderer.resize({ width, height: h });
      if (first && width > 0) renderer.setView(fitView(renderer.bounds(), { width, height: h }));
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      renderer.destroy();
      rendererRef.current = null;
    };
  }, []);

  const backgroundUrl = showBackground && layout.backgroundUploadId ? `/uploads/${layout.backgroundUploadId}` : null;
  const seatCursor = keyboardActive ? cursor : null;
  useLayoutEffect(() => {
    rendererRef.current?.setInput({
      layout,
      colorBy,
      categoryColors: colors,
      statusColors: mergedStatusColors,
      seatState,
      seatStateToken,
      selectedBlockId,
      focusedBlockId: keyboardActive ? focusedBlockId : null,
      highlightBlockIds: highlightIds,
      highlightCategoryId: highlight?.categoryId ?? null,
      cursor: seatCursor,
      backgroundUrl,
    });
  }, [
    layout,
    colorBy,
    colors,
    mergedStatusColors,
    seatState,
    seatStateToken,
    selectedBlockId,
    focusedBlockId,
    keyboardActive,
    highlightIds,
    highlight?.categoryId,
    seatCursor,
    backgroundUrl,
  ]);

  const firstFit = useRef(true);
  useEffect(() => {
    if (firstFit.current) {
      firstFit.current = false;
      return;
    }
    fit();
  }, [fitKey, fit]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const container = containerRef.current!;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const factor = Math.min(2, Math.max(0.5, Math.exp(-e.deltaY * unit * 0.002)));
      const rect = container.getBoundingClientRect();
      zoomBy(factor, { x: e.clientX - rect.left, y: e.clientY - rect.top });
    };
    container.addEventListener("wheel", onWheel, { passive: false });
    return () => container.removeEventListener("wheel", onWheel);
  }, [zoomBy]);

  // A selected block that disappears (undo, delete) takes the keyboard cursor with it.
  useEffect(() => {
    if (cursor && !blockById.has(cursor.blockId)) setCursor(null);
    if (focusedBlockId && !blockById.has(focusedBlockId)) setFocusedBlockId(null);
  }, [blockById, cursor, focusedBlockId]);

  const seatRef = (blockId: string, row: number, seat: number): SeatRef => ({ key: seatKey(blockId, row, seat), blockId, row, seat });

  const seatText = useCallback(
    (block: SeatingBlock, row: number, seat: number) => {
      const ref = seatRef(block.id, row, seat);
      const text = describeSeatBase(block, row, seat, propsRef.current.seatState?.(ref.key));
      return propsRef.current.describeSeat ? propsRef.current.describeSeat(ref, text) : text;
    },
    [describeSeatBase],
  );

  // After Space/Enter changed a seat, say its new state once the new props arrived.
  useEffect(() => {
    if (!announceAfterChange.current || !cursor) return;
    announceAfterChange.current = false;
    const block = blockById.get(cursor.blockId);
    if (block) setAnnouncement(seatText(block, cursor.row, cursor.seat));
  }, [seatState, layout, cursor, blockById, seatText]);

  const toLocal = (e: { clientX: number; clientY: number }): Point => {
    const rect = containerRef.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const toPlan = (screen: Point): Point | null => {
    const renderer = rendererRef.current;
    const view = renderer?.getView();
    if (!renderer || !view) return null;
    const size = renderer.getSize();
    return { x: view.cx + (screen.x - size.width / 2) / view.scale, y: view.cy + (screen.y - size.height / 2) / view.scale };
  };

  const click = (screen: Point, modifiers: PlanModifiers) => {
    const renderer = rendererRef.current;
    const p = toPlan(screen);
    if (!renderer || !p) return;
    const current = propsRef.current;
    const hit = renderer.hitTest(p);
    if (!hit) {
      current.onBlockClick?.(null, modifiers);
      return;
    }
    const { block } = hit;
    const mode = current.interaction ?? "view";
    if (mode !== "move" && block.kind === "seated" && hit.seat && hit.detailed && current.onSeatClick) {
      setFocusedBlockId(block.id);
      setCursor({ blockId: block.id, row: hit.seat.row, seat: hit.seat.seat });
      current.onSeatClick(seatRef(block.id, hit.seat.row, hit.seat.seat), modifiers);
      return;
    }
    setFocusedBlockId(block.id);
    current.onBlockClick?.(block.id, modifiers);
    if (mode !== "move" && block.kind === "seated" && !hit.detailed) zoomToBlock(block.id);
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
    setHover(null);
    const screen = toLocal(e);
    pointersRef.current.set(e.pointerId, screen);
    if (pointersRef.current.size === 2) {
      cancelGesture();
      gestureRef.current = { kind: "pinch", ...pinchState() };
      return;
    }
    if (pointersRef.current.size > 2) return;
    const plan = toPlan(screen)!;
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

  const scheduleHover = (screen: Point | null) => {
    const hoverState = hoverRef.current;
    hoverState.point = screen;
    if (hoverState.raf) return;
    hoverState.raf = requestAnimationFrame(() => {
      hoverState.raf = 0;
      const point = hoverState.point;
      const renderer = rendererRef.current;
      const plan = point ? toPlan(point) : null;
      const hit = plan && renderer ? renderer.hitTest(plan) : null;
      if (!point || !hit) {
        setHover(null);
        return;
      }
      const onSeat = hit.block.kind === "seated" && hit.seat && hit.detailed;
      const key = onSeat ? seatKey(hit.block.id, hit.seat!.row, hit.seat!.seat) : hit.block.id;
      setHover((h) => {
        if (h?.key === key) return { ...h, x: point.x, y: point.y };
        const text = onSeat ? seatText(hit.block, hit.seat!.row, hit.seat!.seat) : describeBlock(hit.block);
        return { key, text, x: point.x, y: point.y };
      });
    });
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const screen = toLocal(e);
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
      const plan = toPlan(screen)!;
      renderer.setSelectRect(rectFromPoints(gesture.startPlan, plan));
    } else {
      const plan = toPlan(screen)!;
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
      click(gesture.start, modifiers);
      return;
    }
    if (gesture.kind === "rect") {
      renderer.setSelectRect(null);
      const end = toPlan(toLocal(e))!;
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

  const blocks = layout.blocks;

  const focusBlock = (block: SeatingBlock | undefined) => {
    setCursor(null);
    setFocusedBlockId(block?.id ?? null);
    if (!block) return;
    const b = blockBounds(block);
    reveal({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
    setAnnouncement(describeBlock(block));
  };

  const placeCursor = (block: SeatingBlock, row: number, seat: number) => {
    if (block.kind !== "seated") return;
    const r = Math.min(Math.max(row, 0), block.rows - 1);
    const s = Math.min(Math.max(seat, 0), seatsInRow(block, r) - 1);
    setCursor({ blockId: block.id, row: r, seat: s });
    setFocusedBlockId(block.id);
    const renderer = rendererRef.current;
    if (renderer && !renderer.isDetailed()) zoomToBlock(block.id);
    else {
      const centre = blockSeatCentre(block, r, s);
      reveal(centre);
    }
    setAnnouncement(seatText(block, r, s));
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const renderer = rendererRef.current;
    const view = renderer?.getView();
    if (!renderer || !view) return;
    setKeyboardActive(true);
    const modifiers = modifiersOf(e);
    const current = propsRef.current;
    const mode = current.interaction ?? "view";
    const cursorBlock = cursor ? blockById.get(cursor.blockId) : undefined;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const arrow = arrows[e.key];
    if (arrow && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const [dx, dy] = arrow;
      const selected = selectedBlockId ? blockById.get(selectedBlockId) : undefined;
      if (mode !== "move" && cursor && cursorBlock?.kind === "seated") {
        const row = Math.min(Math.max(cursor.row + dy, 0), cursorBlock.rows - 1);
        // Keep the column in shorter rows as close as it can be.
        placeCursor(cursorBlock, row, cursor.seat + dx);
      } else if (mode === "move" && selected && current.onBlockMove && (current.canMoveBlock ?? (() => true))(selected.id)) {
        const step = e.shiftKey ? SEAT_PITCH * 5 : (current.snap ?? 5);
        current.onBlockMove(selected.id, selected.x + dx * step, selected.y + dy * step);
      } else {
        const size = renderer.getSize();
        const share = e.shiftKey ? 0.45 : 0.15;
        applyView(panBy(view, -dx * size.width * share, -dy * size.height * share));
      }
      return;
    }
    switch (e.key) {
      case "+":
      case "=":
        e.preventDefault();
        zoomBy(ZOOM_STEP);
        return;
      case "-":
      case "_":
        e.preventDefault();
        zoomBy(1 / ZOOM_STEP);
        return;
      case "0":
        e.preventDefault();
        fit();
        return;
      case "Tab": {
        if (blocks.length === 0) return;
        const index = focusedBlockId ? blocks.findIndex((b) => b.id === focusedBlockId) : -1;
        const next = index === -1 ? (e.shiftKey ? -1 : 0) : index + (e.shiftKey ? -1 : 1);
        if (next < 0 || next >= blocks.length) {
          // Past the first or last block, Tab leaves the plan as usual.
          setFocusedBlockId(null);
          setCursor(null);
          return;
        }
        e.preventDefault();
        focusBlock(blocks[next]);
        return;
      }
      case "Enter":
      case " ": {
        e.preventDefault();
        if (cursor && cursorBlock?.kind === "seated" && mode !== "move") {
          announceAfterChange.current = true;
          current.onSeatClick?.(seatRef(cursorBlock.id, cursor.row, cursor.seat), modifiers);
          return;
        }
        const block = focusedBlockId ? blockById.get(focusedBlockId) : undefined;
        if (!block) {
          focusBlock(blocks[0]);
          return;
        }
        current.onBlockClick?.(block.id, modifiers);
        if (block.kind === "seated" && mode !== "move" && current.onSeatClick) placeCursor(block, 0, 0);
        else setAnnouncement(describeBlock(block));
        return;
      }
      case "Escape": {
        if (cursor) {
          e.preventDefault();
          setCursor(null);
          if (cursorBlock) setAnnouncement(describeBlock(cursorBlock));
        } else if (selectedBlockId) {
          e.preventDefault();
          current.onBlockClick?.(null, NO_MODIFIERS);
        }
        return;
      }
    }
  };

  return (
    <div className={classes.root} style={{ height }}>
      <div
        ref={containerRef}
        className={classes.canvas}
        role="application"
        aria-roledescription={t`seating plan`}
        aria-label={label}
        aria-describedby={helpId}
        tabIndex={0}
        data-interaction={interaction}
        data-dragging={dragging ? "true" : undefined}
        data-testid="seating-plan"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => scheduleHover(null)}
        onKeyDown={onKeyDown}
        onBlur={() => setKeyboardActive(false)}
      />
      <ActionIcon.Group orientation="vertical" className={classes.controls}>
        <Tooltip label={t`Zoom in`} position="left">
          <ActionIcon variant="default" size="lg" aria-label={t`Zoom in`} onClick={() => zoomBy(ZOOM_STEP)} disabled={limits.atMax}>
            <PlusIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`Zoom out`} position="left">
          <ActionIcon variant="default" size="lg" aria-label={t`Zoom out`} onClick={() => zoomBy(1 / ZOOM_STEP)} disabled={limits.atMin}>
            <MinusIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`Fit to screen`} position="left">
          <ActionIcon variant="default" size="lg" aria-label={t`Fit to screen`} onClick={fit}>
            <FitIcon />
          </ActionIcon>
        </Tooltip>
      </ActionIcon.Group>
      {hover && (
        <div
          className={classes.tooltip}
          style={
            hover.x > (rendererRef.current?.getSize().width ?? 0) - 240
              ? { right: (rendererRef.current?.getSize().width ?? 0) - hover.x + 14, top: hover.y + 14 }
              : { left: hover.x + 14, top: hover.y + 14 }
          }
          aria-hidden="true"
        >
          {hover.text}
        </div>
      )}
      <VisuallyHidden id={helpId}>
        {t`Arrow keys pan the plan, plus and minus zoom, 0 fits it to the screen. Tab moves between blocks and Enter selects one; inside a block the arrow keys move between seats, Space or Enter chooses a seat and Escape leaves the block.`}
      </VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}

function blockSeatCentre(block: SeatingBlock, row: number, seat: number): Point {
  if (block.kind !== "seated") return { x: block.x, y: block.y };
  const cell = seatCell(block, row, seat);
  return toBlockPlan(block, { x: cell.x + SEAT_PITCH / 2, y: cell.y + SEAT_PITCH / 2 });
}

export default SeatingPlan;
