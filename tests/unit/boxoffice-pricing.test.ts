import { describe, expect, it } from "vitest";
import { cancelledLinesCents, priceOrder, vatOfGross } from "../../shared/rules/pricing";

describe("box office pricing (decision 017)", () => {
  const tickets = [
    { priceCents: 1500, optionCents: [200], chargeable: true },
    { priceCents: 1500, optionCents: [], chargeable: true },
    { priceCents: 0, optionCents: [], chargeable: false },
  ];

  it("adds the box office fee per chargeable ticket at the event's rate, and no service fee", () => {
    const { amounts } = priceOrder(tickets, 700, { channel: "box_office", boxOfficeFeeCents: 125 });
    expect(amounts).toMatchObject({ ticketsCents: 3000, optionsCents: 200, feesCents: 0, boxOfficeFeesCents: 250, boxOfficeFeeCents: 125, totalCents: 3450 });
    // One VAT row: the lines' VAT plus the whole fee's VAT, both at 7 %.
    expect(amounts.vat).toEqual([{ rateBp: 700, vatCents: vatOfGross(1700, 700) + vatOfGross(1500, 700) + vatOfGross(250, 700) }]);
    expect(amounts.vatCents).toBe(amounts.vat[0]!.vatCents);
  });

  it("a fee of 0 leaves the tickets' total; online orders keep the service fee and have no box office fields", () => {
    expect(priceOrder(tickets, 1900, { channel: "box_office", boxOfficeFeeCents: 0 }).amounts).toMatchObject({ totalCents: 3200, feesCents: 0, boxOfficeFeesCents: 0 });
    const online = priceOrder(tickets, 1900).amounts;
    expect(online).toMatchObject({ feesCents: 200, totalCents: 3400 });
    expect(online).not.toHaveProperty("boxOfficeFeesCents");
  });

  it("a cancellation gives back the box office fee of each chargeable line", () => {
    expect(cancelledLinesCents([{ totalCents: 1500 }, { totalCents: 0 }], 125)).toEqual({ ticketsCents: 1500, feesCents: 125, totalCents: 1625 });
    expect(cancelledLinesCents([{ totalCents: 1500 }]).feesCents).toBe(100);
  });
});
