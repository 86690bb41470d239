import { sql } from "drizzle-orm";
import type { z } from "zod";
import { parseTicketCode, parseTicketReference } from "../../../../shared/checkin/code";
import type { PaymentMethod } from "../../../../shared/schemas/orders";
import type { ZHardTicketActivate, ZHardTicketRange } from "../../../../shared/schemas/print-activation";
import type { DbOrTx } from "../../../db/client";
import { pgArray, txRows } from "../../../db/sql";
import type { AppDeps } from "../../../deps";
import { AppError } from "../../../lib/app-error";
import { readTicketCode } from "../../orders/ticket-code";
import { lineOfReference } from "../../staff/tickets";

/**
 * Activating printed hard tickets (issue 20, SPEC §4, decision 021). A print run's tickets are
 * the lines of one `hard_ticket` order; each stays inactive (refused at the door: NOT ACTIVATED)
 * until its code is scanned here. An activation records who and when (a `hard_ticket_activations`
 * row, mirrored by `order_lines.activated_at`, whose change stamps the line for the doors'
 * delta), and optionally the sale of the ticket at the box office (payment method and price).
 * Activating twice changes nothing and keeps the first record.
 */

export type Activator = { id: string; organiserId: string };

/** Test lever for the race test's control run: activate without the run's, the order's and the line's locks. */
export const activationTestLevers = { skipLocks: false };

type HardTicketRow = {
  line_id: string;
  order_id: string;
  run_id: string;
  order_number: string;
  position: number | string;
  event_name: string;
  starts_at: Date | string;
  time_zone: string;
  category_name: string;
  place_labels: string[] | string;
  price_cents: number;
  line_status: string;
  cancel_reason: string | null;
  activated_at: Date | string | null;
  activated_by_name: string | null;
  sale_method: PaymentMethod | null;
  sale_price_cents: number | null;
};

export type HardTicket = {
  lineId: string;
  runId: string;
  /** "K7M2-X9QD-2": the order number and the ticket's position, printed under the QR code. */
  reference: string;
  eventName: string;
  startsAt: Date;
  /** The event's time zone, to show the date as printed. */
  timeZone: string;
  categoryName: string;
  /** "Block|row|seat" per seat, or the standing area's name (as on the ticket). */
  places: string[];
  /** The face value printed on the ticket. */
  priceCents: number;
  activatedAt: Date | null;
  activatedByName: string | null;
  /** Sold at activation: how it was paid and for how much; null when handed out without a sale. */
  sale: { paymentMethod: PaymentMethod; priceCents: number } | null;
  /** Voided with its print run before it was activated: the code is refused, it cannot be activated. */
  voided: boolean;
  /** Cancelled for any reason (a voided run, the event's cancellation): it cannot be activated. */
  cancelled: boolean;
};

function hardTicketQuery(organiserId: string, lineIds: readonly string[]) {
  return sql`select l.id as line_id, l.order_id, r.id as run_id, o.number as order_number,
      (select count(*) from order_lines x where x.order_id = l.order_id and (x.created_at, x.id) <= (l.created_at, l.id)) as position,
      e.name as event_name, coalesce(d.starts_at, (select min(starts_at) from event_dates where event_id = l.event_id)) as starts_at, e.time_zone,
      l.category_name, l.place_labels, l.price_cents, l.status::text as line_status, l.cancel_reason::text as cancel_reason,
      l.activated_at,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as activated_by_name,
      a.payment_method::text as sale_method, a.price_cents as sale_price_cents
    from order_lines l
    join orders o on o.id = l.order_id and o.channel = 'hard_ticket'
    join print_runs r on r.order_id = o.id
    join events e on e.id = l.event_id
    left join event_dates d on d.id = l.scope_id
    left join hard_ticket_activations a on a.line_id = l.id
    left join users u on u.id = a.activated_by
    where l.id = any(${pgArray(lineIds)}::uuid[]) and o.organiser_id = ${organiserId} and r.organiser_id = ${organiserId}`;
}

