import { sql, type SQL } from "drizzle-orm";
import type { CheckinEntry, CheckinTicket } from "../../../shared/rules/checkin";
import type { LineStatus, OrderStatus } from "../../../shared/schemas/orders";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";

/** A ticket line as the door sees it, with its entry for one date (one row shape for every read). */
export type TicketRow = {
  line_id: string;
  order_id: string;
  order_number: string;
  position: number | string;
  event_id: string;
  scope_id: string;
  line_status: LineStatus;
  order_status: OrderStatus;
  category_name: string;
  place_labels: string[] | string;
  places: number;
  first_name: string | null;
  last_name: string | null;
  validity_start_time: string | null;
  validity_end_time: string | null;
  hard_ticket: boolean;
  activated: boolean;
  entry_id: string | null;
  entry_at: Date | string | null;
  entry_device: string | null;
  entry_staff: string | null;
};

/**
 * The columns and joins of a ticket at a date's door: the line, its order (number, state, buyer),
 * its category's validity times, its position in the order (the printed reference), whether it
 * is a hard ticket and activated (issue 20) and its admitted entry for the date. `where` filters
 * `l` (order_lines) and `o` (orders).
 */
export function ticketQuery(dateId: string, where: SQL, tail: SQL = sql``): SQL {
  return sql`select l.id as line_id, l.order_id, o.number as order_number,
      (select count(*) from order_lines x where x.order_id = l.order_id and (x.created_at, x.id) <= (l.created_at, l.id)) as position,
      l.event_id, l.scope_id, l.status::text as line_status, o.status::text as order_status, l.category_name, l.place_labels, l.places,
      o.buyer->>'firstName' as first_name, o.buyer->>'lastName' as last_name,
      tc.validity_start_time, tc.validity_end_time,
      o.channel = 'hard_ticket' as hard_ticket, l.activated_at is not null as activated,
      en.id as entry_id, en.scanned_at as entry_at, en.device_label as entry_device, en.staff_name as entry_staff
    from order_lines l
    join orders o on o.id = l.order_id
    left join ticket_categories tc on tc.id = l.ticket_category_id
    left join lateral (
      select c.id, c.scanned_at, c.device_label, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as staff_name
      from checkins c left join users u on u.id = c.staff_user_id
      where c.line_id = l.id and c.event_date_id = ${dateId} and c.outcome = 'admitted' and c.undone_at is null
      limit 1
    ) en on true
    where ${where} ${tail}`;
}

export function toTicket(r: TicketRow): CheckinTicket {
  const labels = typeof r.place_labels === "string" ? (JSON.parse(r.place_labels) as string[]) : r.place_labels;
  return {
    lineId: r.line_id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    reference: `${r.order_number}-${Number(r.position)}`,
    eventId: r.event_id,
    scopeId: r.scope_id,
    lineStatus: r.line_status,
    orderStatus: r.order_status,
    categoryName: r.category_name,
    placeLabels: labels,
    places: r.places,
    buyerName: `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim(),
    validityStartTime: r.validity_start_time,
    validityEndTime: r.validity_end_time,
    hardTicket: r.hard_ticket === true,
    activated: r.activated === true,
  };
}

export function toEntry(r: TicketRow): CheckinEntry | null {
  if (!r.entry_id || !r.entry_at) return null;
  return { id: r.entry_id, at: new Date(r.entry_at).toISOString(), deviceLabel: r.entry_device ?? "", staffName: r.entry_staff ?? "" };
}

/**
 * One ticket line of the organiser with its entry for the date; `lock` takes the line's row lock
 * first, so scans of one ticket decide one after the other (the unique index stays the guard).
 */
export async function ticketAtDoor(tx: DbOrTx, organiserId: string, dateId: string, lineId: string, lock: boolean): Promise<TicketRow | null> {
  // Only a line of the staff member's organiser is locked (a foreign code locks nothing of theirs).
  if (lock) await tx.execute(sql`select 1 from order_lines l join orders o on o.id = l.order_id where l.id = ${lineId} and o.organiser_id = ${organiserId} for no key update of l`);
  const [row] = await txRows<TicketRow>(tx, ticketQuery(dateId, sql`l.id = ${lineId} and o.organiser_id = ${organiserId}`));
  return row ?? null;
}

/** The line a printed reference ("K7M2-X9QD-2") names among the organiser's orders, or null. */
export async function lineOfReference(db: DbOrTx, organiserId: string, reference: { orderNumber: string; position: number }): Promise<string | null> {
  const [row] = await txRows<{ id: string }>(
    db,
    sql`select l.id from order_lines l join orders o on o.id = l.order_id
        where o.number = ${reference.orderNumber} and o.organiser_id = ${organiserId}
        order by l.created_at, l.id offset ${reference.position - 1} limit 1`,
  );
  return row?.id ?? null;
}

/** The tickets valid at a date's door: the date's own and the season tickets of its season. */
export function scopeOfDate(gate: { date: { id: string }; seasonId: string | null }) {
  return gate.seasonId ? sql`l.scope_id in (${gate.date.id}, ${gate.seasonId})` : sql`l.scope_id = ${gate.date.id}`;
}

/**
 * The expected count of a date, counted again only when one of its lines changed: counting a big
 * date's tickets with their orders on every scan cost more than the scan itself (bench:checkin).
 * Every change of a line or of its order's state stamps the line (migration 0016), so the
 * newest stamp of the date's lines (one index look-up) tells whether the count still holds.
 */
const expectedCache = new Map<string, { value: number; stamp: string; at: number }>();
const EXPECTED_CACHE_MAX = 2000;
/**
 * A line stamped by a transaction that commits after a newer stamp was seen is missed by the
 * stamp alone: the count is taken again after this long in any case.
 */
const EXPECTED_MAX_AGE_MS = 30_000;

async function expectedAtDoor(db: DbOrTx, gate: { date: { id: string }; seasonId: string | null }): Promise<number> {
  const [latest] = await txRows<{ stamp: string | null }>(db, sql`select max(changed_at)::text as stamp from order_lines l where ${scopeOfDate(gate)}`);
  const stamp = latest?.stamp ?? "none";
  const now = Date.now();
  const cached = expectedCache.get(gate.date.id);
  if (cached && cached.stamp === stamp && now - cached.at < EXPECTED_MAX_AGE_MS) return cached.value;
  const [row] = await txRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from order_lines l join orders o on o.id = l.order_id
        where ${scopeOfDate(gate)} and o.status = 'valid' and l.status <> 'canceled'
          and (o.channel <> 'hard_ticket' or l.activated_at is not null)`,
  );
  if (expectedCache.size >= EXPECTED_CACHE_MAX) expectedCache.clear();
  const value = Number(row?.n ?? 0);
  expectedCache.set(gate.date.id, { value, stamp, at: now });
  return value;
}

/** Checked in against expected for a date: tickets of valid orders (hard tickets once activated), entries that stand. */
export async function doorCounts(db: DbOrTx, gate: { date: { id: string }; seasonId: string | null }) {
  const [row] = await txRows<{ checked_in: number | string }>(
    db,
    sql`select count(*) as checked_in from checkins c where c.event_date_id = ${gate.date.id} and c.outcome = 'admitted' and c.undone_at is null`,
  );
  return { expected: await expectedAtDoor(db, gate), checkedIn: Number(row?.checked_in ?? 0) };
}
