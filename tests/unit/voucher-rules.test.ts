import { describe, expect, it } from "vitest";
import { priceOrder, SERVICE_FEE_CENTS_PER_TICKET, vatOfGross } from "../../shared/rules/pricing";
import {
  allocateCents,
  bulkCode,
  normaliseVoucherCode,
  standingError,
  type VoucherStanding,
  voucherAppliesTo,
  voucherDiscount,
  voucherState,
  type VoucherTerms,
  type VoucherTicket,
  voucherValueLabel,
} from "../../shared/rules/voucher";
import { ZBulkVoucherInput, ZCreateVoucherInput } from "../../shared/schemas/vouchers";

const NOW = new Date("2026-11-26T12:00:00Z");
const DAY = 86400_000;

function standing(overrides: Partial<VoucherStanding> = {}): VoucherStanding {
  return {
    status: "active",
    validFrom: new Date(NOW.getTime() - DAY),
    validUntil: new Date(NOW.getTime() + 9 * DAY),
    maxUses: null,
    usedCount: 0,
    reservedCount: 0,
    ...overrides,
  };
}

function terms(overrides: Partial<VoucherTerms> = {}): VoucherTerms {
  return { code: "TEN", kind: "percent", value: 1000, minOrderCents: 0, maxOrderCents: 1_000_000, ticketCategoryIds: ["a"], blockIds: [], seatKeys: [], ...overrides };
}

const seat = (key: string, grossCents = 1500, ticketCategoryId = "a"): VoucherTicket => ({ ticketCategoryId, seatKeys: [key], areaId: null, grossCents });
const standingTicket = (areaId: string, grossCents = 1200, ticketCategoryId = "a"): VoucherTicket => ({ ticketCategoryId, seatKeys: [], areaId, grossCents });

describe("codes", () => {
  it("are trimmed and upper-cased; spaces, other characters and lengths outside 3–64 are no code", () => {
    expect(normaliseVoucherCode("  summer-10_x ")).toBe("SUMMER-10_X");
    expect(normaliseVoucherCode("a b c")).toBeNull();
    expect(normaliseVoucherCode("AB")).toBeNull();
    expect(normaliseVoucherCode("X".repeat(64))).toBe("X".repeat(64));
    expect(normaliseVoucherCode("X".repeat(65))).toBeNull();
    expect(normaliseVoucherCode("ÜBER10")).toBeNull();
    expect(normaliseVoucherCode("-LEAD")).toBeNull();
  });

  it("bulk codes: the prefix and 8 characters without look-alikes", () => {
    let i = 0;
    const code = bulkCode(" summer-", () => i++ % 31);
    expect(code).toBe("SUMMER-23456789");
    expect(bulkCode("", () => 30)).toBe("ZZZZZZZZ");
    expect(bulkCode("X", (n) => n - 1)).not.toMatch(/[01OIL]/);
  });
});

describe("states and usability", () => {
  it.each([
    ["active", standing(), "active", null],
    ["inactive", standing({ status: "inactive" }), "inactive", "VOUCHER_INACTIVE"],
    ["upcoming", standing({ validFrom: new Date(NOW.getTime() + DAY) }), "upcoming", "VOUCHER_NOT_YET_VALID"],
    ["expired", standing({ validUntil: NOW }), "expired", "VOUCHER_EXPIRED"],
    ["used (single use, paid)", standing({ maxUses: 1, usedCount: 1 }), "used", "VOUCHER_ALREADY_USED"],
    ["limit reached", standing({ maxUses: 3, usedCount: 3 }), "limit_reached", "VOUCHER_LIMIT_REACHED"],
    ["held by other checkouts", standing({ maxUses: 3, usedCount: 1, reservedCount: 2 }), "active", "VOUCHER_LIMIT_REACHED"],
    ["single use held by a checkout", standing({ maxUses: 1, reservedCount: 1 }), "active", "VOUCHER_LIMIT_REACHED"],
    ["unlimited, much used", standing({ usedCount: 10_000 }), "active", null],
  ] as const)("%s", (_name, v, state, error) => {
    expect(voucherState(v, NOW)).toBe(state);
    expect(standingError(v, NOW)).toBe(error);
  });
});

