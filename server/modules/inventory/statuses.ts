import { sql } from "drizzle-orm";
import type { SeatStatus } from "../../../shared/enums";

/**
 * The seat-status sets every inventory statement uses, written once. A seat is held while a
 * cart pays or chooses (a season cart blocks it on every date), sold once paid.
 */
export const HELD_STATUSES = ["PAYMENT_PENDING", "SEASON_BLOCKED"] as const satisfies readonly SeatStatus[];
export const SOLD_STATUSES = ["SOLD", "SEASON_SOLD"] as const satisfies readonly SeatStatus[];
/** Seats no buyer holds or owns: the organiser may drop, recategorise or unblock them. */
export const UNOWNED_STATUSES = ["FREE", "BLOCKED"] as const satisfies readonly SeatStatus[];

const list = (statuses: readonly string[]) => `(${statuses.map((s) => `'${s}'`).join(",")})`;

/** `status in (...)` lists for raw statements. */
export const HELD = sql.raw(list(HELD_STATUSES));
export const SOLD = sql.raw(list(SOLD_STATUSES));
export const UNOWNED = sql.raw(list(UNOWNED_STATUSES));
/** Seats that come free again only by a cancellation or an unblock (a seat next to them is `lone` when both are such). */
export const FOR_GOOD_STATUSES = [...SOLD_STATUSES, "BLOCKED"] as const satisfies readonly SeatStatus[];
export const FOR_GOOD = sql.raw(list(FOR_GOOD_STATUSES));

const FREE_TEXT = `s.status = 'FREE'`;
const RAN_OUT_TEXT = `(s.status in ${list(HELD_STATUSES)} and s.held_until < now())`;
/** A free seat (`s` is the seat row). */
export const FREE_SEAT = sql.raw(FREE_TEXT);
/** A seat held by a cart whose time ran out: takeable until the sweeper frees it (`s` is the seat row). */
export const HOLD_RAN_OUT = sql.raw(RAN_OUT_TEXT);
/** A seat anyone may take now: free, or held by a cart whose time ran out (`s` is the seat row). */
export const TAKEABLE = sql.raw(`(${FREE_TEXT} or ${RAN_OUT_TEXT})`);

/** The same predicate for statements that read seat_inventory without an alias. */
export const FREE_NOW = sql.raw(`(status = 'FREE' or (status in ${list(HELD_STATUSES)} and held_until < now()))`);
