import { type G, type Image, type Rect as SvgRect, SVG, type Svg, type Text } from "@svgdotjs/svg.js";
import type { SeatStatus } from "../../../shared/enums";
import {
  blockBounds,
  blockContains,
  blockSize,
  blockTransform,
  layoutBounds,
  type Point,
  type Rect,
  rectsIntersect,
  rowStart,
  SEAT_SIZE,
  seatAtPoint,
  seatCell,
} from "../../../shared/seating/geometry";
import { SEAT_PITCH, type SeatedBlock, type SeatingBlock, type SeatingLayout } from "../../../shared/seating/layout";
import { rowNumber, seatNumber, seatsInRow } from "../../../shared/seating/numbering";
import {
  FOCUS_STROKE,
  HIGHLIGHT_BLOCK_STROKE,
  INACTIVE_COLOR,
  lighten,
  MARK_COLOR,
  readableOn,
  SELECTED_BLOCK_STROKE,
  SELECTED_STROKE,
  UNCATEGORISED_COLOR,
} from "./colors";
import type { SeatVisual } from "./types";
import { type Size, type View, viewRect } from "./viewport";

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
const LABEL_MIN_PX = 7;
/**
 * While the zoom changes, text (block names, row and seat numbers) is hidden and no new seat
 * paths are built; both come back this long after the zoom settled. Re-laying out glyphs at a
 * new size and laying out freshly built blocks every frame is what made zooming drop frames.
 */
const ZOOM_SETTLE_MS = 150;
/** Work per frame spent building seat paths before the rest waits for the next frame. */
const BUILD_BUDGET_MS = 8;
const DETAIL_LABEL_SIZE = 8;

export type RenderInput = {
  layout: SeatingLayout;
  colorBy: "category" | "block";
  categoryColors: Readonly<Record<string, string>>;
  statusColors: Readonly<Record<Exclude<SeatStatus, "FREE">, string>>;
  seatState: ((seatKey: string) => SeatVisual | undefined) | undefined;
  seatStateToken: ((blockId: string) => unknown) | undefined;
  selectedBlockId: string | null;
  focusedBlockId: string | null;
  highlightBlockIds: ReadonlySet<string>;
  highlightCategoryId: string | null;
  cursor: { blockId: string; row: number; seat: number } | null;
  backgroundUrl: string | null;
};

type Built = { block: SeatingBlock; style: number; token: unknown };
type Mode = "coarse" | "strips" | "seats";
type SeatLayer = { group: G | null; built: Built | null };

type BlockView = {
  block: SeatingBlock;
  group: G;
  area: SvgRect;
  label: Text;
  labelSize: number;
  bounds: Rect;
  /** Seats drawn seat by seat, and the same merged into row strips for middle zoom. */
  seats: SeatLayer;
  strips: SeatLayer;
  rowLabels: G | null;
  rowLabelsFor: SeatingBlock | null;
  numbers: G | null;
  numbersBuilt: Built | null;
  shown: boolean;
  mode: Mode | null;
  rowLabelsShown: boolean;
  numbersShown: boolean;
  labelState: string;
  coarseFill: string;
};

export type HitResult = { block: SeatingBlock; seat: { row: number; seat: number } | null; detailed: boolean };

