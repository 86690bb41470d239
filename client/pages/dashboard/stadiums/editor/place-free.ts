import { blockBounds, blockSize, rectsIntersect } from "../../../../../shared/seating/geometry";
import type { SeatingBlock } from "../../../../../shared/seating/layout";

export const snapTo = (v: number, step = 10) => Math.round(v / step) * step;

/** The block moved to the free spot nearest to where it was put (rings of 8 directions). */
export function placeFree<T extends SeatingBlock>(block: T, others: readonly SeatingBlock[]): T {
  const { width, height } = blockSize(block);
  const taken = others.map(blockBounds);
  const fits = (b: T) => !taken.some((r) => rectsIntersect(r, blockBounds(b)));
  if (fits(block)) return block;
  for (let ring = 1; ring <= 12; ring++) {
    for (let k = 0; k < 8; k++) {
      const angle = (k * Math.PI) / 4;
      const candidate = {
        ...block,
        x: snapTo(block.x + Math.round(Math.cos(angle)) * ring * (width + 20)),
        y: snapTo(block.y + Math.round(Math.sin(angle)) * ring * (height + 20)),
      };
      if (fits(candidate)) return candidate;
    }
  }
  return block;
}
