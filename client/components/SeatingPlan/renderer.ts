import { type G, type Image, type Rect as SvgRect, SVG, type Svg } from "@svgdotjs/svg.js";
import { blockBounds, blockContains, blockSize, blockTransform, layoutBounds, type Point, type Rect, rectsIntersect, seatAtPoint } from "../../../shared/seating/geometry";
import { SEAT_PITCH, type SeatingBlock } from "../../../shared/seating/layout";
import { SELECTED_BLOCK_STROKE } from "./colors";
import {
  applyLabel,
  applyMode,
  type BlockView,
  buildNumbers,
  buildRowLabels,
  buildSeats,
  type Built,
  coarseFill,
  type Mode,
  type RenderInput,
  type Stamp,
  toggle,
} from "./block-drawing";
import { drawOverlay } from "./overlay";
import { type Size, type View, viewRect } from "./viewport";

export type { RenderInput } from "./block-drawing";

/**
 * The imperative svg.js drawing behind <SeatingPlan>. Built for large plans (60,000 seats):
 * - a block is one <g> placed by a single transform; its seats are a handful of <path>s,
 *   one per colour, each a run of tiny squares in block coordinates (moving a block never
 *   rebuilds them);
 * - level of detail: below DETAIL_MIN_PITCH_PX a block is a filled rectangle with its name;
 *   up to SEATS_MIN_PITCH_PX each row is drawn as strips (one rectangle per run of seats of
 *   one colour); beyond, seat by seat; row and seat numbers only when zoomed in further;
 * - culling: blocks outside the view are display:none and built lazily when they come into
 *   view, within a per-frame time budget;
 * - pan and zoom change only the transform of one root group, at most once per animation
 *   frame.
 */

/** Seats are drawn (as row strips) when one seat pitch covers at least this many screen pixels. */
export const DETAIL_MIN_PITCH_PX = 5;
/** Seats are drawn one by one from this many screen pixels per seat pitch. */
const SEATS_MIN_PITCH_PX = 9;
const ROW_LABEL_MIN_PITCH_PX = 14;
const SEAT_NUMBER_MIN_PITCH_PX = 24;
/**
 * While the zoom changes, text (block names, row and seat numbers) is hidden and no new seat
 * paths are built; both come back this long after the zoom settled. Re-laying out glyphs at a
 * new size and laying out freshly built blocks every frame is what made zooming drop frames.
 */
const ZOOM_SETTLE_MS = 150;
/** Work per frame spent building seat paths before the rest waits for the next frame. */
const BUILD_BUDGET_MS = 8;

export type HitResult = { block: SeatingBlock; seat: { row: number; seat: number } | null; detailed: boolean };

export class PlanRenderer {
  private readonly svg: Svg;
  /** The one group that pans and zooms: its transform maps plan units to screen pixels. */
  private readonly viewport: G;
  private viewportTransform = "";
  private readonly background: G;
  private readonly blocksLayer: G;
  private readonly overlay: G;
  private readonly selectRectEl: SvgRect;
  private image: Image | null = null;
  private imageFor = "";
  private readonly views = new Map<string, BlockView>();
  private order: string[] = [];
  private input: RenderInput | null = null;
  private style = 0;
  private lastStyleSynced = -1;
  private size: Size = { width: 0, height: 0 };
  private view: View | null = null;
  private raf = 0;
  private overlayDirty = true;
  private dragOffset: { blockId: string; dx: number; dy: number } | null = null;
  private rendered = false;
  private destroyed = false;
  private zooming = false;
  private zoomTimer: ReturnType<typeof setTimeout> | undefined;

  /** Called once, after the first frame in which every visible block was fully drawn. */
  onFirstRender: (() => void) | null = null;
  /** Called whenever the view changes (zoom level for the buttons). */
  onViewChange: ((view: View) => void) | null = null;

