import type { SeatedBlock, SeatingLayout } from "./layout";
import { ORPHAN_RANK, rankInRow, rowRankOf, windowRank } from "./best-rank";
import { seatsInRow } from "./numbering";

/**
 * "Best available": a buyer asks for N seats of a category and gets ranked groups of seat keys.
 * Pure and synchronous; the caller passes the keys that are currently FREE (from the inventory).
 * The database makes the same choice under its row locks (server/modules/inventory/hold-best.ts);
 * tests/integration/best-available-db.test.ts compares the two.
 *
 * Eligible seats: seats of seated blocks (standing blocks are ignored; only `blockId` when given)
 * whose key is in `free`, that are active (row not in `disabledRows`, seat not in
 * `disabledSeats`) and whose category — resolved as in ./numbering.ts: seat category, else row
 * category, else block category — equals `categoryId` (`null` accepts every category). Keys that
 * are malformed, not canonical (`blockId:row:seat` with plain decimal indexes) or outside the
 * layout are ignored.
 *
 * Runs: N eligible seats with consecutive seat indexes in one row of one block. A taken,
 * deactivated or non-matching seat breaks a run. Every window of N seats inside a longer run is
 * a candidate.
 *
 * Score (lower is better) of a candidate of N seats starting at seat index `s` in row `r` of a
 * block (computed in ranks, twice the score, by ./best-rank.ts):
 *
 *     score = rowRank * 10 + |runCentre − rowCentre| + ORPHAN_PENALTY * orphans
 *     rowRank   = rowNumber(block, r) − block.firstRow   (0 for the front row)
 *     runCentre = s + (N − 1) / 2
 *     rowCentre = (seatsInRow(block, r) − 1) / 2         (seat-index units of that row)
 *     orphans   = sides of the window (0, 1 or 2) that would leave exactly one eligible seat
 *                 between the window and a seat that is not eligible or the row's end: seat
 *                 s − 1 eligible and s − 2 not, or seat s + N eligible and s + N + 1 not
 *     ORPHAN_PENALTY = 3
 *
 * The front row is the row printed first, nearest the stage (see `rowDirection` in ./layout.ts
 * and `rowNumber` in ./numbering.ts): row index 0 for "DOWN", the last row index for "UP".
 * So one row further back costs as much as ten seats off the centre, and a seat left alone
 * costs as much as three: among nearly equal windows the one that strands no seat wins.
 * Ties: block order in the layout, then row index, then seat index (all ascending).
 *
 * Result: up to `maxCandidates` (default 5, at least 1) groups, best first, each of exactly
 * `quantity` keys in ascending seat order. Groups never share a seat: candidates are taken
 * greedily in score order (orphans judged against `free` as given), skipping any that overlaps
 * a group already taken.
 *
 * Fallback when no row has N adjacent eligible seats: one single group, split into parts of
 * adjacent seats of one row, as large as the free seats allow and without a part of a single
 * seat where that can be avoided. Part by part: with R seats still wanted and L the longest run
 * of eligible seats not yet chosen, the part has p = min(L, R) seats, one less when that would
 * leave exactly one seat for the last part and p > 2 (so 4 = 2 + 2 rather than 3 + 1, 5 = 3 + 2
 * rather than 4 + 1, 7 = 3 + 2 + 2 with runs of three). The part is the best window of p
 * eligible seats by the score above, orphans judged against the seats not yet chosen, taken in
 * the block of the first part while it has such a window (the group stays together), else in
 * any block. The group's keys are listed in block order, then row, then seat index.
 *
 * Fewer than N eligible seats in total (or a quantity below 1 / not an integer) gives [].
 *
 * Cost: O(F + S + W log W) for F free keys, S seats in the rows that hold a free key (a typed
 * array scan per such row, plus each touched block's settings) and W ≤ F candidate windows;
 * the fallback scans those rows once per part. About 3 ms warm for 20,000 seats with 15,000 free.
 */

/** A seat key "blockId:row:seat" that is currently free. */
export type FreeSeat = { key: string };

export type BestAvailableOptions = {
  /** Seats wanted (N). */
  quantity: number;
  /** Category to match; null accepts every category. */
  categoryId: string | null;
  /** Only seats of this block. */
  blockId?: string;
  /** Most groups returned (default 5). */
  maxCandidates?: number;
};

const DEFAULT_MAX_CANDIDATES = 5;
/** Windows are packed as `2·score · WINDOW_SLOTS + index` into one float (exact below 2^53). */
const WINDOW_SLOTS = 2 ** 21;

