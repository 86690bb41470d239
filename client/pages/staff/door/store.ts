import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { CheckinEntry, CheckinTicket } from "../../../../shared/rules/checkin";

/**
 * What a check-in device keeps in IndexedDB (issue 18 item 4, decision 018): per date the ticket
 * list with each ticket's entry (fresh from the server every few seconds), the cursor of the last
 * sync, and the queue of scans admitted offline that the server has not taken yet. It survives a
 * reload and a lost network; the queue is emptied only by the server's answer.
 */
export type StoredTicket = CheckinTicket & { dateId: string; entry: CheckinEntry | null };
export type QueuedScan = { nonce: string; dateId: string; code: string; scannedAt: string; lineId: string | null; deviceLabel: string; staffName: string };
export type Conflict = {
  lineId: string;
  entries: { id: string; outcome: "admitted" | "conflict"; deviceId: string; deviceLabel: string; scannedAt: string; offline: boolean; undone: boolean }[];
};
type DateMeta = { dateId: string; serverTime: string | null; counts: { expected: number; checkedIn: number }; conflicts: Conflict[] };

interface DoorDb extends DBSchema {
  tickets: { key: [string, string]; value: StoredTicket; indexes: { byDate: string; byReference: [string, string] } };
  queue: { key: string; value: QueuedScan; indexes: { byDate: string } };
  dates: { key: string; value: DateMeta };
  settings: { key: string; value: unknown };
}

const DB_NAME = "door";
let opened: Promise<IDBPDatabase<DoorDb>> | null = null;

export function doorDb(): Promise<IDBPDatabase<DoorDb>> {
  opened ??= openDB<DoorDb>(DB_NAME, 1, {
    upgrade(db) {
      const tickets = db.createObjectStore("tickets", { keyPath: ["dateId", "lineId"] });
      tickets.createIndex("byDate", "dateId");
      tickets.createIndex("byReference", ["dateId", "reference"]);
      db.createObjectStore("queue", { keyPath: "nonce" }).createIndex("byDate", "dateId");
      db.createObjectStore("dates", { keyPath: "dateId" });
      db.createObjectStore("settings");
    },
  });
  return opened;
}

export async function getSetting<T>(key: string): Promise<T | undefined> {
  return (await (await doorDb()).get("settings", key)) as T | undefined;
}

export async function setSetting(key: string, value: unknown): Promise<void> {
  await (await doorDb()).put("settings", value, key);
}

/** Takes a sync answer: a full list replaces the date's list, a delta updates its tickets. */
export async function applySync(
  dateId: string,
  sync: { serverTime: Date | string; full: boolean; tickets: (CheckinTicket & { entry: CheckinEntry | null })[]; counts: DateMeta["counts"]; conflicts: Conflict[] },
): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction(["tickets", "dates", "queue"], "readwrite");
  const tickets = tx.objectStore("tickets");
  // The server does not know yet of admissions still in this device's queue: their entries stay.
  const queued = new Map((await tx.objectStore("queue").index("byDate").getAll(dateId)).filter((q) => q.lineId).map((q) => [q.lineId!, q]));
  // One range delete and all puts issued at once (awaiting each put in turn made a 20,000-ticket
  // list take seconds to store).
  const writes: Promise<unknown>[] = [];
  if (sync.full) writes.push(tickets.delete(IDBKeyRange.bound([dateId], [dateId, []])));
  for (const t of sync.tickets) {
    const q = queued.get(t.lineId);
    writes.push(tickets.put({ ...t, dateId, entry: t.entry ?? (q ? { id: q.nonce, at: q.scannedAt, deviceLabel: q.deviceLabel, staffName: q.staffName } : null) }));
  }
  writes.push(tx.objectStore("dates").put({ dateId, serverTime: new Date(sync.serverTime).toISOString(), counts: sync.counts, conflicts: sync.conflicts }));
  await Promise.all([...writes, tx.done]);
}

export async function dateMeta(dateId: string): Promise<DateMeta | undefined> {
  return (await doorDb()).get("dates", dateId);
}

export async function ticketOf(dateId: string, lineId: string): Promise<StoredTicket | undefined> {
  return (await doorDb()).get("tickets", [dateId, lineId]);
}

export async function ticketByReference(dateId: string, reference: string): Promise<StoredTicket | undefined> {
  return (await doorDb()).getFromIndex("tickets", "byReference", [dateId, reference]);
}

/** Tickets of the date whose buyer name, order number or reference contain the query (offline search). */
export async function searchStored(dateId: string, query: string, limit = 25): Promise<StoredTicket[]> {
  const q = query.trim().toLowerCase();
  const found: StoredTicket[] = [];
  let cursor = await (await doorDb()).transaction("tickets").store.index("byDate").openCursor(IDBKeyRange.only(dateId));
  while (cursor && found.length < limit) {
    const t = cursor.value;
    if (t.buyerName.toLowerCase().includes(q) || t.orderNumber.toLowerCase().includes(q) || t.reference.toLowerCase().includes(q)) found.push(t);
    cursor = await cursor.continue();
  }
  return found;
}

/** An offline admission: queued for the server, and the ticket's entry set on the device at once. */
export async function queueScan(scan: QueuedScan, entry: CheckinEntry): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction(["queue", "tickets"], "readwrite");
  await tx.objectStore("queue").put(scan);
  if (scan.lineId) {
    const t = await tx.objectStore("tickets").get([scan.dateId, scan.lineId]);
    if (t) await tx.objectStore("tickets").put({ ...t, entry });
  }
  await tx.done;
}

export async function queuedScans(dateId?: string): Promise<QueuedScan[]> {
  const db = await doorDb();
  return dateId ? db.getAllFromIndex("queue", "byDate", dateId) : db.getAll("queue");
}

/** Scans the server has answered leave the queue (whatever it answered: it has them now). */
export async function dropQueued(nonces: string[]): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction("queue", "readwrite");
  for (const n of nonces) await tx.store.delete(n);
  await tx.done;
}

/** Whether this device admitted the ticket offline and the server has not taken the scan yet. */
export async function queuedFor(dateId: string, lineId: string): Promise<QueuedScan | undefined> {
  return (await queuedScans(dateId)).find((s) => s.lineId === lineId);
}

/** Takes back an entry made on this device (an undone offline admission). */
export async function clearEntry(dateId: string, lineId: string): Promise<void> {
  const db = await doorDb();
  const t = await db.get("tickets", [dateId, lineId]);
  if (t) await db.put("tickets", { ...t, entry: null });
}
