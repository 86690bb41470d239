import type { SeatedBlock, SeatingBlock, SeatingCategory, SeatingLayout, StandingBlock } from "./layout";
import { parseSeatKey } from "./geometry";
import { seatsInRow } from "./numbering";
import type { SeatSelection } from "./selection";

/**
 * The stadium editor's edits as pure functions over an immutable layout: every function
 * returns a new layout that shares the untouched blocks (or the same layout when nothing
 * changed), so undo history and the renderer's per-block caches stay cheap.
 */

export type BlockPatch = Partial<Omit<SeatedBlock, "id" | "kind">> | Partial<Omit<StandingBlock, "id" | "kind">>;

/**
 * Block fields that make up its layout (SPEC Block action EDIT_BLOCK_LAYOUT): in LIMITED_EDIT
 * they stay as saved for blocks that existed before; name, colour, categories and the
 * boxoffice-only flag stay editable.
 */
export const SEATED_LAYOUT_FIELDS = [
  "x",
  "y",
  "rotation",
  "rows",
  "seatsPerRow",
  "rowSeats",
  "align",
  "firstRow",
  "firstSeat",
  "rowDirection",
  "seatDirection",
  "disabledRows",
  "disabledSeats",
] as const satisfies readonly (keyof SeatedBlock)[];
export const STANDING_LAYOUT_FIELDS = ["x", "y", "rotation", "width", "height", "capacity", "dailyAmount"] as const satisfies readonly (keyof StandingBlock)[];

export const DEFAULT_LAYOUT: SeatingLayout = { width: 2000, height: 1500, categories: [], blocks: [], backgroundUploadId: null };

/** Next free block name: A … Z, AA, AB, … */
export function nextBlockName(layout: Pick<SeatingLayout, "blocks">): string {
  const taken = new Set(layout.blocks.map((b) => b.name));
  for (let i = 0; ; i++) {
    let name = "";
    let n = i;
    do {
      name = String.fromCharCode(65 + (n % 26)) + name;
      n = Math.floor(n / 26) - 1;
    } while (n >= 0);
    if (!taken.has(name)) return name;
  }
}

export function createSeatedBlock(options: { id: string; name: string; x: number; y: number; color: string; rows?: number; seatsPerRow?: number }): SeatedBlock {
  return {
    id: options.id,
    kind: "seated",
    name: options.name,
    x: Math.round(options.x),
    y: Math.round(options.y),
    rotation: 0,
    color: options.color,
    categoryId: null,
    boxofficeOnly: false,
    rows: options.rows ?? 10,
    seatsPerRow: options.seatsPerRow ?? 20,
    rowSeats: {},
    align: "center",
    firstRow: 1,
    firstSeat: 1,
    rowDirection: "DOWN",
    seatDirection: "RIGHT",
    disabledRows: [],
    disabledSeats: [],
    rowCategories: {},
    seatCategories: {},
  };
}

export function createStandingBlock(options: { id: string; name: string; x: number; y: number; color: string }): StandingBlock {
  return {
    id: options.id,
    kind: "standing",
    name: options.name,
    x: Math.round(options.x),
    y: Math.round(options.y),
    rotation: 0,
    color: options.color,
    categoryId: null,
    boxofficeOnly: false,
    width: 300,
    height: 150,
    capacity: 500,
    dailyAmount: null,
  };
}

function mapBlock(layout: SeatingLayout, id: string, change: (block: SeatingBlock) => SeatingBlock): SeatingLayout {
  let changed = false;
  const blocks = layout.blocks.map((block) => {
    if (block.id !== id) return block;
    const next = change(block);
    if (next !== block) changed = true;
    return next;
  });
  return changed ? { ...layout, blocks } : layout;
}

const rowOf = (rs: string) => Number(rs.slice(0, rs.indexOf(":")));
const seatOf = (rs: string) => Number(rs.slice(rs.indexOf(":") + 1));

