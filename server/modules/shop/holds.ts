import type { z } from "zod";
import { type CartCredentials, MAX_PLACES_PER_CART, type ZHoldInput, type ZReleaseInput } from "../../../shared/schemas/shop";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { releaseUses } from "../vouchers/uses";
import { addCounterChanges, addSeatChanges, announceChanges, type Changes } from "../inventory/changes";
import { giveBack } from "../inventory/give-back";
import { setCartExpiry, type HoldStatementInput, type HoldStatementResult, missingSeats, runHoldStatement } from "../inventory/hold";
import { runReleaseStatement } from "../inventory/release";
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
export { holdBest } from "./hold-best";
export { sweepExpiredCarts } from "./sweeper";

export type HoldResult =
  | { status: "held"; cart: CartInfo; seats: string[] }
  | { status: "taken"; taken: string[] }
  | { status: "sold_out"; ticketCategoryIds: string[] };

type HoldInput = z.output<typeof ZHoldInput>;
type ReleaseInput = z.output<typeof ZReleaseInput>;

/** A lost hold whose missing seats were only locked by transactions still running: try again. */
export class Contended extends Error {}
/** The cart changed between reading it and the hold statement (another hold or release of the same cart). */
class CartChanged extends Error {}

/** Tries of a hold that lost only to seats locked by transactions still in flight. */
export const HOLD_ATTEMPTS = 6;
/** Only a cart changing all the time (the buyer's tabs racing each other) runs out of these. */
const CART_CHANGED_ATTEMPTS = 20;

/**
 * Who sells: the online shop (default), or the box office with the scope it opened for the
 * organiser (server/modules/boxoffice/scope.ts: no access code, box-office-only categories and
 * blocks allowed). The same holds, expiry and announcements either way.
 */
export type HoldChannel = { channel: SalesChannel; scope: ShopScope };

/** The cart a hold statement takes its places for: one at the version read, or a new one. */
export type HoldCart = HoldStatementInput["cart"];

/**
 * What a hold adds and how it takes it, once the cart is read and the rules are checked: named
 * seats and counted places (`hold`), or seats the database chooses (./hold-best.ts).
 */
export type Taking = {
  /** Places per ticket category the hold adds (rules, cart size). */
  perCategory: Map<string, number>;
  /** Counted places it adds (standing areas, events without a plan). */
  counts: HoldPlan["counts"];
  /** Counter units it asks for (a refusal names the counters without room). */
  quota: Map<string, number>;
  area: Map<string, number>;
  /**
   * Runs the statement for `cart`: its result (held, or refused by counters or the cart's
   * version: decided by the caller), or a refusal of its own. May throw `Contended`.
   */
  take: (cart: HoldCart, lastAttempt: boolean) => Promise<HoldStatementResult | Exclude<HoldResult, { status: "held" }>>;
  /** The ticket category a won seat is held as. */
  tcOf: (key: string) => string;
};

/** Holds seats and counted places for a buyer's cart (creating the cart on the first hold). */
/** `client`: who asks (a new cart remembers it for the hold limits, shop/hold-limits.ts); null for callers that are not a buyer. */
export async function hold(deps: AppDeps, input: HoldInput, client: HoldClient | null = null, via?: HoldChannel): Promise<HoldResult> {
  const scope = via?.scope ?? (await openScope(deps, input.scopeId, input.access));
  const channel = via?.channel ?? "online";
  const plan = planRequest(scope, input, channel);
  return holdTaking(deps, scope, input.cart, namedSeats(deps, scope, plan), client, channel);
}

/**
 * Tries a hold until it is decided: a cart changed meanwhile is read again (`CartChanged`); seats
 * only locked by holds still in flight are tried again after a moment (`Contended`).
 */
export async function holdTaking(
  deps: AppDeps,
  scope: ShopScope,
  credentials: CartCredentials | null,
  taking: Taking,
  client: HoldClient | null,
  channel: SalesChannel,
): Promise<HoldResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await holdOnce(deps, scope, credentials, taking, attempt >= HOLD_ATTEMPTS, client, channel);
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

