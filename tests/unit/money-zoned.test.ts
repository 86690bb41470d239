import { describe, expect, it } from "vitest";
import { centsToEuros, eurosToCents, formatCents } from "../../shared/rules/money";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../shared/rules/zoned";

const NBSP = "\u00a0";

describe("eurosToCents", () => {
  it.each([
    ["0.1 + 0.2", 0.1 + 0.2, 30],
    ["15.5", 15.5, 1550],
    ["19.99", 19.99, 1999],
    ["0.005 (half a cent, up)", 0.005, 1],
    ["1.005 (half a cent, up)", 1.005, 101],
    ["0.004 (under half a cent, down)", 0.004, 0],
    ["-0.005 (half a cent, away from zero)", -0.005, -1],
    ["-15.5", -15.5, -1550],
    ["0", 0, 0],
    ["100000", 100_000, 10_000_000],
  ])("%s -> %d cents", (_, euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  it("gives back every whole cent amount up to 10 000 EUR, from a number and from typed text", () => {
    for (let cents = 0; cents <= 1_000_000; cents++) {
      if (eurosToCents(centsToEuros(cents)) !== cents) expect.fail(`${cents} cents via centsToEuros`);
      const typed = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      if (eurosToCents(Number(typed)) !== cents) expect.fail(`${typed} EUR typed`);
    }
  });

  // Half-cent values whose binary product lands just under .5 (4.015 × 100 = 401.4999…) still
  // round away from zero.
  it.each([
    [4.015, 402],
    [5.015, 502],
    [8.075, 808],
    [-4.015, -402],
  ])("rounds the half cent of %d away from zero (-> %d)", (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });
});

describe("centsToEuros", () => {
  it.each([
    [1999, 19.99],
    [1550, 15.5],
    [5, 0.05],
    [0, 0],
    [-150, -1.5],
  ])("%d cents -> %d EUR", (cents, euros) => {
    expect(centsToEuros(cents)).toBe(euros);
  });
});

describe("formatCents", () => {
  it.each([
    [1234, `12,34${NBSP}€`],
    [0, `0,00${NBSP}€`],
    [5, `0,05${NBSP}€`],
    [123_456_789, `1.234.567,89${NBSP}€`],
    [-50, `-0,50${NBSP}€`],
  ])("de: %d -> %j", (cents, text) => {
    expect(formatCents(cents, "de")).toBe(text);
  });

  it.each([
    [1234, "€12.34"],
    [0, "€0.00"],
    [123_456_789, "€1,234,567.89"],
    [-50, "-€0.50"],
  ])("en: %d -> %j", (cents, text) => {
    expect(formatCents(cents, "en")).toBe(text);
  });

  it("formats any other locale like English", () => {
    expect(formatCents(1234, "fr")).toBe("€12.34");
  });
});

describe("zonedWallTimeToDate / dateToZonedWallTime", () => {
  it.each([
    ["Berlin in winter (CET, +01:00)", "2026-01-15 12:00", "Europe/Berlin", "2026-01-15T11:00:00.000Z"],
    ["Berlin in summer (CEST, +02:00)", "2026-07-15 12:00", "Europe/Berlin", "2026-07-15T10:00:00.000Z"],
    ["New York in winter (EST, -05:00)", "2026-01-15 12:00", "America/New_York", "2026-01-15T17:00:00.000Z"],
    ["New York in summer (EDT, -04:00)", "2026-07-15 12:00", "America/New_York", "2026-07-15T16:00:00.000Z"],
    ["Berlin just before spring forward", "2026-03-29 01:59", "Europe/Berlin", "2026-03-29T00:59:00.000Z"],
    ["Berlin just after spring forward", "2026-03-29 03:00", "Europe/Berlin", "2026-03-29T01:00:00.000Z"],
  ])("%s", (_, wall, zone, iso) => {
    const date = zonedWallTimeToDate(wall, zone);
    expect(date.toISOString()).toBe(iso);
    expect(dateToZonedWallTime(date, zone)).toBe(`${wall}:00`);
  });

  it("reads seconds, a T separator and surrounding spaces", () => {
    expect(zonedWallTimeToDate("2026-01-15 12:00:30", "Europe/Berlin").toISOString()).toBe("2026-01-15T11:00:30.000Z");
    expect(zonedWallTimeToDate("2026-01-15T12:00", "Europe/Berlin").toISOString()).toBe("2026-01-15T11:00:00.000Z");
    expect(zonedWallTimeToDate("  2026-01-15 12:00  ", "Europe/Berlin").toISOString()).toBe("2026-01-15T11:00:00.000Z");
  });

  it("moves a time in the Berlin spring-forward gap forward by the gap (02:30 -> 03:30 CEST)", () => {
    const date = zonedWallTimeToDate("2026-03-29 02:30", "Europe/Berlin");
    expect(date.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(dateToZonedWallTime(date, "Europe/Berlin")).toBe("2026-03-29 03:30:00");
  });

  it("moves a time in the New York spring-forward gap forward by the gap (02:30 -> 03:30 EDT)", () => {
    const date = zonedWallTimeToDate("2026-03-08 02:30", "America/New_York");
    expect(date.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(dateToZonedWallTime(date, "America/New_York")).toBe("2026-03-08 03:30:00");
  });

  it("takes the earlier of the two Berlin fall-back times, and shows both as the same wall time", () => {
    const date = zonedWallTimeToDate("2026-10-25 02:30", "Europe/Berlin");
    expect(date.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(dateToZonedWallTime(date, "Europe/Berlin")).toBe("2026-10-25 02:30:00");
    expect(dateToZonedWallTime(new Date("2026-10-25T01:30:00Z"), "Europe/Berlin")).toBe("2026-10-25 02:30:00");
  });

  it("shows one instant as each zone's wall time, dropping milliseconds", () => {
    const instant = new Date("2026-07-15T10:00:00.999Z");
    expect(dateToZonedWallTime(instant, "Europe/Berlin")).toBe("2026-07-15 12:00:00");
    expect(dateToZonedWallTime(instant, "America/New_York")).toBe("2026-07-15 06:00:00");
    expect(dateToZonedWallTime(instant, "UTC")).toBe("2026-07-15 10:00:00");
  });

  it("round-trips every hour of 2026 in Berlin, the repeated fall-back hour to its first occurrence", () => {
    const repeatedHour = Date.UTC(2026, 9, 25, 1); // 02:00 CET, the second 02:00 of that night
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const back = zonedWallTimeToDate(dateToZonedWallTime(new Date(t), "Europe/Berlin"), "Europe/Berlin").getTime();
      const expected = t === repeatedHour ? t - 3_600_000 : t;
      if (back !== expected) expect.fail(`${new Date(t).toISOString()} came back as ${new Date(back).toISOString()}`);
    }
  });

  it.each([
    ["an impossible day", "2026-02-30 10:00", "Europe/Berlin"],
    ["an impossible hour", "2026-01-15 25:00", "Europe/Berlin"],
    ["text", "garbage", "Europe/Berlin"],
    ["an unknown time zone", "2026-01-15 12:00", "Mars/Base"],
  ])("throws a RangeError on %s", (_, wall, zone) => {
    expect(() => zonedWallTimeToDate(wall, zone)).toThrow(RangeError);
  });
});

describe("eurosToCents over every half cent", () => {
  it("rounds each of 0.005 .. 999.995 away from zero", () => {
    for (let tenth = 5; tenth < 1_000_000; tenth += 10) {
      const euros = Number((tenth / 1000).toFixed(3));
      const want = (tenth + 5) / 10;
      if (eurosToCents(euros) !== want) expect.fail(`${euros} -> ${eurosToCents(euros)}, want ${want}`);
    }
  });
});
