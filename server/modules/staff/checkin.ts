import { sql } from "drizzle-orm";
import type { z } from "zod";
import { parseTicketCode, parseTicketReference } from "../../../shared/checkin/code";
import { checkinVerdict, type CheckinGate, type CheckinVerdict } from "../../../shared/rules/checkin";
import type { ZCheckinScan } from "../../../shared/schemas/checkin";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { readTicketCode } from "../orders/ticket-code";
import { loadGate, type StaffUser } from "./gate";
import { doorCounts, lineOfReference, ticketAtDoor, toEntry, toTicket } from "./tickets";

export type ScanOutcome = "admitted" | "conflict" | "refused" | "repeated";
export type ScanResult = { verdict: CheckinVerdict; outcome: ScanOutcome; checkinId: string | null };

type Gate = CheckinGate & { organiserId: string };
type Scan = { code: string; nonce: string; deviceId: string; deviceLabel: string; scannedAt: Date | null };

/** Test lever for the race test's control run: decide without the line's lock. */
export const checkinTestLevers = { skipLineLock: false };

/**
 * What a scanned string names: a genuine code's line (with what a signed code says of its event
 * and date), a typed reference's line, or nothing (forged, altered, garbage).
 */
async function resolveScan(deps: AppDeps, db: DbOrTx, gate: Gate, input: string) {
  const parsed = parseTicketCode(input);
  if (parsed) {
    const read = readTicketCode(deps.config.APP_SECRET, input);
    if (!read) return null;
    return { lineId: read.lineId, code: read.signed ? { eventId: read.signed.eventId, scopeId: read.signed.scopeId } : {} };
  }
  const reference = parseTicketReference(input);
  if (!reference || reference.position < 1) return null;
  const lineId = await lineOfReference(db, gate.organiserId, reference);
  return lineId ? { lineId, code: {} } : { lineId: null, code: {} };
}

/**
 * One scan, decided and recorded in one transaction (decision 018). The line's row lock orders
 * scans of one ticket; the partial unique index on (line, date) of admitted entries guarantees
 * that only one of them is admitted whatever happens; the nonce makes a retried or replayed scan
 * answer what it answered first, writing nothing again. Online, a VALID ticket is admitted and
 * its line marked checked in. Offline scans (`scannedAt` set) were admitted on the device
 * already: one that finds the ticket admitted by another scan is recorded as a conflict.
 */
export async function recordScan(deps: AppDeps, user: StaffUser, gate: Gate, scan: Scan): Promise<ScanResult> {
  const db = deps.database.db;
  return db.transaction(async (tx) => {
    const prior = await priorScan(tx, scan.nonce);
    if (prior) return repeated(tx, user, gate, prior);

    const resolved = await resolveScan(deps, tx, gate, scan.code);
    if (!resolved) return refused({ kind: "forged" });
    if (!resolved.lineId) return refused({ kind: "unknown" });
    const row = await ticketAtDoor(tx, gate.organiserId, gate.date.id, resolved.lineId, !checkinTestLevers.skipLineLock);
    // The same nonce may have been recorded while this scan waited for the line's lock (a retry
    // sent while the first was under way): it answers what the first answered.
    const racedIn = await priorScan(tx, scan.nonce);
    if (racedIn) return repeated(tx, user, gate, racedIn);
    const ticket = row ? toTicket(row) : null;
    const entry = row ? toEntry(row) : null;
    const offline = scan.scannedAt !== null;
    const verdict = checkinVerdict({ gate, code: resolved.code, ticket, entry, now: scan.scannedAt ?? new Date() });

    if (offline && verdict.kind === "already_checked_in") {
      // Admitted on the device while another scan had admitted it: both devices are told.
      const [c] = await txRows<{ id: string }>(tx, insertCheckin(user, gate, ticket!, scan, "conflict"));
      const sameScan = c ? undefined : await priorScan(tx, scan.nonce);
      if (sameScan) return repeated(tx, user, gate, sameScan);
      return { verdict, outcome: "conflict", checkinId: c?.id ?? null };
    }
    if (verdict.kind !== "valid" || !ticket) return refused(verdict);

    const [admitted] = await txRows<{ id: string }>(tx, insertCheckin(user, gate, ticket, scan, "admitted"));
    if (!admitted) {
      // The same nonce raced in (unique nonce): the first scan's answer.
      const sameScan = await priorScan(tx, scan.nonce);
      if (sameScan) return repeated(tx, user, gate, sameScan);
      // Another scan of this ticket got in first: decide again on what is there now.
      const again = await ticketAtDoor(tx, gate.organiserId, gate.date.id, ticket.lineId, false);
      return refused(checkinVerdict({ gate, code: resolved.code, ticket: toTicket(again!), entry: toEntry(again!), now: new Date() }));
    }
    const season = ticket.eventId !== gate.eventId;
    await tx.execute(
      sql`update order_lines set status = ${season ? sql`status` : sql`'checked_in'`},
            checked_in_at = greatest(coalesce(checked_in_at, ${scanTime(scan)}), ${scanTime(scan)})
          where id = ${ticket.lineId}`,
    );
    return {
      verdict: { kind: "valid", ticket: { ...ticket, lineStatus: season ? ticket.lineStatus : "checked_in" } },
      outcome: "admitted",
      checkinId: admitted.id,
    };
  });
}