/** The hold statement for the seats and counts a buyer named (inventory/hold.ts). */
function namedSeats(deps: AppDeps, scope: ShopScope, plan: HoldPlan): Taking {
  const db = deps.database.seats;
  const seats = plan.seats.map((s) => ({ key: s.key, tc: s.tc.id, cat: s.seatingCategory }));
  const tcOf = new Map(plan.seats.map((s) => [s.key, s.tc.id]));
  return {
    perCategory: plan.perCategory,
    counts: plan.counts,
    quota: plan.quota,
    area: plan.area,
    tcOf: (key) => tcOf.get(key)!,
    take: async (cart, lastAttempt) => {
      const res = await runHoldStatement(db, {
        scope: { kind: scope.kind, dateIds: scope.dateIds, scopeId: scope.scopeId, event: scope.event },
        cart,
        seats,
        items: plan.counts.map((c) => ({ tc: c.tc.id, area: c.areaId, quantity: c.quantity })),
        quota: plan.quota,
        area: plan.area,
        fast: deps.database.kind === "postgres",
      });
      if (res.cart || res.avail.length >= seats.length * scope.dateIds.length) return res;
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
    },
  };
}

/**
 * One try of a hold: the cart and its holdings are read and the rules checked (no locks), then
 * one statement (`taking`) takes seats and counters if the cart is still as read. A refusal by
 * the counters is "sold out"; everything there but the cart not as read: `CartChanged`.
 */
async function holdOnce(
  deps: AppDeps,
  scope: ShopScope,
  credentials: CartCredentials | null,
  taking: Taking,
  lastAttempt: boolean,
  client: HoldClient | null,
  channel: SalesChannel,
): Promise<HoldResult> {
  const db = deps.database.seats;
  const existing = credentials ? (knownCart(scope, credentials) ?? (await readCartForHold(db, scope, credentials))) : null;
  const holdings: Holdings = existing?.holdings ?? { seats: [], items: [] };
  const selection = selectionOf(scope, holdings, taking.perCategory);
  const total = [...selection.values()].reduce((n, s) => n + s.places, 0);
  if (total > MAX_PLACES_PER_CART) throw new AppError("TICKETS_ABOVE_MAX", { field: "seats" });
  await assertSelectionAllowed(db, scope, selection, "hold", new Set(taking.perCategory.keys()), channel);

  const fresh = existing ? null : createCart(deps, scope, client);
  const cartId = existing?.id ?? fresh!.id;
  const res = await taking.take(existing ? { id: existing.id, version: existing.version } : fresh!, lastAttempt);
  if ("status" in res) return res;

  if (!res.cart) {
    const fits = new Set(res.fits);
    const failed = [...taking.quota.keys(), ...[...taking.area.keys()].map((k) => `area:${k}`)].filter((k) => !fits.has(k));
    if (failed.length > 0) {
      const ids = failed.map((k) => (k.startsWith("ticket:") ? k.slice(7) : null)).filter((k): k is string => k !== null);
      return { status: "sold_out", ticketCategoryIds: ids.length > 0 ? ids : [...taking.perCategory.keys()] };
    }
    // Everything was there but the cart was not as read (or not active any more): read it again.
    forgetCart(cartId);
    throw new CartChanged();
  }

  const wonKeys = new Set(res.won.map((r) => r.k));
  const added = new Map<string, number>();
  for (const key of wonKeys) added.set(taking.tcOf(key), (added.get(taking.tcOf(key)) ?? 0) + 1);
  rememberCart(cartId, {
    version: Number(res.cart.version),
    secretHash: fresh ? fresh.secretHash : hashSecret(credentials!.secret),
    scopeId: scope.scopeId,
    holdings: adjustHoldings(holdings, added, taking.counts.map((c) => ({ tc: c.tc.id, area: c.areaId, n: c.quantity })), 1),
  });

  const changes: Changes = new Map();
  addSeatChanges(scope, res.won, changes);
  addCounterChanges(scope.scopeId, res.counters, changes);
  await announceChanges(deps, changes);
  return {
    status: "held",
    cart: { id: cartId, secret: fresh?.secret ?? null, scopeId: scope.scopeId, expiresAt: new Date(res.cart.expires_at), extended: res.cart.extended },
    seats: [...wonKeys],
  };
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
    await announceChanges(deps, changes);
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
  await announceChanges(deps, changes);
  return { released: [...new Set(res.freed.map((r) => r.k))] };
}

/** Extends a cart's holds once by the hold time. */
export async function extend(deps: AppDeps, credentials: CartCredentials): Promise<CartInfo> {
  return deps.database.db.transaction(async (tx) => {
    const cart = await lockCart(tx, credentials);
    if (cart.extended) throw new AppError("HOLD_ALREADY_EXTENDED");
    const expiresAt = await setCartExpiry(tx, cart.id, sql`expires_at = now() + make_interval(secs => ${deps.config.HOLD_TTL_SECONDS}), extended = true`);
    return { id: cart.id, secret: null, scopeId: cart.scope_id, expiresAt: expiresAt!, extended: true };
  });
}