/** The category most places of a block belong to (its colour at low zoom). */
const dominantCache = new WeakMap<SeatingBlock, string | null>();
function dominantCategory(block: SeatingBlock): string | null {
  if (block.kind === "standing") return block.categoryId;
  const hasOverrides = Object.keys(block.rowCategories).length > 0 || Object.keys(block.seatCategories).length > 0;
  if (!hasOverrides) return block.categoryId;
  const cached = dominantCache.get(block);
  if (cached !== undefined) return cached;
  const counts = new Map<string | null, number>();
  for (let r = 0; r < block.rows; r++) {
    const rowCat = block.rowCategories[String(r)] ?? block.categoryId;
    const inRow = seatsInRow(block, r);
    for (let s = 0; s < inRow; s++) {
      const cat = block.seatCategories[`${r}:${s}`] ?? rowCat;
      counts.set(cat, (counts.get(cat) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  let most = -1;
  for (const [cat, n] of counts) {
    if (n > most) {
      best = cat;
      most = n;
    }
  }
  dominantCache.set(block, best);
  return best;
}

/**
 * Puts a node into its parent or takes it out. Hidden text is taken out of the DOM rather than
 * set to display:none: Chromium still does work for every SVG <text> under a hidden group each
 * time the zoom changes, which made zooming slow once seat numbers had been drawn.
 */
function attach(parent: Element, node: Element, on: boolean) {
  if (on && node.parentNode !== parent) parent.appendChild(node);
  else if (!on && node.parentNode === parent) node.remove();
}

/** A path of rectangles, each written relative to the previous one (short strings). */
class RectPath {
  d = "";
  private lx = 0;
  private ly = 0;
  add(x: number, y: number, w: number, h: number) {
    this.d += `${this.d === "" ? `M${x} ${y}` : `m${x - this.lx} ${y - this.ly}`}h${w}v${h}h${-w}z`;
    this.lx = x;
    this.ly = y;
  }
}

/**
 * Calls `emit(first, count)` for each run of equal values in `values[0..length)`; with
 * `merge` false every element is its own run.
 */
function eachRun<T>(values: T[], length: number, merge: boolean, emit: (first: number, count: number, value: T) => void) {
  let first = 0;
  for (let s = 1; s <= length; s++) {
    if (s < length && merge && values[s] === values[first]) continue;
    emit(first, s - first, values[first]!);
    first = s;
  }
}

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

  private coarseFill(block: SeatingBlock): string {
    const input = this.input!;
    if (input.colorBy === "block") return block.color;
    const cat = dominantCategory(block);
    const color = cat ? (input.categoryColors[cat] ?? UNCATEGORISED_COLOR) : block.kind === "standing" ? block.color : UNCATEGORISED_COLOR;
    return input.highlightCategoryId && cat !== input.highlightCategoryId ? lighten(color) : color;
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
    view.coarseFill = this.coarseFill(block);
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
      this.applyMode(view, mode);
      this.applyLabel(view, mode, scale);
      if (view.block.kind === "seated") {
        const showRows = mode === "seats" && wantRowLabels;
        if (showRows && view.rowLabelsFor !== view.block) {
          if (overBudget()) pending = true;
          else this.buildRowLabels(view);
        }
        this.toggle(view, "rowLabels", showRows && view.rowLabelsFor === view.block);
        const showNumbers = mode === "seats" && wantNumbers;
        if (showNumbers && !this.isCurrent(view, view.numbersBuilt)) {
          if (overBudget()) pending = true;
          else this.buildNumbers(view);
        }
        this.toggle(view, "numbers", showNumbers && this.isCurrent(view, view.numbersBuilt));
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

  private applyMode(view: BlockView, mode: Mode) {
    if (view.mode === mode) return;
    view.mode = mode;
    const standing = view.block.kind === "standing";
    const detailed = mode !== "coarse";
    view.area.attr({
      fill: detailed ? view.block.color : view.coarseFill,
      "fill-opacity": detailed ? 0.08 : standing ? 0.55 : 0.85,
    });
    view.seats.group?.node.setAttribute("display", mode === "seats" ? "inline" : "none");
    view.strips.group?.node.setAttribute("display", mode === "strips" ? "inline" : "none");
  }

  private applyLabel(view: BlockView, mode: Mode, scale: number) {
    const { width, height } = blockSize(view.block);
    let size: number;
    let state: string;
    if (mode !== "coarse") {
      size = DETAIL_LABEL_SIZE;
      state = "detail";
    } else {
      size = Math.max(4, Math.min(height * 0.4, (width * 1.6) / Math.max(view.block.name.length, 1), 400));
      state = `coarse:${view.coarseFill}`;
    }
    const visible = size * scale >= LABEL_MIN_PX && !this.zooming;
    state += visible ? ":on" : ":off";
    if (state === view.labelState) return;
    view.labelState = state;
    attach(view.group.node, view.label.node, visible);
    if (!visible) return;
    if (mode !== "coarse") {
      view.label.attr({ x: width / 2, y: -3, "font-size": size, fill: "#212529", "dominant-baseline": "auto" });
    } else {
      const fill = readableOn(view.coarseFill);
      view.label.attr({ x: width / 2, y: height / 2, "font-size": size, fill, "dominant-baseline": "central" });
    }
  }

  private toggle(view: BlockView, part: "rowLabels" | "numbers", show: boolean) {
    const flag = part === "rowLabels" ? "rowLabelsShown" : "numbersShown";
    if (view[flag] === show) return;
    view[flag] = show;
    const group = view[part];
    if (group) attach(view.group.node, group.node, show);
  }

  private seatColor(block: SeatedBlock, category: string | null, visual: SeatVisual | undefined): string {
    const input = this.input!;
    const status = visual?.status;
    if (status && status !== "FREE") return input.statusColors[status];
    const base =
      input.colorBy === "block" ? block.color : category ? (input.categoryColors[category] ?? UNCATEGORISED_COLOR) : UNCATEGORISED_COLOR;
    if (input.highlightCategoryId && category !== input.highlightCategoryId) return lighten(base);
    return base;
  }

  /**
   * The block's seats as one path per colour, plus frames for selected and dots for marked
   * seats; as row strips (runs of equal seats merged) or seat by seat.
   */
  private buildSeats(view: BlockView, mode: "seats" | "strips") {
    const block = view.block as SeatedBlock;
    const merge = mode === "strips";
    const seatState = this.input!.seatState;
    const fills = new Map<string, RectPath>();
    const inactive = new RectPath();
    const selected = new RectPath();
    const marked = new RectPath();
    const disabledRows = new Set(block.disabledRows);
    const disabledSeats = new Set(block.disabledSeats);
    const seatCategories = block.seatCategories;
    const perSeat = disabledSeats.size > 0 || Object.keys(seatCategories).length > 0;
    const inset = (SEAT_PITCH - SEAT_SIZE) / 2;
    const colors: (string | null)[] = [];
    const isSelected: boolean[] = [];
    const isMarked: boolean[] = [];
    const span = (count: number, pad: number) => (count - 1) * SEAT_PITCH + SEAT_SIZE - 2 * pad;
    for (let r = 0; r < block.rows; r++) {
      const start = rowStart(block, r) + inset;
      const inRow = seatsInRow(block, r);
      const rowCategory = block.rowCategories[String(r)] ?? block.categoryId;
      const rowOff = disabledRows.has(r);
      const y = r * SEAT_PITCH + inset;
      for (let s = 0; s < inRow; s++) {
        const rs = perSeat ? `${r}:${s}` : "";
        const active = !rowOff && !(perSeat && disabledSeats.has(rs));
        const visual = seatState?.(`${block.id}:${r}:${s}`);
        colors[s] = active ? this.seatColor(block, perSeat ? (seatCategories[rs] ?? rowCategory) : rowCategory, visual) : null;
        isSelected[s] = visual?.selected === true;
        isMarked[s] = visual?.marked === true;
      }
      eachRun(colors, inRow, merge, (first, count, color) => {
        const x = start + first * SEAT_PITCH;
        if (color === null) inactive.add(x + 2, y + 2, span(count, 2), SEAT_SIZE - 4);
        else {
          let path = fills.get(color);
          if (!path) fills.set(color, (path = new RectPath()));
          path.add(x, y, span(count, 0), SEAT_SIZE);
        }
      });
      eachRun(isSelected, inRow, merge, (first, count, on) => {
        if (on) selected.add(start + first * SEAT_PITCH, y, span(count, 0), SEAT_SIZE);
      });
      eachRun(isMarked, inRow, merge, (first, count, on) => {
        if (on) marked.add(start + first * SEAT_PITCH + 2.5, y + 2.5, span(count, 2.5), SEAT_SIZE - 5);
      });
    }
    const layer = view[mode];
    if (!layer.group) {
      layer.group = view.group.group().attr({ "pointer-events": "none" });
      // Seats lie on the block's area, under its name and numbers.
      view.area.node.after(layer.group.node);
    } else layer.group.clear();
    const g = layer.group;
    if (inactive.d) g.path().attr({ d: inactive.d, fill: INACTIVE_COLOR });
    for (const [color, path] of fills) g.path().attr({ d: path.d, fill: color });
    if (selected.d) g.path().attr({ d: selected.d, fill: "none", stroke: SELECTED_STROKE, "stroke-width": 1.6 });
    if (marked.d) g.path().attr({ d: marked.d, fill: MARK_COLOR });
    g.node.setAttribute("display", view.mode === mode ? "inline" : "none");
    layer.built = { block, style: this.style, token: this.token(view) };
  }

  private buildRowLabels(view: BlockView) {
    const block = view.block as SeatedBlock;
    let markup = "";
    for (let r = 0; r < block.rows; r++) {
      const y = r * SEAT_PITCH + SEAT_PITCH / 2;
      markup += `<text x="${rowStart(block, r) - 3}" y="${y}">${rowNumber(block, r)}</text>`;
    }
    if (!view.rowLabels) {
      view.rowLabels = view.group.group().attr({
        "font-size": 5,
        fill: "#495057",
        "text-anchor": "end",
        "dominant-baseline": "central",
        "pointer-events": "none",
      });
      view.rowLabelsShown = true;
    } else view.rowLabels.clear();
    view.rowLabels.svg(markup);
    view.rowLabelsFor = block;
  }

  private buildNumbers(view: BlockView) {
    const block = view.block as SeatedBlock;
    const input = this.input!;
    const disabledRows = new Set(block.disabledRows);
    const disabledSeats = new Set(block.disabledSeats);
    const byFill = new Map<string, string>();
    for (let r = 0; r < block.rows; r++) {
      if (disabledRows.has(r)) continue;
      const inRow = seatsInRow(block, r);
      const rowCategory = block.rowCategories[String(r)] ?? block.categoryId;
      for (let s = 0; s < inRow; s++) {
        const rs = `${r}:${s}`;
        if (disabledSeats.has(rs)) continue;
        const cell = seatCell(block, r, s);
        const color = this.seatColor(block, block.seatCategories[rs] ?? rowCategory, input.seatState?.(`${block.id}:${rs}`));
        const fill = readableOn(color);
        byFill.set(fill, (byFill.get(fill) ?? "") + `<text x="${cell.x + SEAT_PITCH / 2}" y="${cell.y + SEAT_PITCH / 2}">${seatNumber(block, s, inRow)}</text>`);
      }
    }
    if (!view.numbers) {
      view.numbers = view.group.group().attr({
        "font-size": 3.6,
        "text-anchor": "middle",
        "dominant-baseline": "central",
        "pointer-events": "none",
      });
      view.numbersShown = true;
    } else view.numbers.clear();
    for (const [fill, markup] of byFill) view.numbers.group().attr({ fill }).svg(markup);
    view.numbersBuilt = { block, style: this.style, token: this.token(view) };
  }

  private drawOverlay(input: RenderInput) {
    this.overlayDirty = false;
    this.overlay.clear();
    const frame = (blockId: string, stroke: string, width: number, dash?: string) => {
      const block = this.views.get(blockId)?.block;
      if (!block) return;
      const { width: w, height: h } = blockSize(block);
      const offset = this.dragOffset?.blockId === blockId ? this.dragOffset : null;
      this.overlay
        .rect(w + 4, h + 4)
        .move(-2, -2)
        .attr({
          transform: blockTransform(block, offset?.dx ?? 0, offset?.dy ?? 0),
          fill: "none",
          stroke,
          "stroke-width": width,
          "vector-effect": "non-scaling-stroke",
          ...(dash ? { "stroke-dasharray": dash } : {}),
        });
    };
    for (const id of input.highlightBlockIds) frame(id, HIGHLIGHT_BLOCK_STROKE, 3, "6 4");
    if (input.selectedBlockId) frame(input.selectedBlockId, SELECTED_BLOCK_STROKE, 3);
    if (input.focusedBlockId && input.focusedBlockId !== input.selectedBlockId) frame(input.focusedBlockId, FOCUS_STROKE, 2, "4 3");
    const cursor = input.cursor;
    const block = cursor ? this.views.get(cursor.blockId)?.block : undefined;
    if (cursor && block?.kind === "seated" && cursor.row < block.rows && cursor.seat < seatsInRow(block, cursor.row)) {
      const cell = seatCell(block, cursor.row, cursor.seat);
      this.overlay
        .rect(SEAT_PITCH + 2, SEAT_PITCH + 2)
        .move(cell.x - 1, cell.y - 1)
        .attr({
          transform: blockTransform(block),
          fill: "none",
          stroke: FOCUS_STROKE,
          "stroke-width": 3,
          "vector-effect": "non-scaling-stroke",
        });
    }
  }
}
