import { sql } from "drizzle-orm";
import type { SeatedBlock, SeatingLayout } from "../../../shared/seating/layout";
import { parseSeatKey } from "../../../shared/seating/geometry";
import { seatsInRow } from "../../../shared/seating/numbering";
import type { DbOrTx } from "../../db/client";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { AppError } from "../../lib/app-error";

/**
 * What a voucher can be made for (issue 19, decision 020): the organiser's events and seasons
 * that are not cancelled (drafts too), the ticket categories a voucher may name (a season's own
 * and those of its events, an event's own) and the blocks of the event's seating plan. The
 * form's choices (`voucherTargets`) and the server's checks (`checkVoucherTarget`) read the same
 * rules: a category of a cancelled event of a season is no choice.
 */

export type VoucherTargetCategory = { id: string; name: string; eventId: string; eventName: string; priceCents: number };
/** A block of the plan; a seated one with its numbering (the form's seat picker shows the printed rows and seats). */
export type VoucherTargetBlock = { id: string; name: string; kind: "seated" | "standing" } & Partial<
  Pick<SeatedBlock, "rows" | "seatsPerRow" | "rowSeats" | "firstRow" | "firstSeat" | "rowDirection" | "seatDirection">
>;
export type VoucherTarget = {
  id: string;
  name: string;
  isSeason: boolean;
  /** The season of a season's event; null for seasons and events outside one. */
  seasonId: string | null;
  categories: VoucherTargetCategory[];
  blocks: VoucherTargetBlock[];
};

type CategoryRaw = { id: string; name: string; event_id: string; event_name: string; season_id: string | null; price_cents: number | string };

/** The blocks of an event's plan (an event with a template's seating), in the plan's order. */
const BLOCKS_SQL = sql`case when e.seating_mode = 'template' then (
    select coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object('id', b->>'id', 'name', b->>'name', 'kind', b->>'kind',
      'rows', b->'rows', 'seatsPerRow', b->'seatsPerRow', 'rowSeats', b->'rowSeats', 'firstRow', b->'firstRow', 'firstSeat', b->'firstSeat',
      'rowDirection', b->'rowDirection', 'seatDirection', b->'seatDirection')) order by ord), '[]'::jsonb)
    from event_seating s cross join lateral jsonb_array_elements(s.layout->'blocks') with ordinality as x(b, ord)
    where s.event_id = e.id) end`;

/** The form's choices: every event and season of the organiser not cancelled, newest first. */
export async function voucherTargets(db: DbOrTx, organiserId: string): Promise<VoucherTarget[]> {
  const [events, categories] = await Promise.all([
    txRows<{ id: string; name: string; is_season: boolean; season_id: string | null; blocks: VoucherTargetBlock[] | string | null }>(
      db,
      sql`select e.id::text, e.name, e.type = 'SEASONAL' as is_season, e.season_id::text, ${BLOCKS_SQL} as blocks
          from events e where e.organiser_id = ${organiserId} and e.status <> 'cancelled'
          order by e.created_at desc, e.id desc`,
    ),
    txRows<CategoryRaw>(
      db,
      sql`select c.id::text, c.name, c.event_id::text, e.name as event_name, e.season_id::text, c.price_cents
          from ticket_categories c join events e on e.id = c.event_id
          where c.organiser_id = ${organiserId} and e.status <> 'cancelled'
          order by e.created_at, e.id, c.sort_order, c.id`,
    ),
  ]);
  const own = new Map<string, VoucherTargetCategory[]>();
  const ofSeason = new Map<string, VoucherTargetCategory[]>();
  const push = (map: Map<string, VoucherTargetCategory[]>, key: string, c: VoucherTargetCategory) => map.set(key, [...(map.get(key) ?? []), c]);
  for (const c of categories) {
    const category = { id: c.id, name: c.name, eventId: c.event_id, eventName: c.event_name, priceCents: Number(c.price_cents) };
    push(own, c.event_id, category);
    if (c.season_id) push(ofSeason, c.season_id, category);
  }
  return events.map((e) => ({
    id: e.id,
    name: e.name,
    isSeason: e.is_season,
    seasonId: e.season_id,
    // A season: its season tickets first, then the tickets of its events.
    categories: [...(own.get(e.id) ?? []), ...(e.is_season ? (ofSeason.get(e.id) ?? []) : [])],
    blocks: e.blocks === null ? [] : parseJson(e.blocks),
  }));
}

/** The event a voucher is for, as the checks need it. */
export type VoucherEvent = {
  id: string;
  isSeason: boolean;
  seasonId: string | null;
  /** The events whose vouchers share the code space: itself, its season, or a season's events. */
  family: string[];
};

