import type { SeatedBlock } from "./layout";
import { seatsInRow } from "./numbering";

/**
 * A set of selected seats, grouped by block: block id → "row:seat" indexes. Updates are
 * immutable and keep the set object of every untouched block, so a renderer can redraw only
 * the blocks whose set changed (compare by identity).
 */
export type SeatSelection = ReadonlyMap<string, ReadonlySet<string>>;

export const EMPTY_SELECTION: SeatSelection = new Map();

export type SelectionMode = "replace" | "add" | "toggle" | "remove";

function withBlock(selection: SeatSelection, blockId: string, seats: ReadonlySet<string>): SeatSelection {
  const next = new Map(selection);
  if (seats.size === 0) next.delete(blockId);
  else next.set(blockId, seats);
  return next;
}

/**
 * Applies `seats` ("row:seat" of one block) to a selection: replace everything, add, remove,
 * or toggle (all selected → remove them, otherwise add them).
 */
export function applySeats(selection: SeatSelection, blockId: string, seats: Iterable<string>, mode: SelectionMode): SeatSelection {
  const list = [...seats];
  if (mode === "replace") return list.length ? new Map([[blockId, new Set(list)]]) : EMPTY_SELECTION;
  const current = selection.get(blockId) ?? new Set<string>();
  const effective = mode === "toggle" ? (list.every((s) => current.has(s)) ? "remove" : "add") : mode;
  const next = new Set(current);
  for (const s of list) {
    if (effective === "add") next.add(s);
    else next.delete(s);
  }
  if (next.size === current.size && list.every((s) => next.has(s) === current.has(s))) return selection;
  return withBlock(selection, blockId, next);
}

/** Applies seats of several blocks at once (a drag rectangle across blocks). */
export function applySeatsByBlock(selection: SeatSelection, byBlock: ReadonlyMap<string, readonly string[]>, mode: SelectionMode): SeatSelection {
  let next = mode === "replace" ? EMPTY_SELECTION : selection;
  for (const [blockId, seats] of byBlock) {
    if (seats.length) next = applySeats(next, blockId, seats, mode === "replace" ? "add" : mode);
  }
  return next;
}

/** "row:seat" of every seat of a row. */
export function rowSeatIndexes(block: SeatedBlock, row: number): string[] {
  if (row < 0 || row >= block.rows) return [];
  return Array.from({ length: seatsInRow(block, row) }, (_, s) => `${row}:${s}`);
}

/** "row:seat" of every seat of a block. */
export function blockSeatIndexes(block: SeatedBlock): string[] {
  const result: string[] = [];
  for (let r = 0; r < block.rows; r++) result.push(...rowSeatIndexes(block, r));
  return result;
}

export function selectionSize(selection: SeatSelection): number {
  let n = 0;
  for (const seats of selection.values()) n += seats.size;
  return n;
}

export function isSeatSelected(selection: SeatSelection, blockId: string, rowSeat: string): boolean {
  return selection.get(blockId)?.has(rowSeat) ?? false;
}

/** Drops blocks that no longer exist and seats beyond a block's (new) size. */
export function pruneSelection(selection: SeatSelection, blocks: readonly { id: string; kind: string }[]): SeatSelection {
  if (selection.size === 0) return selection;
  const byId = new Map(blocks.map((b) => [b.id, b]));
  let changed = false;
  const next = new Map<string, ReadonlySet<string>>();
  for (const [blockId, seats] of selection) {
    const block = byId.get(blockId);
    if (!block || block.kind !== "seated") {
      changed = true;
      continue;
    }
    const seated = block as SeatedBlock;
    const kept = new Set([...seats].filter((rs) => {
      const [r, s] = rs.split(":").map(Number) as [number, number];
      return r < seated.rows && s < seatsInRow(seated, r);
    }));
    if (kept.size !== seats.size) changed = true;
    if (kept.size) next.set(blockId, kept.size === seats.size ? seats : kept);
  }
  return changed ? next : selection;
}
