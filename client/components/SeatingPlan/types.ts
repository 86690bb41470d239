import type { SeatStatus } from "../../../shared/enums";

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
  /** The plan point at the centre of the view. */
  center: () => { x: number; y: number };
};
