import type { z } from "zod";
import { type CartCredentials, MAX_PLACES_PER_CART, type ZHoldInput, type ZReleaseInput } from "../../../shared/schemas/shop";
import { bestAvailable } from "../../../shared/seating/best-available";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { releaseUses } from "../vouchers/uses";
import { addCounterChanges, addSeatChanges, announceChanges, type Changes } from "../inventory/changes";
import { giveBack } from "../inventory/give-back";
import { followCartExpiry, freeSeatKeys, missingSeats, runHoldStatement } from "../inventory/hold";
import { runReleaseStatement } from "../inventory/release";
import { txRows } from "../../db/sql";
import { sql } from "drizzle-orm";
import {
  adjustHoldings,
  type CartInfo,
  createCart,
  followRelease,
  forgetCart,
  hashSecret,
  type Holdings,
  knownCart,
  lockCart,
  readCartForHold,
  rememberCart,
  scopeOfCart,
} from "./cart";
import type { HoldClient } from "./hold-limits";
import { assertSelectionAllowed, type HoldPlan, planRequest, selectionOf } from "./rules-gate";
import { openScope, type ShopScope } from "./scope";
import type { SalesChannel } from "../../../shared/rules/ticket-selection";

export type { CartInfo } from "./cart";
export { readCart } from "./cart";
export { sweepExpiredCarts } from "./sweeper";

export type HoldResult =
  | { status: "held"; cart: CartInfo; seats: string[] }
  | { status: "taken"; taken: string[] }
  | { status: "sold_out"; ticketCategoryIds: string[] };

type HoldInput = z.output<typeof ZHoldInput>;
type ReleaseInput = z.output<typeof ZReleaseInput>;

/** A lost hold whose missing seats were only locked by transactions still running: try again. */
class Contended extends Error {}
/** The cart changed between reading it and the hold statement (another hold or release of the same cart). */
class CartChanged extends Error {}

/** Tries of a hold that lost only to seats locked by transactions still in flight. */
const HOLD_ATTEMPTS = 6;
/** Only a cart changing all the time (the buyer's tabs racing each other) runs out of these. */
const CART_CHANGED_ATTEMPTS = 20;

/**
 * Who sells: the online shop (default), or the box office with the scope it opened for the
 * organiser (server/modules/boxoffice/scope.ts: no access code, box-office-only categories and
 * blocks allowed). The same holds, expiry and announcements either way.
 */
export type HoldChannel = { channel: SalesChannel; scope: ShopScope };

/** Holds seats and counted places for a buyer's cart (creating the cart on the first hold). */
/** `client`: who asks (a new cart remembers it for the hold limits, shop/hold-limits.ts); null for callers that are not a buyer. */
export async function hold(deps: AppDeps, input: HoldInput, client: HoldClient | null = null, via?: HoldChannel): Promise<HoldResult> {
  const scope = via?.scope ?? (await openScope(deps, input.scopeId, input.access));
  const channel = via?.channel ?? "online";
  const plan = planRequest(scope, input, channel);
  for (let attempt = 1; ; attempt++) {
    try {
      return await holdOnce(deps, input, scope, plan, attempt >= HOLD_ATTEMPTS, client, channel);
    } catch (err) {
      if (err instanceof CartChanged) {
        if (attempt < CART_CHANGED_ATTEMPTS) continue;
        throw new AppError("CONFLICT", { field: "cart" });
      }
      if (!(err instanceof Contended)) throw err;
      // The lock holders finish within milliseconds (a losing one rolls back at once).
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8 * attempt));
    }
  }
}

/**
 * One try of a hold: the cart and its holdings are read and the rules checked (no locks), then
 * one statement (inventory/hold.ts) takes seats and counters if the cart is still as read. A
 * cart changed meanwhile is read again (`CartChanged`); seats only locked by holds still in
 * flight are tried again (`Contended`).
 */
