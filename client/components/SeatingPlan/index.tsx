import { ActionIcon, Tooltip, VisuallyHidden } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef } from "react";
import { layoutBounds } from "../../../shared/seating/geometry";
import type { SeatingBlock } from "../../../shared/seating/layout";
import { DEFAULT_STATUS_COLORS } from "./colors";
import { usePlanDescriptions } from "./describe";
import { sayOnce } from "./describe-text";
import { FitIcon, MinusIcon, PlusIcon } from "./icons";
import { type PlanRefs, seatRef, ZOOM_STEP } from "./input";
import { PlanRenderer } from "./renderer";
import classes from "./SeatingPlan.module.css";
import type { SeatingPlanProps } from "./types";
import { usePlanGestures } from "./use-plan-gestures";
import { usePlanHover } from "./use-plan-hover";
import { usePlanKeyboard } from "./use-plan-keyboard";
import { usePlanView } from "./use-plan-view";
import { fitView } from "./viewport";

/** Room for the row of zoom buttons above a plan of fitHeight (their 34 px and the margins). */
const CONTROLS_STRIP_PX = 40;

export type { PlanInteraction, PlanModifiers, SeatingPlanHandle, SeatingPlanProps, SeatRef, SeatsByBlock, SeatVisual } from "./types";

/**
 * The seating plan (ARCHITECTURE "Client": SVG drawn with svg.js), shared by the stadium
 * editor and the public seat picker. Pan and zoom by wheel, pinch, drag, the buttons and the
 * keyboard; blocks and seats reachable by keyboard with spoken descriptions. Drawing is done
 * by PlanRenderer; this component turns pointer and key input into view changes and callbacks.
 */