/** Drops per-row and per-seat settings that fall outside the block after a resize. */
function pruneSeated(block: SeatedBlock): SeatedBlock {
  const rowSeats = Object.fromEntries(
    Object.entries(block.rowSeats).filter(([r, n]) => Number(r) < block.rows && n < block.seatsPerRow),
  );
  const inBlock = (rs: string) => rowOf(rs) < block.rows && seatOf(rs) < seatsInRow({ ...block, rowSeats }, rowOf(rs));
  return {
    ...block,
    rowSeats,
    disabledRows: block.disabledRows.filter((r) => r < block.rows),
    disabledSeats: block.disabledSeats.filter(inBlock),
    rowCategories: Object.fromEntries(Object.entries(block.rowCategories).filter(([r]) => Number(r) < block.rows)),
    seatCategories: Object.fromEntries(Object.entries(block.seatCategories).filter(([rs]) => inBlock(rs))),
  };
}

function samePatch(block: SeatingBlock, patch: BlockPatch): boolean {
  return Object.entries(patch).every(([k, v]) => (block as Record<string, unknown>)[k] === v);
}

/** Changes fields of one block; shrinking a seated block drops what no longer fits. */
export function updateBlock(layout: SeatingLayout, id: string, patch: BlockPatch): SeatingLayout {
  return mapBlock(layout, id, (block) => {
    if (samePatch(block, patch)) return block;
    const next = { ...block, ...patch } as SeatingBlock;
    if (next.kind === "seated" && block.kind === "seated" && ("rows" in patch || "seatsPerRow" in patch || "rowSeats" in patch)) {
      return pruneSeated(next);
    }
    return next;
  });
}

export function addBlock(layout: SeatingLayout, block: SeatingBlock): SeatingLayout {
  return { ...layout, blocks: [...layout.blocks, block] };
}

export function removeBlock(layout: SeatingLayout, id: string): SeatingLayout {
  const blocks = layout.blocks.filter((b) => b.id !== id);
  return blocks.length === layout.blocks.length ? layout : { ...layout, blocks };
}

/** A copy of a block beside it, with a new id and name. */
export function duplicateBlock(layout: SeatingLayout, id: string, newId: string): SeatingLayout {
  const source = layout.blocks.find((b) => b.id === id);
  if (!source) return layout;
  return addBlock(layout, { ...source, id: newId, name: nextBlockName(layout), x: source.x + 20, y: source.y + 20 });
}

/** Sets how many seats row `row` has (`null`: the block's seats per row). */
export function setRowSeats(layout: SeatingLayout, blockId: string, row: number, seats: number | null): SeatingLayout {
  return mapBlock(layout, blockId, (block) => {
    if (block.kind !== "seated" || row < 0 || row >= block.rows) return block;
    const rowSeats = { ...block.rowSeats };
    if (seats === null || seats >= block.seatsPerRow) delete rowSeats[String(row)];
    else rowSeats[String(row)] = Math.max(1, Math.round(seats));
    return pruneSeated({ ...block, rowSeats });
  });
}

/**
 * Activates or deactivates the selected seats. Whole rows are stored as disabled rows; a
 * seat activated in a disabled row turns that row into single disabled seats.
 */
export function setSeatsActive(layout: SeatingLayout, selection: SeatSelection, active: boolean): SeatingLayout {
  let next = layout;
  for (const [blockId, seats] of selection) {
    next = mapBlock(next, blockId, (block) => {
      if (block.kind !== "seated" || seats.size === 0) return block;
      const disabledRows = new Set(block.disabledRows);
      const disabledSeats = new Set(block.disabledSeats);
      const byRow = new Map<number, string[]>();
      for (const rs of seats) {
        const r = rowOf(rs);
        byRow.set(r, [...(byRow.get(r) ?? []), rs]);
      }
      for (const [r, list] of byRow) {
        const inRow = seatsInRow(block, r);
        if (active) {
          if (disabledRows.has(r)) {
            disabledRows.delete(r);
            const chosen = new Set(list);
            for (let s = 0; s < inRow; s++) if (!chosen.has(`${r}:${s}`)) disabledSeats.add(`${r}:${s}`);
          }
          for (const rs of list) disabledSeats.delete(rs);
        } else if (!disabledRows.has(r)) {
          for (const rs of list) disabledSeats.add(rs);
          const wholeRow = Array.from({ length: inRow }, (_, s) => `${r}:${s}`).every((rs) => disabledSeats.has(rs));
          if (wholeRow) {
            disabledRows.add(r);
            for (let s = 0; s < inRow; s++) disabledSeats.delete(`${r}:${s}`);
          }
        }
      }
      const rows = [...disabledRows].sort((a, b) => a - b);
      const seatList = [...disabledSeats].sort((a, b) => rowOf(a) - rowOf(b) || seatOf(a) - seatOf(b));
      if (rows.join() === block.disabledRows.join() && seatList.join() === block.disabledSeats.join()) return block;
      return { ...block, disabledRows: rows, disabledSeats: seatList };
    });
  }
  return next;
}

