import { sql } from "drizzle-orm";
import type { ChangeDateInput } from "../../../../shared/schemas/organiser-orders";
import type { DbOrTx } from "../../../db/client";
import type { AppDeps } from "../../../deps";
import { AppError } from "../../../lib/app-error";
import { announceChanges, type Changes } from "../../inventory/changes";
import { giveBack } from "../../inventory/give-back";
import { lockCarts, oldDatesFirst } from "../../inventory/lock-order";
import { sellOrder } from "../../inventory/sell";
import { TAKEABLE } from "../../inventory/statuses";
import { pgArray, txRows } from "../../../db/sql";
import { accessToken, loadScope, type ShopScope } from "../../shop/scope";
import { enqueueConfirmation, type OrderRow } from "../settle";
import { orderDetail, organisersOrder, placesOf } from "./detail";

type LineRow = {
  id: string;
  scope_id: string;
  ticket_category_id: string | null;
  category_name: string;
  seat_keys: string[];
  place_labels: string[];
  area_id: string | null;
  places: number;
  price_cents: number;
  total_cents: number;
  status: string;
};

type SeatRow = { key: string; block: string; row: string; seat: string; category: string | null; free: boolean };

/** The dates a ticket of this order may move to: the event's other dates that have not started, while the event is not cancelled. */
export async function dateChangeOptions(deps: AppDeps, organiserId: string, orderId: string) {
  const db = deps.database.db;
  const order = await organisersOrder(db, organiserId, orderId);
  if (order.is_season) throw new AppError("DATE_CHANGE_SEASON");
  const dates = await txRows<{ id: string; starts_at: Date | string; ends_at: Date | string }>(
    db,
    sql`select d.id, d.starts_at, d.ends_at from event_dates d join events e on e.id = d.event_id
        where d.event_id = ${order.event_id} and e.status <> 'cancelled' and d.starts_at > now()
        order by d.starts_at`,
  );
  const scope = await loadScope(db, order.scope_id);
  return {
    seated: Boolean(scope?.layout),
    currentScopeId: order.scope_id,
    /** The event's access token when it is code-protected: the seat picker opens its live plan with it, as an unlocked buyer would. */
    access: scope && scope.event.visibility === "code" ? accessToken(deps.config.APP_SECRET, scope.event) : null,
    dates: dates.map((d) => ({ id: d.id, startsAt: new Date(d.starts_at), endsAt: new Date(d.ends_at) })),
  };
}

type Planned = {
  line: LineRow;
  /** Seat keys on the new date (empty for standing places and events without a plan). */
  seatKeys: string[];
  placeLabels: string[];
  /** The seats were chosen by the organiser (otherwise: the line's own seats). */
  picked: boolean;
  /** Every seat is there, fits the ticket's category and is free now (the apply step decides under locks). */
  available: boolean;
  currentPriceCents: number | null;
};

/**
 * Checks a date change and works out each line's place on the new date: the same seats when
 * no others were picked. Refuses another event's or a past date, the line's own date, season
 * tickets, cancelled or checked-in tickets, and picks of the wrong size or category.
 */