/**
 * When a scan happened, as SQL: the device's time of an offline scan, else the transaction's.
 * A Date is sent as ISO text with a cast (postgres-js under drizzle does not serialise a Date
 * parameter of a raw query; PGlite does, so only Postgres showed it).
 */
function scanTime(scan: Scan) {
  return scan.scannedAt ? sql`${scan.scannedAt.toISOString()}::timestamptz` : sql`now()`;
}

function refused(verdict: CheckinVerdict): ScanResult {
  return { verdict, outcome: "refused", checkinId: null };
}

function insertCheckin(user: StaffUser, gate: Gate, ticket: { lineId: string; orderId: string }, scan: Scan, outcome: "admitted" | "conflict") {
  return sql`insert into checkins (organiser_id, event_id, event_date_id, line_id, order_id, staff_user_id, device_id, device_label, nonce, outcome, offline, scanned_at)
    values (${gate.organiserId}, ${gate.eventId}, ${gate.date.id}, ${ticket.lineId}, ${ticket.orderId}, ${user.id}, ${scan.deviceId}, ${scan.deviceLabel},
            ${scan.nonce}, ${outcome}, ${scan.scannedAt !== null}, ${scanTime(scan)})
    on conflict do nothing returning id`;
}

type PriorScan = { id: string; line_id: string; outcome: "admitted" | "conflict"; staff_user_id: string | null; event_date_id: string };

/** The scan recorded under a nonce, if any (read anew: under READ COMMITTED it sees what committed meanwhile). */
async function priorScan(tx: DbOrTx, nonce: string): Promise<PriorScan | undefined> {
  const [prior] = await txRows<PriorScan>(tx, sql`select id, line_id, outcome::text as outcome, staff_user_id, event_date_id from checkins where nonce = ${nonce}`);
  return prior;
}

/** A scan sent again (a retry after a lost answer, a replayed upload): the first answer, nothing written. */
async function repeated(
  tx: DbOrTx,
  user: StaffUser,
  gate: Gate,
  prior: PriorScan,
): Promise<ScanResult> {
  if (prior.staff_user_id !== user.id || prior.event_date_id !== gate.date.id) throw new AppError("CONFLICT", { field: "nonce" });
  const row = await ticketAtDoor(tx, gate.organiserId, gate.date.id, prior.line_id, false);
  const ticket = toTicket(row!);
  const verdict: CheckinVerdict = prior.outcome === "admitted" ? { kind: "valid", ticket } : { kind: "already_checked_in", ticket, entry: toEntry(row!) };
  return { verdict, outcome: "repeated", checkinId: prior.id };
}

/** An online scan at the door. */
export async function scanAtDoor(deps: AppDeps, user: StaffUser, input: z.output<typeof ZCheckinScan>) {
  const gate = await loadGate(deps.database.db, user, input.dateId);
  const result = await recordScan(deps, user, gate, { ...input, scannedAt: null });
  return { ...result, counts: await doorCounts(deps.database.db, gate) };
}

/**
 * Undoes a check-in the staff member made (a wrong tap): the entry is kept as history and marked
 * undone, the ticket may enter again; its line is checked in only while another entry stands.
 */
export async function undoCheckin(deps: AppDeps, user: StaffUser, which: { checkinId: string } | { nonce: string }) {
  return deps.database.db.transaction(async (tx) => {
    const [c] = await txRows<{ id: string; line_id: string; event_date_id: string }>(
      tx,
      sql`select id, line_id, event_date_id from checkins
          where ${"checkinId" in which ? sql`id = ${which.checkinId}` : sql`nonce = ${which.nonce}`} and staff_user_id = ${user.id} and organiser_id = ${user.organiserId}`,
    );
    if (!c) throw new AppError("NOT_FOUND");
    await loadGate(tx, user, c.event_date_id);
    await tx.execute(sql`select 1 from order_lines where id = ${c.line_id} for no key update`);
    const [undone] = await txRows<{ id: string }>(
      tx,
      sql`update checkins set undone_at = now() where id = ${c.id} and outcome = 'admitted' and undone_at is null returning id`,
    );
    if (!undone) throw new AppError("CHECKIN_NOT_UNDOABLE");
    await tx.execute(
      sql`update order_lines l set
            checked_in_at = (select max(scanned_at) from checkins where line_id = l.id and outcome = 'admitted' and undone_at is null),
            status = case when l.status = 'checked_in' and not exists (select 1 from checkins where line_id = l.id and outcome = 'admitted' and undone_at is null)
                          then 'active'::line_status else l.status end
          where l.id = ${c.line_id}`,
    );
    return { ok: true as const };
  });
}
