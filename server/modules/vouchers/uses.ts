import { sql } from "drizzle-orm";
import {
  normaliseVoucherCode,
  standingError,
  type VoucherKind,
  type VoucherStanding,
  type VoucherStatus,
  type VoucherTerms,
} from "../../../shared/rules/voucher";
import type { Db, DbOrTx } from "../../db/client";
import { pgArray, txRows } from "../../db/sql";
import { AppError } from "../../lib/app-error";
import type { ShopScope } from "../shop/scope";

/**
 * The uses of vouchers (issue 19, decision 020): the one owner of `used_count`,
 * `reserved_count` and `voucher_uses`. A use is reserved by a cart (the buyer applies the code,
 * or the counter sells), becomes final when its order is paid, and is given back when the
 * payment fails, the cart expires or the order is cancelled. Counts change only under the
 * voucher's row lock, taken after the cart and the order and before the inventory (decision
 * 009's order, extended): cart → order → voucher → seats and counters → contingent → invoices.
 */

export type VoucherRow = {
  id: string;
  organiser_id: string;
  event_id: string;
  code: string;
  kind: VoucherKind;
  value: number;
  min_order_cents: number;
  max_order_cents: number;
  max_uses: number | null;
  used_count: number;
  reserved_count: number;
  ticket_category_ids: string[];
  block_ids: string[];
  seat_keys: string[];
  valid_from: Date | string;
  valid_until: Date | string;
  status: VoucherStatus;
};

const COLUMNS = sql.raw(
  `v.id::text, v.organiser_id::text, v.event_id::text, v.code, v.kind::text, v.value, v.min_order_cents, v.max_order_cents, v.max_uses,
   v.used_count, v.reserved_count, v.ticket_category_ids, v.block_ids, v.seat_keys, v.valid_from, v.valid_until, v.status::text`,
);

export function termsOf(v: VoucherRow): VoucherTerms {
  return {
    code: v.code,
    kind: v.kind,
    value: Number(v.value),
    minOrderCents: Number(v.min_order_cents),
    maxOrderCents: Number(v.max_order_cents),
    ticketCategoryIds: v.ticket_category_ids,
    blockIds: v.block_ids,
    seatKeys: v.seat_keys,
  };
}

export function standingOf(v: VoucherRow): VoucherStanding {
  return {
    status: v.status,
    validFrom: new Date(v.valid_from),
    validUntil: new Date(v.valid_until),
    maxUses: v.max_uses === null ? null : Number(v.max_uses),
    usedCount: Number(v.used_count),
    reservedCount: Number(v.reserved_count),
  };
}

/** Tests only: the control run of the race test (read, wait, write back: no lock). Never set outside tests. */
let unlockedForTest: { pauseMs: number } | null = null;
export function setVoucherRaceTesting(options: { pauseMs: number } | null): void {
  unlockedForTest = options;
}

/**
 * The voucher a code names for a scope: the event's own, else its season's (a season's voucher
 * works on its events). `lock`: its row locked for this transaction. Null: no such voucher.
 */
