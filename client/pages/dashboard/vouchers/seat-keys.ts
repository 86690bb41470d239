import { parseSeatKey } from "../../../../shared/seating/geometry";
import type { SeatedBlock } from "../../../../shared/seating/layout";
import { rowNumber, seatNumber, seatsInRow } from "../../../../shared/seating/numbering";

/** What the seat labels of a block are derived from (shared/seating/numbering.ts). */
export type BlockNumbering = Pick<SeatedBlock, "rows" | "seatsPerRow" | "rowSeats" | "firstRow" | "firstSeat" | "rowDirection" | "seatDirection">;

/**
 * A block of the voucher target's plan. The numbering is used when the server sends it; without
 * it rows and seats are counted from 1 in the plan's order (row index + 1, seat index + 1).
 */
export type PickerBlock = { id: string; name: string; kind: "seated" | "standing" } & Partial<BlockNumbering>;

export function numberingOf(block: PickerBlock): BlockNumbering | null {
  const { rows, seatsPerRow, rowSeats, firstRow, firstSeat, rowDirection, seatDirection } = block;
  if (rows === undefined || seatsPerRow === undefined || firstRow === undefined || firstSeat === undefined || !rowDirection || !seatDirection) return null;
  return { rows, seatsPerRow, rowSeats: rowSeats ?? {}, firstRow, firstSeat, rowDirection, seatDirection };
}

/** The printed row label of row index `row`. */
export function rowLabel(block: PickerBlock, row: number): string {
  const n = numberingOf(block);
  return String(n ? rowNumber(n, row) : row + 1);
}

/** The printed seat label of seat index `seat` in row index `row`. */
export function seatLabel(block: PickerBlock, row: number, seat: number): string {
  const n = numberingOf(block);
  return String(n ? seatNumber(n, seat, seatsInRow(n as SeatedBlock, row)) : seat + 1);
}

/** The seat keys `${blockId}:${row}:${seat}` (0-based) of seats `from`..`to` of one row. */
export function rangeKeys(blockId: string, row: number, from: number, to: number): string[] {
  const keys: string[] = [];
  for (let s = Math.min(from, to); s <= Math.max(from, to); s++) keys.push(`${blockId}:${row}:${s}`);
  return keys;
}

/** A run of neighbouring chosen seats in one row. */
export type SeatRun = { blockId: string; row: number; from: number; to: number; keys: string[] };

/** Chosen seat keys as runs (block, row, consecutive seats), in plan order; unreadable keys are kept as runs of one. */
export function seatRuns(keys: readonly string[]): { runs: SeatRun[]; unreadable: string[] } {
  const unreadable: string[] = [];
  const byRow = new Map<string, { blockId: string; row: number; seats: number[] }>();
  for (const key of new Set(keys)) {
    const parsed = parseSeatKey(key);
    if (!parsed) {
      unreadable.push(key);
      continue;
    }
    const id = `${parsed.blockId}:${parsed.row}`;
    const entry = byRow.get(id) ?? { blockId: parsed.blockId, row: parsed.row, seats: [] };
    entry.seats.push(parsed.seat);
    byRow.set(id, entry);
  }
  const runs: SeatRun[] = [];
  for (const { blockId, row, seats } of byRow.values()) {
    seats.sort((a, b) => a - b);
    let start = seats[0]!;
    for (let i = 1; i <= seats.length; i++) {
      if (i < seats.length && seats[i] === seats[i - 1]! + 1) continue;
      const end = seats[i - 1]!;
      runs.push({ blockId, row, from: start, to: end, keys: rangeKeys(blockId, row, start, end) });
      if (i < seats.length) start = seats[i]!;
    }
  }
  runs.sort((a, b) => a.blockId.localeCompare(b.blockId) || a.row - b.row || a.from - b.from);
  return { runs, unreadable };
}
