import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { CartCredentials } from "../../../shared/schemas/shop";
import type { DbOrTx } from "../../db/client";
import type { HoldClient } from "./hold-limits";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { HELD } from "../inventory/statuses";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { loadScope, type ShopScope } from "./scope";

/**
 * A buyer's cart: its credentials (an id and a secret only whose hash is stored) and what this
 * instance remembers of the carts it served.
 */
export type CartInfo = { id: string; secret: string | null; scopeId: string; expiresAt: Date; extended: boolean };

/** A cart about to be created: the first hold's statement writes its row together with the hold. */
export type NewCart = { id: string; secret: string; secretHash: string; ttlSeconds: number; client: HoldClient | null };

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * Where every cart is born: a buyer's first hold in a scope. Its row is written by that hold's
 * statement (so no cart exists without a hold, and a losing first hold leaves nothing behind).
 */
export function createCart(deps: AppDeps, _scope: ShopScope, client: HoldClient | null): NewCart {
  const secret = randomBytes(24).toString("base64url");
  return { id: randomUUID(), secret, secretHash: hashSecret(secret), ttlSeconds: deps.config.HOLD_TTL_SECONDS, client };
}

type CartRow = { id: string; secret_hash: string; scope_id: string; state: string; expires_at: Date | string; extended: boolean };

/** The buyer's cart, locked for this transaction, or the reason it cannot be used. */
export async function lockCart(tx: DbOrTx, credentials: CartCredentials): Promise<CartRow> {
  const [cart] = await txRows<CartRow>(tx, sql`select id, secret_hash, scope_id, state, expires_at, extended from carts where id = ${credentials.id} for update`);
  if (!cart || cart.secret_hash !== hashSecret(credentials.secret)) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (cart.state !== "active" || new Date(cart.expires_at).getTime() <= Date.now()) throw new AppError("CART_EXPIRED", { field: "cart" });
  return cart;
}

export type Holdings = { seats: { tc: string; n: number }[]; items: { tc: string; area: string; n: number }[] };

/**
 * What this instance knows of carts it served, at a version: a buyer's next hold needs no read
 * (the hold statement checks the version; a cart changed elsewhere is read again).
 */
type KnownCart = { version: number; secretHash: string; scopeId: string; holdings: Holdings };
const knownCarts = new Map<string, KnownCart>();
const MAX_KNOWN_CARTS = 50_000;

export function rememberCart(id: string, cart: KnownCart): void {
  if (!knownCarts.has(id) && knownCarts.size >= MAX_KNOWN_CARTS) knownCarts.clear();
  knownCarts.set(id, cart);
}

export function forgetCart(id: string): void {
  knownCarts.delete(id);
}

/** The cart as this instance last left it, if the credentials and scope match. */
export function knownCart(scope: ShopScope, credentials: CartCredentials): (KnownCart & { id: string }) | null {
  const known = knownCarts.get(credentials.id);
  if (!known || known.scopeId !== scope.scopeId || known.secretHash !== hashSecret(credentials.secret)) return null;
  return { ...known, id: credentials.id };
}

/** Follows a known cart to the version a release left it at; forgets it when this instance missed a change. */
export function followRelease(cartId: string, versionBefore: number, bumped: number, removedSeats: Map<string, number>, removedItems: Holdings["items"]): void {
  const known = knownCarts.get(cartId);
  if (!known || known.version !== versionBefore) return forgetCart(cartId);
  known.version += bumped;
  known.holdings = adjustHoldings(known.holdings, removedSeats, removedItems, -1);
}

/** The holdings after adding (or, with `sign` -1, removing) places of ticket categories. */
export function adjustHoldings(h: Holdings, seats: Map<string, number>, items: { tc: string; area: string; n: number }[], sign: 1 | -1): Holdings {
  const seatCount = new Map(h.seats.map((x) => [x.tc, x.n]));
  for (const [tc, n] of seats) seatCount.set(tc, (seatCount.get(tc) ?? 0) + sign * n);
  const itemCount = new Map(h.items.map((x) => [`${x.tc}|${x.area}`, { ...x }]));
  for (const i of items) {
    const known = itemCount.get(`${i.tc}|${i.area}`) ?? { tc: i.tc, area: i.area, n: 0 };
    itemCount.set(`${i.tc}|${i.area}`, { ...known, n: known.n + sign * i.n });
  }
  return {
    seats: [...seatCount].filter(([, n]) => n > 0).map(([tc, n]) => ({ tc, n })),
    items: [...itemCount.values()].filter((x) => x.n > 0),
  };
}