/** What a voucher names, to be checked against its event. */
export type VoucherTargetInput = {
  eventId: string;
  ticketCategoryIds: readonly string[];
  blockIds: readonly string[];
  seatKeys: readonly string[];
};

/**
 * The organiser's event (or season) a voucher may be made for, or VOUCHER_EVENT_NOT_FOUND: a
 * cancelled event, another organiser's and a missing one are the same to the caller.
 */
export async function voucherEvent(tx: DbOrTx, organiserId: string, eventId: string): Promise<VoucherEvent> {
  const [event] = await txRows<{ id: string; is_season: boolean; season_id: string | null; children: string[] | string }>(
    tx,
    sql`select e.id::text, e.type = 'SEASONAL' as is_season, e.season_id::text,
          coalesce((select jsonb_agg(c.id::text) from events c where c.season_id = e.id and e.type = 'SEASONAL'), '[]'::jsonb) as children
        from events e where e.id = ${eventId} and e.organiser_id = ${organiserId} and e.status <> 'cancelled'`,
  );
  if (!event) throw new AppError("VOUCHER_EVENT_NOT_FOUND", { field: "eventId" });
  const children = parseJson(event.children);
  return {
    id: event.id,
    isSeason: event.is_season,
    seasonId: event.season_id,
    family: [event.id, ...(event.season_id ? [event.season_id] : []), ...children],
  };
}

/** Whether a seat key names a seat of a seated block of the plan (0-based row and seat indexes). */
function seatOnPlan(layout: SeatingLayout, key: string): boolean {
  const parsed = parseSeatKey(key);
  if (!parsed) return false;
  const block = layout.blocks.find((b) => b.id === parsed.blockId);
  if (!block || block.kind !== "seated") return false;
  return parsed.row < block.rows && parsed.seat < seatsInRow(block, parsed.row);
}

/**
 * Checks what a voucher names against its event, in the form's order: the event, its ticket
 * categories (a season: its own and those of its events not cancelled), the blocks and seats
 * of its seating plan (no plan: none is found). Throws the first refusal; reads only.
 */
export async function checkVoucherTarget(tx: DbOrTx, organiserId: string, input: VoucherTargetInput): Promise<VoucherEvent> {
  const event = await voucherEvent(tx, organiserId, input.eventId);
  const ids = [...new Set(input.ticketCategoryIds)];
  const [found] = await txRows<{ n: number | string }>(
    tx,
    sql`select count(*)::int as n from ticket_categories c join events e on e.id = c.event_id
        where c.id = any(${pgArray(ids)}::uuid[]) and c.organiser_id = ${organiserId} and e.status <> 'cancelled'
          and (c.event_id = ${event.id} or (${event.isSeason}::boolean and e.season_id = ${event.id}))`,
  );
  if (Number(found?.n ?? 0) !== ids.length) throw new AppError("VOUCHER_TICKET_NOT_FOUND", { field: "ticketCategoryIds" });
  if (input.blockIds.length === 0 && input.seatKeys.length === 0) return event;

  const [seating] = await txRows<{ layout: SeatingLayout | string }>(
    tx,
    sql`select s.layout from event_seating s join events e on e.id = s.event_id where s.event_id = ${event.id} and e.seating_mode = 'template'`,
  );
  const layout = seating ? parseJson(seating.layout) : null;
  const blocks = new Set(layout?.blocks.map((b) => b.id) ?? []);
  if (input.blockIds.some((b) => !blocks.has(b))) throw new AppError("VOUCHER_BLOCK_NOT_FOUND", { field: "blockIds" });
  if (input.seatKeys.some((k) => !layout || !seatOnPlan(layout, k))) throw new AppError("VOUCHER_SEAT_NOT_FOUND", { field: "seatKeys" });
  return event;
}

/**
 * The codes of `codes` taken in the event's family (the same event, its season, or a season's
 * events), but not by `exceptId` (the voucher being changed). Upper case in, upper case out.
 */
export async function takenCodes(tx: DbOrTx, event: VoucherEvent, codes: readonly string[], exceptId: string | null = null): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await txRows<{ code: string }>(
    tx,
    sql`select v.code from vouchers v
        where v.event_id = any(${pgArray(event.family)}::uuid[]) and v.code = any(${pgArray(codes)}::text[])
          ${exceptId ? sql`and v.id <> ${exceptId}` : sql``}`,
  );
  return new Set(rows.map((r) => r.code));
}
