import { describe, expect, it } from "vitest";
import { priceLine, priceOrder, SERVICE_FEE_CENTS_PER_TICKET, SERVICE_FEE_VAT_BP, vatOfGross } from "../../shared/rules/pricing";

const ticket = (priceCents: number, optionCents: number[] = [], chargeable = priceCents > 0) => ({ priceCents, optionCents, chargeable });

describe("vatOfGross", () => {
  it("takes the VAT out of a gross amount at 19 % and 7 %", () => {
    expect(vatOfGross(11900, 1900)).toBe(1900);
    expect(vatOfGross(10700, 700)).toBe(700);
    expect(vatOfGross(1500, 1900)).toBe(239); // 239.495…
    expect(vatOfGross(1500, 700)).toBe(98); // 98.13…
    expect(vatOfGross(100, 1900)).toBe(16); // 15.97…
    expect(vatOfGross(2490, 1900)).toBe(398); // 397.56…
  });

  it("rounds at the boundary: just below half down, just above half up", () => {
    // 19 %: 1500 × 19/119 = 239.4958 (down), 1506 × 19/119 = 240.4538 (down), 1519 × 19/119 = 242.5294 (up).
    expect(vatOfGross(1500, 1900)).toBe(239);
    expect(vatOfGross(1506, 1900)).toBe(240);
    expect(vatOfGross(1519, 1900)).toBe(243);
    // 7 %: 23 × 7/107 = 1.5047 (up), 8 × 7/107 = 0.5234 (up), 7 × 7/107 = 0.4579 (down).
    expect(vatOfGross(23, 700)).toBe(2);
    expect(vatOfGross(8, 700)).toBe(1);
    expect(vatOfGross(7, 700)).toBe(0);
  });

  it("rounds an exact half away from zero", () => {
    // At 100 % the VAT is half the gross: odd amounts end in exactly .5.
    expect(vatOfGross(1, 10000)).toBe(1);
    expect(vatOfGross(3, 10000)).toBe(2);
    expect(vatOfGross(5, 10000)).toBe(3);
    expect(vatOfGross(-1, 10000)).toBe(-1);
    expect(vatOfGross(-3, 10000)).toBe(-2);
    // Negative amounts (corrections) mirror positive ones.
    expect(vatOfGross(-1500, 1900)).toBe(-239);
    expect(vatOfGross(-23, 700)).toBe(-2);
  });

  it("agrees with plain rounding of the exact share for every amount up to 200 EUR", () => {
    // A float reference: these rates never land within float noise of a half, except 20 %,
    // whose halves (gross/6 for odd multiples of 3) are exact in binary too.
    const reference = (gross: number, bp: number) => Math.sign(gross) * Math.round((Math.abs(gross) * bp) / (10000 + bp)) || 0;
    for (const bp of [700, 1900, 1000, 2000, 550]) {
      for (let gross = 0; gross <= 20_000; gross++) {
        if (vatOfGross(gross, bp) !== reference(gross, bp)) throw new Error(`vatOfGross(${gross}, ${bp}) = ${vatOfGross(gross, bp)}, expected ${reference(gross, bp)}`);
        if (vatOfGross(-gross, bp) !== reference(-gross, bp)) throw new Error(`vatOfGross(${-gross}, ${bp}) = ${vatOfGross(-gross, bp)}, expected ${reference(-gross, bp)}`);
      }
    }
    // 20 %: 3 × 2000/12000 = 0.5 and 9 × 2000/12000 = 1.5, both away from zero.
    expect(vatOfGross(3, 2000)).toBe(1);
    expect(vatOfGross(9, 2000)).toBe(2);
    expect(vatOfGross(-9, 2000)).toBe(-2);
  });

  it("is zero for nothing and for a zero rate", () => {
    expect(vatOfGross(0, 1900)).toBe(0);
    expect(vatOfGross(0, 700)).toBe(0);
    expect(vatOfGross(1500, 0)).toBe(0);
    expect(Object.is(vatOfGross(0, 1900), -0)).toBe(false);
  });

  it("refuses fractions and negative rates", () => {
    expect(() => vatOfGross(10.5, 1900)).toThrow(RangeError);
    expect(() => vatOfGross(100, 19.5)).toThrow(RangeError);
    expect(() => vatOfGross(100, -1900)).toThrow(RangeError);
    expect(() => vatOfGross(Number.NaN, 1900)).toThrow(RangeError);
  });
});

