import { describe, expect, it } from "vitest";
import { centsInput, parseEuros, saleAmounts, saleTickets, type CounterCart, type CounterScope } from "../../client/pages/dashboard/boxoffice/model";

describe("the counter's euro amounts", () => {
  it.each([
    ["50", 5000],
    ["50,5", 5050],
    ["50,50", 5050],
    ["1.234,50", 123_450],
    ["1234", 123_400],
    [" 20 € ", 2000],
    ["1 234,50", 123_450],
    ["0", 0],
  ])("reads %s in German as %i cents", (text, cents) => {
    expect(parseEuros(text, "de")).toBe(cents);
  });

  it.each([
    ["50.5", 5050],
    ["1,234.50", 123_450],
    ["7", 700],
  ])("reads %s in English as %i cents", (text, cents) => {
    expect(parseEuros(text, "en")).toBe(cents);
  });

  it.each(["", "-5", "abc", "5,555", "1e3", "12,3,4", "--1", "5 5"])("refuses %j", (text) => {
    expect(parseEuros(text, "de")).toBeNull();
  });

  it("writes cents back as the cashier types them", () => {
    expect(centsInput(1250, "de")).toBe("12,50");
    expect(centsInput(1250, "en")).toBe("12.50");
    expect(parseEuros(centsInput(98_765, "de"), "de")).toBe(98_765);
  });
});

const category = (id: string, priceCents: number, extra: Partial<CounterScope["categories"][number]> = {}) =>
  ({ id, name: id, kind: priceCents > 0 ? "chargeable" : "free", priceCents, seatingCategoryId: null, seatsPerTicket: 1, ...extra }) as CounterScope["categories"][number];

const scope = (feeCents: number, categories: CounterScope["categories"]) => ({ scopeId: "s", layout: null, vatRateBp: 700, feeCents, categories }) as unknown as CounterScope;

const cart = (seats: { key: string; ticketCategoryId: string }[], items: { ticketCategoryId: string; quantity: number }[]) =>
  ({
    id: "c",
    state: "active",
    seats: seats.map((s, i) => ({ ...s, blockId: "b", rowLabel: "1", seatLabel: String(i + 1) })),
    items: items.map((i) => ({ ...i, areaId: null })),
  }) as unknown as CounterCart;

describe("the counter's total", () => {
  it("adds the box office fee per chargeable ticket, none for free tickets (as the server prices)", () => {
    const s = scope(150, [category("adult", 3900), category("child", 0)]);
    const amounts = saleAmounts(cart([], [{ ticketCategoryId: "adult", quantity: 2 }, { ticketCategoryId: "child", quantity: 1 }]), s);
    expect(amounts).toEqual({ tickets: 3, ticketsCents: 7800, discountCents: 0, boxOfficeFeesCents: 300, totalCents: 8100, voucherError: null });
  });

  it("counts a ticket for two persons once (its seats grouped) and sends its seats together", () => {
    const s = scope(100, [category("pair", 5000, { seatsPerTicket: 2 })]);
    const c = cart(
      [
        { key: "b:0:0", ticketCategoryId: "pair" },
        { key: "b:0:1", ticketCategoryId: "pair" },
      ],
      [],
    );
    expect(saleAmounts(c, s).totalCents).toBe(5100);
    const sale = saleTickets(c, s);
    expect(sale.incomplete).toBe(false);
    expect(sale.tickets).toEqual([{ ticketCategoryId: "pair", seatKeys: ["b:0:0", "b:0:1"], areaId: null, bookingOptions: [], participant: {} }]);
  });

  it("is zero without a cart", () => {
    expect(saleAmounts(undefined, scope(100, [])).totalCents).toBe(0);
  });
});
