import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { printRunPdfUrl, type ZCreatePrintRunInput } from "../../../shared/schemas/print";
import { bestAvailable } from "../../../shared/seating/best-available";
import type { DbOrTx, Tx } from "../../db/client";
import { pgArray, txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { consumeForOrder, returnForLines } from "../account/contingent";
import { allocatePlaces } from "../inventory/allocate";
import { announceChanges, type Changes } from "../inventory/changes";
import { giveBack } from "../inventory/give-back";
import { freeSeatKeys } from "../inventory/hold";
import { newOrderNumber } from "../orders/checkout";
import type { ShopScope, TicketCategoryRow } from "../shop/scope";
import { isSeatedCategory, printScope } from "./scope";

type CreateInput = z.output<typeof ZCreatePrintRunInput>;

/** Who prints or voids: the organiser's account, the user (recorded on the run), their language (the run's default for its PDF). */
export type Printer = { organiserId: string; userId: string; locale: "de" | "en" };

export type CreatedRun = { runId: string; orderId: string; tickets: number; pdfUrl: string };

/** The places of a run's tickets: each ticket its seats (N per ticket) or a counted place in an area (or none: no plan). */
type Plan = { seatKeys: string[]; areaId: string | null }[];

/** The inventory refused the plan (a seat taken meanwhile, a counter full): the transaction is undone. */
class NotEnough extends Error {}

/** Best-available rounds: a chosen seat taken between the read and the sale makes the run look again. */
const BEST_ROUNDS = 3;

/**
 * A print run (issue 20, decision 021): `count` tickets (seated: the best available seats;
 * counted: places in the category's area) or the given seats, of one category on one date. In
 * one transaction: an order of channel `hard_ticket` (valid, nothing to pay: no invoice, no
 * mail) with one line per ticket (the category's price printed, total 0, not activated), its
 * places sold through the inventory module (all or nothing: watchers see them taken at once),
 * the run, and the tickets taken from the organiser's contingent. Any refusal leaves nothing
 * taken.
 */
export async function createRun(deps: AppDeps, who: Printer, input: CreateInput): Promise<CreatedRun> {
  // The same form again (a double click, a retry): the run it made.
  const prior = await runByKey(deps.database.db, who.organiserId, input.idempotencyKey);
  if (prior) return prior;
  const scope = await printScope(deps, who.organiserId, input.scopeId);
  const category = scope.categories.find((c) => c.id === input.ticketCategoryId);
  if (!category) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
  const field = input.seatKeys ? "seatKeys" : "count";
  const notEnough = () => new AppError("PRINT_NOT_ENOUGH", { field });

  if (input.seatKeys) {
    const made = await tryPlan(deps, who, scope, category, await pickedSeats(deps, scope, category, input.seatKeys), input.idempotencyKey);
    if (!made) throw notEnough();
    return made;
  }
  const count = input.count!;
  if (!isSeatedCategory(scope.layout, category)) {
    const made = await tryPlan(deps, who, scope, category, await countedPlaces(deps, scope, category, count), input.idempotencyKey);
    if (!made) throw notEnough();
    return made;
  }
  // Seated: the best available seats (shop/holds.ts holdBest), the whole plan including the box
  // office's own blocks (the organiser prints); the next candidate if one was taken meanwhile.
  const perTicket = category.seatsPerTicket;
  for (let round = 0; round < BEST_ROUNDS; round++) {
    const free = await freeSeatKeys(deps.database.db, scope.dateIds, category.seatingCategoryId);
    const groups = bestAvailable(scope.layout!, free, { quantity: count * perTicket, categoryId: category.seatingCategoryId, maxCandidates: 3 });
    if (groups.length === 0) throw notEnough();
    for (const group of groups) {
      const plan = Array.from({ length: count }, (_, i) => ({ seatKeys: group.slice(i * perTicket, (i + 1) * perTicket), areaId: null }));
      const made = await tryPlan(deps, who, scope, category, plan, input.idempotencyKey);
      if (made) return made;
    }
  }
  throw notEnough();
}

/** Seats picked on the plan: each a seat of this date and of the category's seats, N per ticket. */
async function pickedSeats(deps: AppDeps, scope: ShopScope, category: TicketCategoryRow, keys: string[]): Promise<Plan> {
  if (new Set(keys).size !== keys.length) throw new AppError("VALIDATION", { field: "seatKeys" });
  if (!isSeatedCategory(scope.layout, category)) throw new AppError("TICKET_NOT_SELECTABLE", { field: "ticketCategoryId", detail: category.id });
  if (keys.length % category.seatsPerTicket !== 0) throw new AppError("SEATS_PER_TICKET", { field: "seatKeys", detail: category.id });
  const rows = await txRows<{ k: string; category: string | null }>(
    deps.database.db,
    sql`select seat_key as k, category_id as category from seat_inventory where event_date_id = ${scope.scopeId} and seat_key = any(${pgArray(keys)}::text[])`,
  );
  const known = new Map(rows.map((r) => [r.k, r.category]));
  const unknown = keys.find((k) => !known.has(k));
  if (unknown !== undefined) throw new AppError("SEAT_NOT_FOUND", { field: "seatKeys", detail: unknown });
  const other = category.seatingCategoryId === null ? undefined : keys.find((k) => known.get(k) !== category.seatingCategoryId);
  if (other !== undefined) throw new AppError("TICKET_NOT_SELECTABLE", { field: "seatKeys", detail: other });
  const n = category.seatsPerTicket;
  return Array.from({ length: keys.length / n }, (_, i) => ({ seatKeys: keys.slice(i * n, (i + 1) * n), areaId: null }));
}

/**
 * Counted places: without a plan, no area; on a plan, one of the category's standing areas (the
 * first in the plan with room for all of them, else the first: the inventory then refuses).
 */
async function countedPlaces(deps: AppDeps, scope: ShopScope, category: TicketCategoryRow, count: number): Promise<Plan> {
  let areaId: string | null = null;
  if (scope.layout) {
    const areas = scope.layout.blocks.filter((b) => b.kind === "standing" && (category.seatingCategoryId === null || b.categoryId === category.seatingCategoryId));
    if (areas.length === 0) throw new AppError("PRINT_NOT_ENOUGH", { field: "count" });
    const room = await txRows<{ area: string; left: number }>(
      deps.database.db,
      sql`select area_id as area, capacity - held - sold as left from area_inventory
          where event_date_id = ${scope.scopeId} and area_id = any(${pgArray(areas.map((a) => a.id))}::text[])`,
    );
    const left = new Map(room.map((r) => [r.area, Number(r.left)]));
    const need = count * category.seatsPerTicket;
    areaId = (areas.find((a) => (left.get(a.id) ?? 0) >= need) ?? areas[0]!).id;
  }
  return Array.from({ length: count }, () => ({ seatKeys: [], areaId }));
}

/** The run an idempotency key made, or null. */
async function runByKey(db: DbOrTx, organiserId: string, key: string): Promise<CreatedRun | null> {
  const [row] = await txRows<{ id: string; order_id: string; tickets: number }>(
    db,
    sql`select id::text, order_id::text, tickets from print_runs where organiser_id = ${organiserId} and idempotency_key = ${key}`,
  );
  return row ? { runId: row.id, orderId: row.order_id, tickets: Number(row.tickets), pdfUrl: printRunPdfUrl(row.id) } : null;
}

/**
 * Writes the run in one transaction; null when the inventory refused its places (nothing
 * written). The key's lock comes first: a concurrent submit of the same form waits, then
 * finds the run made and returns it (nothing taken twice).
 */
async function tryPlan(deps: AppDeps, who: Printer, scope: ShopScope, category: TicketCategoryRow, plan: Plan, key: string): Promise<CreatedRun | null> {
  const changes: Changes = new Map();
  const runId = randomUUID();
  try {
    const made = await deps.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`print-run:${who.organiserId}:${key}`}, 0))`);
      const prior = await runByKey(tx, who.organiserId, key);
      if (prior) return prior;
      const id = await writeRunOrder(tx, who, scope, category, plan, runId);
      // The inventory's sale without a hold: seats taken if free, counters within capacity (decision 009).
      if (!(await allocatePlaces(tx, { scope: { kind: "date", scopeId: scope.scopeId, dateIds: scope.dateIds }, orderId: id }, changes))) throw new NotEnough();
      await tx.execute(sql`
        insert into print_runs (id, organiser_id, event_id, scope_id, ticket_category_id, order_id, tickets, idempotency_key, created_by)
        values (${runId}, ${who.organiserId}, ${scope.event.id}, ${scope.scopeId}, ${category.id}, ${id}, ${plan.length}, ${key}, ${who.userId})`);
      // A valid order's tickets leave the contingent (decision 014); the organiser's row is the last lock.
      await consumeForOrder(tx, id);
      return { runId, orderId: id, tickets: plan.length, pdfUrl: printRunPdfUrl(runId) };
    });
    await announceChanges(deps, changes);
    return made;
  } catch (err) {
    if (err instanceof NotEnough) return null;
    throw err;
  }
}

/**
 * The run's order (channel hard_ticket, valid, paid with nothing: method "other", no provider,
 * total 0; the organiser's name as buyer, no email) and its lines (the category's price printed,
 * total 0, not activated), in the run's order (their position is the printed reference).
 */
async function writeRunOrder(tx: Tx, who: Printer, scope: ShopScope, category: TicketCategoryRow, plan: Plan, runId: string): Promise<string> {
  const [organiser] = await txRows<{ name: string }>(tx, sql`select name from organisers where id = ${who.organiserId}`);
  const amounts = { ticketsCents: 0, optionsCents: 0, feesCents: 0, discountCents: 0, vatCents: 0, totalCents: 0, vat: [] };
  let orderId = "";
  for (let attempt = 0; attempt < 5 && !orderId; attempt++) {
    const [row] = await txRows<{ id: string }>(
      tx,
      sql`insert into orders (number, organiser_id, event_id, scope_id, is_season, cart_id, idempotency_key, status, buyer, buyer_email, locale, amounts, total_cents,
            payment_method, provider, provider_ref, channel)
          values (${newOrderNumber()}, ${who.organiserId}, ${scope.event.id}, ${scope.scopeId}, false, null, ${`print:${runId}`}, 'valid',
            ${JSON.stringify({ firstName: organiser?.name ?? "", lastName: "" })}::jsonb, '', ${who.locale}, ${JSON.stringify(amounts)}::jsonb, 0,
            'other', null, null, 'hard_ticket')
          on conflict (number) do nothing returning id`,
    );
    orderId = row?.id ?? "";
  }
  if (!orderId) throw new AppError("INTERNAL");

  // Printed places as the shop writes them (orders/checkout.ts): "Block|row|seat", or the area's name.
  const keys = plan.flatMap((t) => t.seatKeys);
  const seats = keys.length
    ? await txRows<{ k: string; block: string; row: string; seat: string }>(
        tx,
        sql`select seat_key as k, block_id as block, row_label as row, seat_label as seat from seat_inventory
            where event_date_id = ${scope.scopeId} and seat_key = any(${pgArray(keys)}::text[])`,
      )
    : [];
  const blocks = new Map((scope.layout?.blocks ?? []).map((b) => [b.id, b.name]));
  const label = new Map(seats.map((s) => [s.k, `${blocks.get(s.block) ?? s.block}|${s.row}|${s.seat}`]));
  const lines = plan.map((t, i) => ({
    ord: i,
    seat_keys: t.seatKeys,
    place_labels: t.seatKeys.length > 0 ? t.seatKeys.map((k) => label.get(k) ?? k) : t.areaId ? [blocks.get(t.areaId) ?? t.areaId] : [],
    area_id: t.areaId,
    places: t.seatKeys.length > 0 ? t.seatKeys.length : category.seatsPerTicket,
  }));
  await tx.execute(sql`
    insert into order_lines (order_id, event_id, scope_id, ticket_category_id, category_name, seat_keys, place_labels, area_id, places,
      price_cents, booking_options, total_cents, discount_cents, vat_rate_bp, vat_cents, participant, created_at)
    select ${orderId}, ${scope.event.id}, ${scope.scopeId}, ${category.id}, ${category.name}, l.seat_keys, l.place_labels, l.area_id, l.places,
      ${category.priceCents}, '[]'::jsonb, 0, 0, ${scope.event.vatRateBp}, 0, '{}'::jsonb, now() + l.ord * interval '1 microsecond'
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(ord int, seat_keys jsonb, place_labels jsonb, area_id text, places int)`);
  return orderId;
}

/**
 * Voids a run (decision 021): every ticket not activated yet is cancelled (`print_voided`: its
 * code is refused at the door from then on), its places go back on sale through the inventory
 * module (watchers see them free at once) and its ticket back to the contingent. Activated
 * tickets were sold or handed out: they stay valid. The order is cancelled with its last ticket.
 * Lock order: the run, its order, its lines, then the inventory, the organiser's row last.
 */
export async function voidRun(deps: AppDeps, who: Printer, runId: string): Promise<{ voided: number; kept: number }> {
  const changes: Changes = new Map();
  const result = await deps.database.db.transaction(async (tx) => {
    const [run] = await txRows<{ order_id: string; voided: boolean }>(
      tx,
      sql`select order_id::text, voided_at is not null as voided from print_runs where id = ${runId} and organiser_id = ${who.organiserId} for update`,
    );
    if (!run) throw new AppError("NOT_FOUND", { field: "runId" });
    if (run.voided) throw new AppError("PRINT_RUN_VOIDED", { field: "runId" });
    await tx.execute(sql`select id from orders where id = ${run.order_id} for update`);
    const lines = await txRows<{ id: string; status: string; activated: boolean }>(
      tx,
      sql`select id::text, status::text, activated_at is not null as activated from order_lines where order_id = ${run.order_id} order by created_at, id for update`,
    );
    const live = lines.filter((l) => l.status !== "canceled");
    // Not activated and not at the door: still the organiser's paper, so it goes.
    const voided = live.filter((l) => !l.activated && l.status === "active").map((l) => l.id);
    const kept = live.length - voided.length;
    if (voided.length > 0) {
      await giveBack(tx, { lineIds: voided }, changes);
      await tx.execute(sql`update order_lines set status = 'canceled', cancel_reason = 'print_voided', cancelled_at = now()
          where id = any(${pgArray(voided)}::uuid[]) and status <> 'canceled'`);
      await returnForLines(tx, run.order_id, voided);
    }
    if (kept === 0) await tx.execute(sql`update orders set status = 'cancelled', cancelled_at = now(), updated_at = now() where id = ${run.order_id}`);
    else await tx.execute(sql`update orders set updated_at = now() where id = ${run.order_id}`);
    await tx.execute(sql`update print_runs set voided_at = now(), voided_by = ${who.userId} where id = ${runId}`);
    return { voided: voided.length, kept };
  });
  await announceChanges(deps, changes);
  return result;
}

export type PrintRunRow = {
  id: string;
  eventId: string;
  eventName: string;
  scopeId: string;
  startsAt: Date;
  categoryName: string;
  tickets: number;
  activated: number;
  voidedAt: Date | null;
  createdAt: Date;
  createdByName: string | null;
  pdfUrl: string;
};

/** The organiser's print runs (optionally of one event), newest first: what each printed, how many are activated, whether voided. */
export async function listRuns(deps: AppDeps, organiserId: string, eventId?: string): Promise<{ rows: PrintRunRow[] }> {
  const rows = await txRows<{
    id: string;
    event_id: string;
    event_name: string;
    scope_id: string;
    starts_at: Date | string | null;
    category_name: string | null;
    tickets: number;
    activated: number;
    voided_at: Date | string | null;
    created_at: Date | string;
    created_by_name: string | null;
  }>(
    deps.database.db,
    sql`select r.id::text, r.event_id::text, e.name as event_name, r.scope_id::text, d.starts_at,
          coalesce(c.name, (select l.category_name from order_lines l where l.order_id = r.order_id order by l.created_at, l.id limit 1)) as category_name,
          r.tickets, (select count(*)::int from order_lines l where l.order_id = r.order_id and l.activated_at is not null) as activated,
          r.voided_at, r.created_at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by_name
        from print_runs r join events e on e.id = r.event_id left join event_dates d on d.id = r.scope_id
          left join ticket_categories c on c.id = r.ticket_category_id left join users u on u.id = r.created_by
        where r.organiser_id = ${organiserId} ${eventId ? sql`and r.event_id = ${eventId}` : sql``}
        order by r.created_at desc, r.id desc limit 500`,
  );
  const date = (v: Date | string) => new Date(v);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      eventName: r.event_name,
      scopeId: r.scope_id,
      // A run's date is locked (a released event's dates are); the run's own time if it ever went.
      startsAt: date(r.starts_at ?? r.created_at),
      categoryName: r.category_name ?? "",
      tickets: Number(r.tickets),
      activated: Number(r.activated),
      voidedAt: r.voided_at === null ? null : date(r.voided_at),
      createdAt: date(r.created_at),
      createdByName: r.created_by_name,
      pdfUrl: printRunPdfUrl(r.id),
    })),
  };
}
