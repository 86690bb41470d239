import { z } from "zod";
import { WAITING_ROOM_MAX_PER_MINUTE, WAITING_ROOM_MIN_PER_MINUTE } from "../rules/waiting-room";
import { VE } from "./event-messages";

/** What the buyer's browser keeps per event (localStorage) and sends back: 43 base64url characters. */
export const WAITING_ROOM_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const ZWaitingRoomToken = z.string().regex(WAITING_ROOM_TOKEN);

/** The organiser's switch and rate (event dashboard). */
export const ZWaitingRoomSettings = z.object({
  enabled: z.boolean(),
  perMinute: z
    .number(VE.waitingRoomRate)
    .int(VE.waitingRoomRate)
    .min(WAITING_ROOM_MIN_PER_MINUTE, VE.waitingRoomRate)
    .max(WAITING_ROOM_MAX_PER_MINUTE, VE.waitingRoomRate),
});
export type TWaitingRoomSettings = z.infer<typeof ZWaitingRoomSettings>;

export const ZSaveWaitingRoomInput = ZWaitingRoomSettings.extend({ eventId: z.uuid() });
export const ZWaitingRoomEventRef = z.object({ eventId: z.uuid() });

/** Joining: with the token of an earlier visit the buyer keeps its place. */
export const ZJoinWaitingRoomInput = z.object({ eventId: z.uuid(), token: ZWaitingRoomToken.nullable().default(null) });
export const ZWaitingRoomStatusInput = z.object({ eventId: z.uuid(), token: ZWaitingRoomToken });

/**
 * Where a buyer stands. `off`: the event has no waiting room on (straight to the shop);
 * `waiting`: `ahead` active buyers before it (`position` = ahead + 1), let in in about
 * `waitSeconds`, ask again after `pollMs`; `admitted`: may hold tickets until `expiresAt`;
 * `expired`: that time ran out; `unknown`: the token is not a place of this event. After
 * `expired` or `unknown` the browser joins again (at the end of the queue).
 */
export const ZWaitingRoomStatus = z.discriminatedUnion("state", [
  z.strictObject({ state: z.literal("off") }),
  z.strictObject({
    state: z.literal("waiting"),
    position: z.number().int(),
    ahead: z.number().int(),
    waitSeconds: z.number().int(),
    perMinute: z.number().int(),
    pollMs: z.number().int(),
  }),
  z.strictObject({ state: z.literal("admitted"), expiresAt: z.date() }),
  z.strictObject({ state: z.literal("expired") }),
  z.strictObject({ state: z.literal("unknown") }),
]);
export type WaitingRoomStatus = z.infer<typeof ZWaitingRoomStatus>;

export const ZJoinWaitingRoomOutput = z.strictObject({ token: ZWaitingRoomToken.nullable(), status: ZWaitingRoomStatus });

/** The organiser's view: the settings and how the room is doing now. */
export const ZWaitingRoomSettingsOutput = z.strictObject({
  eventId: z.string(),
  enabled: z.boolean(),
  perMinute: z.number().int(),
  /** Buyers waiting now (not let in, asked for news lately). */
  waiting: z.number().int(),
  /** Buyers let in during the last ten minutes. */
  admittedLast10Minutes: z.number().int(),
});
