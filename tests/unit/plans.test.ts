import { describe, expect, it } from "vitest";
import { isContingentShort, isPlanActive, parsePlanInvoiceItem, planInvoiceItem, planPeriodEnd, platformInvoiceNumber } from "../../shared/plans";

describe("planPeriodEnd", () => {
  it("adds a calendar month or twelve, in UTC, keeping the time of day", () => {
    expect(planPeriodEnd(new Date("2026-11-25T15:30:00Z"), "monthly").toISOString()).toBe("2026-12-25T15:30:00.000Z");
    expect(planPeriodEnd(new Date("2026-12-15T00:00:00Z"), "monthly").toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(planPeriodEnd(new Date("2026-11-25T15:30:00Z"), "yearly").toISOString()).toBe("2027-11-25T15:30:00.000Z");
  });

  it("ends a period started on the 31st on the last day of a shorter month, never in the month after", () => {
    expect(planPeriodEnd(new Date("2027-01-31T10:00:00Z"), "monthly").toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(planPeriodEnd(new Date("2028-01-31T10:00:00Z"), "monthly").toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(planPeriodEnd(new Date("2028-02-29T10:00:00Z"), "yearly").toISOString()).toBe("2029-02-28T10:00:00.000Z");
  });
});

describe("plan rules", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it("a plan runs until its end, not at or after it; none never runs", () => {
    expect(isPlanActive({ plan: "monthly", planUntil: new Date("2026-11-25T12:00:01Z") }, now)).toBe(true);
    expect(isPlanActive({ plan: "monthly", planUntil: now }, now)).toBe(false);
    expect(isPlanActive({ plan: "none", planUntil: new Date("2030-01-01T00:00:00Z") }, now)).toBe(false);
    expect(isPlanActive({ plan: "yearly", planUntil: null }, now)).toBe(false);
  });

  it("the contingent is short at or below zero, or below what live events can still sell", () => {
    expect(isContingentShort(0, 0)).toBe(true);
    expect(isContingentShort(-3, 0)).toBe(true);
    expect(isContingentShort(99, 100)).toBe(true);
    expect(isContingentShort(100, 100)).toBe(false);
    expect(isContingentShort(1, 0)).toBe(false);
  });

  it("invoice numbers and items", () => {
    expect(platformInvoiceNumber(2026, 123)).toBe("P-2026-000123");
    expect(parsePlanInvoiceItem(planInvoiceItem("professional", "yearly", 30000))).toEqual({ planKey: "professional", period: "yearly", tickets: 30000 });
    expect(parsePlanInvoiceItem("something else")).toBeNull();
  });
});
