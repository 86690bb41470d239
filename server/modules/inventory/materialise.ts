import { and, eq, inArray, sql } from "drizzle-orm";
import { seatRank } from "../../../shared/seating/best-rank";
import { blockSeats } from "../../../shared/seating/numbering";
import type { SeatingLayout } from "../../../shared/seating/layout";
import type { DbOrTx } from "../../db/client";
import { pgArray, txRows } from "../../db/sql";
import { areaInventory, eventDates, seatInventory } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRows } from "./lock-order";
import { HELD_STATUSES, SOLD_STATUSES, UNOWNED } from "./statuses";

/**
 * `rank`: the seat's best-available rank (shared/seating/best-rank.ts), stored as `best_rank`;
 * `ord`: its place in the layout (seated blocks in order, then row, then seat index, inactive
 * seats counted: consecutive along a row), stored as `best_order`, the tie-break among seats of
 * one rank (decision 038).
 */
type SeatRow = { key: string; block: string; row: string; seat: string; category: string | null; rank: number; ord: number };
type AreaRow = { area: string; category: string | null; capacity: number };

/** The sellable places of a layout: active seats and standing areas. */
export function sellablePlaces(layout: SeatingLayout): { seats: SeatRow[]; areas: AreaRow[] } {
  const seats: SeatRow[] = [];
  const areas: AreaRow[] = [];
  let order = 0;
  for (const block of layout.blocks) {
    if (block.kind === "standing") {
      areas.push({ area: block.id, category: block.categoryId, capacity: Math.min(block.capacity, block.dailyAmount ?? block.capacity) });
      continue;
    }
    for (const seat of blockSeats(block)) {
      const at = order++;
      if (seat.isActive) {
        seats.push({
          key: seat.key,
          block: block.id,
          row: seat.rowLabel,
          seat: seat.seatLabel,
          category: seat.categoryId,
          rank: seatRank(block, seat.row, seat.seat),
          ord: at,
        });
      }
    }
  }
  return { seats, areas };
}

/**
 * Creates the inventory of the given dates from the event's layout snapshot: one FREE row per
 * active seat (with its best-available rank) and one counter per standing area. One statement per table for all dates (the
 * seats travel once as JSON and are crossed with the dates in Postgres); existing rows stay.
 */
export async function materialiseInventory(
  tx: DbOrTx,
  eventId: string,
  layout: SeatingLayout,
  dateIds: string[],
): Promise<void> {
  if (dateIds.length === 0) return;
  const { seats, areas } = sellablePlaces(layout);
  const dateList = sql.join(dateIds.map((id) => sql`${id}::uuid`), sql`, `);
  if (seats.length > 0) {
    await tx.execute(sql`
      insert into ${seatInventory} (event_date_id, seat_key, event_id, block_id, row_label, seat_label, category_id, best_rank, best_order)
      select d.id, s.key, ${eventId}::uuid, s.block, s.row, s.seat, s.category, s.rank, s.ord
      from ${eventDates} d
      cross join jsonb_to_recordset(${JSON.stringify(seats)}::jsonb)
        as s(key text, block text, row text, seat text, category text, rank int, ord int)
      where d.id in (${dateList})
      on conflict do nothing`);
  }
  if (areas.length > 0) {
    await tx.execute(sql`
      insert into ${areaInventory} (event_date_id, area_id, event_id, category_id, capacity)
      select d.id, a.area, ${eventId}::uuid, a.category, a.capacity
      from ${eventDates} d
      cross join jsonb_to_recordset(${JSON.stringify(areas)}::jsonb) as a(area text, category text, capacity int)
      where d.id in (${dateList})
      on conflict do nothing`);
  }
}

/**
 * Removes the inventory of an event. Only unsold, unheld rows are deleted; if a hold or sale
 * slipped in after the caller's check, SEATING_LOCKED rolls the whole change back instead of
 * losing it.
 */
export async function dropInventory(tx: DbOrTx, eventId: string): Promise<void> {
  // Seats locked by key (decision 009) before they go.
  await tx.execute(sql`
    with l as (${lockRows(
      sql`select s.event_date_id, s.seat_key from ${seatInventory} s where s.event_id = ${eventId} and s.status in ${UNOWNED}`,
      sql`s.event_date_id, s.seat_key`,
      sql`for update of s`,
    )})
    delete from ${seatInventory} t using l where t.event_date_id = l.event_date_id and t.seat_key = l.seat_key and t.status in ${UNOWNED}`);
  await tx
    .delete(areaInventory)
    .where(and(eq(areaInventory.eventId, eventId), sql`${areaInventory.held} + ${areaInventory.sold} = 0`));
  const [seat] = await tx.select({ n: sql<number>`1` }).from(seatInventory).where(eq(seatInventory.eventId, eventId)).limit(1);
  const [area] = await tx.select({ n: sql<number>`1` }).from(areaInventory).where(eq(areaInventory.eventId, eventId)).limit(1);
  if (seat || area) throw new AppError("SEATING_LOCKED");
}

/** Whether any seat or place of these events is sold or held (then layouts are frozen). */
export async function hasSalesOrHolds(db: DbOrTx, eventIds: string[]): Promise<boolean> {
  if (eventIds.length === 0) return false;
  const [seat] = await db
    .select({ n: sql<number>`1` })
    .from(seatInventory)
    .where(and(inArray(seatInventory.eventId, eventIds), inArray(seatInventory.status, [...SOLD_STATUSES, ...HELD_STATUSES])))
    .limit(1);
  if (seat) return true;
  const [area] = await db
    .select({ n: sql<number>`1` })
    .from(areaInventory)
    .where(and(inArray(areaInventory.eventId, eventIds), sql`${areaInventory.held} + ${areaInventory.sold} > 0`))
    .limit(1);
  return area !== undefined;
}