export function SeatingPlan(props: SeatingPlanProps) {
  const {
    layout,
    label,
    seatState,
    seatStateToken,
    colorBy = "category",
    categoryColors,
    statusColors,
    interaction = "view",
    selectedBlockId = null,
    highlight,
    showBackground = true,
    fitKey,
    height = 480,
    fitHeight,
    statusLabels,
    ref,
  } = props;
  const { t } = useLingui();
  const helpId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<PlanRenderer | null>(null);
  const propsRef = useRef(props);
  const { describeBlock, describeSeat: describeSeatBase } = usePlanDescriptions(layout, statusLabels);

  useLayoutEffect(() => {
    propsRef.current = props;
  });

  // Keyed by content: renaming a category must not redraw every seat.
  const colorKey = layout.categories.map((c) => `${c.id}=${c.color}`).join(",");
  const layoutColors = useMemo(
    () => Object.fromEntries(colorKey ? colorKey.split(",").map((pair) => pair.split("=") as [string, string]) : []),
    [colorKey],
  );
  const colors = categoryColors ?? layoutColors;
  const mergedStatusColors = useMemo(() => ({ ...DEFAULT_STATUS_COLORS, ...statusColors }), [statusColors]);
  const highlightIds = useMemo(() => new Set(highlight?.blockIds ?? []), [highlight?.blockIds]);
  const blockById = useMemo(() => new Map(layout.blocks.map((b) => [b.id, b])), [layout.blocks]);


  const refs: PlanRefs = { containerRef, rendererRef, propsRef };
  const view = usePlanView(refs);
  const { limits, fit, zoomBy, zoomToBlock, showSeats } = view;

  const seatText = useCallback(
    (block: SeatingBlock, row: number, seat: number) => {
      const ref = seatRef(block.id, row, seat);
      const text = describeSeatBase(block, row, seat, propsRef.current.seatState?.(ref.key));
      // A page's addition may repeat the status the plan said already ("reserved, reserved").
      return propsRef.current.describeSeat ? sayOnce(propsRef.current.describeSeat(ref, text)) : text;
    },
    [describeSeatBase],
  );
  const keyboard = usePlanKeyboard(refs, { layout, seatState, selectedBlockId, blockById, view, seatText, describeBlock });
  const { focusedBlockId, cursor, keyboardActive, setKeyboardActive, announcement, onKeyDown } = keyboard;
  const { hover, scheduleHover, clearHover } = usePlanHover(refs, seatText, describeBlock);
  const { dragging, onPointerDown, onPointerMove, onPointerUp } = usePlanGestures(refs, {
    view,
    setKeyboardActive,
    setFocusedBlockId: keyboard.setFocusedBlockId,
    setCursor: keyboard.setCursor,
    scheduleHover,
    clearHover,
  });

  useImperativeHandle(
    ref,
    () => ({
      fit,
      zoomIn: () => zoomBy(ZOOM_STEP),
      zoomOut: () => zoomBy(1 / ZOOM_STEP),
      zoomToBlock,
      showSeats,
      center: () => {
        const view = rendererRef.current?.getView();
        return view ? { x: view.cx, y: view.cy } : { x: 0, y: 0 };
      },
    }),
    [fit, zoomBy, zoomToBlock, showSeats],
  );

  // The renderer lives as long as the element (a layout effect, so it exists before the
  // layout effect below hands it the first input).
  useLayoutEffect(() => {
    const container = containerRef.current!;
    performance.mark("seating-plan:start");
    const renderer = new PlanRenderer(container);
    rendererRef.current = renderer;
    renderer.onFirstRender = () => {
      performance.mark("seating-plan:rendered");
      container.dataset.rendered = "true";
    };
    const observer = new ResizeObserver(() => {
      const { width, height: h } = container.getBoundingClientRect();
      const first = renderer.getSize().width === 0;
      renderer.resize({ width, height: h });
      if (first && width > 0) renderer.setView(fitView(renderer.bounds(), { width, height: h }));
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      renderer.destroy();
      rendererRef.current = null;
    };
  }, []);

  const backgroundUrl = showBackground && layout.backgroundUploadId ? `/uploads/${layout.backgroundUploadId}` : null;
  const seatCursor = keyboardActive ? cursor : null;
  useLayoutEffect(() => {
    rendererRef.current?.setInput({
      layout,
      colorBy,
      categoryColors: colors,
      statusColors: mergedStatusColors,
      seatState,
      seatStateToken,
      selectedBlockId,
      focusedBlockId: keyboardActive ? focusedBlockId : null,
      highlightBlockIds: highlightIds,
      highlightCategoryId: highlight?.categoryId ?? null,
      cursor: seatCursor,
      backgroundUrl,
    });
  }, [
    layout,
    colorBy,
    colors,
    mergedStatusColors,
    seatState,
    seatStateToken,
    selectedBlockId,
    focusedBlockId,
    keyboardActive,
    highlightIds,
    highlight?.categoryId,
    seatCursor,
    backgroundUrl,
  ]);

  const firstFit = useRef(true);
  useEffect(() => {
    if (firstFit.current) {
      firstFit.current = false;
      return;
    }
    fit();
  }, [fitKey, fit]);

  const bounds = useMemo(() => layoutBounds(layout), [layout]);
  // With fitHeight: the fitted plan fills the width (fitView keeps 24 px around it), so the
  // element is as tall as the plan at that width, plus a strip for the zoom buttons, which then
  // lie in a row above the plan instead of over its right edge; the wrapper is the size
  // container of 100cqw.
  const ratio = (bounds.height / Math.max(bounds.width, 1)).toFixed(4);
  const rootHeight = fitHeight ? `clamp(${fitHeight.min}, calc((100cqw - 48px) * ${ratio} + ${48 + CONTROLS_STRIP_PX}px), ${fitHeight.max})` : height;
  const controlsAt = fitHeight ? "bottom" : "left";

  const plan = (
    <div className={classes.root} style={{ height: rootHeight }}>
      <div
        ref={containerRef}
        className={classes.canvas}
        role="application"
        aria-roledescription={t`seating plan`}
        aria-label={label}
        aria-describedby={helpId}
        tabIndex={0}
        data-interaction={interaction}
        data-dragging={dragging ? "true" : undefined}
        data-testid="seating-plan"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => scheduleHover(null)}
        onKeyDown={onKeyDown}
        onBlur={() => setKeyboardActive(false)}
      />
      <ActionIcon.Group orientation={fitHeight ? "horizontal" : "vertical"} className={classes.controls}>
        <Tooltip label={t`Zoom in`} position={controlsAt}>
          <ActionIcon variant="default" size="lg" aria-label={t`Zoom in`} onClick={() => zoomBy(ZOOM_STEP)} disabled={limits.atMax}>
            <PlusIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`Zoom out`} position={controlsAt}>
          <ActionIcon variant="default" size="lg" aria-label={t`Zoom out`} onClick={() => zoomBy(1 / ZOOM_STEP)} disabled={limits.atMin}>
            <MinusIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`Fit to screen`} position={controlsAt}>
          <ActionIcon variant="default" size="lg" aria-label={t`Fit to screen`} onClick={fit}>
            <FitIcon />
          </ActionIcon>
        </Tooltip>
      </ActionIcon.Group>
      {hover && (
        <div
          className={classes.tooltip}
          style={
            hover.x > (rendererRef.current?.getSize().width ?? 0) - 240
              ? { right: (rendererRef.current?.getSize().width ?? 0) - hover.x + 14, top: hover.y + 14 }
              : { left: hover.x + 14, top: hover.y + 14 }
          }
          aria-hidden="true"
        >
          {hover.text}
        </div>
      )}
      <VisuallyHidden id={helpId}>
        {t`Arrow keys pan the plan, plus and minus zoom, 0 fits it to the screen. Tab moves between blocks and Enter selects one; inside a block the arrow keys move between seats, Space or Enter chooses a seat and Escape leaves the block.`}
      </VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </div>
  );
  return fitHeight ? <div className={classes.sizer}>{plan}</div> : plan;
}

export default SeatingPlan;