/** Seat marks in a row's array. */
const NOT_ELIGIBLE = 0; // deactivated, another category, or not free
const ALLOWED = 1; // active and of the category, not (yet) seen free
const ELIGIBLE = 2; // …and free
const TAKEN = 3; // put into a returned group (still free for judging orphans)
const CHOSEN = 4; // put into the fallback's group (no longer free for the parts after it)

type BlockState = {
  block: SeatedBlock;
  order: number;
  disabledRows: Set<number>;
  /** Deactivated seat indexes by row. */
  disabledSeats: Map<number, number[]>;
  /** Seat-level categories by row (only filled when a category is asked for). */
  seatCategories: Map<number, [seat: number, categoryId: string][]>;
  /** Per row index: seat marks (allocated on the row's first free seat). */
  rows: (Uint8Array | undefined)[];
  /** Eligible seats per row index. */
  counts: Uint16Array;
};

type RowState = {
  state: BlockState;
  row: number;
  /** 20 · rowRank: the row part of a seat's rank (./best-rank.ts). */
  rowPart: number;
  inRow: number;
  seats: Uint8Array;
  /** Eligible seats in this row. */
  count: number;
};

/** Where `readIndex` stopped. Module state is safe here: everything runs synchronously. */
let cursor = 0;

/**
 * Reads a canonical seat or row index (decimal, no sign, no leading zero) at `from` up to `stop`
 * (a ':' or the end of the key); -1 when there is none. Sets `cursor` to the stop position.
 */
function readIndex(key: string, from: number, stopAtColon: boolean): number {
  let value = 0;
  let i = from;
  for (; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === 58 /* ':' */ && stopAtColon) break;
    if (c < 48 || c > 57 || i - from >= 6) return -1;
    value = value * 10 + (c - 48);
  }
  if (i === from || (key.charCodeAt(from) === 48 && i - from > 1)) return -1;
  if (stopAtColon && i === key.length) return -1;
  cursor = i;
  return value;
}

/** "r:s" → [r, s]. */
function splitRowSeat(rs: string): [number, number] {
  const colon = rs.indexOf(":");
  return [Number(rs.slice(0, colon)), Number(rs.slice(colon + 1))];
}

function prepareBlock(block: SeatedBlock, order: number, categoryId: string | null): BlockState {
  const disabledSeats = new Map<number, number[]>();
  for (const rs of block.disabledSeats) {
    const [r, s] = splitRowSeat(rs);
    const list = disabledSeats.get(r);
    if (list) list.push(s);
    else disabledSeats.set(r, [s]);
  }
  const seatCategories = new Map<number, [number, string][]>();
  if (categoryId !== null) {
    for (const [rs, category] of Object.entries(block.seatCategories)) {
      const [r, s] = splitRowSeat(rs);
      const list = seatCategories.get(r);
      if (list) list.push([s, category]);
      else seatCategories.set(r, [[s, category]]);
    }
  }
  return {
    block,
    order,
    disabledRows: new Set(block.disabledRows),
    disabledSeats,
    seatCategories,
    rows: new Array<Uint8Array | undefined>(block.rows),
    counts: new Uint16Array(block.rows),
  };
}

/**
 * Marks of one row before any seat is seen free: ALLOWED where the seat is active and its
 * category (seat, else row, else block — as in ./numbering.ts) matches.
 */
function prepareRow(state: BlockState, row: number, categoryId: string | null): Uint8Array {
  const { block } = state;
  const inRow = seatsInRow(block, row);
  const marks = new Uint8Array(inRow);
  if (state.disabledRows.has(row)) return marks;
  if (categoryId === null) {
    marks.fill(ALLOWED);
  } else {
    const rowCategory = block.rowCategories[String(row)] ?? block.categoryId;
    if (rowCategory === categoryId) marks.fill(ALLOWED);
    for (const [s, category] of state.seatCategories.get(row) ?? []) {
      if (s < inRow) marks[s] = category === categoryId ? ALLOWED : NOT_ELIGIBLE;
    }
  }
  for (const s of state.disabledSeats.get(row) ?? []) if (s < inRow) marks[s] = NOT_ELIGIBLE;
  return marks;
}

/** Whether seat `seat` of the row is free for judging orphans (the row's ends are not). */
function freeAt(row: RowState, seat: number): boolean {
  if (seat < 0 || seat >= row.inRow) return false;
  const mark = row.seats[seat];
  return mark === ELIGIBLE || mark === TAKEN;
}