  constructor(container: HTMLElement) {
    this.svg = SVG().addTo(container).size("100%", "100%");
    this.svg.attr({ "aria-hidden": "true", focusable: "false", preserveAspectRatio: "xMidYMid meet" });
    this.svg.node.style.display = "block";
    this.svg.node.style.userSelect = "none";
    this.viewport = this.svg.group();
    this.background = this.viewport.group();
    this.blocksLayer = this.viewport.group().attr({ "font-family": "system-ui, sans-serif" });
    this.overlay = this.viewport.group().attr({ "pointer-events": "none" });
    this.selectRectEl = this.viewport
      .rect(0, 0)
      .attr({
        fill: SELECTED_BLOCK_STROKE,
        "fill-opacity": 0.1,
        stroke: SELECTED_BLOCK_STROKE,
        "stroke-width": 1,
        "vector-effect": "non-scaling-stroke",
        "stroke-dasharray": "4 3",
        display: "none",
        "pointer-events": "none",
      });
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.zoomTimer);
    if (this.raf) cancelAnimationFrame(this.raf);
    this.svg.remove();
  }

  getView(): View | null {
    return this.view;
  }

  getSize(): Size {
    return this.size;
  }

  setView(view: View) {
    if (this.view && this.rendered && view.scale !== this.view.scale) {
      this.zooming = true;
      clearTimeout(this.zoomTimer);
      this.zoomTimer = setTimeout(() => {
        this.zooming = false;
        this.schedule();
      }, ZOOM_SETTLE_MS);
    }
    this.view = view;
    this.onViewChange?.(view);
    this.schedule();
  }

  resize(size: Size) {
    if (size.width === this.size.width && size.height === this.size.height) return;
    this.size = size;
    this.svg.node.setAttribute("viewBox", `0 0 ${size.width} ${size.height}`);
    this.schedule();
  }

  /** The box holding the plan area and every block. */
  bounds(): Rect {
    return this.input ? layoutBounds(this.input.layout) : { x: 0, y: 0, width: 1, height: 1 };
  }

  setInput(next: RenderInput) {
    const prev = this.input;
    this.input = next;
    if (
      !prev ||
      prev.colorBy !== next.colorBy ||
      prev.categoryColors !== next.categoryColors ||
      prev.statusColors !== next.statusColors ||
      prev.highlightCategoryId !== next.highlightCategoryId ||
      (prev.seatState !== next.seatState && !next.seatStateToken) ||
      Boolean(prev.seatState) !== Boolean(next.seatState)
    ) {
      this.style++;
    }
    if (!prev || prev.layout.blocks !== next.layout.blocks || this.style !== this.lastStyleSynced) this.syncBlocks();
    this.overlayDirty = true;
    this.schedule();
  }

  /** Shows a block displaced while it is being dragged (null: back in place). */
  setDragOffset(offset: { blockId: string; dx: number; dy: number } | null) {
    const previous = this.dragOffset;
    this.dragOffset = offset;
    for (const id of [previous?.blockId, offset?.blockId]) {
      const view = id ? this.views.get(id) : undefined;
      if (!view) continue;
      const mine = offset && offset.blockId === id ? offset : null;
      view.group.attr("transform", blockTransform(view.block, mine?.dx ?? 0, mine?.dy ?? 0));
    }
    this.overlayDirty = true;
    this.schedule();
  }

  /** The rubber band of a drag selection, in plan units (null hides it). */
  setSelectRect(rect: Rect | null) {
    const node = this.selectRectEl.node;
    if (!rect) {
      node.setAttribute("display", "none");
      return;
    }
    node.setAttribute("display", "inline");
    node.setAttribute("x", String(rect.x));
    node.setAttribute("y", String(rect.y));
    node.setAttribute("width", String(rect.width));
    node.setAttribute("height", String(rect.height));
  }

  /** The top-most block under a plan point, and the seat under it. */
  hitTest(p: Point): HitResult | null {
    if (!this.input) return null;
    const blocks = this.input.layout.blocks;
    for (let i = blocks.length - 1; i >= 0; i--) {
      const block = blocks[i]!;
      if (!blockContains(block, p)) continue;
      const view = this.views.get(block.id);
      return {
        block,
        seat: block.kind === "seated" ? seatAtPoint(block, p) : null,
        detailed: view?.mode === "seats" || view?.mode === "strips",
      };
    }
    return null;
  }

  /** Whether seats are drawn at the current zoom. */
  isDetailed(): boolean {
    return (this.view?.scale ?? 0) * SEAT_PITCH >= DETAIL_MIN_PITCH_PX;
  }

  /** Creates, updates, reorders and removes block groups to match the layout. */
  private syncBlocks() {
    const input = this.input!;
    const seen = new Set<string>();
    const order: string[] = [];
    for (const block of input.layout.blocks) {
      seen.add(block.id);
      order.push(block.id);
      const existing = this.views.get(block.id);
      if (!existing) this.views.set(block.id, this.createView(block));
      else if (existing.block !== block || this.lastStyleSynced !== this.style) this.updateView(existing, block);
    }
    for (const [id, view] of this.views) {
      if (!seen.has(id)) {
        view.group.remove();
        this.views.delete(id);
      }
    }
    if (order.join("\u0000") !== this.order.join("\u0000")) {
      for (const id of order) this.blocksLayer.add(this.views.get(id)!.group);
      this.order = order;
    }
    this.lastStyleSynced = this.style;
  }

  private createView(block: SeatingBlock): BlockView {
    const group = this.blocksLayer.group().attr({ "data-block": block.id });
    // Outlines in plan units: a non-scaling stroke would need new layout at every zoom step.
    const area = group.rect(0, 0).attr({ "stroke-width": 1 });
    const label = group.plain(block.name).attr({ "text-anchor": "middle", "pointer-events": "none" });
    const view: BlockView = {
      block,
      group,
      area,
      label,
      labelSize: 0,
      bounds: blockBounds(block),
      seats: { group: null, built: null },
      strips: { group: null, built: null },
      rowLabels: null,
      rowLabelsFor: null,
      numbers: null,
      numbersBuilt: null,
      shown: true,
      mode: null,
      rowLabelsShown: false,
      numbersShown: false,
      labelState: "",
      coarseFill: "",
    };
    this.updateView(view, block);
    return view;
  }

  private updateView(view: BlockView, block: SeatingBlock) {
    const geometryChanged = view.block !== block || view.mode === null;
    view.block = block;
    view.bounds = blockBounds(block);
    const { width, height } = blockSize(block);
    const offset = this.dragOffset?.blockId === block.id ? this.dragOffset : null;
    view.group.attr("transform", blockTransform(block, offset?.dx ?? 0, offset?.dy ?? 0));
    if (geometryChanged) {
      view.area.attr({ width, height, stroke: block.color });
      view.label.plain(block.name);
    }
    view.coarseFill = coarseFill(this.input!, block);
    view.mode = null; // re-apply fills and label placement on the next frame
    view.labelState = "";
  }

  private schedule() {
    if (this.raf || this.destroyed) return;
    this.raf = requestAnimationFrame(this.frame);
  }

  private readonly frame = () => {
    this.raf = 0;
    const input = this.input;
    if (!input || !this.view || this.size.width === 0 || this.size.height === 0) return;
    const started = performance.now();
    const rect = viewRect(this.view, this.size);
    // Pan and zoom move one group (not the viewBox): Chromium then updates one transform
    // instead of laying out the whole drawing again, which is what kept frames long.
    const s = this.view.scale;
    const transform = `matrix(${s} 0 0 ${s} ${-rect.x * s} ${-rect.y * s})`;
    if (transform !== this.viewportTransform) {
      this.viewport.node.setAttribute("transform", transform);
      this.viewportTransform = transform;
    }
    this.syncBackground(input);

    const scale = this.view.scale;
    const pitchPx = scale * SEAT_PITCH;
    const level: Mode = pitchPx >= SEATS_MIN_PITCH_PX ? "seats" : pitchPx >= DETAIL_MIN_PITCH_PX ? "strips" : "coarse";
    const wantRowLabels = pitchPx >= ROW_LABEL_MIN_PITCH_PX && !this.zooming;
    const wantNumbers = pitchPx >= SEAT_NUMBER_MIN_PITCH_PX && !this.zooming;
    const margin = 40 / scale;
    const area = { x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin };
    let pending = false;
    const overBudget = () => performance.now() - started > BUILD_BUDGET_MS;

    for (const id of this.order) {
      const view = this.views.get(id)!;
      const visible = rectsIntersect(view.bounds, area) || this.dragOffset?.blockId === id;
      if (visible !== view.shown) {
        view.group.node.setAttribute("display", visible ? "inline" : "none");
        view.shown = visible;
      }
      if (!visible) continue;
      let mode: Mode = view.block.kind === "seated" ? level : "coarse";
      if (mode !== "coarse" && !this.isCurrent(view, view[mode].built)) {
        const canBuild = !this.zooming && !overBudget();
        if (canBuild) this.buildSeats(view, mode);
        else {
          // Over budget: the next frame continues; zooming: the settle timer redraws.
          if (!this.zooming) pending = true;
          // Rather stale or coarser seats for a frame than nothing.
          const other = mode === "seats" ? "strips" : "seats";
          if (!view[mode].group) mode = view[other].group ? other : "coarse";
        }
      }
      applyMode(view, mode);
      applyLabel(view, mode, scale, this.zooming);
      if (view.block.kind === "seated") {
        const showRows = mode === "seats" && wantRowLabels;
        if (showRows && view.rowLabelsFor !== view.block) {
          if (overBudget()) pending = true;
          else buildRowLabels(view);
        }
        toggle(view, "rowLabels", showRows && view.rowLabelsFor === view.block);
        const showNumbers = mode === "seats" && wantNumbers;
        if (showNumbers && !this.isCurrent(view, view.numbersBuilt)) {
          if (overBudget()) pending = true;
          else this.buildNumbers(view);
        }
        toggle(view, "numbers", showNumbers && this.isCurrent(view, view.numbersBuilt));
      }
    }
    if (this.overlayDirty) this.drawOverlay(input);
    if (pending) this.schedule();
    else if (!this.rendered) {
      this.rendered = true;
      this.onFirstRender?.();
    }
  };

  private syncBackground(input: RenderInput) {
    const url = input.backgroundUrl;
    const key = url ? `${url}|${input.layout.width}|${input.layout.height}` : "";
    if (key === this.imageFor) return;
    this.imageFor = key;
    this.image?.remove();
    this.image = null;
    if (!url) return;
    this.image = this.background
      .image(url)
      .attr({ x: 0, y: 0, width: input.layout.width, height: input.layout.height, preserveAspectRatio: "xMidYMid meet", opacity: 0.6 });
  }

  private token(view: BlockView): unknown {
    const input = this.input!;
    return input.seatState && input.seatStateToken ? input.seatStateToken(view.block.id) : null;
  }

  private isCurrent(view: BlockView, built: Built | null): boolean {
    return built !== null && built.block === view.block && built.style === this.style && built.token === this.token(view);
  }

  private stamp(view: BlockView): Stamp {
    return { style: this.style, token: this.token(view) };
  }

  private buildSeats(view: BlockView, mode: "seats" | "strips") {
    buildSeats(this.input!, view, mode, this.stamp(view));
  }

  private buildNumbers(view: BlockView) {
    buildNumbers(this.input!, view, this.stamp(view));
  }

  private drawOverlay(input: RenderInput) {
    this.overlayDirty = false;
    drawOverlay(this.overlay, input, (id) => this.views.get(id)?.block, this.dragOffset);
  }
}