/**
 * A template saved without sales: the events' inventory is rebuilt from the new layout; seats
 * that were blocked stay blocked.
 */
export async function rebuildInventory(tx: DbOrTx, eventId: string, layout: SeatingLayout, dateIds: string[]): Promise<void> {
  const blocked = await tx
    .select({ eventDateId: seatInventory.eventDateId, seatKey: seatInventory.seatKey })
    .from(seatInventory)
    .where(and(eq(seatInventory.eventId, eventId), eq(seatInventory.status, "BLOCKED")));
  await dropInventory(tx, eventId);
  await materialiseInventory(tx, eventId, layout, dateIds);
  if (blocked.length === 0) return;
  await tx.execute(sql`
    update ${seatInventory} si set status = 'BLOCKED', version = si.version + 1
    from jsonb_to_recordset(${JSON.stringify(blocked.map((b) => ({ d: b.eventDateId, k: b.seatKey })))}::jsonb) as b(d uuid, k text)
    where si.event_date_id = b.d and si.seat_key = b.k and si.status = 'FREE'`);
}

/**
 * A template saved with sales: new blocks get inventory, unsold seats and empty areas follow their
 * new category. Unsold seats also follow their best-available rank (limited editing keeps the
 * blocks' geometry, so it only changes for rows written before ranks existed), and every seat,
 * held or sold too, its place in the layout (it moves when blocks are added before it or
 * reordered): a seat freed later must have its place among its row's (decision 038's proof
 * counts on places consecutive along a row). The place is no state a buyer sees: no version.
 */
export async function followLayout(tx: DbOrTx, eventId: string, layout: SeatingLayout, dateIds: string[]): Promise<void> {
  await materialiseInventory(tx, eventId, layout, dateIds);
  const { seats, areas } = sellablePlaces(layout);
  if (areas.length > 0) {
    await tx.execute(sql`
      update ${areaInventory} ai set category_id = a.category, version = ai.version + 1
      from jsonb_to_recordset(${JSON.stringify(areas.map((a) => ({ area: a.area, category: a.category })))}::jsonb)
        as a(area text, category text)
      where ai.event_id = ${eventId}::uuid and ai.area_id = a.area and ai.held + ai.sold = 0
        and ai.category_id is distinct from a.category`);
  }
  if (seats.length > 0) {
    await tx.execute(sql`
      with l as (${lockRows(
        sql`select si.event_date_id, si.seat_key, si.status in ${UNOWNED} as unowned, s.category, s.rank, s.ord from ${seatInventory} si
          join jsonb_to_recordset(${JSON.stringify(seats.map((s) => ({ key: s.key, category: s.category, rank: s.rank, ord: s.ord })))}::jsonb)
            as s(key text, category text, rank int, ord int) on si.seat_key = s.key
          where si.event_id = ${eventId}::uuid
            and (si.best_order is distinct from s.ord
              or (si.status in ${UNOWNED} and (si.category_id is distinct from s.category or si.best_rank is distinct from s.rank)))`,
        sql`si.event_date_id, si.seat_key`,
        sql`for update of si`,
      )})
      update ${seatInventory} t set best_order = l.ord,
        category_id = case when l.unowned then l.category else t.category_id end,
        best_rank = case when l.unowned then l.rank else t.best_rank end,
        version = t.version + case when l.unowned and t.category_id is distinct from l.category then 1 else 0 end
      from l where t.event_date_id = l.event_date_id and t.seat_key = l.seat_key`);
  }
}

/**
 * Writes the best-available rank and place of a date's seats that have none: inventories written
 * before ranks (migration 0028) or places (0034, decision 038) existed. Called on a date's first
 * best-available hold on an instance (shop/hold-best.ts), a block at a time, its seats locked in
 * key order (decision 009) and SKIP LOCKED: it never waits, holds never wait on it for long, and
 * fills running together on several instances share the work. Seats locked meanwhile are left
 * for the next call. True when no seat of the date is left without a rank or place.
 */
export async function fillBestRanks(db: DbOrTx, dateId: string, layout: SeatingLayout): Promise<boolean> {
  const unranked = async () => {
    const [row] = await txRows<{ m: boolean }>(db, sql`select exists (select 1 from ${seatInventory} where event_date_id = ${dateId} and (best_rank is null or best_order is null)) as m`);
    return row?.m === true;
  };
  if (!(await unranked())) return true;
  const byBlock = new Map<string, { key: string; rank: number; ord: number }[]>();
  for (const seat of sellablePlaces(layout).seats) {
    const list = byBlock.get(seat.block);
    if (list) list.push({ key: seat.key, rank: seat.rank, ord: seat.ord });
    else byBlock.set(seat.block, [{ key: seat.key, rank: seat.rank, ord: seat.ord }]);
  }
  for (const [block, seats] of byBlock) {
    await db.execute(sql`
      with l as (${lockRows(
        sql`select s.event_date_id, s.seat_key, r.rank, r.ord from ${seatInventory} s
          join jsonb_to_recordset(${JSON.stringify(seats)}::jsonb) as r(key text, rank int, ord int) on s.seat_key = r.key
          where s.event_date_id = ${dateId} and s.block_id = ${block} and s.seat_key = any(${pgArray(seats.map((x) => x.key))}::text[])
            and (s.best_rank is null or s.best_order is null)`,
        sql`s.event_date_id, s.seat_key`,
        sql`for update of s skip locked`,
      )})
      update ${seatInventory} t set best_rank = l.rank, best_order = l.ord from l where t.event_date_id = l.event_date_id and t.seat_key = l.seat_key`);
  }
  return !(await unranked());
}