describe("priceLine", () => {
  it("adds the booking options to the ticket and takes the VAT once from the line total", () => {
    expect(priceLine(ticket(2490, [500, 350]), 1900)).toEqual({ unitCents: 2490, optionsCents: 850, discountCents: 0, totalCents: 3340, vatCents: 533 });
    // Once per line: not round(2490) + round(500) + round(350) = 398 + 80 + 56 = 534.
    expect(vatOfGross(2490, 1900) + vatOfGross(500, 1900) + vatOfGross(350, 1900)).toBe(534);
    expect(priceLine(ticket(0, [], false), 1900)).toEqual({ unitCents: 0, optionsCents: 0, discountCents: 0, totalCents: 0, vatCents: 0 });
  });
});

describe("priceOrder", () => {
  it("charges the service fee per chargeable ticket, at 19 %", () => {
    expect(SERVICE_FEE_CENTS_PER_TICKET).toBe(100);
    expect(SERVICE_FEE_VAT_BP).toBe(1900);
    const { amounts } = priceOrder([ticket(1500), ticket(1500), ticket(1500)], 1900);
    expect(amounts.feesCents).toBe(300);
    expect(amounts.totalCents).toBe(4800);
  });

  it("charges no fee for free tickets, nor for a free order", () => {
    const mixed = priceOrder([ticket(1500), ticket(0, [], false), ticket(0, [], false)], 1900);
    expect(mixed.amounts.feesCents).toBe(100);
    expect(mixed.amounts.totalCents).toBe(1600);
    const free = priceOrder([ticket(0, [], false), ticket(0, [], false)], 1900);
    expect(free.amounts).toEqual({ ticketsCents: 0, optionsCents: 0, feesCents: 0, discountCents: 0, vatCents: 0, totalCents: 0, vat: [{ rateBp: 1900, vatCents: 0 }] });
    // A free ticket with a paid option is still a free ticket: the option is paid, no fee.
    const option = priceOrder([ticket(0, [300], false)], 1900);
    expect(option.amounts).toMatchObject({ optionsCents: 300, feesCents: 0, totalCents: 300 });
  });

  it("adds up: total = tickets + options + fees − discount, VAT = the sum of its rates", () => {
    const tickets = [ticket(2490, [500, 350]), ticket(2490, [350]), ticket(1200), ticket(0, [], false)];
    for (const bp of [0, 700, 1900]) {
      const { lines, amounts } = priceOrder(tickets, bp);
      expect(lines).toHaveLength(4);
      expect(amounts.ticketsCents).toBe(2490 + 2490 + 1200);
      expect(amounts.optionsCents).toBe(850 + 350);
      expect(amounts.feesCents).toBe(300);
      expect(amounts.discountCents).toBe(0);
      expect(amounts.totalCents).toBe(amounts.ticketsCents + amounts.optionsCents + amounts.feesCents - amounts.discountCents);
      expect(lines.reduce((a, l) => a + l.totalCents, 0) + amounts.feesCents).toBe(amounts.totalCents);
      expect(amounts.vatCents).toBe(amounts.vat.reduce((a, v) => a + v.vatCents, 0));
      for (const l of lines) expect(l.totalCents).toBe(l.unitCents + l.optionsCents);
    }
  });

  it("lists VAT per rate: the event's rate for tickets, 19 % for the fees", () => {
    const reduced = priceOrder([ticket(1500), ticket(1500)], 700);
    // Tickets: 2 × round(1500 × 7/107) = 2 × 98; fees: round(200 × 19/119) = 32.
    expect(reduced.lines.map((l) => l.vatCents)).toEqual([98, 98]);
    expect(reduced.amounts.vat).toEqual([
      { rateBp: 700, vatCents: 196 },
      { rateBp: 1900, vatCents: 32 },
    ]);
    expect(reduced.amounts.vatCents).toBe(228);

    // At the standard rate tickets and fees share one entry: 2 × 239 + 32.
    const standard = priceOrder([ticket(1500), ticket(1500)], 1900);
    expect(standard.amounts.vat).toEqual([{ rateBp: 1900, vatCents: 510 }]);

    // Above 19 % the fee's rate comes first (sorted by rate).
    expect(priceOrder([ticket(1500)], 2000).amounts.vat).toEqual([
      { rateBp: 1900, vatCents: 16 },
      { rateBp: 2000, vatCents: 250 },
    ]);
    // Without fees no 19 % entry appears for a reduced-rate free order.
    expect(priceOrder([ticket(0, [], false)], 700).amounts.vat).toEqual([{ rateBp: 700, vatCents: 0 }]);
  });

  it("keeps the lines in the order of the tickets", () => {
    const { lines } = priceOrder([ticket(1200), ticket(2490, [500]), ticket(0, [], false)], 1900);
    expect(lines.map((l) => l.totalCents)).toEqual([1200, 2990, 0]);
  });
});
