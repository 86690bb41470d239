import type { z } from "zod";
import { priceWithVoucher, type VoucherTerms } from "../../../shared/rules/voucher";
import type { ZCounterVoucherInput } from "../../../shared/schemas/boxoffice";
import type { ZApplyVoucherInput } from "../../../shared/schemas/orders";
import type { ZRemoveVoucherInput } from "../../../shared/schemas/vouchers";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { counterScope } from "../boxoffice/scope";
import { lockCart, scopeOfCart } from "../shop/cart";
import type { ShopScope } from "../shop/scope";
import { assertUsable, findVoucher, termsOf, useVoucherForCart, type VoucherRow } from "./uses";

/**
 * Codes tried per address (the shop's apply and a checkout naming a code): 30 per 10 minutes,
 * so guessing codes is slow; a buyer trying a few never meets it.
 */
export function voucherAttemptRule(ip: string) {
  return { key: `voucher:${ip}`, limit: 30, windowSeconds: 10 * 60 };
}

/** What the checkout and the counter learn of a voucher: its terms, to price with shared/rules/voucher.ts. */
export type AppliedVoucher = VoucherTerms & { validUntil: Date };

type Tickets = z.output<typeof ZApplyVoucherInput>["tickets"];

/** The voucher's discount on these tickets at the catalogue's prices (shared/rules/voucher.ts), or its error (thrown). */
function assertApplies(scope: ShopScope, voucher: VoucherRow, tickets: Tickets): void {
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const priced = tickets.map((t) => {
    const c = byId.get(t.ticketCategoryId);
    if (!c) throw new AppError("NOT_FOUND", { field: "tickets" });
    return {
      ticketCategoryId: c.id,
      seatKeys: t.seatKeys,
      areaId: t.areaId,
      priceCents: c.priceCents,
      optionCents: t.bookingOptions.map((i) => c.bookingOptions[i]?.priceCents ?? 0),
      chargeable: c.kind === "chargeable",
    };
  });
  const { voucherError } = priceWithVoucher(priced, scope.event.vatRateBp, { channel: "online" }, termsOf(voucher));
  if (voucherError) throw new AppError(voucherError, { field: "voucherCode" });
}

const applied = (v: VoucherRow): AppliedVoucher => ({ ...termsOf(v), validUntil: new Date(v.valid_until) });

/**
 * The buyer applies a code at checkout (decision 020): one use is reserved for the cart (the
 * cart's earlier voucher goes back), if the voucher is active, valid, has a use left and gives
 * a discount on these tickets; otherwise its error, and nothing changes.
 */
export async function applyVoucher(deps: AppDeps, input: z.output<typeof ZApplyVoucherInput>): Promise<AppliedVoucher> {
  const scope = await scopeOfCart(deps, input.cart);
  return deps.database.db.transaction(async (tx) => {
    const cart = await lockCart(tx, input.cart);
    const voucher = (await useVoucherForCart(tx, scope, cart.id, input.code))!;
    assertApplies(scope, voucher, input.tickets);
    return applied(voucher);
  });
}

/** The buyer takes the voucher off: its reserved use goes back. */
export async function removeVoucher(deps: AppDeps, input: z.output<typeof ZRemoveVoucherInput>): Promise<{ removed: true }> {
  const scope = await scopeOfCart(deps, input.cart);
  await deps.database.db.transaction(async (tx) => {
    const cart = await lockCart(tx, input.cart);
    await useVoucherForCart(tx, scope, cart.id, null);
  });
  return { removed: true };
}

/**
 * The counter checks a voucher the buyer hands over against the sale's tickets: nothing is
 * reserved (the sale reserves and redeems it in its own transaction).
 */
export async function checkVoucherAtCounter(deps: AppDeps, organiserId: string, input: z.output<typeof ZCounterVoucherInput>): Promise<AppliedVoucher> {
  const cartScope = await scopeOfCart(deps, input.cart);
  const scope = await counterScope(deps, organiserId, cartScope.scopeId);
  const voucher = await findVoucher(deps.database.db, scope, input.code, false);
  if (!voucher) throw new AppError("VOUCHER_INVALID", { field: "voucherCode" });
  assertUsable(voucher);
  assertApplies(scope, voucher, input.tickets);
  return applied(voucher);
}