/** Windows' sides that leave exactly one free seat alone (0, 1 or 2). */
function orphans(row: RowState, start: number, quantity: number): number {
  const end = start + quantity - 1;
  return (freeAt(row, start - 1) && !freeAt(row, start - 2) ? 1 : 0) + (freeAt(row, end + 1) && !freeAt(row, end + 2) ? 1 : 0);
}

/** The rank (twice the score, an integer) of a window of `quantity` seats starting at `start`. */
function score2(row: RowState, start: number, quantity: number): number {
  const first = rankInRow(row.rowPart, row.inRow, start);
  const last = rankInRow(row.rowPart, row.inRow, start + quantity - 1);
  return windowRank(first, last, quantity) + ORPHAN_RANK * orphans(row, start, quantity);
}

const keyOf = (row: RowState, seat: number) => `${row.state.block.id}:${row.row}:${seat}`;

/** Ranked candidate groups of seat keys, best first; each group has exactly `quantity` keys. */
export function bestAvailable(layout: SeatingLayout, free: Iterable<string>, options: BestAvailableOptions): string[][] {
  const quantity = options.quantity;
  if (!Number.isInteger(quantity) || quantity < 1) return [];
  const maxCandidates = Math.max(1, Math.floor(options.maxCandidates ?? DEFAULT_MAX_CANDIDATES));
  const { categoryId, blockId } = options;

  // Seated blocks in layout order; their state is built on their first free seat.
  const blocks = new Map<string, { block: SeatedBlock; order: number }>();
  layout.blocks.forEach((block, order) => {
    if (block.kind !== "seated") return;
    if (blockId !== undefined && block.id !== blockId) return;
    blocks.set(block.id, { block, order });
  });
  if (blocks.size === 0) return [];
  const states = new Map<string, BlockState | null>();
  const stateOf = (id: string): BlockState | null => {
    let state = states.get(id);
    if (state === undefined) {
      const entry = blocks.get(id);
      state = entry ? prepareBlock(entry.block, entry.order, categoryId) : null;
      states.set(id, state);
    }
    return state;
  };

  // 1. Mark eligible free seats, O(F). Keys of one block usually come together: the last block
  // id is checked as a prefix before slicing and looking the id up.
  let eligible = 0;
  let lastId = "";
  let lastState: BlockState | null = null;
  for (const key of free) {
    let state: BlockState | null;
    let pos: number;
    if (lastId !== "" && key.charCodeAt(lastId.length) === 58 && key.startsWith(lastId)) {
      state = lastState;
      pos = lastId.length + 1;
    } else {
      const colon = key.indexOf(":");
      if (colon <= 0) continue;
      lastId = key.slice(0, colon);
      state = lastState = stateOf(lastId);
      pos = colon + 1;
    }
    if (!state) continue;
    const row = readIndex(key, pos, true);
    if (row < 0) continue;
    const seat = readIndex(key, cursor + 1, false);
    if (seat < 0 || row >= state.block.rows) continue;
    let marks = state.rows[row];
    if (!marks) marks = state.rows[row] = prepareRow(state, row, categoryId);
    if (seat < marks.length && marks[seat] === ALLOWED) {
      marks[seat] = ELIGIBLE;
      state.counts[row]!++;
      eligible++;
    }
  }
  if (eligible < quantity) return [];

  // 2. Rows with eligible seats, in tie-break order: block order, then row index.
  const rows: RowState[] = [];
  const ordered = [...states.values()].filter((st): st is BlockState => st !== null).sort((a, b) => a.order - b.order);
  for (const state of ordered) {
    const { block } = state;
    for (let r = 0; r < block.rows; r++) {
      const seats = state.rows[r];
      const count = state.counts[r]!;
      if (!seats || count === 0) continue;
      rows.push({ state, row: r, rowPart: rowRankOf(block, r), inRow: seats.length, seats, count });
    }
  }

  // 3. Every window of `quantity` adjacent eligible seats, generated in tie-break order.
  const windowRow: number[] = [];
  const windowStart: number[] = [];
  rows.forEach((row, index) => {
    if (row.count < quantity) return;
    for (const [from, to] of runsOf(row)) {
      for (let start = from; start + quantity - 1 <= to; start++) {
        windowRow.push(index);
        windowStart.push(start);
      }
    }
  });

  if (windowRow.length > 0) {
    // Sort by (score, generation index) with a plain numeric sort of packed keys.
    const packed = new Float64Array(windowRow.length);
    for (let i = 0; i < packed.length; i++) {
      packed[i] = score2(rows[windowRow[i]!]!, windowStart[i]!, quantity) * WINDOW_SLOTS + i;
    }
    packed.sort();
    const groups: string[][] = [];
    for (let k = 0; k < packed.length && groups.length < maxCandidates; k++) {
      const i = packed[k]! % WINDOW_SLOTS;
      const row = rows[windowRow[i]!]!;
      const start = windowStart[i]!;
      let available = true;
      for (let s = start; s < start + quantity; s++) {
        if (row.seats[s] !== ELIGIBLE) {
          available = false;
          break;
        }
      }
      if (!available) continue;
      const group: string[] = [];
      for (let s = start; s < start + quantity; s++) {
        row.seats[s] = TAKEN;
        group.push(keyOf(row, s));
      }
      groups.push(group);
    }
    return groups;
  }

  // 4. Fallback: one group in parts of adjacent seats, without single seats where avoidable.
  return [fallback(rows, quantity)];
}