describe("allocateCents", () => {
  it("splits to the cent in proportion, the leftover cents to the largest remainders, earlier first on ties", () => {
    expect(allocateCents(1000, [1500, 1500, 1500])).toEqual([334, 333, 333]);
    expect(allocateCents(100, [1, 2])).toEqual([33, 67]);
    expect(allocateCents(0, [5, 5])).toEqual([0, 0]);
    expect(allocateCents(7, [0, 0])).toEqual([0, 0]);
    expect(allocateCents(10, [3, 0, 3])).toEqual([5, 0, 5]);
  });

  it("always adds up to the amount and never gives a share above its weight", () => {
    for (let amount = 0; amount <= 500; amount += 7) {
      const weights = [199, 1, 0, 250, 50];
      const shares = allocateCents(amount, weights);
      expect(shares.reduce((a, s) => a + s, 0)).toBe(amount);
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]!));
    }
  });
});

describe("voucherDiscount", () => {
  it("a percentage is rounded once, half up, on the tickets it applies to", () => {
    expect(voucherDiscount(terms({ value: 1250 }), [seat("A:0:0", 1990), seat("A:0:1", 1990)])).toEqual({ ok: true, discountCents: 498, perTicket: [249, 249] });
    // 12.5 % of 1004 is 125.5: rounds up to 126.
    expect(voucherDiscount(terms({ value: 1250 }), [seat("A:0:0", 1004)])).toMatchObject({ discountCents: 126 });
    expect(voucherDiscount(terms({ value: 10000 }), [seat("A:0:0", 1500)])).toMatchObject({ discountCents: 1500 });
  });

  it("a fixed amount never exceeds the price of the tickets it applies to", () => {
    expect(voucherDiscount(terms({ kind: "fixed", value: 5000 }), [seat("A:0:0", 1500), seat("B:0:0", 2000, "b")])).toEqual({ ok: true, discountCents: 1500, perTicket: [1500, 0] });
  });

  it("applies only to its categories, and when it names blocks or seats only to tickets on them", () => {
    const onB = terms({ blockIds: ["B"] });
    expect(voucherAppliesTo(onB, seat("B:1:2"))).toBe(true);
    expect(voucherAppliesTo(onB, seat("A:1:2"))).toBe(false);
    expect(voucherAppliesTo(onB, seat("B:1:2", 1500, "b"))).toBe(false);
    expect(voucherAppliesTo(terms({ blockIds: ["S"] }), standingTicket("S"))).toBe(true);
    const seats = terms({ seatKeys: ["A:0:0", "A:0:1"] });
    expect(voucherAppliesTo(seats, seat("A:0:1"))).toBe(true);
    expect(voucherAppliesTo(seats, seat("A:0:2"))).toBe(false);
    expect(voucherAppliesTo(seats, { ...seat("A:0:0"), seatKeys: ["A:0:0", "A:0:2"] })).toBe(false);
    expect(voucherAppliesTo(terms({ blockIds: ["B"], seatKeys: ["A:0:0"] }), seat("A:0:0"))).toBe(true);
    expect(voucherAppliesTo(seats, standingTicket("S"))).toBe(false);
  });

  it.each([
    ["a total of 0", terms(), [seat("A:0:0", 0)], "VOUCHER_TOTAL_ZERO"],
    ["no ticket of its type", terms({ ticketCategoryIds: ["b"] }), [seat("A:0:0")], "VOUCHER_NOT_FOR_TICKET"],
    ["its tickets free", terms({ ticketCategoryIds: ["f"] }), [seat("A:0:0", 0, "f"), seat("A:0:1")], "VOUCHER_TOTAL_ZERO"],
    ["below the minimum", terms({ minOrderCents: 3001 }), [seat("A:0:0"), seat("A:0:1")], "VOUCHER_MIN_ORDER"],
    ["above the maximum", terms({ maxOrderCents: 2999 }), [seat("A:0:0"), seat("A:0:1")], "VOUCHER_MAX_ORDER"],
  ] as const)("refuses %s", (_name, t, tickets, error) => {
    expect(voucherDiscount(t, tickets)).toEqual({ ok: false, error });
  });

  it("the order value for minimum and maximum is every ticket's price, those it does not apply to too", () => {
    expect(voucherDiscount(terms({ minOrderCents: 3500, maxOrderCents: 3500 }), [seat("A:0:0"), seat("B:0:0", 2000, "b")])).toMatchObject({ ok: true, discountCents: 150 });
  });
});