async function holdOnce(
  deps: AppDeps,
  input: HoldInput,
  scope: ShopScope,
  plan: HoldPlan,
  lastAttempt: boolean,
  client: HoldClient | null,
  channel: SalesChannel,
): Promise<HoldResult> {
  const db = deps.database.seats;
  const existing = input.cart ? (knownCart(scope, input.cart) ?? (await readCartForHold(db, scope, input.cart))) : null;
  const holdings: Holdings = existing?.holdings ?? { seats: [], items: [] };
  const selection = selectionOf(scope, holdings, plan.perCategory);
  const total = [...selection.values()].reduce((n, s) => n + s.places, 0);
  if (total > MAX_PLACES_PER_CART) throw new AppError("TICKETS_ABOVE_MAX", { field: "seats" });
  await assertSelectionAllowed(db, scope, selection, "hold", new Set(plan.perCategory.keys()), channel);

  const fresh = existing ? null : createCart(deps, scope, client);
  const cartId = existing?.id ?? fresh!.id;
  const seats = plan.seats.map((s) => ({ key: s.key, tc: s.tc.id, cat: s.seatingCategory }));
  const res = await runHoldStatement(db, {
    scope: { kind: scope.kind, dateIds: scope.dateIds, scopeId: scope.scopeId, event: scope.event },
    cart: existing ? { id: existing.id, version: existing.version } : fresh!,
    seats,
    items: plan.counts.map((c) => ({ tc: c.tc.id, area: c.areaId, quantity: c.quantity })),
    quota: plan.quota,
    area: plan.area,
    fast: deps.database.kind === "postgres",
  });

  if (!res.cart) {
    if (res.avail.length < seats.length * scope.dateIds.length) {
      const perKey = new Map<string, number>();
      for (const r of res.avail) perKey.set(r.k, (perKey.get(r.k) ?? 0) + 1);
      const missing = await missingSeats(
        db,
        scope.dateIds,
        plan.seats.filter((s) => perKey.get(s.key) !== scope.dateIds.length).map((s) => ({ key: s.key, cat: s.seatingCategory })),
      );
      if (missing.unknown.length > 0) throw new AppError("SEAT_NOT_FOUND", { field: "seats", detail: missing.unknown[0] });
      if (missing.otherCategory.length > 0) {
        const seat = plan.seats.find((s) => s.key === missing.otherCategory[0]);
        throw new AppError("TICKET_NOT_SELECTABLE", { field: "ticketCategoryId", detail: seat?.tc.id });
      }
      // Seats only locked by a hold still running are not known to be taken yet.
      if (missing.taken.length === 0 && !lastAttempt) throw new Contended();
      return { status: "taken", taken: missing.taken.length > 0 ? missing.taken : missing.locked };
    }
    const fits = new Set(res.fits);
    const failed = [...plan.quota.keys(), ...[...plan.area.keys()].map((k) => `area:${k}`)].filter((k) => !fits.has(k));
    if (failed.length > 0) {
      const ids = failed.map((k) => (k.startsWith("ticket:") ? k.slice(7) : null)).filter((k): k is string => k !== null);
      return { status: "sold_out", ticketCategoryIds: ids.length > 0 ? ids : [...plan.perCategory.keys()] };
    }
    // Everything was there but the cart was not as read (or not active any more): read it again.
    forgetCart(cartId);
    throw new CartChanged();
  }

  const wonKeys = new Set(res.won.map((r) => r.k));
  const added = new Map<string, number>();
  for (const seat of plan.seats) if (wonKeys.has(seat.key)) added.set(seat.tc.id, (added.get(seat.tc.id) ?? 0) + 1);
  rememberCart(cartId, {
    version: Number(res.cart.version),
    secretHash: fresh ? fresh.secretHash : hashSecret(input.cart!.secret),
    scopeId: scope.scopeId,
    holdings: adjustHoldings(holdings, added, plan.counts.map((c) => ({ tc: c.tc.id, area: c.areaId, n: c.quantity })), 1),
  });

  const changes: Changes = new Map();
  addSeatChanges(scope, res.won, changes);
  addCounterChanges(scope.scopeId, res.counters, changes);
  announceChanges(deps, changes);
  return {
    status: "held",
    cart: { id: cartId, secret: fresh?.secret ?? null, scopeId: scope.scopeId, expiresAt: new Date(res.cart.expires_at), extended: res.cart.extended },
    seats: [...wonKeys],
  };
}