/** The category a seat ends up in: its own, else its row's, else the block's. */
export function effectiveCategory(block: SeatedBlock, row: number, seat: number): string | null {
  return block.seatCategories[`${row}:${seat}`] ?? block.rowCategories[String(row)] ?? block.categoryId;
}

/**
 * Assigns a category to the selected seats, stored as compactly as possible: a whole block
 * sets the block's category, whole rows set row categories, the rest per seat. `null` resets
 * the seats to their block's category.
 */
export function assignCategory(layout: SeatingLayout, selection: SeatSelection, categoryId: string | null): SeatingLayout {
  let next = layout;
  for (const [blockId, seats] of selection) {
    next = mapBlock(next, blockId, (block) => {
      if (block.kind !== "seated" || seats.size === 0) return block;
      const rowCategories = { ...block.rowCategories };
      const seatCategories = { ...block.seatCategories };
      let total = 0;
      for (let r = 0; r < block.rows; r++) total += seatsInRow(block, r);
      if (categoryId !== null && seats.size === total) {
        return { ...block, categoryId, rowCategories: {}, seatCategories: {} };
      }
      const byRow = new Map<number, string[]>();
      for (const rs of seats) byRow.set(rowOf(rs), [...(byRow.get(rowOf(rs)) ?? []), rs]);
      for (const [r, list] of byRow) {
        const wholeRow = list.length === seatsInRow(block, r);
        if (categoryId === null) {
          for (const rs of list) delete seatCategories[rs];
          if (wholeRow) delete rowCategories[String(r)];
          else if (rowCategories[String(r)] !== undefined) {
            // The rest of the row keeps the row's category; the chosen seats fall back to the block's.
            if (block.categoryId === null) continue;
            for (const rs of list) seatCategories[rs] = block.categoryId;
          }
        } else if (wholeRow) {
          rowCategories[String(r)] = categoryId;
          for (const rs of list) delete seatCategories[rs];
        } else {
          for (const rs of list) seatCategories[rs] = categoryId;
        }
      }
      // Seat entries equal to what they would inherit anyway are noise.
      for (const [rs, id] of Object.entries(seatCategories)) {
        if ((rowCategories[String(rowOf(rs))] ?? block.categoryId) === id) delete seatCategories[rs];
      }
      return { ...block, rowCategories, seatCategories };
    });
  }
  return next;
}

/** The category of a whole block; seated blocks drop their row and seat categories. */
export function setBlockCategory(layout: SeatingLayout, blockId: string, categoryId: string | null): SeatingLayout {
  return mapBlock(layout, blockId, (block) => {
    if (block.kind === "standing") return block.categoryId === categoryId ? block : { ...block, categoryId };
    const plain = Object.keys(block.rowCategories).length === 0 && Object.keys(block.seatCategories).length === 0;
    if (block.categoryId === categoryId && plain) return block;
    return { ...block, categoryId, rowCategories: {}, seatCategories: {} };
  });
}

export function addCategory(layout: SeatingLayout, category: SeatingCategory): SeatingLayout {
  return { ...layout, categories: [...layout.categories, category] };
}

export function updateCategory(layout: SeatingLayout, id: string, patch: Partial<Omit<SeatingCategory, "id">>): SeatingLayout {
  let changed = false;
  const categories = layout.categories.map((c) => {
    if (c.id !== id || Object.entries(patch).every(([k, v]) => (c as Record<string, unknown>)[k] === v)) return c;
    changed = true;
    return { ...c, ...patch };
  });
  return changed ? { ...layout, categories } : layout;
}

