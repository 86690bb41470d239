import type { SeatStatus } from "../../../shared/enums";

/** Seats that cannot be bought are drawn in neutral tones, whatever their category. */
export const DEFAULT_STATUS_COLORS: Record<Exclude<SeatStatus, "FREE">, string> = {
  SOLD: "#ced4da",
  SEASON_SOLD: "#ced4da",
  PAYMENT_PENDING: "#dee2e6",
  BLOCKED: "#868e96",
  SEASON_BLOCKED: "#868e96",
};
export const UNCATEGORISED_COLOR = "#868e96";
export const INACTIVE_COLOR = "#ced4da";
export const SELECTED_STROKE = "#212529";
export const MARK_COLOR = "#212529";
export const SELECTED_BLOCK_STROKE = "#1971c2";
export const HIGHLIGHT_BLOCK_STROKE = "#e03131";
export const FOCUS_STROKE = "#e8590c";

const lightened = new Map<string, string>();

/** A colour mixed with white (seats outside a highlighted category). */
export function lighten(hex: string, amount = 0.7): string {
  const key = `${hex}:${amount}`;
  const cached = lightened.get(key);
  if (cached) return cached;
  const n = Number.parseInt(hex.slice(1), 16);
  if (hex.length !== 7 || Number.isNaN(n)) return hex;
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const out = `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => mix(c).toString(16).padStart(2, "0")).join("")}`;
  lightened.set(key, out);
  return out;
}

/** Black or white, whichever reads better on `hex`. */
export function readableOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  if (Number.isNaN(n)) return "#212529";
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#212529" : "#ffffff";
}