async function plan(tx: DbOrTx, order: OrderRow, input: ChangeDateInput): Promise<{ target: ShopScope; planned: Planned[] }> {
  if (order.is_season) throw new AppError("DATE_CHANGE_SEASON");
  if (order.status !== "valid") throw new AppError("ORDER_NOT_CHANGEABLE");
  const [date] = await txRows<{ id: string }>(
    tx,
    sql`select d.id from event_dates d join events e on e.id = d.event_id
        where d.id = ${input.targetScopeId} and d.event_id = ${order.event_id} and e.status <> 'cancelled' and d.starts_at > now()`,
  );
  if (!date) throw new AppError("DATE_NOT_AVAILABLE", { field: "targetScopeId" });
  const target = await loadScope(tx, input.targetScopeId);
  if (!target || target.kind !== "date") throw new AppError("DATE_NOT_AVAILABLE", { field: "targetScopeId" });

  const lines = await txRows<LineRow>(
    tx,
    sql`select id, scope_id, ticket_category_id, category_name, seat_keys, place_labels, area_id, places, price_cents, total_cents, status::text as status
        from order_lines where order_id = ${order.id} and id = any(${pgArray(input.lineIds ?? [])}::uuid[]) order by created_at, id for update`,
  );
  if (lines.length !== new Set(input.lineIds).size) throw new AppError("NOT_FOUND", { field: "lineIds" });
  for (const l of lines) {
    if (l.status === "canceled") throw new AppError("LINE_ALREADY_CANCELLED");
    if (l.status === "checked_in") throw new AppError("TICKET_CHECKED_IN");
    if (l.scope_id === input.targetScopeId) throw new AppError("DATE_NOT_AVAILABLE", { field: "targetScopeId" });
  }
  const picks = input.seats ?? {};
  for (const id of Object.keys(picks)) if (!lines.some((l) => l.id === id)) throw new AppError("NOT_FOUND", { field: "seats" });
  const wanted = lines.flatMap((l) => picks[l.id] ?? l.seat_keys);
  if (new Set(wanted).size !== wanted.length) throw new AppError("VALIDATION", { field: "seats" });
  const seats = await txRows<SeatRow>(
    tx,
    sql`select s.seat_key as key, s.block_id as block, s.row_label as row, s.seat_label as seat, s.category_id as category, ${TAKEABLE} as free
        from seat_inventory s where s.event_date_id = ${input.targetScopeId} and s.seat_key = any(${pgArray(wanted)}::text[])`,
  );
  const byKey = new Map(seats.map((s) => [s.key, s]));
  const areas = await txRows<{ area_id: string; left: number }>(
    tx,
    sql`select area_id, capacity - held - sold as left from area_inventory where event_date_id = ${input.targetScopeId}`,
  );
  const areaLeft = new Map(areas.map((a) => [a.area_id, Number(a.left)]));
  for (const l of lines) if (l.area_id && areaLeft.has(l.area_id)) areaLeft.set(l.area_id, areaLeft.get(l.area_id)! - l.places);
  const blocks = new Map((target.layout?.blocks ?? []).map((b) => [b.id, b.name]));
  const categories = new Map(target.categories.map((c) => [c.id, c]));

  const planned = lines.map((line): Planned => {
    const category = line.ticket_category_id ? categories.get(line.ticket_category_id) : undefined;
    const picked = picks[line.id];
    if (picked && picked.length !== line.seat_keys.length) throw new AppError("VALIDATION", { field: "seats" });
    const keys = picked ?? line.seat_keys;
    if (keys.length === 0) {
      // A standing place or an event without a plan: the same area, counted on the new date.
      const available = !line.area_id || (areaLeft.get(line.area_id) ?? 0) >= 0;
      return { line, seatKeys: [], placeLabels: line.place_labels, picked: false, available, currentPriceCents: category?.priceCents ?? null };
    }
    const rows = keys.map((k) => byKey.get(k));
    if (picked && rows.some((r) => !r)) throw new AppError("SEAT_NOT_FOUND", { field: "seats" });
    if (picked && category?.seatingCategoryId && rows.some((r) => r!.category !== category.seatingCategoryId)) {
      throw new AppError("TICKET_NOT_SELECTABLE", { field: "seats" });
    }
    return {
      line,
      seatKeys: keys,
      placeLabels: rows.map((r, i) => (r ? `${blocks.get(r.block) ?? r.block}|${r.row}|${r.seat}` : (line.place_labels[i] ?? keys[i]!))),
      picked: Boolean(picked),
      available: rows.every((r) => r?.free === true),
      currentPriceCents: category?.priceCents ?? null,
    };
  });
  return { target, planned };
}

/**
 * The date-change modal's preview: per ticket its place on the new date (or that a seat must
 * be picked), the price paid and today's price of its category. The ticket keeps the price paid
 * (decision 015): the difference is shown, nothing is charged or refunded. Changes nothing.
 */
export async function previewDateChange(deps: AppDeps, organiserId: string, input: ChangeDateInput) {
  const db = deps.database.db;
  const order = await organisersOrder(db, organiserId, input.orderId);
  const { target, planned } = await plan(db, order, input);
  const lines = planned.map((p) => ({
    lineId: p.line.id,
    categoryName: p.line.category_name,
    from: { scopeId: p.line.scope_id, places: placesOf(p.line.place_labels, p.line.area_id) },
    to: { seatKeys: p.seatKeys, places: placesOf(p.placeLabels, p.line.area_id), picked: p.picked },
    available: p.available,
    /** The same seats are taken on the new date and none were picked: the organiser picks on the plan. */
    needsSeatPick: !p.available && !p.picked && p.seatKeys.length > 0,
    paidCents: p.line.total_cents,
    currentPriceCents: p.currentPriceCents,
    differenceCents: p.currentPriceCents === null ? 0 : p.currentPriceCents - p.line.price_cents,
  }));
  return {
    targetScopeId: target.scopeId,
    startsAt: target.date.startsAt,
    ready: lines.every((l) => l.available),
    differenceCents: lines.reduce((a, l) => a + l.differenceCents, 0),
    lines,
  };
}

