import { SEAT_PITCH, type SeatedBlock, type SeatingLayout } from "./layout";

/** One seat of a seated block, derived from the block's parameters. */
export type Seat = {
  /** Stable key within the template: `${blockId}:${rowIndex}:${seatIndex}` (0-based). */
  key: string;
  row: number;
  seat: number;
  rowLabel: string;
  seatLabel: string;
  categoryId: string | null;
  isActive: boolean;
  /** Seat centre in plan units, before the block's rotation. */
  x: number;
  y: number;
};

export function seatsInRow(block: SeatedBlock, row: number): number {
  return block.rowSeats[String(row)] ?? block.seatsPerRow;
}

/** The printed row number of row index `row` (SPEC enumeration Direction: UP / DOWN). */
export function rowNumber(block: Pick<SeatedBlock, "rows" | "firstRow" | "rowDirection">, row: number): number {
  return block.rowDirection === "DOWN" ? block.firstRow + row : block.firstRow + (block.rows - 1 - row);
}

/** The printed seat number of seat index `seat` in a row of `inRow` seats (LEFT / RIGHT). */
export function seatNumber(block: Pick<SeatedBlock, "firstSeat" | "seatDirection">, seat: number, inRow: number): number {
  return block.seatDirection === "RIGHT" ? block.firstSeat + seat : block.firstSeat + (inRow - 1 - seat);
}

/** Horizontal offset of a shorter row, by the block's alignment. */
function rowOffset(block: SeatedBlock, inRow: number): number {
  const missing = block.seatsPerRow - inRow;
  if (missing <= 0 || block.align === "left") return 0;
  return (block.align === "center" ? missing / 2 : missing) * SEAT_PITCH;
}

/** Every seat of a seated block, row by row. */
export function blockSeats(block: SeatedBlock): Seat[] {
  const disabledRows = new Set(block.disabledRows);
  const disabledSeats = new Set(block.disabledSeats);
  const seats: Seat[] = [];
  for (let r = 0; r < block.rows; r++) {
    const inRow = seatsInRow(block, r);
    const offset = rowOffset(block, inRow);
    const rowCategory = block.rowCategories[String(r)] ?? block.categoryId;
    for (let s = 0; s < inRow; s++) {
      const rs = `${r}:${s}`;
      seats.push({
        key: `${block.id}:${rs}`,
        row: r,
        seat: s,
        rowLabel: String(rowNumber(block, r)),
        seatLabel: String(seatNumber(block, s, inRow)),
        categoryId: block.seatCategories[rs] ?? rowCategory,
        isActive: !disabledRows.has(r) && !disabledSeats.has(rs),
        x: block.x + offset + s * SEAT_PITCH + SEAT_PITCH / 2,
        y: block.y + r * SEAT_PITCH + SEAT_PITCH / 2,
      });
    }
  }
  return seats;
}

export type Capacity = {
  /** Seats and standing places that can be sold. */
  total: number;
  /** Active seats of seated blocks. */
  fixed: number;
  /** Standing places (the daily amount where it is lower than the capacity). */
  free: number;
  /** Sellable places per category id ("" for places without a category). */
  byCategory: Record<string, number>;
};

/** The capacities a template list and the editor show live (SPEC §3 Stadium template). */
export function layoutCapacity(layout: Pick<SeatingLayout, "blocks">): Capacity {
  const result: Capacity = { total: 0, fixed: 0, free: 0, byCategory: {} };
  const add = (categoryId: string | null, n: number) => {
    const key = categoryId ?? "";
    result.byCategory[key] = (result.byCategory[key] ?? 0) + n;
  };
  for (const block of layout.blocks) {
    if (block.kind === "standing") {
      const places = Math.min(block.capacity, block.dailyAmount ?? block.capacity);
      result.free += places;
      add(block.categoryId, places);
      continue;
    }
    for (const seat of blockSeats(block)) {
      if (!seat.isActive) continue;
      result.fixed++;
      add(seat.categoryId, 1);
    }
  }
  result.total = result.fixed + result.free;
  return result;
}
