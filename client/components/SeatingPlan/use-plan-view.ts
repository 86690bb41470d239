import { useCallback, useEffect, useState } from "react";
import { blockBounds, type Point } from "../../../shared/seating/geometry";
import { SEAT_PITCH } from "../../../shared/seating/layout";
import type { PlanRefs } from "./input";
import { DETAIL_MIN_PITCH_PX, type PlanRenderer } from "./renderer";
import { seatsBounds, viewShowing } from "./tap";
import { fitView, keepInBounds, type View, viewRect, zoomAt } from "./viewport";

const MAX_PITCH_PX = 80;

/**
 * The plan's view: zoom within limits (from half the fitted scale to seats of 80 px), fit,
 * zoom to a block, pan to reveal a point or to show seats, and zoom by the mouse wheel.
 */
export function usePlanView({ containerRef, rendererRef, propsRef }: PlanRefs) {
  const [limits, setLimits] = useState({ atMin: false, atMax: false });
  const scaleLimits = useCallback((renderer: PlanRenderer) => {
    const fit = fitView(renderer.bounds(), renderer.getSize());
    return { min: Math.min(fit.scale * 0.5, 0.01 + fit.scale), max: Math.max(fit.scale * 2, MAX_PITCH_PX / SEAT_PITCH) };
  }, []);

  const applyView = useCallback(
    (next: View) => {
      const renderer = rendererRef.current;
      if (!renderer) return;
      const size = renderer.getSize();
      renderer.setView(keepInBounds(next, size, renderer.bounds()));
      const { min, max } = scaleLimits(renderer);
      const atMin = next.scale <= min * 1.001;
      const atMax = next.scale >= max * 0.999;
      setLimits((l) => (l.atMin === atMin && l.atMax === atMax ? l : { atMin, atMax }));
    },
    [rendererRef, scaleLimits],
  );

  const fit = useCallback(() => {
    const renderer = rendererRef.current;
    if (!renderer || renderer.getSize().width === 0) return;
    applyView(fitView(renderer.bounds(), renderer.getSize()));
  }, [applyView, rendererRef]);

  const zoomBy = useCallback(
    (factor: number, anchor?: Point) => {
      const renderer = rendererRef.current;
      const view = renderer?.getView();
      if (!renderer || !view) return;
      const size = renderer.getSize();
      const { min, max } = scaleLimits(renderer);
      applyView(zoomAt(view, size, factor, anchor ?? { x: size.width / 2, y: size.height / 2 }, min, max));
    },
    [applyView, rendererRef, scaleLimits],
  );

  const zoomToBlock = useCallback(
    (blockId: string) => {
      const renderer = rendererRef.current;
      const block = propsRef.current.layout.blocks.find((b) => b.id === blockId);
      if (!renderer || !block || renderer.getSize().width === 0) return;
      const { min, max } = scaleLimits(renderer);
      const target = fitView(blockBounds(block), renderer.getSize(), 48);
      const scale = Math.min(max, Math.max(min, target.scale, (DETAIL_MIN_PITCH_PX * 1.5) / SEAT_PITCH));
      applyView({ ...target, scale });
    },
    [applyView, propsRef, rendererRef, scaleLimits],
  );

  /** Pans (keeping the zoom) so a plan point is on screen. */
  const reveal = useCallback(
    (p: Point) => {
      const renderer = rendererRef.current;
      const view = renderer?.getView();
      if (!renderer || !view) return;
      const r = viewRect(view, renderer.getSize());
      const margin = Math.min(r.width, r.height) * 0.1;
      if (p.x < r.x + margin || p.x > r.x + r.width - margin || p.y < r.y + margin || p.y > r.y + r.height - margin) {
        applyView({ ...view, cx: p.x, cy: p.y });
      }
    },
    [applyView, rendererRef],
  );

  /** Pans and zooms so the given seats (template keys) are on screen, big enough to tap. */
  const showSeats = useCallback(
    (keys: readonly string[]) => {
      const renderer = rendererRef.current;
      const view = renderer?.getView();
      const rect = seatsBounds(propsRef.current.layout.blocks, keys);
      if (!renderer || !view || !rect || renderer.getSize().width === 0) return;
      applyView(viewShowing(rect, renderer.getSize(), view, scaleLimits(renderer)));
    },
    [applyView, propsRef, rendererRef, scaleLimits],
  );

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const container = containerRef.current!;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const factor = Math.min(2, Math.max(0.5, Math.exp(-e.deltaY * unit * 0.002)));
      const rect = container.getBoundingClientRect();
      zoomBy(factor, { x: e.clientX - rect.left, y: e.clientY - rect.top });
    };
    container.addEventListener("wheel", onWheel, { passive: false });
    return () => container.removeEventListener("wheel", onWheel);
  }, [containerRef, zoomBy]);

  return { limits, scaleLimits, applyView, fit, zoomBy, zoomToBlock, reveal, showSeats };
}
