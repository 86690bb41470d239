import { SEAT_PITCH, type SeatedBlock, type SeatingBlock, type SeatingLayout } from "./layout";
import { seatsInRow } from "./numbering";

/**
 * Plan geometry of blocks, shared by the renderer (drawing, culling, hit testing) and the
 * editor. A block is laid out in its own coordinates (0..width, 0..height, seats as in
 * ./numbering.ts) and placed on the plan at (x, y), rotated clockwise around its centre.
 */
export type Point = { x: number; y: number };
export type Rect = { x: number; y: number; width: number; height: number };

/** Side of a seat square inside its SEAT_PITCH cell. */
export const SEAT_SIZE = 8;

export function blockSize(block: SeatingBlock): { width: number; height: number } {
  if (block.kind === "standing") return { width: block.width, height: block.height };
  return { width: block.seatsPerRow * SEAT_PITCH, height: block.rows * SEAT_PITCH };
}

export function blockCenter(block: SeatingBlock): Point {
  const { width, height } = blockSize(block);
  return { x: block.x + width / 2, y: block.y + height / 2 };
}

/** The SVG transform that places block coordinates on the plan. */
export function blockTransform(block: SeatingBlock, dx = 0, dy = 0): string {
  const { width, height } = blockSize(block);
  const x = block.x + dx;
  const y = block.y + dy;
  if (!block.rotation) return `translate(${x} ${y})`;
  return `translate(${x} ${y}) rotate(${block.rotation} ${width / 2} ${height / 2})`;
}

const RAD = Math.PI / 180;

/** Plan point → block coordinates (the inverse of blockTransform). */
export function toBlockLocal(block: SeatingBlock, p: Point): Point {
  const { width, height } = blockSize(block);
  const cx = block.x + width / 2;
  const cy = block.y + height / 2;
  const a = -block.rotation * RAD;
  const dx = p.x - cx;
  const dy = p.y - cy;
  return {
    x: dx * Math.cos(a) - dy * Math.sin(a) + width / 2,
    y: dx * Math.sin(a) + dy * Math.cos(a) + height / 2,
  };
}

/** Block coordinates → plan point. */
export function toPlan(block: SeatingBlock, local: Point): Point {
  const { width, height } = blockSize(block);
  const a = block.rotation * RAD;
  const dx = local.x - width / 2;
  const dy = local.y - height / 2;
  return {
    x: dx * Math.cos(a) - dy * Math.sin(a) + block.x + width / 2,
    y: dx * Math.sin(a) + dy * Math.cos(a) + block.y + height / 2,
  };
}

/** The axis-aligned box around a (rotated) block, in plan units. */
export function blockBounds(block: SeatingBlock): Rect {
  const { width, height } = blockSize(block);
  if (!block.rotation) return { x: block.x, y: block.y, width, height };
  const corners = [
    toPlan(block, { x: 0, y: 0 }),
    toPlan(block, { x: width, y: 0 }),
    toPlan(block, { x: 0, y: height }),
    toPlan(block, { x: width, y: height }),
  ];
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * Where row `row` starts, in block coordinates: shorter rows are shifted by the block's
 * alignment. The same rule as blockSeats in ./numbering.ts (a unit test keeps them equal).
 */
export function rowStart(block: SeatedBlock, row: number): number {
  const missing = block.seatsPerRow - seatsInRow(block, row);
  if (missing <= 0 || block.align === "left") return 0;
  return (block.align === "center" ? missing / 2 : missing) * SEAT_PITCH;
}

/** Top-left corner of a seat's cell in block coordinates. */
export function seatCell(block: SeatedBlock, row: number, seat: number): Point {
  return { x: rowStart(block, row) + seat * SEAT_PITCH, y: row * SEAT_PITCH };
}

/** The seat (row and seat index) under a point in block coordinates, or null. */
export function seatAtLocal(block: SeatedBlock, local: Point): { row: number; seat: number } | null {
  if (local.y < 0) return null;
  const row = Math.floor(local.y / SEAT_PITCH);
  if (row >= block.rows) return null;
  const sx = local.x - rowStart(block, row);
  if (sx < 0) return null;
  const seat = Math.floor(sx / SEAT_PITCH);
  if (seat >= seatsInRow(block, row)) return null;
  return { row, seat };
}

/** The seat under a plan point, or null. */
export function seatAtPoint(block: SeatedBlock, p: Point): { row: number; seat: number } | null {
  return seatAtLocal(block, toBlockLocal(block, p));
}

/** Whether a plan point lies on the block's area. */
export function blockContains(block: SeatingBlock, p: Point): boolean {
  const { width, height } = blockSize(block);
  const local = toBlockLocal(block, p);
  return local.x >= 0 && local.y >= 0 && local.x <= width && local.y <= height;
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** Normalises a rectangle spanned by two points. */
export function rectFromPoints(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** "row:seat" indexes of the seats whose centres lie inside a plan rectangle. */
export function seatsInRect(block: SeatedBlock, rect: Rect): string[] {
  if (!rectsIntersect(blockBounds(block), rect)) return [];
  const result: string[] = [];
  const half = SEAT_PITCH / 2;
  for (let r = 0; r < block.rows; r++) {
    const start = rowStart(block, r);
    const inRow = seatsInRow(block, r);
    for (let s = 0; s < inRow; s++) {
      const c = toPlan(block, { x: start + s * SEAT_PITCH + half, y: r * SEAT_PITCH + half });
      if (c.x >= rect.x && c.x <= rect.x + rect.width && c.y >= rect.y && c.y <= rect.y + rect.height) result.push(`${r}:${s}`);
    }
  }
  return result;
}

/** The box holding the plan area and every block. */
export function layoutBounds(layout: Pick<SeatingLayout, "width" | "height" | "blocks">): Rect {
  let x0 = 0;
  let y0 = 0;
  let x1 = layout.width;
  let y1 = layout.height;
  for (const block of layout.blocks) {
    const b = blockBounds(block);
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Template seat key `${blockId}:${row}:${seat}` (0-based indexes), as Seat.key in ./numbering.ts. */
export function seatKey(blockId: string, row: number, seat: number): string {
  return `${blockId}:${row}:${seat}`;
}

export function parseSeatKey(key: string): { blockId: string; row: number; seat: number } | null {
  const match = /^([A-Za-z0-9_-]+):(\d+):(\d+)$/.exec(key);
  if (!match) return null;
  return { blockId: match[1]!, row: Number(match[2]), seat: Number(match[3]) };
}
