import { sql } from "drizzle-orm";
import { admissionBurst, admissionSlots } from "../../../shared/rules/waiting-room";
import type { Db, Tx } from "../../db/client";
import { pgArray, txRows } from "../../db/sql";
import { AppError } from "../../lib/app-error";
import { hashToken } from "./tokens";

/**
 * Letting buyers in (decision 033). One admission step of an event runs in one transaction under
 * the event's advisory lock: it reads the slot of the last admission, asks the GCRA rule
 * (shared/rules/waiting-room.ts) which slots are free now, and gives them to the next active
 * entries by position. A poll's step skips when another step of the event is running (try-lock):
 * that one admits for everybody, so no two steps can both spend the same budget. A join waits
 * for the lock, makes its place and runs a step in the same transaction.
 */

/** A waiting buyer that has not asked for news for this long is skipped (it keeps its place if it comes back). */
export const ABANDONED_AFTER_SECONDS = 120;

/** Tests only: see `setWaitingRoomTesting`. */
let pauseSeconds: number | (() => number) = 0;
let skipLock = false;

export type WaitingRoomTesting = {
  /** Sleep this long (or as long as the function says, each time) inside a step, between reading the budget and spending it. */
  pauseSeconds?: number | (() => number);
  /** The control run: steps do not take the event's lock (two of them then spend one budget twice). */
  skipLock?: boolean;
};

/** Tests only: widens the window of an admission step, and lets a control run drop its lock. Never set outside tests. */
export function setWaitingRoomTesting(options: WaitingRoomTesting | null): void {
  pauseSeconds = options?.pauseSeconds ?? 0;
  skipLock = options?.skipLock ?? false;
}

export type AdmissionResult = {
  /** False when another step of this event was running (it admits for everybody). */
  ran: boolean;
  /** Positions let in by this step, in order. */
  admitted: number[];
  /** The slot of the event's last admission (µs since the epoch), after this step. */
  lastSlotUs: number | null;
};

type RoomState = { enabled: boolean; per_minute: number; last_us: number | string | null };

type StepOptions = { eventId: string; now: Date; validitySeconds: number };

const lockKey = (eventId: string) => sql`hashtextextended(${`waiting-room:${eventId}`}, 0)`;

/** Lets in as many waiting buyers of an event as its rate allows at `now`; skips if another step of the event is running. */
export async function admitNext(db: Db, options: StepOptions): Promise<AdmissionResult> {
  return db.transaction(async (tx) => {
    if (!skipLock) {
      const [lock] = await txRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${lockKey(options.eventId)}) as ok`);
      if (!lock?.ok) return { ran: false, admitted: [], lastSlotUs: null };
    }
    return stepLocked(tx, options);
  });
}

/**
 * A new place at the end of an event's queue, then an admission step (it may be let in at once),
 * in one transaction under the event's lock: places are numbered in the order they commit, so no
 * step ever sees a later place while an earlier one is still being made (first come, first served).
 */
export async function insertPlace(db: Db, options: StepOptions & { tokenHash: string }): Promise<{ position: number; step: AdmissionResult }> {
  const at = options.now.toISOString();
  return db.transaction(async (tx) => {
    if (!skipLock) await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(options.eventId)})`);
    const [row] = await txRows<{ position: number | string }>(
      tx,
      sql`insert into waiting_room_entries (event_id, token_hash, created_at, last_seen_at)
          values (${options.eventId}, ${options.tokenHash}, ${at}::timestamptz, ${at}::timestamptz) returning position`,
    );
    return { position: Number(row!.position), step: await stepLocked(tx, options) };
  });
}

/** One admission step in `tx`, which holds the event's lock (or, in the control run, does not). */
async function stepLocked(tx: Tx, options: StepOptions): Promise<AdmissionResult> {
  const { eventId, now } = options;
  const nowUs = now.getTime() * 1000;
  const [room] = await txRows<RoomState>(
    tx,
    sql`select e.waiting_room_enabled as enabled, e.waiting_room_per_minute as per_minute,
          (select (extract(epoch from max(w.admitted_at)) * 1000000)::float8 from waiting_room_entries w where w.event_id = e.id) as last_us
        from events e where e.id = ${eventId}`,
  );
  if (!room?.enabled) return { ran: true, admitted: [], lastSlotUs: null };
  const lastSlotUs = room.last_us === null ? null : Number(room.last_us);
  const pause = typeof pauseSeconds === "function" ? pauseSeconds() : pauseSeconds;
  if (pause > 0) await tx.execute(sql`select pg_sleep(${pause})`);
  const slots = admissionSlots({ lastSlotUs, nowUs, perMinute: room.per_minute, waiting: admissionBurst(room.per_minute) });
  if (slots.length === 0) return { ran: true, admitted: [], lastSlotUs };
  // Each entry's admitted_at is its slot (at most ten seconds before now): the next step reads the budget from it.
  const offsets = pgArray(slots.map((s) => String(nowUs - s)));
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_SECONDS * 1000);
  const rows = await txRows<{ position: number | string; slot_us: number | string }>(
    tx,
    sql`with next as (
          select id, row_number() over (order by position) as n from waiting_room_entries
          where event_id = ${eventId} and admitted_at is null and last_seen_at >= ${cutoff.toISOString()}::timestamptz
          order by position limit ${slots.length}
        )
        update waiting_room_entries w
        set admitted_at = ${now.toISOString()}::timestamptz - (${offsets}::float8[])[next.n::int] * interval '1 microsecond',
            admission_expires_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${options.validitySeconds})
        from next where w.id = next.id and w.admitted_at is null
        returning w.position, (extract(epoch from w.admitted_at) * 1000000)::float8 as slot_us`,
  );
  const admitted = rows.map((r) => Number(r.position)).sort((a, b) => a - b);
  const last = rows.reduce<number | null>((max, r) => Math.max(max ?? -Infinity, Number(r.slot_us)), lastSlotUs);
  return { ran: true, admitted, lastSlotUs: last };
}

/** Admissions this instance has checked: token hash and event → valid until (ms). Admissions are never withdrawn. */
const admittedCache = new Map<string, number>();
const ADMITTED_CACHE_MAX = 50_000;

/**
 * The gate of the online shop's holds: with the event's waiting room on, a hold needs the token
 * of a place that was let in and whose admission is still valid. Box office and resellers do not
 * come through here.
 */
export async function assertAdmitted(
  db: Db,
  options: { event: { id: string; waitingRoomEnabled: boolean }; token: string | undefined; now?: Date },
): Promise<void> {
  if (!options.event.waitingRoomEnabled) return;
  if (!options.token) throw new AppError("WAITING_ROOM_NOT_ADMITTED", { field: "admission" });
  const now = (options.now ?? new Date()).getTime();
  const hash = hashToken(options.token);
  const key = `${options.event.id}:${hash}`;
  const known = admittedCache.get(key);
  if (known !== undefined && known > now) return;
  const [row] = await txRows<{ until: string | Date | null }>(
    db,
    sql`select admission_expires_at as until from waiting_room_entries where token_hash = ${hash} and event_id = ${options.event.id}`,
  );
  const until = row?.until ? new Date(row.until).getTime() : null;
  if (until === null || until <= now) throw new AppError("WAITING_ROOM_NOT_ADMITTED", { field: "admission" });
  if (admittedCache.size >= ADMITTED_CACHE_MAX) admittedCache.delete(admittedCache.keys().next().value!);
  admittedCache.set(key, until);
}