export async function findVoucher(tx: DbOrTx, scope: ShopScope, code: string, lock: boolean): Promise<VoucherRow | null> {
  const normal = normaliseVoucherCode(code);
  if (!normal) return null;
  const events = [scope.event.id, ...(scope.event.seasonId ? [scope.event.seasonId] : [])];
  const [row] = await txRows<VoucherRow>(
    tx,
    sql`select ${COLUMNS} from vouchers v
        where v.code = ${normal} and v.event_id = any(${pgArray(events)}::uuid[]) and v.organiser_id = ${scope.event.organiserId}
        order by (v.event_id = ${scope.event.id}) desc limit 1 ${lock && !unlockedForTest ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

/** A use the voucher can take now, or the reason it cannot (inactive, expired, not yet valid, full). */
export function assertUsable(v: VoucherRow, now = new Date()): void {
  const error = standingError(standingOf(v), now);
  if (error) throw new AppError(error, { field: "voucherCode" });
}

/** The live use of a cart (reserved or redeemed) and its voucher's code, if any. */
async function liveUseOfCart(tx: DbOrTx, cartId: string): Promise<{ id: string; voucher_id: string } | null> {
  const [row] = await txRows<{ id: string; voucher_id: string }>(
    tx,
    sql`select id::text, voucher_id::text from voucher_uses where cart_id = ${cartId} and state <> 'released'`,
  );
  return row ?? null;
}

/**
 * The voucher a locked, active cart buys with: `code` null takes any reserved use back; the code
 * the cart holds already keeps its use (still active and valid; its reservation counts for it);
 * another code gives back the old use and reserves one of the new voucher, under its row lock,
 * or throws why it cannot (a voucher limited to N uses never has more than N reserved and used).
 */
export async function useVoucherForCart(tx: DbOrTx, scope: ShopScope, cartId: string, code: string | null): Promise<VoucherRow | null> {
  const live = await liveUseOfCart(tx, cartId);
  if (code === null) {
    if (live) await releaseUses(tx, { cartIds: [cartId] });
    return null;
  }
  const named = await findVoucher(tx, scope, code, false);
  if (!named) throw new AppError("VOUCHER_INVALID", { field: "voucherCode" });
  // Another code than the one held: the old use goes back first (one voucher lock at a time).
  if (live && live.voucher_id !== named.id) await releaseUses(tx, { cartIds: [cartId] });
  const voucher = (await findVoucher(tx, scope, code, true))!;
  if (live && live.voucher_id === voucher.id) {
    // Its own reservation is counted already: only the state and the validity are checked again.
    assertUsable({ ...voucher, reserved_count: Number(voucher.reserved_count) - 1 });
    return voucher;
  }
  await reserve(tx, voucher, cartId);
  return voucher;
}

async function reserve(tx: DbOrTx, voucher: VoucherRow, cartId: string): Promise<void> {
  if (unlockedForTest) {
    // The control run: what the read saw, written back after a pause (a lost update).
    assertUsable(voucher);
    await new Promise((r) => setTimeout(r, unlockedForTest!.pauseMs));
    await tx.execute(sql`update vouchers set reserved_count = ${Number(voucher.reserved_count) + 1} where id = ${voucher.id}`);
  } else {
    assertUsable(voucher);
    await tx.execute(sql`update vouchers set reserved_count = reserved_count + 1, updated_at = now() where id = ${voucher.id}`);
  }
  await tx.execute(sql`insert into voucher_uses (voucher_id, cart_id, state) values (${voucher.id}, ${cartId}, 'reserved')`);
}

/** The order a cart's reserved use belongs to (written in the same transaction as the order). */
export async function attachUseToOrder(tx: DbOrTx, cartId: string, orderId: string): Promise<void> {
  await tx.execute(sql`update voucher_uses set order_id = ${orderId}, updated_at = now() where cart_id = ${cartId} and state = 'reserved'`);
}

/**
 * The order is paid: its reserved use becomes final. A use given back meanwhile (the payment came
 * after the order had failed) is taken again if the voucher has a use left; false when it has
 * none (the order cannot be completed at its discounted price: the caller refunds it).
 * Call it before the order's places are sold (the lock order).
 */
export async function redeemForOrder(tx: DbOrTx, orderId: string, voucherId?: string | null): Promise<boolean> {
  // The caller may know the order's voucher (completeOrder reads it with the rest).
  const order = voucherId !== undefined ? { voucher_id: voucherId } : (await txRows<{ voucher_id: string | null }>(tx, sql`select voucher_id::text from orders where id = ${orderId}`))[0];
  if (!order?.voucher_id) return true;
  const [voucher] = await txRows<{ max_uses: number | null; used_count: number; reserved_count: number }>(
    tx,
    sql`select max_uses, used_count, reserved_count from vouchers where id = ${order.voucher_id} for update`,
  );
  if (!voucher) return true;
  const [use] = await txRows<{ id: string; state: string }>(
    tx,
    sql`select id::text, state::text from voucher_uses where order_id = ${orderId} and state <> 'released'`,
  );
  if (use?.state === "redeemed") return true;
  if (use) {
    await tx.execute(sql`update vouchers set reserved_count = reserved_count - 1, used_count = used_count + 1, updated_at = now() where id = ${order.voucher_id}`);
    await tx.execute(sql`update voucher_uses set state = 'redeemed', updated_at = now() where id = ${use.id}`);
    return true;
  }
  const max = voucher.max_uses === null ? null : Number(voucher.max_uses);
  if (max !== null && Number(voucher.used_count) + Number(voucher.reserved_count) >= max) return false;
  await tx.execute(sql`update vouchers set used_count = used_count + 1, updated_at = now() where id = ${order.voucher_id}`);
  await tx.execute(sql`insert into voucher_uses (voucher_id, order_id, state) values (${order.voucher_id}, ${orderId}, 'redeemed')`);
  return true;
}

/**
 * Gives back the live uses of carts and orders (a failed payment, an expired or released cart,
 * a cancelled order): a reserved use frees its reservation, a redeemed one its use. Vouchers are
 * locked in id order; call it before the inventory is given back (the lock order).
 */
export async function releaseUses(tx: DbOrTx, input: { cartIds?: readonly string[]; orderIds?: readonly string[] }): Promise<number> {
  const cartIds = input.cartIds ?? [];
  const orderIds = input.orderIds ?? [];
  if (cartIds.length === 0 && orderIds.length === 0) return 0;
  const uses = await txRows<{ id: string; voucher_id: string; state: string }>(
    tx,
    sql`select id::text, voucher_id::text, state::text from voucher_uses
        where (cart_id = any(${pgArray(cartIds)}::uuid[]) or order_id = any(${pgArray(orderIds)}::uuid[])) and state <> 'released'`,
  );
  if (uses.length === 0) return 0;
  const voucherIds = [...new Set(uses.map((u) => u.voucher_id))].sort();
  await txRows(tx, sql`select id from vouchers where id = any(${pgArray(voucherIds)}::uuid[]) order by id for update`);
  // Only uses still live under the locks (a concurrent release of the same use counts once).
  const released = await txRows<{ voucher_id: string; state: string }>(
    tx,
    sql`with gone as (
          select u.id, u.state from voucher_uses u where u.id = any(${pgArray(uses.map((u) => u.id))}::uuid[]) and u.state <> 'released' for update)
        update voucher_uses u set state = 'released', updated_at = now() from gone where u.id = gone.id
        returning u.voucher_id::text, gone.state::text`,
  );
  const delta = new Map<string, { reserved: number; used: number }>();
  for (const r of released) {
    const d = delta.get(r.voucher_id) ?? { reserved: 0, used: 0 };
    if (r.state === "reserved") d.reserved++;
    else d.used++;
    delta.set(r.voucher_id, d);
  }
  for (const [id, d] of [...delta].sort(([a], [b]) => a.localeCompare(b))) {
    await tx.execute(sql`update vouchers set reserved_count = reserved_count - ${d.reserved}, used_count = used_count - ${d.used}, updated_at = now() where id = ${id}`);
  }
  return released.length;
}

/**
 * Reservations whose cart ended without an order that still waits (the buyer released the cart,
 * or a path that ended it did not give the use back): given back. The sweeper runs it; a
 * transaction is opened only when there is something to give back.
 */
export async function releaseOrphanedUses(db: Db, limit = 200): Promise<number> {
  const carts = await txRows<{ id: string }>(
    db,
    sql`select distinct u.cart_id::text as id from voucher_uses u join carts c on c.id = u.cart_id
        where u.state = 'reserved' and (c.state in ('released', 'expired') or (c.state = 'active' and c.expires_at <= now() - interval '5 minutes'))
          and not exists (select 1 from orders o where o.id = u.order_id and o.status = 'pending')
        limit ${limit}`,
  );
  if (carts.length === 0) return 0;
  // Counted again under the vouchers' locks (releaseUses): a use released meanwhile counts once.
  return db.transaction((tx) => releaseUses(tx, { cartIds: carts.map((c) => c.id) }));
}