/**
 * Moves ticket lines to another date of the same event, in one transaction (decision 015): each
 * old line is canceled (its code refused from then on) and a new line with a new code takes the
 * same seats, or the picked ones, on the new date, sold through the inventory module (all or
 * nothing: no free place, nothing changes); the order names the new date when all its tickets
 * are there; the confirmation with the new tickets is sent again. The contingent does not move
 * (the same number of tickets). Lock order: the order's cart, the order, then the two dates'
 * inventory one date after the other, in date-id order (decision 009), so two opposite changes
 * never wait on each other in a cycle.
 */
export async function changeDate(deps: AppDeps, organiserId: string, input: ChangeDateInput) {
  const changes: Changes = new Map();
  await deps.database.db.transaction(async (tx) => {
    const peek = await organisersOrder(tx, organiserId, input.orderId);
    if (peek.cart_id) await lockCarts(tx, [peek.cart_id]);
    const order = await organisersOrder(tx, organiserId, input.orderId, true);
    const { target, planned } = await plan(tx, order, input);
    const missing = planned.find((p) => !p.available);
    if (missing) throw new AppError(!missing.picked && missing.seatKeys.length > 0 ? "SEAT_SELECTION_REQUIRED" : "NO_PLACE_ON_DATE");

    const oldIds = planned.map((p) => p.line.id);
    const created = await txRows<{ id: string }>(
      tx,
      sql`insert into order_lines (order_id, event_id, scope_id, ticket_category_id, category_name, seat_keys, place_labels, area_id, places,
            price_cents, booking_options, total_cents, discount_cents, vat_rate_bp, vat_cents, participant, status, replaces_line_id)
          select l.order_id, l.event_id, ${target.scopeId}, l.ticket_category_id, l.category_name, n.seat_keys, n.place_labels, l.area_id, l.places,
            l.price_cents, l.booking_options, l.total_cents, l.discount_cents, l.vat_rate_bp, l.vat_cents, l.participant, 'active', l.id
          from order_lines l join jsonb_to_recordset(${JSON.stringify(
            planned.map((p) => ({ id: p.line.id, seat_keys: p.seatKeys, place_labels: p.placeLabels })),
          )}::jsonb) as n(id uuid, seat_keys jsonb, place_labels jsonb) on n.id = l.id
          order by l.created_at, l.id
          returning id`,
    );
    const oldScopes = [...new Set(planned.map((p) => p.line.scope_id))];
    const giveBackOld = () => giveBack(tx, { lineIds: oldIds }, changes);
    const sellNew = async () => {
      const sold = await sellOrder(tx, { scope: target, orderId: order.id, cartId: null, lineIds: created.map((c) => c.id) }, changes);
      if (!sold) throw new AppError("NO_PLACE_ON_DATE");
    };
    // One date after the other in date-id order (all old dates are one statement).
    if (oldDatesFirst(oldScopes, target.scopeId)) {
      await giveBackOld();
      await sellNew();
    } else {
      await sellNew();
      await giveBackOld();
    }
    await tx.execute(sql`update order_lines set status = 'canceled', cancel_reason = 'date_changed', cancelled_at = now() where id = any(${pgArray(oldIds)}::uuid[])`);
    // The order names the date all its valid tickets are for.
    const [where] = await txRows<{ scopes: number }>(
      tx,
      sql`select count(distinct scope_id)::int as scopes from order_lines where order_id = ${order.id} and status <> 'canceled' and scope_id <> ${target.scopeId}`,
    );
    const moved = Number(where?.scopes ?? 0) === 0;
    await tx.execute(sql`update orders set ${moved ? sql`scope_id = ${target.scopeId},` : sql``} updated_at = now() where id = ${order.id}`);
    await enqueueConfirmation(deps, tx, moved ? { ...order, scope_id: target.scopeId } : order, moved ? target : ((await loadScope(tx, order.scope_id)) ?? target));
  });
  await announceChanges(deps, changes);
  return orderDetail(deps, organiserId, input.orderId);
}
