import { useRef, useState } from "react";
import { type Point, seatKey } from "../../../shared/seating/geometry";
import type { SeatingBlock } from "../../../shared/seating/layout";
import { type PlanRefs, toPlan } from "./input";

export type Hover = { text: string; x: number; y: number; key: string };

/**
 * The description of the seat or block under the mouse. Hit-testing waits for the next frame,
 * so a fast mouse costs one test per frame, not one per event.
 */
export function usePlanHover(
  { rendererRef }: Pick<PlanRefs, "rendererRef">,
  seatText: (block: SeatingBlock, row: number, seat: number) => string,
  describeBlock: (block: SeatingBlock) => string,
) {
  const hoverRef = useRef<{ point: Point | null; raf: number }>({ point: null, raf: 0 });
  const [hover, setHover] = useState<Hover | null>(null);

  const scheduleHover = (screen: Point | null) => {
    const hoverState = hoverRef.current;
    hoverState.point = screen;
    if (hoverState.raf) return;
    hoverState.raf = requestAnimationFrame(() => {
      hoverState.raf = 0;
      const point = hoverState.point;
      const renderer = rendererRef.current;
      const plan = point ? toPlan(renderer, point) : null;
      const hit = plan && renderer ? renderer.hitTest(plan) : null;
      if (!point || !hit) {
        setHover(null);
        return;
      }
      const onSeat = hit.block.kind === "seated" && hit.seat && hit.detailed;
      const key = onSeat ? seatKey(hit.block.id, hit.seat!.row, hit.seat!.seat) : hit.block.id;
      setHover((h) => {
        if (h?.key === key) return { ...h, x: point.x, y: point.y };
        const text = onSeat ? seatText(hit.block, hit.seat!.row, hit.seat!.seat) : describeBlock(hit.block);
        return { key, text, x: point.x, y: point.y };
      });
    });
  };

  return { hover, scheduleHover, clearHover: () => setHover(null) };
}
