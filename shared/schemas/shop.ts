import { z } from "zod";
import type { SeatStatus } from "../enums";
import type { PackedSeats } from "../seating/packed-seats";
import { text } from "./text";
import { ZWaitingRoomToken } from "./waiting-room";

/** A cart is active while it holds; checked out when an order took it; released or expired otherwise. */
export const CART_STATES = ["active", "checked_out", "released", "expired"] as const;
export type CartState = (typeof CART_STATES)[number];

/** ARCHITECTURE: a hold lasts 15 minutes by default and may be extended once. */
export const DEFAULT_HOLD_TTL_SECONDS = 15 * 60;
/** Seats a single hold request may name (a whole order is at most this many places anyway). */
export const MAX_SEATS_PER_HOLD = 100;
/** Places one cart may hold at once: a buyer, not a reseller. */
export const MAX_PLACES_PER_CART = 200;

export const SEAT_KEY = /^[A-Za-z0-9_-]{1,40}:\d{1,3}:\d{1,3}$/;
const seatKey = z.string().regex(SEAT_KEY, "v.seatKey");
const areaId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "v.areaId");

export const ZCartCredentials = z.object({ id: z.uuid(), secret: text().min(20).max(100) });
export type CartCredentials = z.infer<typeof ZCartCredentials>;

/** Where a buyer shops: an event date, or a season (season tickets). */
/** `access`: the token the unlock call gave for a code-protected event. */
export const ZShopScope = z.object({ scopeId: z.uuid(), access: text().max(100).optional() });

/** The online shop's token of a place let in by the event's waiting room (decision 033); needed while the room is on. */
const admission = ZWaitingRoomToken.optional();

export const ZHoldInput = ZShopScope.extend({
  cart: ZCartCredentials.nullable(),
  admission,
  seats: z
    .array(z.object({ key: seatKey, ticketCategoryId: z.uuid() }))
    .max(MAX_SEATS_PER_HOLD)
    .default([]),
  counts: z
    .array(z.object({ ticketCategoryId: z.uuid(), areaId: areaId.nullable(), quantity: z.number().int().min(1).max(MAX_PLACES_PER_CART) }))
    .max(50)
    .default([]),
}).refine((v) => v.seats.length + v.counts.length > 0, { message: "v.required", path: ["seats"] });
export type HoldInput = z.input<typeof ZHoldInput>;

export const ZHoldBestInput = ZShopScope.extend({
  cart: ZCartCredentials.nullable(),
  admission,
  ticketCategoryId: z.uuid(),
  quantity: z.number().int().min(1).max(MAX_SEATS_PER_HOLD),
  /** Only seats of this block, when the buyer chose one. */
  blockId: areaId.optional(),
});

export const ZReleaseInput = z.object({
  cart: ZCartCredentials,
  seatKeys: z.array(seatKey).max(MAX_SEATS_PER_HOLD).default([]),
  counts: z
    .array(z.object({ ticketCategoryId: z.uuid(), areaId: areaId.nullable(), quantity: z.number().int().min(1).max(MAX_PLACES_PER_CART) }))
    .max(50)
    .default([]),
  /** Release everything the cart holds. */
  all: z.boolean().default(false),
});

export const ZChangeSeatCategoryInput = z.object({ cart: ZCartCredentials, seatKey, ticketCategoryId: z.uuid() });

export const ZWatchInput = ZShopScope;
export const ZUnlockInput = z.object({ eventId: z.uuid(), code: text().trim().min(1, "v.required").max(100, "v.maxLength") });

/** A seat whose state differs from "FREE, never changed" (snapshot) or that just changed (delta). */
export type SeatState = { k: string; s: SeatStatus; v: number };
/** A counter: a free-seating area (`area:<id>`) or a quota (`ticket:<id>`, `attendees`). */
export type CounterState = { k: string; cap: number; held: number; sold: number; v: number };

/** A snapshot's seats travel packed per block and row (`unpackSeats` reads them); a delta's as records. */
export type WatchMessage =
  | { type: "snapshot"; version: number; seats: PackedSeats; counters: CounterState[] }
  /** `sentAt`: when the announcement left its instance (ms since epoch), for delivery-delay figures. */
  | { type: "delta"; version: number; seats: SeatState[]; counters: CounterState[]; sentAt: number };
