import type { Ref } from "react";
import type { SeatStatus } from "../../../shared/enums";
import type { SeatingLayout } from "../../../shared/seating/layout";

/** What a seat shows beyond its category colour. */
export type SeatVisual = {
  /** Inventory status (seat picker); anything but FREE is drawn greyed by status. */
  status?: SeatStatus;
  /** Drawn with a dark frame (the buyer's chosen seats, the editor's selection). */
  selected?: boolean;
  /** Drawn with a dot in the middle (the editor marks seats sold on an event). */
  marked?: boolean;
};

/** One seat of a seated block, as reported to callbacks. */
export type SeatRef = {
  /** Template seat key `${blockId}:${row}:${seat}` (0-based indexes). */
  key: string;
  blockId: string;
  row: number;
  seat: number;
};

/** Modifier keys held during a click, a key press or a drag. */
export type PlanModifiers = { shiftKey: boolean; ctrlKey: boolean; altKey: boolean };

/**
 * How pointer drags behave (wheel, pinch, the buttons and the keyboard always pan and zoom):
 * - "view": drag pans; clicks report seats and blocks (seat picker, read-only editor).
 * - "select": drag draws a rectangle and reports the seats inside it (onSeatsSelected);
 *   drag with the middle button or with Alt pans.
 * - "move": drag on a movable block moves it (onBlockMove), elsewhere pans; arrow keys
 *   nudge the selected block.
 */
export type PlanInteraction = "view" | "select" | "move";

/** Seats per block from a drag rectangle: block id → "row:seat" indexes. */
export type SeatsByBlock = ReadonlyMap<string, readonly string[]>;

/** Imperative controls, for buttons outside the plan (e.g. "add block here"). */
export type SeatingPlanHandle = {
  fit: () => void;
  zoomIn: () => void;
  zoomOut: () => void;
  zoomToBlock: (blockId: string) => void;
  /** Pans and zooms so these seats (template keys) are on screen, e.g. the ones best available chose. */
  showSeats: (seatKeys: readonly string[]) => void;
  /** The plan point at the centre of the view. */
  center: () => { x: number; y: number };
};

export type SeatingPlanProps = {
  /** The plan to draw (blocks by their parameters, categories, background). */
  layout: SeatingLayout;
  /** Accessible name of the plan, e.g. the stadium's name. */
  label: string;
  /**
   * Per-seat state drawn over the category colour: inventory status, selection, marks.
   * Called while drawing a block; give a new function when the state changes.
   */
  seatState?: (seatKey: string) => SeatVisual | undefined;
  /**
   * Redraw hint for seatState: a value per block that changes whenever the state of one of
   * its seats changes (e.g. that block's selection set). With it, a new seatState redraws only
   * the blocks whose value changed; without it, every block is redrawn.
   */
  seatStateToken?: (blockId: string) => unknown;
  /** "category" (default): seats in their category's colour; "block": in their block's colour. */
  colorBy?: "category" | "block";
  /** Category id → colour; defaults to the layout's categories. */
  categoryColors?: Readonly<Record<string, string>>;
  /** Colours of seats that are not FREE (defaults: neutral greys). */
  statusColors?: Partial<Record<Exclude<SeatStatus, "FREE">, string>>;
  /** What a pointer drag does; see PlanInteraction. Default "view". */
  interaction?: PlanInteraction;
  /** In "move" interaction: which blocks may be dragged (default: all). */
  canMoveBlock?: (blockId: string) => boolean;
  /** Dragged blocks land on multiples of this many plan units (default 5). */
  snap?: number;
  /** A seat was clicked, or chosen with Space/Enter on the keyboard cursor. */
  onSeatClick?: (seat: SeatRef, modifiers: PlanModifiers) => void;
  /** A block was clicked or chosen with Enter; null: empty space clicked or Escape. */
  onBlockClick?: (blockId: string | null, modifiers: PlanModifiers) => void;
  /** In "select" interaction: the seats inside the dragged rectangle, by block. */
  onSeatsSelected?: (seats: SeatsByBlock, modifiers: PlanModifiers) => void;
  /** In "move" interaction: a block was dropped (or nudged with the arrow keys) at x, y. */
  onBlockMove?: (blockId: string, x: number, y: number) => void;
  /** The block drawn as selected (and whose seats the keyboard cursor walks). */
  selectedBlockId?: string | null;
  /** Blocks outlined as needing attention (e.g. refused by the server), and a category to stand out. */
  highlight?: { blockIds?: readonly string[]; categoryId?: string | null };
  /** Draw the uploaded venue image under the plan (default true). */
  showBackground?: boolean;
  /** Extends the spoken/hovered description of a seat (e.g. "sold on an event"). */
  describeSeat?: (seat: SeatRef, text: string) => string;
  /** When this value changes the view fits the whole plan again (e.g. another template). */
  fitKey?: unknown;
  /** CSS height of the plan (default 480px). */
  height?: number | string;
  /**
   * Instead of `height`: the plan's element takes the plan's aspect ratio at its width, so a
   * wide stadium on a phone is not drawn small in a tall empty box; within `min` and `max`
   * (CSS lengths).
   */
  fitHeight?: { min: string; max: string };
  /** The words for seat statuses in descriptions (default: the plan's own; a shop may use its legend's). */
  statusLabels?: Partial<Record<SeatStatus, string>>;
  ref?: Ref<SeatingPlanHandle>;
};
