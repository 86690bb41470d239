import { describe, expect, it } from "vitest";
import { saleAmounts, type CounterCart, type CounterScope } from "../../client/pages/dashboard/boxoffice/model";
import { priceWithVoucher, type VoucherPricedTicket } from "../../shared/rules/voucher";
import { priceOrder } from "../../shared/rules/pricing";
import type { VoucherTerms } from "../../shared/rules/voucher";

const terms = (extra: Partial<VoucherTerms> = {}): VoucherTerms => ({
  code: "E2E10",
  kind: "percent",
  value: 1000,
  minOrderCents: 0,
  maxOrderCents: 100_000_000,
  ticketCategoryIds: ["adult", "child"],
  blockIds: [],
  seatKeys: [],
  ...extra,
});

const ticket = (ticketCategoryId: string, priceCents: number, optionCents: number[] = []): VoucherPricedTicket => ({
  ticketCategoryId,
  seatKeys: [],
  areaId: null,
  priceCents,
  optionCents,
  chargeable: priceCents > 0,
});

describe("the checkout's and the counter's price with a voucher", () => {
  it("without a voucher is the plain price", () => {
    const tickets = [ticket("adult", 2500), ticket("child", 1200, [300])];
    const { priced, voucherError } = priceWithVoucher(tickets, 1900, { channel: "online" }, null);
    expect(voucherError).toBeNull();
    expect(priced).toEqual(priceOrder([{ priceCents: 2500, optionCents: [], chargeable: true }, { priceCents: 1200, optionCents: [300], chargeable: true }], 1900));
  });

  it("takes 10 % off price and booking options, VAT on the discounted price, fees untouched (as the server charges)", () => {
    const tickets = [ticket("adult", 2500), ticket("adult", 2500, [500])];
    const { priced, voucherError } = priceWithVoucher(tickets, 1900, { channel: "online" }, terms());
    expect(voucherError).toBeNull();
    // 10 % of 55,00 € = 5,50 €, spread by price: 2,50 € and 3,00 €.
    expect(priced.lines.map((l) => l.discountCents)).toEqual([250, 300]);
    expect(priced.amounts.discountCents).toBe(550);
    expect(priced.amounts.feesCents).toBe(200);
    expect(priced.amounts.totalCents).toBe(5500 - 550 + 200);
    expect(priced).toEqual(
      priceOrder(
        [
          { priceCents: 2500, optionCents: [], chargeable: true, discountCents: 250 },
          { priceCents: 2500, optionCents: [500], chargeable: true, discountCents: 300 },
        ],
        1900,
      ),
    );
  });

  it("names the rule's error and gives no discount when the voucher no longer applies", () => {
    const tickets = [ticket("adult", 2500)];
    const below = priceWithVoucher(tickets, 1900, { channel: "online" }, terms({ minOrderCents: 3000 }));
    expect(below.voucherError).toBe("VOUCHER_MIN_ORDER");
    expect(below.priced.amounts.discountCents).toBe(0);
    expect(below.priced.amounts.totalCents).toBe(2600);
    // The same tickets with a booking option reach the minimum again.
    const reached = priceWithVoucher([ticket("adult", 2500, [500])], 1900, { channel: "online" }, terms({ minOrderCents: 3000 }));
    expect(reached.voucherError).toBeNull();
    expect(reached.priced.amounts.discountCents).toBe(300);
    expect(priceWithVoucher(tickets, 1900, { channel: "online" }, terms({ ticketCategoryIds: ["vip"] })).voucherError).toBe("VOUCHER_NOT_FOR_TICKET");
    expect(priceWithVoucher(tickets, 1900, { channel: "online" }, terms({ maxOrderCents: 2000 })).voucherError).toBe("VOUCHER_MAX_ORDER");
  });

  it("a fixed amount above the order takes all of it, and a ticket paid in full carries no service fee", () => {
    const { priced } = priceWithVoucher([ticket("adult", 1000)], 1900, { channel: "online" }, terms({ kind: "fixed", value: 5000 }));
    expect(priced.amounts.discountCents).toBe(1000);
    expect(priced.amounts.totalCents).toBe(0);
  });
});

describe("the counter's total with a voucher", () => {
  const scope = {
    scopeId: "s",
    layout: null,
    vatRateBp: 700,
    feeCents: 150,
    categories: [{ id: "adult", name: "adult", kind: "chargeable", priceCents: 3900, seatingCategoryId: null, seatsPerTicket: 1 }],
  } as unknown as CounterScope;
  const cart = { id: "c", state: "active", seats: [], items: [{ ticketCategoryId: "adult", quantity: 2, areaId: null }] } as unknown as CounterCart;

  it("takes the discount off the tickets, keeps the box office fees, and the cash given is checked against it", () => {
    const amounts = saleAmounts(cart, scope, terms({ ticketCategoryIds: ["adult"] }));
    expect(amounts).toEqual({ tickets: 2, ticketsCents: 7800, discountCents: 780, boxOfficeFeesCents: 300, totalCents: 7800 - 780 + 300, voucherError: null });
  });

  it("names the error of a voucher that does not apply and charges the full price", () => {
    const amounts = saleAmounts(cart, scope, terms({ ticketCategoryIds: ["child"] }));
    expect(amounts.voucherError).toBe("VOUCHER_NOT_FOR_TICKET");
    expect(amounts.totalCents).toBe(8100);
  });
});