function toHardTicket(r: HardTicketRow): HardTicket {
  // Voiding a run cancels its tickets not activated yet; activated ones stay valid (runs.ts voidRun).
  const voided = r.line_status === "canceled" && r.cancel_reason === "print_voided";
  return {
    lineId: r.line_id,
    runId: r.run_id,
    reference: `${r.order_number}-${Number(r.position)}`,
    eventName: r.event_name,
    startsAt: new Date(r.starts_at),
    timeZone: r.time_zone,
    categoryName: r.category_name,
    places: typeof r.place_labels === "string" ? (JSON.parse(r.place_labels) as string[]) : r.place_labels,
    priceCents: r.price_cents,
    activatedAt: r.activated_at ? new Date(r.activated_at) : null,
    activatedByName: r.activated_at ? r.activated_by_name : null,
    sale: r.sale_method && r.sale_price_cents !== null ? { paymentMethod: r.sale_method, priceCents: r.sale_price_cents } : null,
    voided,
    cancelled: r.line_status === "canceled",
  };
}

async function hardTicketRow(db: DbOrTx, organiserId: string, lineId: string): Promise<HardTicketRow | null> {
  const [row] = await txRows<HardTicketRow>(db, hardTicketQuery(organiserId, [lineId]));
  return row ?? null;
}

/**
 * The ticket line a scanned code (signed T2 or old T1, verified) or a typed reference names, or
 * null. Whether it is a hard ticket of the caller's organiser is checked by the query after.
 */
async function lineOfCode(deps: AppDeps, db: DbOrTx, organiserId: string, input: string): Promise<string | null> {
  if (parseTicketCode(input)) return readTicketCode(deps.config.APP_SECRET, input)?.lineId ?? null;
  const reference = parseTicketReference(input);
  if (!reference || reference.position < 1) return null;
  return lineOfReference(db, organiserId, reference);
}

/** The hard ticket a code names among the organiser's; HARD_TICKET_NOT_FOUND on `field` otherwise. */
async function resolve(deps: AppDeps, db: DbOrTx, organiserId: string, code: string, field: string): Promise<HardTicketRow> {
  const lineId = await lineOfCode(deps, db, organiserId, code.trim());
  const row = lineId ? await hardTicketRow(db, organiserId, lineId) : null;
  if (!row) throw new AppError("HARD_TICKET_NOT_FOUND", { field });
  return row;
}

/** A ticket as the Activation page shows it before activating: event, date, place, category, price, state. */
export async function lookupHardTicket(deps: AppDeps, user: Activator, input: { code: string }): Promise<HardTicket> {
  return toHardTicket(await resolve(deps, deps.database.db, user.organiserId, input.code, "code"));
}

/**
 * The run's row, its order's row, then its lines (in line order): the void's lock order
 * (runs.ts voidRun), and the order before its lines as in decisions 009 and 018. The run's row
 * comes first because the activation's row references it: its foreign key check takes a share
 * lock on the run's row, which would wait for a void holding the run while the void waits for
 * the order this activation holds (a deadlock the race test met).
 */
async function lockRun(tx: DbOrTx, run: { runId: string; orderId: string }, lineIds: readonly string[] | null) {
  if (activationTestLevers.skipLocks) return;
  await tx.execute(sql`select 1 from print_runs where id = ${run.runId} for update`);
  await tx.execute(sql`select 1 from orders where id = ${run.orderId} for update`);
  if (lineIds) await tx.execute(sql`select 1 from order_lines where id = any(${pgArray(lineIds)}::uuid[]) order by created_at, id for update`);
}

/**
 * Activates one hard ticket, optionally recording its sale (payment method and price). In one
 * transaction with the run, its order and the line locked: a second activation waits, then finds
 * the first and answers `alreadyActive` (the key on the line is the backstop: `on conflict do
 * nothing`). A cancelled ticket is refused: HARD_TICKET_VOIDED for a voided run's, else
 * LINE_ALREADY_CANCELLED.
 */
