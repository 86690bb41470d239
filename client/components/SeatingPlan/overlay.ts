import type { G } from "@svgdotjs/svg.js";
import { blockSize, blockTransform, seatCell } from "../../../shared/seating/geometry";
import { SEAT_PITCH, type SeatingBlock } from "../../../shared/seating/layout";
import { seatsInRow } from "../../../shared/seating/numbering";
import type { RenderInput } from "./block-drawing";
import { FOCUS_STROKE, HIGHLIGHT_BLOCK_STROKE, SELECTED_BLOCK_STROKE } from "./colors";

/**
 * Frames over the plan: refused (highlighted), selected and focused blocks, and the keyboard's
 * seat cursor. `blockOf` gives the block as drawn; a dragged block's frame follows its offset.
 */
export function drawOverlay(
  overlay: G,
  input: RenderInput,
  blockOf: (blockId: string) => SeatingBlock | undefined,
  dragOffset: { blockId: string; dx: number; dy: number } | null,
) {
  overlay.clear();
  const frame = (blockId: string, stroke: string, width: number, dash?: string) => {
    const block = blockOf(blockId);
    if (!block) return;
    const { width: w, height: h } = blockSize(block);
    const offset = dragOffset?.blockId === blockId ? dragOffset : null;
    overlay
      .rect(w + 4, h + 4)
      .move(-2, -2)
      .attr({
        transform: blockTransform(block, offset?.dx ?? 0, offset?.dy ?? 0),
        fill: "none",
        stroke,
        "stroke-width": width,
        "vector-effect": "non-scaling-stroke",
        ...(dash ? { "stroke-dasharray": dash } : {}),
      });
  };
  for (const id of input.highlightBlockIds) frame(id, HIGHLIGHT_BLOCK_STROKE, 3, "6 4");
  if (input.selectedBlockId) frame(input.selectedBlockId, SELECTED_BLOCK_STROKE, 3);
  if (input.focusedBlockId && input.focusedBlockId !== input.selectedBlockId) frame(input.focusedBlockId, FOCUS_STROKE, 2, "4 3");
  const cursor = input.cursor;
  const block = cursor ? blockOf(cursor.blockId) : undefined;
  if (cursor && block?.kind === "seated" && cursor.row < block.rows && cursor.seat < seatsInRow(block, cursor.row)) {
    const cell = seatCell(block, cursor.row, cursor.seat);
    overlay
      .rect(SEAT_PITCH + 2, SEAT_PITCH + 2)
      .move(cell.x - 1, cell.y - 1)
      .attr({
        transform: blockTransform(block),
        fill: "none",
        stroke: FOCUS_STROKE,
        "stroke-width": 3,
        "vector-effect": "non-scaling-stroke",
      });
  }
}
