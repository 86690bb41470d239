import { sql } from "drizzle-orm";
import { isUnpublished } from "../../../shared/rules/event-status";
import { estimatedWaitSeconds, pollIntervalMs } from "../../../shared/rules/waiting-room";
import type { EventStatus } from "../../../shared/schemas/events";
import type { WaitingRoomStatus } from "../../../shared/schemas/waiting-room";
import type { Db } from "../../db/client";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { consumeRateLimit } from "../../lib/rate-limit";
import { ABANDONED_AFTER_SECONDS, admitNext, insertPlace } from "./admission";
import { hashToken, newToken } from "./tokens";
import { countAhead, forgetView, queueView, viewAdd, viewAdmitted } from "./view";

/**
 * A buyer's place in an event's waiting room (decision 033): joining, and where it stands. Every
 * call that finds buyers waiting also runs an admission step (at most every half second per
 * event and instance while only polls ask; at every join), so the room needs no job of its own.
 */

/** A waiting entry's last_seen_at is written at most this often (a poll every few seconds would be a write each). */
const TOUCH_SECONDS = 20;
/** Polls start an admission step at most this often per event and instance. */
const STEP_MS = 500;
/** How long an admission lets a buyer hold tickets: the hold time plus five minutes to choose. */
export const admissionSeconds = (deps: Pick<AppDeps, "config">) => deps.config.HOLD_TTL_SECONDS + 300;

type Room = { id: string; status: EventStatus; enabled: boolean; perMinute: number };
type Entry = { id: string; eventId: string; position: number; lastSeenAt: Date; admittedAt: Date | null; expiresAt: Date | null };

const rooms = new Map<string, { at: number; room: Promise<Room | null> }>();
const lastStep = new Map<string, number>();

/** The event's room settings, cached for a second (the shop's scope is too). */
function readRoom(db: Db, eventId: string): Promise<Room | null> {
  const hit = rooms.get(eventId);
  if (hit && Date.now() - hit.at < 1000) return hit.room;
  const room = txRows<{ id: string; status: EventStatus; enabled: boolean; per_minute: number }>(
    db,
    sql`select id, status::text as status, waiting_room_enabled as enabled, waiting_room_per_minute as per_minute from events where id = ${eventId}`,
  ).then(([r]) => (r ? { id: r.id, status: r.status, enabled: r.enabled, perMinute: Number(r.per_minute) } : null));
  rooms.set(eventId, { at: Date.now(), room });
  room.catch(() => rooms.delete(eventId));
  if (rooms.size > 5000) rooms.delete(rooms.keys().next().value!);
  return room;
}

/** Drops what this instance cached of an event's room (its settings were saved). */
export function forgetRoom(eventId: string): void {
  rooms.delete(eventId);
  forgetView(eventId);
}

async function findEntry(db: Db, token: string): Promise<Entry | null> {
  const [row] = await txRows<{ id: string; event_id: string; position: number | string; last_seen_at: string | Date; admitted_at: string | Date | null; admission_expires_at: string | Date | null }>(
    db,
    sql`select id, event_id, position, last_seen_at, admitted_at, admission_expires_at from waiting_room_entries where token_hash = ${hashToken(token)}`,
  );
  if (!row) return null;
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  return { id: row.id, eventId: row.event_id, position: Number(row.position), lastSeenAt: new Date(row.last_seen_at), admittedAt: date(row.admitted_at), expiresAt: date(row.admission_expires_at) };
}