export async function activateHardTicket(deps: AppDeps, user: Activator, input: z.output<typeof ZHardTicketActivate>): Promise<HardTicket & { alreadyActive: boolean }> {
  const db = deps.database.db;
  const found = await resolve(deps, db, user.organiserId, input.code, "code");
  return db.transaction(async (tx) => {
    await lockRun(tx, { runId: found.run_id, orderId: found.order_id }, [found.line_id]);
    const row = (await hardTicketRow(tx, user.organiserId, found.line_id))!;
    const ticket = toHardTicket(row);
    if (ticket.voided) throw new AppError("HARD_TICKET_VOIDED", { field: "code" });
    if (ticket.cancelled) throw new AppError("LINE_ALREADY_CANCELLED", { field: "code" });
    if (ticket.activatedAt) return { ...ticket, alreadyActive: true };

    const [inserted] = await txRows<{ line_id: string }>(
      tx,
      sql`insert into hard_ticket_activations (line_id, organiser_id, print_run_id, activated_by, activated_at, payment_method, price_cents)
          values (${row.line_id}, ${user.organiserId}, ${row.run_id}, ${user.id}, now(), ${input.sale?.paymentMethod ?? null}, ${input.sale?.priceCents ?? null})
          on conflict do nothing returning line_id`,
    );
    if (inserted) {
      // Stamps the line's changed_at too (trigger of migration 0016): devices get it with their next delta.
      await tx.execute(sql`update order_lines set activated_at = now() where id = ${row.line_id} and activated_at is null`);
    }
    const after = toHardTicket((await hardTicketRow(tx, user.organiserId, row.line_id))!);
    return { ...after, alreadyActive: !inserted };
  });
}

/**
 * Activates every ticket of one run from the first scanned to the last (either order; by line
 * order, the order of the references and of the printed pages) in one transaction. Tickets
 * active already are counted as `already`, cancelled ones (a voided run) as `voided`; nothing is
 * sold (a range is handed out: sales are recorded one by one).
 */
export async function activateHardTicketRange(deps: AppDeps, user: Activator, input: z.output<typeof ZHardTicketRange>) {
  const db = deps.database.db;
  const from = await resolve(deps, db, user.organiserId, input.fromCode, "fromCode");
  const to = await resolve(deps, db, user.organiserId, input.toCode, "toCode");
  if (from.run_id !== to.run_id) throw new AppError("HARD_TICKET_RANGE", { field: "toCode" });
  return db.transaction(async (tx) => {
    // The run and its order here; the range's lines by the select below, in line order.
    await lockRun(tx, { runId: from.run_id, orderId: from.order_id }, null);
    const lines = await txRows<{ id: string; status: string; active: boolean }>(
      tx,
      sql`select l.id, l.status::text as status, l.activated_at is not null as active
          from order_lines l,
            (select created_at, id from order_lines where id in (${from.line_id}, ${to.line_id}) order by created_at, id limit 1) lo,
            (select created_at, id from order_lines where id in (${from.line_id}, ${to.line_id}) order by created_at desc, id desc limit 1) hi
          where l.order_id = ${from.order_id} and (l.created_at, l.id) >= (lo.created_at, lo.id) and (l.created_at, l.id) <= (hi.created_at, hi.id)
          order by l.created_at, l.id ${activationTestLevers.skipLocks ? sql`` : sql`for update of l`}`,
    );
    const voided = lines.filter((l) => l.status === "canceled").length;
    const open = lines.filter((l) => l.status !== "canceled" && !l.active).map((l) => l.id);
    let activated = 0;
    if (open.length > 0) {
      const inserted = await txRows<{ line_id: string }>(
        tx,
        sql`insert into hard_ticket_activations (line_id, organiser_id, print_run_id, activated_by, activated_at)
            select id, ${user.organiserId}, ${from.run_id}, ${user.id}, now() from unnest(${pgArray(open)}::uuid[]) as id
            on conflict do nothing returning line_id`,
      );
      activated = inserted.length;
      if (activated > 0) {
        await tx.execute(sql`update order_lines set activated_at = now() where id = any(${pgArray(inserted.map((r) => r.line_id))}::uuid[]) and activated_at is null`);
      }
    }
    return { runId: from.run_id, activated, already: lines.length - voided - activated, voided };
  });
}
