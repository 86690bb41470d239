import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZCheckinUpload } from "../../../shared/schemas/checkin";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { recordScan, type ScanOutcome } from "./checkin";
import { loadGate, type StaffUser } from "./gate";
import { doorCounts, scopeOfDate, ticketQuery, toEntry, toTicket, type TicketRow } from "./tickets";

/**
 * A delta looks back this far before the cursor: a line changed by a transaction that committed
 * after the last look, but stamped before it, is still sent (decision 018).
 */
const DELTA_OVERLAP_MS = 60_000;
/** Search results at most. */
const SEARCH_LIMIT = 25;

/**
 * Offline scans that met an entry of another device: each with every scan of its ticket at the
 * date, so both devices show the conflict after they synced.
 */
async function conflicts(db: DbOrTx, dateId: string) {
  const rows = await txRows<{ line_id: string; entries: { id: string; outcome: string; device_id: string; device_label: string; scanned_at: string; offline: boolean; undone: boolean }[] | string }>(
    db,
    sql`select c.line_id, json_agg(json_build_object('id', a.id, 'outcome', a.outcome, 'device_id', a.device_id, 'device_label', a.device_label,
              'scanned_at', a.scanned_at, 'offline', a.offline, 'undone', a.undone_at is not null) order by a.scanned_at) as entries
        from (select distinct line_id from checkins where event_date_id = ${dateId} and outcome = 'conflict') c
        join checkins a on a.line_id = c.line_id and a.event_date_id = ${dateId}
        group by c.line_id`,
  );
  return rows.map((r) => ({
    lineId: r.line_id,
    entries: (typeof r.entries === "string" ? (JSON.parse(r.entries) as Exclude<typeof r.entries, string>) : r.entries).map((e) => ({
      id: e.id,
      outcome: e.outcome as "admitted" | "conflict",
      deviceId: e.device_id,
      deviceLabel: e.device_label,
      scannedAt: new Date(e.scanned_at).toISOString(),
      offline: e.offline,
      undone: e.undone,
    })),
  }));
}

/**
 * The ticket list a device keeps for a date (issue 18 item 4): every ticket line valid at the
 * door with its state, buyer, place and entry, cancelled ones included (the revocation list).
 * With `since`, only lines changed since then (triggers stamp every change of a line and of its
 * order's state). The device asks every few seconds and sends back `serverTime` as `since`.
 */
export async function syncTickets(deps: AppDeps, user: StaffUser, input: { dateId: string; since: Date | null }) {
  const db = deps.database.db;
  const gate = await loadGate(db, user, input.dateId);
  const [{ now } = { now: new Date() }] = await txRows<{ now: Date | string }>(db, sql`select clock_timestamp() as now`);
  const since = input.since ? new Date(input.since.getTime() - DELTA_OVERLAP_MS) : null;
  const rows = await txRows<TicketRow>(
    db,
    ticketQuery(gate.date.id, sql`${scopeOfDate(gate)} and o.organiser_id = ${gate.organiserId} ${since ? sql`and l.changed_at > ${since.toISOString()}::timestamptz` : sql``}`),
  );
  return {
    serverTime: new Date(now),
    full: since === null,
    tickets: rows.map((r) => ({ ...toTicket(r), entry: toEntry(r) })),
    counts: await doorCounts(db, gate),
    conflicts: await conflicts(db, gate.date.id),
  };
}

/** Tickets of a date by buyer name, email or order number (the page's search; offline it searches its list). */
export async function searchTickets(deps: AppDeps, user: StaffUser, input: { dateId: string; query: string }) {
  const db = deps.database.db;
  const gate = await loadGate(db, user, input.dateId);
  const q = `%${input.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await txRows<TicketRow>(
    db,
    ticketQuery(
      gate.date.id,
      sql`${scopeOfDate(gate)} and o.organiser_id = ${gate.organiserId} and o.search_text like ${q}`,
      sql`order by o.buyer->>'lastName', o.number, l.created_at limit ${SEARCH_LIMIT}`,
    ),
  );
  return rows.map((r) => ({ ...toTicket(r), entry: toEntry(r) }));
}

/**
 * A device's queue of offline scans, in the order they happened. Each is recorded as an online
 * scan would be, with the device's time; a batch sent twice writes nothing twice (nonces).
 */
export async function uploadScans(deps: AppDeps, user: StaffUser, input: z.output<typeof ZCheckinUpload>) {
  const gate = await loadGate(deps.database.db, user, input.dateId);
  const results: { nonce: string; outcome: ScanOutcome; verdict: string; lineId: string | null; checkinId: string | null }[] = [];
  const scans = [...input.scans].sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime());
  for (const scan of scans) {
    // A device clock ahead of the server's cannot date a scan in the future.
    const scannedAt = new Date(Math.min(scan.scannedAt.getTime(), Date.now()));
    let r: Awaited<ReturnType<typeof recordScan>>;
    try {
      r = await recordScan(deps, user, gate, { ...scan, scannedAt, deviceId: input.deviceId, deviceLabel: input.deviceLabel });
    } catch (err) {
      // A nonce already used by another staff member or date: this scan is refused, the batch goes on
      // (one bad scan must not keep the rest of a device's queue from the server for ever).
      if (!(err instanceof AppError) || err.code !== "CONFLICT") throw err;
      results.push({ nonce: scan.nonce, outcome: "refused", verdict: "unknown", lineId: null, checkinId: null });
      continue;
    }
    results.push({
      nonce: scan.nonce,
      outcome: r.outcome,
      verdict: r.verdict.kind,
      lineId: "ticket" in r.verdict && r.verdict.ticket ? r.verdict.ticket.lineId : null,
      checkinId: r.checkinId,
    });
  }
  return { results, counts: await doorCounts(deps.database.db, gate) };
}
