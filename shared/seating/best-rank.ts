import type { SeatedBlock } from "./layout";
import { rowNumber, seatsInRow } from "./numbering";

/**
 * The rank rule of "best available", written once (the pure choice in ./best-available.ts, the
 * inventory's `seat_inventory.best_rank` and the database's choice in
 * server/modules/inventory/hold-best.ts all use it). Ranks are twice the documented score, so
 * they are integers and order exactly as the score does; lower is better.
 *
 *     score     = rowRank * 10 + |runCentre − rowCentre| + ORPHAN_PENALTY * orphans
 *     seat rank = 2 * score of the seat alone (no orphans) = 20 * rowRank + |2 * seat + 1 − inRow|
 *
 * `rowRank` is 0 for the front row (the row printed first), `inRow` the seats of that row
 * (active or not), `seat` the seat index in the row.
 */

/** One row further back costs as much as this many seats off the row's centre. */
export const ROW_WEIGHT = 10;

/**
 * A window that leaves one free seat of the buyer's kind alone between itself and a taken seat
 * (or the row's end) costs this much more per such seat: up to three seats further from the
 * centre avoids stranding a seat nobody can sit next to a companion in, a row further back does not.
 */
export const ORPHAN_PENALTY = 3;

/** `ORPHAN_PENALTY` in rank units (twice the score). */
export const ORPHAN_RANK = 2 * ORPHAN_PENALTY;

/** The row part of a seat's rank: 20 · rowRank (rowRank 0 for the front row). */
export function rowRankOf(block: Pick<SeatedBlock, "rows" | "firstRow" | "rowDirection">, row: number): number {
  return 2 * ROW_WEIGHT * (rowNumber(block, row) - block.firstRow);
}

/** The rank of seat index `seat` in a row whose row part is `rowPart` and that has `inRow` seats. */
export function rankInRow(rowPart: number, inRow: number, seat: number): number {
  return rowPart + Math.abs(2 * seat + 1 - inRow);
}

/** A seat's rank (what `seat_inventory.best_rank` holds): twice its score as a group of one. */
export function seatRank(block: SeatedBlock, row: number, seat: number): number {
  return rankInRow(rowRankOf(block, row), seatsInRow(block, row), seat);
}

/**
 * The rank of a window of `n` adjacent seats of one row, from the ranks of its first and last
 * seat: twice `rowRank * 10 + |runCentre − rowCentre|`. The off-centre part of a seat's rank is
 * |2·seat + 1 − inRow|, a V over the row; for a window it is |2·start + n − inRow|, which equals
 * max(first, last) − (n − 1) whichever side of the centre the window lies on. So no seat of a
 * window ranks worse than the window's rank + n − 1, and a window holding a seat of rank r ranks
 * at least r − (n − 1) (the bound the database's choice proves itself with).
 */
export function windowRank(firstRank: number, lastRank: number, n: number): number {
  return Math.max(firstRank, lastRank) - (n - 1);
}