/** Removes a category and every reference to it (those places fall back or become uncategorised). */
export function removeCategory(layout: SeatingLayout, id: string): SeatingLayout {
  const drop = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== id));
  return {
    ...layout,
    categories: layout.categories.filter((c) => c.id !== id),
    blocks: layout.blocks.map((block) => {
      const uses =
        block.categoryId === id ||
        (block.kind === "seated" && (Object.values(block.rowCategories).includes(id) || Object.values(block.seatCategories).includes(id)));
      if (!uses) return block;
      const categoryId = block.categoryId === id ? null : block.categoryId;
      if (block.kind === "standing") return { ...block, categoryId };
      return { ...block, categoryId, rowCategories: drop(block.rowCategories), seatCategories: drop(block.seatCategories) };
    }),
  };
}

/** Groups template seat keys by block id ("row:seat" per block). */
export function groupSeatKeys(keys: Iterable<string>): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const key of keys) {
    const parsed = parseSeatKey(key);
    if (!parsed) continue;
    let set = result.get(parsed.blockId);
    if (!set) result.set(parsed.blockId, (set = new Set()));
    set.add(`${parsed.row}:${parsed.seat}`);
  }
  return result;
}

/**
 * Sold or held seats (by block) whose category differs between two layouts, or that vanished:
 * in LIMITED_EDIT such a change is refused.
 */
export function soldSeatsChanged(before: SeatingLayout, after: SeatingLayout, sold: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  if (before === after || sold.size === 0) return [];
  const afterById = new Map(after.blocks.map((b) => [b.id, b]));
  const changed: string[] = [];
  for (const block of before.blocks) {
    const seats = sold.get(block.id);
    if (!seats || block.kind !== "seated") continue;
    const next = afterById.get(block.id);
    if (next === block) continue;
    for (const rs of seats) {
      const r = rowOf(rs);
      const s = seatOf(rs);
      const exists = next?.kind === "seated" && r < next.rows && s < seatsInRow(next, r);
      if (!exists || effectiveCategory(block, r, s) !== effectiveCategory(next, r, s)) changed.push(`${block.id}:${rs}`);
    }
  }
  return changed;
}

/** Whether two versions of a block differ in their layout fields. */
export function blockLayoutChanged(before: SeatingBlock, after: SeatingBlock): boolean {
  if (before === after) return false;
  if (before.kind !== after.kind) return true;
  const fields: readonly string[] = before.kind === "seated" ? SEATED_LAYOUT_FIELDS : STANDING_LAYOUT_FIELDS;
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return fields.some((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
}

/**
 * What LIMITED_EDIT forbids between the saved layout and an edited one: deleted blocks and
 * blocks whose layout changed, by id (blocks added since are free to change).
 */
export function limitedEditViolations(saved: SeatingLayout, edited: SeatingLayout): { deleted: string[]; relaid: string[] } {
  const editedById = new Map(edited.blocks.map((b) => [b.id, b]));
  const deleted: string[] = [];
  const relaid: string[] = [];
  for (const block of saved.blocks) {
    const next = editedById.get(block.id);
    if (!next) deleted.push(block.id);
    else if (blockLayoutChanged(block, next)) relaid.push(block.id);
  }
  return { deleted, relaid };
}

/**
 * Puts blocks back as they were saved (after the server refused deleting or re-laying them
 * out): deleted ones return at their saved place in the order, changed ones are replaced.
 */
export function restoreBlocks(layout: SeatingLayout, saved: SeatingLayout, ids: readonly string[]): SeatingLayout {
  const wanted = new Set(ids);
  const savedById = new Map(saved.blocks.filter((b) => wanted.has(b.id)).map((b) => [b.id, b]));
  if (savedById.size === 0) return layout;
  const present = new Set(layout.blocks.map((b) => b.id));
  const blocks = layout.blocks.map((b) => savedById.get(b.id) ?? b);
  saved.blocks.forEach((block, index) => {
    if (savedById.has(block.id) && !present.has(block.id)) blocks.splice(Math.min(index, blocks.length), 0, block);
  });
  // Category references of restored blocks must still exist.
  const categories = new Set(layout.categories.map((c) => c.id));
  const missing = saved.categories.filter((c) => !categories.has(c.id) && [...savedById.values()].some((b) => JSON.stringify(b).includes(`"${c.id}"`)));
  return { ...layout, blocks, categories: [...layout.categories, ...missing] };
}