/** Best available: N adjacent seats of a ticket category's seats (shared/seating/best-available.ts), held in one step. */
export async function holdBest(
  deps: AppDeps,
  input: { scopeId: string; access?: string | undefined; cart: CartCredentials | null; ticketCategoryId: string; quantity: number; blockId?: string | undefined },
  client: HoldClient | null = null,
  via?: HoldChannel,
): Promise<HoldResult> {
  const scope = via?.scope ?? (await openScope(deps, input.scopeId, input.access));
  const tc = scope.categories.find((c) => c.id === input.ticketCategoryId);
  if (!tc) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
  if (!scope.layout) throw new AppError("SEAT_NOT_FOUND", { field: "seats" });
  // Online, the box office's own blocks are not part of the plan best available searches.
  const layout = via?.channel === "boxoffice" ? scope.layout : { ...scope.layout, blocks: scope.layout.blocks.filter((b) => !b.boxofficeOnly) };
  const seats = input.quantity * tc.seatsPerTicket;
  for (let attempt = 0; attempt < 3; attempt++) {
    const free = await freeSeatKeys(deps.database.db, scope.dateIds, tc.seatingCategoryId, input.blockId);
    const groups = bestAvailable(layout, free, {
      quantity: seats,
      categoryId: tc.seatingCategoryId,
      ...(input.blockId ? { blockId: input.blockId } : {}),
      maxCandidates: 3,
    });
    if (groups.length === 0) return { status: "sold_out", ticketCategoryIds: [tc.id] };
    for (const group of groups) {
      const result = await hold(deps, {
        scopeId: input.scopeId,
        access: input.access,
        cart: input.cart,
        seats: group.map((key) => ({ key, ticketCategoryId: tc.id })),
        counts: [],
      }, client, via);
      if (result.status !== "taken") return result;
    }
  }
  return { status: "taken", taken: [] };
}

/** Deselecting: gives back seats and counted tickets of the cart (or everything with `all`). */
export async function release(deps: AppDeps, input: ReleaseInput): Promise<{ released: string[] }> {
  const changes: Changes = new Map();
  // The scope is read before any statement: on PGlite (one connection) a read inside a
  // transaction's callback but outside it would wait for it forever.
  const scope = await scopeOfCart(deps, input.cart);
  const secretHash = hashSecret(input.cart.secret);
  if (input.all) {
    forgetCart(input.cart.id);
    const res = await giveBack(deps.database.seats, { cartIds: [input.cart.id], cartState: "released", owner: { secretHash, scopeId: scope.scopeId } }, changes);
    if (!res.done) throw new AppError(res.state === null ? "CART_NOT_FOUND" : "CART_EXPIRED", { field: "cart" });
    // A voucher the buyer applied goes back with the cart (decision 020; the sweeper would too).
    await deps.database.db.transaction((tx) => releaseUses(tx, { cartIds: [input.cart.id] }));
    announceChanges(deps, changes);
    return { released: res.freed };
  }
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const counts = input.counts.map((c) => {
    const tc = byId.get(c.ticketCategoryId);
    if (!tc) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
    return { tc: tc.id, area: c.areaId ?? "", quantity: c.quantity, spt: tc.seatsPerTicket };
  });
  const res = await runReleaseStatement(deps.database.seats, {
    scope,
    cartId: input.cart.id,
    secretHash,
    seatKeys: input.seatKeys,
    counts,
    fast: deps.database.kind === "postgres",
  });
  if (!res.state) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (res.state !== "active" || res.expiresAt!.getTime() <= Date.now()) throw new AppError("CART_EXPIRED", { field: "cart" });
  // Follow the cart this instance knows to its new version.
  const removed = new Map<string, number>();
  for (const [, tc] of new Map(res.freed.map((f) => [f.k, f.tc]))) if (tc) removed.set(tc, (removed.get(tc) ?? 0) + 1);
  followRelease(input.cart.id, res.version, res.bumped, removed, res.given);
  addSeatChanges(scope, res.freed, changes);
  addCounterChanges(scope.scopeId, res.counters, changes);
  announceChanges(deps, changes);
  return { released: [...new Set(res.freed.map((r) => r.k))] };
}

/** Extends a cart's holds once by the hold time. */
export async function extend(deps: AppDeps, credentials: CartCredentials): Promise<CartInfo> {
  return deps.database.db.transaction(async (tx) => {
    const cart = await lockCart(tx, credentials);
    if (cart.extended) throw new AppError("HOLD_ALREADY_EXTENDED");
    const [row] = await txRows<{ expires_at: string | Date }>(
      tx,
      sql`update carts set expires_at = now() + make_interval(secs => ${deps.config.HOLD_TTL_SECONDS}), extended = true
          where id = ${cart.id} returning expires_at`,
    );
    await followCartExpiry(tx, cart.id);
    return { id: cart.id, secret: null, scopeId: cart.scope_id, expiresAt: new Date(row!.expires_at), extended: true };
  });
}