/** Where an entry stands at `now`; keeps it active and lets buyers in on the way. */
async function statusOf(deps: AppDeps, room: Room, entry: Entry, now: Date, forceStep: boolean): Promise<WaitingRoomStatus> {
  const db = deps.database.db;
  const t = now.getTime();
  if (entry.admittedAt) return entry.expiresAt && entry.expiresAt.getTime() > t ? { state: "admitted", expiresAt: entry.expiresAt } : { state: "expired" };
  if (entry.lastSeenAt.getTime() <= t - TOUCH_SECONDS * 1000) {
    await txRows(db, sql`update waiting_room_entries set last_seen_at = ${now.toISOString()}::timestamptz where id = ${entry.id} and last_seen_at < ${now.toISOString()}::timestamptz returning id`);
    // A buyer that was skipped for a while is back in the queue at its old place.
    if (entry.lastSeenAt.getTime() < t - ABANDONED_AFTER_SECONDS * 1000) viewAdd(room.id, entry.position);
  }
  const previous = lastStep.get(room.id);
  if (forceStep || previous === undefined || t < previous || t - previous >= STEP_MS) {
    lastStep.set(room.id, t);
    const result = await admitNext(db, { eventId: room.id, now, validitySeconds: admissionSeconds(deps) });
    if (result.ran) viewAdmitted(room.id, result.admitted, result.lastSlotUs);
    if (result.admitted.includes(entry.position)) return admittedNow(deps, now);
  }
  return waitingStatus(db, room, entry.position, now);
}

const admittedNow = (deps: AppDeps, now: Date): WaitingRoomStatus => ({ state: "admitted", expiresAt: new Date(now.getTime() + admissionSeconds(deps) * 1000) });

/** A waiting place's news: how many active places are ahead, the estimated wait, when to ask again. */
async function waitingStatus(db: Db, room: Room, position: number, now: Date): Promise<WaitingRoomStatus> {
  const t = now.getTime();
  const view = await queueView(db, room.id, t);
  const ahead = countAhead(view.positions, position);
  const waitSeconds = estimatedWaitSeconds({ lastSlotUs: view.lastSlotUs, nowUs: t * 1000, perMinute: room.perMinute, ahead });
  return { state: "waiting", position: ahead + 1, ahead, waitSeconds, perMinute: room.perMinute, pollMs: pollIntervalMs(ahead) };
}

async function openRoom(db: Db, eventId: string): Promise<Room> {
  const room = await readRoom(db, eventId);
  if (!room || isUnpublished(room.status)) throw new AppError("NOT_FOUND", { field: "eventId" });
  return room;
}

/**
 * Joins an event's waiting room, or comes back to the place a token names (a reload keeps it).
 * A token of another event, or whose admission ran out, gets a new place at the end. New places
 * are counted per address and event (WAITING_ROOM_JOINS_PER_MINUTE).
 */
export async function joinWaitingRoom(
  deps: AppDeps,
  options: { eventId: string; token: string | null; ip: string; now?: Date },
): Promise<{ token: string | null; status: WaitingRoomStatus }> {
  const now = options.now ?? new Date();
  const db = deps.database.db;
  const room = await openRoom(db, options.eventId);
  if (!room.enabled) return { token: null, status: { state: "off" } };
  if (options.token) {
    const entry = await findEntry(db, options.token);
    if (entry && entry.eventId === room.id) {
      const status = await statusOf(deps, room, entry, now, true);
      if (status.state !== "expired") return { token: options.token, status };
    }
  }
  await consumeRateLimit(deps.database, { key: `waiting-room:${room.id}:${options.ip}`, limit: deps.config.WAITING_ROOM_JOINS_PER_MINUTE, windowSeconds: 60 });
  const token = newToken();
  const { position, step } = await insertPlace(db, { eventId: room.id, now, validitySeconds: admissionSeconds(deps), tokenHash: hashToken(token) });
  lastStep.set(room.id, now.getTime());
  viewAdd(room.id, position);
  viewAdmitted(room.id, step.admitted, step.lastSlotUs);
  return { token, status: step.admitted.includes(position) ? admittedNow(deps, now) : await waitingStatus(db, room, position, now) };
}

/** Where the place of `token` stands (the waiting page asks every `pollMs`). */
export async function waitingRoomStatus(deps: AppDeps, options: { eventId: string; token: string; now?: Date }): Promise<WaitingRoomStatus> {
  const now = options.now ?? new Date();
  const db = deps.database.db;
  const room = await openRoom(db, options.eventId);
  if (!room.enabled) return { state: "off" };
  const entry = await findEntry(db, options.token);
  if (!entry || entry.eventId !== room.id) return { state: "unknown" };
  return statusOf(deps, room, entry, now, false);
}
