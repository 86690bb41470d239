import { priceOrder, type PricedTicket, type SaleFees } from "../../shared/rules/pricing";
import { voucherDiscount, type VoucherError, type VoucherTerms } from "../../shared/rules/voucher";

/** A ticket as the checkout and the counter price it: its price and options, and where it is (for the voucher). */
export type VoucherPricedTicket = PricedTicket & {
  ticketCategoryId: string;
  seatKeys: readonly string[];
  areaId: string | null;
};

/**
 * The order's amounts with an applied voucher, as the server computes them (decision 020): the
 * voucher's discount per ticket (shared/rules/voucher.ts, on each ticket's price and booking
 * options) goes into priceOrder (shared/rules/pricing.ts), which takes VAT on the discounted
 * price. A voucher that does not apply to these tickets (any more) names its error and gives
 * no discount; without a voucher the amounts are the plain ones.
 */
export function priceWithVoucher(
  tickets: readonly VoucherPricedTicket[],
  vatRateBp: number,
  fees: SaleFees,
  voucher: VoucherTerms | null,
): { priced: ReturnType<typeof priceOrder>; voucherError: VoucherError | null } {
  const plain = tickets.map((t): PricedTicket => ({ priceCents: t.priceCents, optionCents: t.optionCents, chargeable: t.chargeable }));
  if (!voucher || tickets.length === 0) return { priced: priceOrder(plain, vatRateBp, fees), voucherError: null };
  const result = voucherDiscount(
    voucher,
    tickets.map((t) => ({
      ticketCategoryId: t.ticketCategoryId,
      seatKeys: t.seatKeys,
      areaId: t.areaId,
      grossCents: t.priceCents + t.optionCents.reduce((a, b) => a + b, 0),
    })),
  );
  if (!result.ok) return { priced: priceOrder(plain, vatRateBp, fees), voucherError: result.error };
  return {
    priced: priceOrder(
      plain.map((t, i) => ({ ...t, discountCents: result.perTicket[i] ?? 0 })),
      vatRateBp,
      fees,
    ),
    voucherError: null,
  };
}