/** A cart and what it holds, read without locks (the hold statement checks the version). */
export async function readCartForHold(db: DbOrTx, scope: ShopScope, credentials: CartCredentials): Promise<{ id: string; version: number; holdings: Holdings }> {
  const [cart] = await txRows<CartRow & { version: number; seats: unknown; items: unknown }>(
    db,
    sql`select c.id, c.secret_hash, c.scope_id, c.state, c.expires_at, c.extended, c.version,
          (select coalesce(json_agg(json_build_object('tc', x.tc, 'n', x.n)), '[]'::json) from (
             select ticket_category_id::text as tc, count(distinct seat_key)::int as n from seat_inventory
             where hold_id = c.id and event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and status in ${HELD}
             group by ticket_category_id) x) as seats,
          (select coalesce(json_agg(json_build_object('tc', i.ticket_category_id, 'area', i.area_id, 'n', i.quantity)), '[]'::json)
             from cart_items i where i.cart_id = c.id and i.quantity > 0) as items
        from carts c where c.id = ${credentials.id}`,
  );
  if (!cart || cart.secret_hash !== hashSecret(credentials.secret) || cart.scope_id !== scope.scopeId) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (cart.state !== "active" || new Date(cart.expires_at).getTime() <= Date.now()) throw new AppError("CART_EXPIRED", { field: "cart" });
  const holdings = { seats: parseJson(cart.seats as Holdings["seats"]), items: parseJson(cart.items as Holdings["items"]) };
  const version = Number(cart.version);
  rememberCart(cart.id, { version, secretHash: cart.secret_hash, scopeId: cart.scope_id, holdings });
  return { id: cart.id, version, holdings };
}

/** Carts never change scope: remembered per instance (the secret is still checked by every statement). */
const scopeOfCartId = new Map<string, string>();

/** The scope of a buyer's cart (CART_NOT_FOUND for a wrong id or secret). */
export async function scopeOfCart(deps: AppDeps, credentials: CartCredentials): Promise<ShopScope> {
  let scopeId = scopeOfCartId.get(credentials.id);
  if (!scopeId) {
    const [cart] = await txRows<{ scope_id: string; secret_hash: string }>(deps.database.db, sql`select scope_id, secret_hash from carts where id = ${credentials.id}`);
    if (!cart || cart.secret_hash !== hashSecret(credentials.secret)) throw new AppError("CART_NOT_FOUND", { field: "cart" });
    if (scopeOfCartId.size >= 50_000) scopeOfCartId.clear();
    scopeOfCartId.set(credentials.id, cart.scope_id);
    scopeId = cart.scope_id;
  }
  const scope = await loadScope(deps.database.db, scopeId);
  if (!scope) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  return scope;
}

/** What a cart holds, for the buyer's page and the checkout. */
export async function readCart(deps: AppDeps, credentials: CartCredentials) {
  const db = deps.database.db;
  const [cart] = await txRows<CartRow>(db, sql`select id, secret_hash, scope_id, state, expires_at, extended from carts where id = ${credentials.id}`);
  if (!cart || cart.secret_hash !== hashSecret(credentials.secret)) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  const scope = await loadScope(db, cart.scope_id);
  if (!scope) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  const active = cart.state === "active" && new Date(cart.expires_at).getTime() > Date.now();
  const seats = active
    ? await txRows<{ k: string; tc: string; row: string; seat: string; block: string }>(
        db,
        sql`select distinct seat_key as k, ticket_category_id::text as tc, row_label as row, seat_label as seat, block_id as block from seat_inventory
            where hold_id = ${cart.id} and event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and status in ${HELD}
            order by seat_key`,
      )
    : [];
  const items = active
    ? await txRows<{ tc: string; area: string; n: number }>(
        db,
        sql`select ticket_category_id::text as tc, area_id as area, quantity as n from cart_items where cart_id = ${cart.id} and quantity > 0`,
      )
    : [];
  return {
    id: cart.id,
    scopeId: cart.scope_id,
    eventId: scope.event.id,
    state: active ? ("active" as const) : cart.state === "active" ? ("expired" as const) : (cart.state as "checked_out" | "released" | "expired"),
    expiresAt: new Date(cart.expires_at),
    extended: cart.extended,
    seats: seats.map((s) => ({ key: s.k, ticketCategoryId: s.tc, blockId: s.block, rowLabel: s.row, seatLabel: s.seat })),
    items: items.map((i) => ({ ticketCategoryId: i.tc, areaId: i.area === "" ? null : i.area, quantity: Number(i.n) })),
  };
}
