import type { BlockAction } from "../../../shared/enums";
import type { SeatingBlock, SeatingLayout } from "../../../shared/seating/layout";
import { blockSeats } from "../../../shared/seating/numbering";
import { AppError } from "../../lib/app-error";

/** Fields that decide where and which seats exist; changing them could strand a sold seat. */
const GEOMETRY: string[] = [
  "kind", "x", "y", "rotation", "rows", "seatsPerRow", "rowSeats", "align", "firstRow", "firstSeat",
  "rowDirection", "seatDirection", "disabledRows", "disabledSeats", "width", "height", "capacity", "dailyAmount",
];

function sameGeometry(a: SeatingBlock, b: SeatingBlock): boolean {
  const pick = (block: SeatingBlock) =>
    JSON.stringify(GEOMETRY.map((field) => (block as Record<string, unknown>)[field] ?? null));
  return pick(a) === pick(b);
}

function categoryBySeat(block: SeatingBlock): Map<string, string | null> {
  if (block.kind !== "seated") return new Map([[block.id, block.categoryId]]);
  return new Map(blockSeats(block).map((s) => [s.key, s.categoryId]));
}

function refuse(action: BlockAction, index: number): never {
  throw new AppError("BLOCK_ACTION_REFUSED", { field: `layout.blocks.${index}`, detail: action });
}

/**
 * LIMITED_EDIT (a template with sales): only changes that cannot strand a sold seat pass —
 * names, colours, categories of unsold seats and new blocks. Deleting a block is DELETE_BLOCK,
 * changing its seats or position EDIT_BLOCK_LAYOUT; both are refused with the block's index.
 */
export function assertLimitedEdit(before: SeatingLayout, after: SeatingLayout, soldKeys: ReadonlySet<string>): void {
  const afterById = new Map(after.blocks.map((b, i) => [b.id, { block: b, index: i }]));
  before.blocks.forEach((old, oldIndex) => {
    const next = afterById.get(old.id);
    if (!next) refuse("DELETE_BLOCK", oldIndex);
    if (!sameGeometry(old, next.block)) refuse("EDIT_BLOCK_LAYOUT", next.index);
    const oldCategories = categoryBySeat(old);
    const newCategories = categoryBySeat(next.block);
    for (const [key, category] of oldCategories) {
      const soldKey = old.kind === "seated" ? soldKeys.has(key) : soldKeys.has(`${old.id}`);
      if (soldKey && newCategories.get(key) !== category) refuse("EDIT_BLOCK_LAYOUT", next.index);
    }
  });
}
