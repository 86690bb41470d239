import type { SeatingBlock } from "../../../../../shared/seating/layout";
import { type Capacity, layoutCapacity } from "../../../../../shared/seating/numbering";

const cache = new WeakMap<SeatingBlock, Capacity>();

/**
 * One block's capacity, computed once per block object: an edit replaces only the blocks it
 * touches, so the live totals of a 60,000-seat plan cost a few hundred seats per keystroke.
 */
export function blockCapacity(block: SeatingBlock): Capacity {
  let capacity = cache.get(block);
  if (!capacity) {
    capacity = layoutCapacity({ blocks: [block] });
    cache.set(block, capacity);
  }
  return capacity;
}
