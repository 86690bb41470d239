import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef, useState } from "react";
import { blockBounds, type Point, seatCell, toPlan as toBlockPlan } from "../../../shared/seating/geometry";
import { SEAT_PITCH, type SeatingBlock, type SeatingLayout } from "../../../shared/seating/layout";
import { seatsInRow } from "../../../shared/seating/numbering";
import { type Cursor, modifiersOf, NO_MODIFIERS, type PlanRefs, seatRef, ZOOM_STEP } from "./input";
import type { SeatVisual } from "./types";
import type { usePlanView } from "./use-plan-view";
import { panBy } from "./viewport";

export type KeyboardSources = {
  layout: SeatingLayout;
  seatState: ((seatKey: string) => SeatVisual | undefined) | undefined;
  selectedBlockId: string | null;
  blockById: ReadonlyMap<string, SeatingBlock>;
  view: Pick<ReturnType<typeof usePlanView>, "applyView" | "fit" | "zoomBy" | "zoomToBlock" | "reveal">;
  seatText: (block: SeatingBlock, row: number, seat: number) => string;
  describeBlock: (block: SeatingBlock) => string;
};

/**
 * Keyboard input and what it shows: arrows pan (or walk the seats of a block, or nudge the
 * selected block in "move" mode), +/-/0 zoom, Tab walks the blocks, Enter/Space choose, Escape
 * leaves; the focused block, the seat cursor and the spoken announcement.
 */
export function usePlanKeyboard(
  { rendererRef, propsRef }: Pick<PlanRefs, "rendererRef" | "propsRef">,
  { layout, seatState, selectedBlockId, blockById, view, seatText, describeBlock }: KeyboardSources,
) {
  const { applyView, fit, zoomBy, zoomToBlock, reveal } = view;
  const [focusedBlockId, setFocusedBlockId] = useState<string | null>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [keyboardActive, setKeyboardActive] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const announceAfterChange = useRef(false);
  const blocks = layout.blocks;

  // A selected block that disappears (undo, delete) takes the keyboard cursor with it.
  useEffect(() => {
    if (cursor && !blockById.has(cursor.blockId)) setCursor(null);
    if (focusedBlockId && !blockById.has(focusedBlockId)) setFocusedBlockId(null);
  }, [blockById, cursor, focusedBlockId]);

  // After Space/Enter changed a seat, say its new state once the new props arrived.
  useEffect(() => {
    if (!announceAfterChange.current || !cursor) return;
    announceAfterChange.current = false;
    const block = blockById.get(cursor.blockId);
    if (block) setAnnouncement(seatText(block, cursor.row, cursor.seat));
  }, [seatState, layout, cursor, blockById, seatText]);

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

  return { focusedBlockId, setFocusedBlockId, cursor, setCursor, keyboardActive, setKeyboardActive, announcement, onKeyDown };
}

function blockSeatCentre(block: SeatingBlock, row: number, seat: number): Point {
  if (block.kind !== "seated") return { x: block.x, y: block.y };
  const cell = seatCell(block, row, seat);
  return toBlockPlan(block, { x: cell.x + SEAT_PITCH / 2, y: cell.y + SEAT_PITCH / 2 });
}
