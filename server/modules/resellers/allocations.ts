import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { isCancelled } from "../../../shared/rules/event-status";
import type { ZAllocateInput, ZAllocationReturnAt, ZAllocationReturnInput } from "../../../shared/schemas/resellers";
import type { DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { addCounterChanges, addSeatChanges, announceChanges, type Changes } from "../inventory/changes";
import { giveBack } from "../inventory/give-back";
import { setCartExpiry, type HoldStatementResult, missingSeats, runHoldStatement } from "../inventory/hold";
import { lockCarts } from "../inventory/lock-order";
import { runReleaseStatement } from "../inventory/release";
import { hashSecret } from "../shop/cart";
import { planRequest } from "../shop/rules-gate";
import { loadScope, type ShopScope } from "../shop/scope";

/**
 * The organiser's side of allocations (issue 21, decision 022): giving a reseller seats and
 * counted places of one event date, handing unsold ones back, and moving the time at which the
 * rest goes back to public sale by itself. The places are held by the allocation's own cart
 * (inventory/allocation.ts), so watchers of the date see them leave and come back live.
 */

type AllocateInput = z.output<typeof ZAllocateInput>;
type ReturnInput = z.output<typeof ZAllocationReturnInput>;

/** An event date of the organiser that can still sell: its event not cancelled, the date not over. */
export async function organiserDate(deps: AppDeps, organiserId: string, eventDateId: string): Promise<ShopScope> {
  const scope = await loadScope(deps.database.db, eventDateId);
  if (!scope || scope.kind !== "date" || scope.event.organiserId !== organiserId) throw new AppError("NOT_FOUND", { field: "eventDateId" });
  if (isCancelled(scope.event.status)) throw new AppError("EVENT_CANCELLED");
  if (scope.date.endsAt.getTime() <= Date.now()) throw new AppError("EVENT_NOT_ON_SALE");
  return scope;
}

/** The reseller's prices per ticket category of an event (what it may sell there). */
export async function resellerPrices(db: DbOrTx, resellerId: string, eventId: string): Promise<Map<string, number>> {
  const rows = await txRows<{ tc: string; price: number }>(
    db,
    sql`select ticket_category_id::text as tc, price_cents as price from reseller_tickets where reseller_id = ${resellerId} and event_id = ${eventId}`,
  );
  return new Map(rows.map((r) => [r.tc, Number(r.price)]));
}

function checkReturnAt(returnAt: Date, scope: ShopScope): void {
  if (returnAt.getTime() <= Date.now() || returnAt.getTime() > scope.date.endsAt.getTime()) throw new AppError("ALLOCATION_RETURN_TIME", { field: "returnAt" });
}

type AllocationRow = { id: string; reseller_id: string; event_date_id: string; cart_id: string; secret_hash: string; state: string; expires_at: string | Date };

async function allocationOf(db: DbOrTx, organiserId: string, allocationId: string, lock = false): Promise<AllocationRow> {
  const [row] = await txRows<AllocationRow>(
    db,
    sql`select a.id::text, a.reseller_id::text, a.event_date_id::text, a.cart_id::text, c.secret_hash, c.state::text, c.expires_at
        from reseller_allocations a join carts c on c.id = a.cart_id
        where a.id = ${allocationId} and a.organiser_id = ${organiserId} ${lock ? sql`for update of c` : sql``}`,
  );
  if (!row) throw new AppError("NOT_FOUND", { field: "allocationId" });
  return row;
}

const isLive = (a: { state: string; expires_at: string | Date }) => a.state === "active" && new Date(a.expires_at).getTime() > Date.now();

/** An allocation's hold that found something missing: its transaction rolls back. */
class HoldLost extends Error {
  constructor(readonly res: HoldStatementResult) {
    super("hold lost");
  }
}

/** Tries of an allocation that lost only to seats locked by holds still in flight. */
const ATTEMPTS = 5;

/**
 * Gives a reseller seats and counted places of one date (adds to its allocation there). Seats
 * must be free (not sold, held or another reseller's): otherwise nothing is allocated and the
 * seats in the way are named. Each seat is held under the ticket category named for it, which
 * the reseller must sell (RESELLER_TICKET_NOT_ASSIGNED); the reseller sells it as any of its
 * categories for that seat's seating category, at its price (decision 022).
 */
export async function allocate(deps: AppDeps, organiserId: string, input: AllocateInput): Promise<{ allocationId: string }> {
  const db = deps.database.db;
  const scope = await organiserDate(deps, organiserId, input.eventDateId);
  const [reseller] = await txRows<{ id: string }>(
    db,
    sql`select id::text from users where id = ${input.resellerId} and organiser_id = ${organiserId} and role = 'reseller'`,
  );
  if (!reseller) throw new AppError("NOT_FOUND", { field: "resellerId" });
  const prices = await resellerPrices(db, input.resellerId, scope.event.id);
  for (const tc of [...input.seats.map((s) => s.ticketCategoryId), ...input.counts.map((c) => c.ticketCategoryId)]) {
    if (!prices.has(tc)) throw new AppError("RESELLER_TICKET_NOT_ASSIGNED", { field: "ticketCategoryId", detail: tc });
  }
  const plan = planRequest(
    scope,
    { seats: input.seats, counts: input.counts.map((c) => ({ ticketCategoryId: c.ticketCategoryId, areaId: c.areaId || null, quantity: c.quantity })) },
    "boxoffice",
  );
  if (input.returnAt) checkReturnAt(input.returnAt, scope);

  for (let attempt = 1; ; attempt++) {
    const changes: Changes = new Map();
    const outcome = await db
      .transaction(async (tx) => {
      // The event first (as its cancellation locks it before the carts): a cancellation that
      // committed since the check above allocates nothing.
      const [event] = await txRows<{ status: string }>(tx, sql`select status::text from events where id = ${scope.event.id} for share`);
      if (!event || isCancelled(event.status as typeof scope.event.status)) throw new AppError("EVENT_CANCELLED");
      // The allocation row next (one per reseller and date): two allocations to it take turns.
      const [existing] = await txRows<{ id: string; cart_id: string; version: number; live: boolean }>(
        tx,
        sql`select a.id::text, a.cart_id::text, c.version, c.state = 'active' and c.expires_at > now() as live
            from reseller_allocations a join carts c on c.id = a.cart_id
            where a.reseller_id = ${input.resellerId} and a.event_date_id = ${scope.scopeId} for update of a`,
      );
      const returnAt = input.returnAt ?? scope.date.endsAt;
      // A new return time for a live allocation moves first: its cart, then its seats (decision 009), before the hold.
      if (existing?.live && input.returnAt) {
        await moveReturnAt(tx, existing.id, existing.cart_id, input.returnAt);
        const [moved] = await txRows<{ version: number }>(tx, sql`select version from carts where id = ${existing.cart_id}`);
        existing.version = Number(moved!.version);
      }
      const fresh = existing?.live
        ? null
        : { id: randomUUID(), secretHash: hashSecret(randomBytes(24).toString("base64url")), ttlSeconds: Math.max(1, Math.ceil((returnAt.getTime() - Date.now()) / 1000)) };
      const res = await runHoldStatement(tx, {
        scope,
        cart: fresh ? { ...fresh, client: null } : { id: existing!.cart_id, version: Number(existing!.version) },
        seats: plan.seats.map((s) => ({ key: s.key, tc: s.tc.id, cat: s.seatingCategory })),
        items: plan.counts.map((c) => ({ tc: c.tc.id, area: c.areaId, quantity: c.quantity })),
        quota: plan.quota,
        area: plan.area,
        fast: false,
      });
      // Nothing held: roll back (a return time moved above stays as it was).
      if (!res.cart) throw new HoldLost(res);
      let allocationId = existing?.id ?? null;
      if (fresh && existing) {
        await tx.execute(sql`update reseller_allocations set cart_id = ${fresh.id}, return_at = ${returnAt.toISOString()}::timestamptz, updated_at = now() where id = ${existing.id}`);
      } else if (fresh) {
        const [row] = await txRows<{ id: string }>(
          tx,
          sql`insert into reseller_allocations (organiser_id, reseller_id, event_id, event_date_id, cart_id, return_at)
              values (${organiserId}, ${input.resellerId}, ${scope.event.id}, ${scope.scopeId}, ${fresh.id}, ${returnAt.toISOString()}::timestamptz)
              returning id::text`,
        );
        allocationId = row!.id;
      }
      addSeatChanges(scope, res.won, changes);
      addCounterChanges(scope.scopeId, res.counters, changes);
      return { res, allocationId };
    })
      // The first allocation of this reseller and date made at the same moment elsewhere: add to it.
      .catch((err: unknown) => {
        if (err instanceof HoldLost) return { res: err.res, allocationId: null };
        if (isUniqueViolation(err, "reseller_allocations_reseller_date") && attempt < ATTEMPTS) return null;
        throw err;
      });
    if (!outcome) continue;
    if (outcome.allocationId) {
      await announceChanges(deps, changes);
      return { allocationId: outcome.allocationId };
    }
    const { res } = outcome;
    if (res.avail.length < plan.seats.length) {
      const got = new Set(res.avail.map((a) => a.k));
      const missing = await missingSeats(db, scope.dateIds, plan.seats.filter((s) => !got.has(s.key)).map((s) => ({ key: s.key, cat: s.seatingCategory })));
      if (missing.unknown.length > 0) throw new AppError("SEAT_NOT_FOUND", { field: "seats", detail: missing.unknown[0] });
      if (missing.otherCategory.length > 0) throw new AppError("TICKET_NOT_SELECTABLE", { field: "seats", detail: missing.otherCategory[0] });
      if (missing.taken.length === 0 && attempt < ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
        continue;
      }
      throw new AppError("ALLOCATION_SEATS_TAKEN", { field: "seats", detail: (missing.taken[0] ?? missing.locked[0])! });
    }
    const fits = new Set(res.fits);
    const full = [...plan.quota.keys(), ...[...plan.area.keys()].map((k) => `area:${k}`)].find((k) => !fits.has(k));
    if (full) throw new AppError("SOLD_OUT", { field: "counts", detail: full.startsWith("ticket:") ? full.slice(7) : full });
    // The cart changed between reading and holding (another allocation to it): try again.
    if (attempt >= ATTEMPTS) throw new AppError("CONFLICT");
  }
}

async function moveReturnAt(tx: DbOrTx, allocationId: string, cartId: string, returnAt: Date): Promise<void> {
  // Locked first: a hold to this cart committing meanwhile has its seats moved too (setCartExpiry).
  await lockCarts(tx, [cartId]);
  await setCartExpiry(tx, cartId, sql`expires_at = ${returnAt.toISOString()}::timestamptz, version = version + 1`);
  await tx.execute(sql`update reseller_allocations set return_at = ${returnAt.toISOString()}::timestamptz, updated_at = now() where id = ${allocationId}`);
}

/** Moves the time at which what is unsold goes back to public sale by itself. */
export async function setReturnAt(deps: AppDeps, organiserId: string, input: z.output<typeof ZAllocationReturnAt>): Promise<{ ok: true }> {
  const db = deps.database.db;
  const found = await allocationOf(db, organiserId, input.allocationId);
  const scope = await organiserDate(deps, organiserId, found.event_date_id);
  checkReturnAt(input.returnAt, scope);
  await db.transaction(async (tx) => {
    const a = await allocationOf(tx, organiserId, input.allocationId, true);
    if (!isLive(a)) throw new AppError("ALLOCATION_RETURNED");
    await moveReturnAt(tx, a.id, a.cart_id, input.returnAt);
  });
  return { ok: true };
}

/**
 * Hands unsold seats and counted places back to public sale now (`all`: everything unsold). What
 * the allocation no longer holds (sold meanwhile) is refused with ALLOCATION_EXCEEDED and nothing
 * goes back, so the organiser sees what is left and decides again.
 */
export async function returnAllocation(deps: AppDeps, organiserId: string, input: ReturnInput): Promise<{ seats: number; places: number }> {
  const db = deps.database.db;
  const found = await allocationOf(db, organiserId, input.allocationId);
  const scope = await loadScope(db, found.event_date_id);
  if (!scope) throw new AppError("NOT_FOUND", { field: "allocationId" });
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const counts = input.counts.map((c) => {
    const tc = byId.get(c.ticketCategoryId);
    if (!tc) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
    return { tc: tc.id, area: c.areaId, quantity: c.quantity, spt: tc.seatsPerTicket };
  });
  const changes: Changes = new Map();
  const result = await db.transaction(async (tx) => {
    const a = await allocationOf(tx, organiserId, input.allocationId, true);
    if (!isLive(a)) throw new AppError("ALLOCATION_RETURNED");
    if (input.all) {
      const [n] = await txRows<{ seats: number; places: number }>(
        tx,
        sql`select (select count(*)::int from seat_inventory where hold_id = ${a.cart_id} and status in ('PAYMENT_PENDING', 'SEASON_BLOCKED')) as seats,
            (select coalesce(sum(quantity), 0)::int from cart_items where cart_id = ${a.cart_id}) as places`,
      );
      await giveBack(tx, { cartIds: [a.cart_id], cartState: "released" }, changes);
      return { seats: Number(n?.seats ?? 0), places: Number(n?.places ?? 0) };
    }
    const res = await runReleaseStatement(tx, { scope, cartId: a.cart_id, secretHash: a.secret_hash, seatKeys: input.seats, counts, fast: false });
    const given = new Map(res.given.map((g) => [`${g.tc}|${g.area}`, Number(g.n)]));
    if (res.freed.length !== input.seats.length || counts.some((c) => given.get(`${c.tc}|${c.area}`) !== c.quantity)) throw new AppError("ALLOCATION_EXCEEDED");
    addSeatChanges(scope, res.freed, changes);
    addCounterChanges(scope.scopeId, res.counters, changes);
    return { seats: res.freed.length, places: counts.reduce((n, c) => n + c.quantity, 0) };
  });
  await announceChanges(deps, changes);
  return result;
}
