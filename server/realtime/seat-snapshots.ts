import type { WatchMessage } from "../../shared/schemas/shop";
import { packSeats } from "../../shared/seating/packed-seats";
import type { AppDeps } from "../deps";
import { readSnapshot } from "../modules/shop/availability";
import type { ShopScope } from "../modules/shop/scope";
import { shared } from "../trpc/transformer";

/** What a seat feed reads from: this instance's bus and the database. */
export type SnapshotDeps = Pick<AppDeps, "bus" | "database">;

export type Snapshot = Extract<WatchMessage, { type: "snapshot" }>;

/**
 * A snapshot serves every watcher that asks at the same delivery number within this age: it
 * holds every change announced up to that number; later ones reach the watchers as deltas.
 * Only holds that lapse by time (without an announcement yet) can be this much older in it.
 */
export const SNAPSHOT_MAX_AGE_MS = 1000;
const MAX_CACHED = 2000;

type Entry = { version: number; at: number; snapshot: Promise<Snapshot> };
/** Per instance (its bus numbers the deliveries), per scope: the newest snapshot. */
const cache = new Map<string, Entry>();

/**
 * The scope's seat map at delivery number `version` of this instance's bus: one database read
 * and one serialisation for all the watchers that connect together (an on-sale opening brings
 * thousands at once), never one read per watcher. Its seats are packed per block and row
 * (decision 032): late in a sale an 18,000-seat date's snapshot is ~20 KB, not ~500 KB.
 */
export function sharedSnapshot(deps: SnapshotDeps, scope: ShopScope, version: number): Promise<Snapshot> {
  const key = `${deps.bus.instanceId}:${scope.scopeId}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.version === version && now - hit.at < SNAPSHOT_MAX_AGE_MS) return hit.snapshot;
  const snapshot = readSnapshot(deps.database.db, scope).then((s) =>
    shared({ type: "snapshot" as const, version, seats: packSeats(s.seats), counters: s.counters }),
  );
  const entry = { version, at: now, snapshot };
  cache.set(key, entry);
  snapshot.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  if (cache.size > MAX_CACHED) {
    for (const [k, e] of cache) if (now - e.at >= SNAPSHOT_MAX_AGE_MS) cache.delete(k);
  }
  return snapshot;
}
