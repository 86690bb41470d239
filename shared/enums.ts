/** Roles a user account can have (ARCHITECTURE "Auth and roles"). */
export const ROLES = ["organiser", "team_member", "reseller", "agent", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Account states: activated through the emailed link, deactivated by the organiser, disabled by its owner. */
export const ACCOUNT_STATUSES = ["pending", "active", "deactivated", "disabled"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const LOCALES = ["de", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "de";

export const SEAT_STATUSES = [
  "FREE",
  "SOLD",
  "PAYMENT_PENDING",
  "BLOCKED",
  "SEASON_BLOCKED",
  "SEASON_SOLD",
] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

export const DIRECTIONS = ["LEFT", "RIGHT", "DOWN", "UP"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const SEATING_EDIT_MODES = ["READONLY", "FULL_EDIT", "LIMITED_EDIT"] as const;
export type SeatingEditMode = (typeof SEATING_EDIT_MODES)[number];

export const BLOCK_ACTIONS = ["DELETE_BLOCK", "ADD_BLOCK", "EDIT_BLOCK_LAYOUT"] as const;
export type BlockAction = (typeof BLOCK_ACTIONS)[number];

export const ACTIVE_STATUSES = ["ACTIVE", "INACTIVE"] as const;
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];

export const EVENT_TYPES = ["REGULAR", "SEASONAL", "SEASON_CHILD"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const SEATING_TABS = ["LAYOUT", "CATEGORIES"] as const;
export type SeatingTab = (typeof SEATING_TABS)[number];

/**
 * Profile verification (SPEC §4 Account): none uploaded, uploaded and in review, verified; an
 * admin may also reject it with a reason, after which the organiser uploads again.
 */
export const VERIFICATION_STATES = ["none", "in_review", "verified", "rejected"] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];