describe("priceOrder with a discount", () => {
  it("takes each line's VAT on its discounted price and no fee for a ticket made free", () => {
    const d = voucherDiscount(terms({ kind: "fixed", value: 1700 }), [seat("A:0:0", 1500), seat("A:0:1", 200)]);
    if (!d.ok) throw new Error(d.error);
    expect(d.perTicket).toEqual([1500, 200]);
    const tickets = [
      { priceCents: 1500, optionCents: [], chargeable: true, discountCents: d.perTicket[0] },
      { priceCents: 200, optionCents: [], chargeable: true, discountCents: d.perTicket[1] },
      { priceCents: 2000, optionCents: [], chargeable: true },
    ];
    const priced = priceOrder(tickets, 700);
    expect(priced.lines.map((l) => [l.totalCents, l.vatCents])).toEqual([
      [0, 0],
      [0, 0],
      [2000, vatOfGross(2000, 700)],
    ]);
    expect(priced.amounts).toMatchObject({ ticketsCents: 3700, discountCents: 1700, feesCents: SERVICE_FEE_CENTS_PER_TICKET, totalCents: 2000 + SERVICE_FEE_CENTS_PER_TICKET });
  });

  it("10 % on 19.90 + 24.90 at 7 %: the cents of every line and of the total agree", () => {
    const d = voucherDiscount(terms(), [seat("A:0:0", 1990), seat("A:0:1", 2490)]);
    if (!d.ok) throw new Error(d.error);
    expect(d).toMatchObject({ discountCents: 448, perTicket: [199, 249] });
    const priced = priceOrder(
      [
        { priceCents: 1990, optionCents: [], chargeable: true, discountCents: 199 },
        { priceCents: 2490, optionCents: [], chargeable: true, discountCents: 249 },
      ],
      700,
    );
    expect(priced.lines.map((l) => l.vatCents)).toEqual([vatOfGross(1791, 700), vatOfGross(2241, 700)]);
    expect(priced.amounts.totalCents).toBe(1791 + 2241 + 2 * SERVICE_FEE_CENTS_PER_TICKET);
  });
});

describe("the form's schema refuses bad input", () => {
  const valid = {
    code: "summer10",
    kind: "percent" as const,
    value: 1000,
    minOrderCents: 0,
    maxOrderCents: 100_000,
    maxUses: null,
    eventId: "7d6f0f4e-8a0e-4a39-9d5e-0c6f3cf2b1a1",
    ticketCategoryIds: ["0b5c2bde-2f0c-4e0c-9a55-1f7b1c3d4e5f"],
    validFrom: new Date(NOW.getTime()),
    validUntil: new Date(NOW.getTime() + 10 * DAY),
  };
  const issues = (input: unknown) => {
    const r = ZCreateVoucherInput.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
  };

  it("takes a valid voucher and upper-cases its code", () => {
    expect(ZCreateVoucherInput.parse(valid).code).toBe("SUMMER10");
  });

  it.each([
    ["letters as a value", { value: "ten" }, "value:v.number"],
    ["a negative value", { value: -5 }, "value:v.positive"],
    ["a fraction of a cent", { value: 10.5 }, "value:v.number"],
    ["a percentage over 100", { value: 10001 }, "value:v.percentMax"],
    ["a minimum above the maximum", { minOrderCents: 5000, maxOrderCents: 4000 }, "maxOrderCents:v.minAboveMax"],
    ["an end before the start", { validUntil: new Date(NOW.getTime() - DAY) }, "validUntil:v.validUntilBeforeFrom"],
    ["a code with spaces", { code: "SUMMER 10" }, "code:v.voucherCode"],
    ["a code over 64 characters", { code: "X".repeat(65) }, "code:v.voucherCode"],
    ["no ticket category", { ticketCategoryIds: [] }, "ticketCategoryIds:v.required"],
    ["a limit of 0 uses", { maxUses: 0 }, "maxUses:v.positive"],
  ])("%s", (_name, change, expected) => {
    expect(issues({ ...valid, ...change })).toContain(expected);
  });

  it("bulk: a prefix of allowed characters and 1 to 10,000 codes", () => {
    const { code: _code, ...rest } = valid;
    expect(ZBulkVoucherInput.parse({ ...rest, prefix: "ab-", count: 3 }).prefix).toBe("AB-");
    expect(ZBulkVoucherInput.safeParse({ ...rest, prefix: "a b", count: 3 }).success).toBe(false);
    expect(ZBulkVoucherInput.safeParse({ ...rest, prefix: "", count: 10_001 }).success).toBe(false);
  });

  it("labels the value as the list shows it", () => {
    expect(voucherValueLabel("percent", 1250, "en")).toBe("12.5%");
    expect(voucherValueLabel("fixed", 500, "de")).toBe("5,00\u00a0€");
  });
});
