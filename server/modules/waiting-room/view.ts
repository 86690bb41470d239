import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { txRows } from "../../db/sql";
import { ABANDONED_AFTER_SECONDS } from "./admission";

/**
 * What this instance knows of an event's queue, to tell a buyer how many are ahead without
 * counting the queue on every poll: the positions of the active waiting entries (sorted) and the
 * slot of the last admission. Read from the database at most once a second per event (and
 * whenever the clock a caller passes moved on by a second); this instance's own joins and
 * admissions update it at once, other instances' within that second.
 */
type QueueView = { readAtWall: number; readAt: number; positions: number[]; lastSlotUs: number | null };

const VIEW_MS = 1000;
const views = new Map<string, QueueView>();
/** Reads in flight, with what this instance changed meanwhile (replayed on the result: the read may have missed it). */
const reading = new Map<string, { view: Promise<QueueView>; changes: ((view: QueueView) => void)[] }>();

async function readView(db: Db, eventId: string, now: number): Promise<QueueView> {
  const cutoff = new Date(now - ABANDONED_AFTER_SECONDS * 1000).toISOString();
  return db.transaction(async (tx) => {
    const rows = await txRows<{ position: number | string }>(
      tx,
      sql`select position from waiting_room_entries
          where event_id = ${eventId} and admitted_at is null and last_seen_at >= ${cutoff}::timestamptz order by position`,
    );
    const [last] = await txRows<{ us: number | string | null }>(
      tx,
      sql`select (extract(epoch from max(admitted_at)) * 1000000)::float8 as us from waiting_room_entries where event_id = ${eventId}`,
    );
    return { readAtWall: Date.now(), readAt: now, positions: rows.map((r) => Number(r.position)), lastSlotUs: last?.us == null ? null : Number(last.us) };
  });
}

/** The event's queue as of `now` (at most a second old). */
export async function queueView(db: Db, eventId: string, now: number): Promise<QueueView> {
  const known = views.get(eventId);
  if (known && Date.now() - known.readAtWall < VIEW_MS && Math.abs(now - known.readAt) < VIEW_MS) return known;
  let pending = reading.get(eventId);
  if (!pending) {
    const changes: ((view: QueueView) => void)[] = [];
    const view = readView(db, eventId, now).then((read) => {
      for (const change of changes) change(read);
      views.set(eventId, read);
      if (views.size > 1000) views.delete(views.keys().next().value!);
      return read;
    });
    pending = { view: view.finally(() => reading.delete(eventId)), changes };
    reading.set(eventId, pending);
  }
  return pending.view;
}

/** Applies a change to the event's view, and to the view being read if a read is in flight. */
function change(eventId: string, apply: (view: QueueView) => void): void {
  const view = views.get(eventId);
  if (view) apply(view);
  reading.get(eventId)?.changes.push(apply);
}

/** Index of the first position not below `position` = how many active entries are ahead of it. */
export function countAhead(positions: readonly number[], position: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (positions[mid]! < position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** An entry joined (or came back after being skipped) on this instance. */
export function viewAdd(eventId: string, position: number): void {
  change(eventId, (view) => {
    const at = countAhead(view.positions, position);
    if (view.positions[at] !== position) view.positions.splice(at, 0, position);
  });
}

/** An admission step of this instance let these positions in. */
export function viewAdmitted(eventId: string, positions: readonly number[], lastSlotUs: number | null): void {
  if (positions.length === 0) return;
  const gone = new Set(positions);
  change(eventId, (view) => {
    view.positions = view.positions.filter((p) => !gone.has(p));
    if (lastSlotUs !== null && (view.lastSlotUs === null || lastSlotUs > view.lastSlotUs)) view.lastSlotUs = lastSlotUs;
  });
}

/** Forgets what this instance knows of an event's queue (its settings changed). */
export function forgetView(eventId: string): void {
  views.delete(eventId);
}