/** Runs of eligible seats of a row as [start, end] pairs. */
function* runsOf(row: RowState): Generator<[number, number]> {
  let runStart = -1;
  for (let s = 0; s <= row.inRow; s++) {
    if (s < row.inRow && row.seats[s] === ELIGIBLE) {
      if (runStart < 0) runStart = s;
    } else if (runStart >= 0) {
      yield [runStart, s - 1];
      runStart = -1;
    }
  }
}

/** The best window of `size` eligible seats of one row (first on ties), or null. */
function bestInRow(row: RowState, size: number): { start: number; score: number } | null {
  let best: { start: number; score: number } | null = null;
  for (const [from, to] of runsOf(row)) {
    for (let start = from; start + size - 1 <= to; start++) {
      const score = score2(row, start, size);
      if (!best || score < best.score) best = { start, score };
    }
  }
  return best;
}

/**
 * The fallback's group (see the doc comment above): parts of p = min(longest run, seats still
 * wanted) seats, one less where that would leave a single seat last; each the best window of its
 * size, in the first part's block while it has one. Needs at least `quantity` eligible seats.
 * Only the row a part was taken from is scanned again for the next part.
 */
function fallback(rows: RowState[], quantity: number): string[] {
  const longest = rows.map((row) => {
    let n = 0;
    for (const [from, to] of runsOf(row)) n = Math.max(n, to - from + 1);
    return n;
  });
  const cached: ({ size: number; best: { start: number; score: number } | null } | undefined)[] = [];
  const bestOf = (index: number, size: number) => {
    let entry = cached[index];
    if (!entry || entry.size !== size) entry = cached[index] = { size, best: longest[index]! >= size ? bestInRow(rows[index]!, size) : null };
    return entry.best;
  };
  /** Rows in tie-break order, so a strictly lower score wins and ties keep the first. */
  const bestWindow = (size: number, only: BlockState | null) => {
    let found: { index: number; start: number; score: number } | null = null;
    rows.forEach((row, index) => {
      if (only && row.state !== only) return;
      const best = bestOf(index, size);
      if (best && (!found || best.score < found.score)) found = { index, ...best };
    });
    return found as { index: number; start: number; score: number } | null;
  };

  const chosen: { index: number; seat: number }[] = [];
  let home: BlockState | null = null;
  for (let wanted = quantity; wanted > 0; ) {
    let run = 0;
    for (const n of longest) if (n > run) run = n;
    if (run === 0) break; // unreachable: the caller counted enough eligible seats
    let size = Math.min(run, wanted);
    if (wanted - size === 1 && size > 2) size--;
    const part: { index: number; start: number } = (home && bestWindow(size, home)) ?? bestWindow(size, null)!;
    const row: RowState = rows[part.index]!;
    for (let s = part.start; s < part.start + size; s++) {
      row.seats[s] = CHOSEN;
      chosen.push({ index: part.index, seat: s });
    }
    let n = 0;
    for (const [from, to] of runsOf(row)) n = Math.max(n, to - from + 1);
    longest[part.index] = n;
    cached[part.index] = undefined;
    home ??= row.state;
    wanted -= size;
  }
  chosen.sort((a, b) => a.index - b.index || a.seat - b.seat);
  return chosen.map(({ index, seat }) => keyOf(rows[index]!, seat));
}
