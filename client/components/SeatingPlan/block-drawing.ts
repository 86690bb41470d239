import type { G, Rect as SvgRect, Text } from "@svgdotjs/svg.js";
import type { SeatStatus } from "../../../shared/enums";
import { blockSize, type Rect, rowStart, SEAT_SIZE, seatCell } from "../../../shared/seating/geometry";
import { SEAT_PITCH, type SeatedBlock, type SeatingBlock, type SeatingLayout } from "../../../shared/seating/layout";
import { rowNumber, seatNumber, seatsInRow } from "../../../shared/seating/numbering";
import { INACTIVE_COLOR, lighten, MARK_COLOR, readableOn, SELECTED_STROKE, UNCATEGORISED_COLOR } from "./colors";
import type { SeatVisual } from "./types";

/** A block name smaller than this many screen pixels is not drawn. */
const LABEL_MIN_PX = 7;
/** The block name's size (plan units) above a block drawn seat by seat. */
const DETAIL_LABEL_SIZE = 8;

/** What one block is drawn from and how (PlanRenderer keeps one BlockView per block). */
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

export type Built = { block: SeatingBlock; style: number; token: unknown };
export type Mode = "coarse" | "strips" | "seats";
export type SeatLayer = { group: G | null; built: Built | null };

export type BlockView = {
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

/** What a build was made from beyond the block: the style generation and the seat-state token. */
export type Stamp = { style: number; token: unknown };

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
export function attach(parent: Element, node: Element, on: boolean) {
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

/** A block's fill when drawn as one rectangle: its colour, or its main category's. */
export function coarseFill(input: RenderInput, block: SeatingBlock): string {
  if (input.colorBy === "block") return block.color;
  const cat = dominantCategory(block);
  const color = cat ? (input.categoryColors[cat] ?? UNCATEGORISED_COLOR) : block.kind === "standing" ? block.color : UNCATEGORISED_COLOR;
  return input.highlightCategoryId && cat !== input.highlightCategoryId ? lighten(color) : color;
}

export function seatColor(input: RenderInput, block: SeatedBlock, category: string | null, visual: SeatVisual | undefined): string {
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
export function buildSeats(input: RenderInput, view: BlockView, mode: "seats" | "strips", stamp: Stamp) {
  const block = view.block as SeatedBlock;
  const merge = mode === "strips";
  const seatState = input.seatState;
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
      colors[s] = active ? seatColor(input, block, perSeat ? (seatCategories[rs] ?? rowCategory) : rowCategory, visual) : null;
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
  layer.built = { block, ...stamp };
}

export function buildRowLabels(view: BlockView) {
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

export function buildNumbers(input: RenderInput, view: BlockView, stamp: Stamp) {
  const block = view.block as SeatedBlock;
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
      const color = seatColor(input, block, block.seatCategories[rs] ?? rowCategory, input.seatState?.(`${block.id}:${rs}`));
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
  view.numbersBuilt = { block, ...stamp };
}

/** Shows the block as one rectangle, as row strips or seat by seat. */
export function applyMode(view: BlockView, mode: Mode) {
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

/** Sizes and places the block's name for the mode; hidden while zooming or when too small to read. */
export function applyLabel(view: BlockView, mode: Mode, scale: number, zooming: boolean) {
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
  const visible = size * scale >= LABEL_MIN_PX && !zooming;
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

/** Shows or hides the block's row labels or seat numbers. */
export function toggle(view: BlockView, part: "rowLabels" | "numbers", show: boolean) {
  const flag = part === "rowLabels" ? "rowLabelsShown" : "numbersShown";
  if (view[flag] === show) return;
  view[flag] = show;
  const group = view[part];
  if (group) attach(view.group.node, group.node, show);
}
