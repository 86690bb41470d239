import { describe, expect, it } from "vitest";
import { MAX_PRICE_CENTS } from "../../shared/rules/money";
import { VE } from "../../shared/schemas/event-messages";
import { V } from "../../shared/schemas/messages";
import {
  DEFAULT_MAX_PER_ORDER,
  DEFAULT_MIN_PER_ORDER,
  MAX_BOOKING_OPTIONS,
  MAX_TICKET_CATEGORIES,
  newTicketCategory,
  type TTicketCategory,
  ZTicketCategories,
  ZTicketCategory,
} from "../../shared/schemas/tickets";

type Issue = { path: PropertyKey[]; message: string };

/** Every issue with its full path, so a test also fails on an unexpected extra issue. */
function issuesOf(schema: typeof ZTicketCategory | typeof ZTicketCategories, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

const categoryIssues = (input: unknown) => issuesOf(ZTicketCategory, input);
const listIssues = (input: unknown) => issuesOf(ZTicketCategories, input);

/** A category as the form starts it, completed with the two things the organiser must type. */
const adult = (overrides: Partial<TTicketCategory> = {}): TTicketCategory => ({
  ...newTicketCategory("adult"),
  name: "Adult",
  priceCents: 1500,
  ...overrides,
});

const ID_A = "3f8b6c1e-2d4a-4b7e-9c1f-0a2b3c4d5e6f";
const ID_B = "7a1d2e3f-4b5c-4d6e-8f90-1a2b3c4d5e6f";

describe("newTicketCategory", () => {
  it("starts with the SPEC defaults: 1..20 per order, Boxoffice & Online, chargeable", () => {
    expect(DEFAULT_MIN_PER_ORDER).toBe(1);
    expect(DEFAULT_MAX_PER_ORDER).toBe(20);
    expect(newTicketCategory("k1")).toMatchObject({
      key: "k1",
      name: "",
      kind: "chargeable",
      priceCents: 0,
      minPerOrder: 1,
      maxPerOrder: 20,
      appliesTo: "boxoffice_online",
      saleStartMode: "on_release",
      saleEndMode: "event_end",
      visibility: "always",
      selectability: "always",
      conditionKey: null,
      bookingOptions: [],
    });
  });

  it("is not valid until a name and a price are set", () => {
    expect(categoryIssues(newTicketCategory("k1"))).toEqual([
      { path: ["name"], message: V.required },
      { path: ["priceCents"], message: VE.chargeableNoPrice },
    ]);
  });

  it("passes once a name and a price are set", () => {
    const result = ZTicketCategory.safeParse({ ...newTicketCategory("k1"), name: "  Adult  ", priceCents: 1500 });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ key: "k1", name: "Adult", priceCents: 1500, minPerOrder: 1, maxPerOrder: 20 });
  });

  it("passes as a free ticket without a price", () => {
    expect(categoryIssues({ ...newTicketCategory("k1"), name: "Child", kind: "free" })).toEqual([]);
  });
});

describe("ZTicketCategory: name and texts", () => {
  it.each([
    ["empty", ""],
    ["blank", "   "],
  ])("refuses an %s name", (_, name) => {
    expect(categoryIssues(adult({ name }))).toEqual([{ path: ["name"], message: V.required }]);
  });

  it("refuses a name over 100 characters and accepts 100", () => {
    expect(categoryIssues(adult({ name: "x".repeat(100) }))).toEqual([]);
    expect(categoryIssues(adult({ name: "x".repeat(101) }))).toEqual([{ path: ["name"], message: V.maxLength }]);
  });

  it("turns empty optional texts into null", () => {
    const result = ZTicketCategory.parse(adult({ area: "  ", webDescription: "", pdfDescription: "Row 1" }));
    expect(result).toMatchObject({ area: null, webDescription: null, pdfDescription: "Row 1" });
  });

  it("refuses a PDF description over 500 characters", () => {
    expect(categoryIssues(adult({ pdfDescription: "x".repeat(501) }))).toEqual([
      { path: ["pdfDescription"], message: V.maxLength },
    ]);
  });
});

describe("ZTicketCategory: kind and price", () => {
  it("refuses a chargeable ticket with price 0", () => {
    expect(categoryIssues(adult({ priceCents: 0 }))).toEqual([{ path: ["priceCents"], message: VE.chargeableNoPrice }]);
  });

  it("refuses a free ticket with a price", () => {
    expect(categoryIssues(adult({ kind: "free", priceCents: 500 }))).toEqual([
      { path: ["priceCents"], message: VE.freeHasPrice },
    ]);
  });

  it("accepts a free ticket at 0 and a chargeable one at 1 cent and at the maximum", () => {
    expect(categoryIssues(adult({ kind: "free", priceCents: 0 }))).toEqual([]);
    expect(categoryIssues(adult({ priceCents: 1 }))).toEqual([]);
    expect(categoryIssues(adult({ priceCents: MAX_PRICE_CENTS }))).toEqual([]);
  });

  it.each([
    ["negative", -1],
    ["fractional", 12.5],
    ["too large", MAX_PRICE_CENTS + 1],
  ])("refuses a %s price", (_, priceCents) => {
    expect(categoryIssues(adult({ priceCents }))).toEqual([{ path: ["priceCents"], message: VE.price }]);
  });

  it("refuses a price that is not a number", () => {
    expect(categoryIssues({ ...adult(), priceCents: "15" })).toEqual([{ path: ["priceCents"], message: VE.price }]);
  });
});

describe("ZTicketCategory: quantities", () => {
  it.each([
    ["seatsPerTicket", 1],
    ["seatsPerTicket", 100],
    ["dailyQuantity", 1],
    ["dailyQuantity", 1_000_000],
    ["minPerOrder", 1],
    ["maxPerOrder", 1000],
  ] as const)("accepts %s = %d", (field, value) => {
    expect(categoryIssues(adult({ [field]: value }))).toEqual([]);
  });

  it.each([
    ["seatsPerTicket", 0],
    ["seatsPerTicket", 101],
    ["seatsPerTicket", 1.5],
    ["seatsPerTicket", -1],
    ["dailyQuantity", 0],
    ["dailyQuantity", 1_000_001],
    ["dailyQuantity", 2.5],
    ["minPerOrder", 0],
    ["maxPerOrder", 1001],
  ] as const)("refuses %s = %d with VE.positiveInt", (field, value) => {
    expect(categoryIssues(adult({ [field]: value }))).toEqual([{ path: [field], message: VE.positiveInt }]);
  });

  it("refuses a minimum above the maximum, on maxPerOrder", () => {
    expect(categoryIssues(adult({ minPerOrder: 21, maxPerOrder: 20 }))).toEqual([
      { path: ["maxPerOrder"], message: VE.minMax },
    ]);
  });

  it("accepts a minimum equal to the maximum", () => {
    expect(categoryIssues(adult({ minPerOrder: 4, maxPerOrder: 4 }))).toEqual([]);
  });
});

describe("ZTicketCategory: booking options", () => {
  const option = { name: "Parking", priceCents: 500, description: null };

  it("defaults to none and accepts up to the limit", () => {
    const { bookingOptions: _, ...withoutOptions } = adult();
    expect(ZTicketCategory.parse(withoutOptions).bookingOptions).toEqual([]);
    expect(categoryIssues(adult({ bookingOptions: Array.from({ length: MAX_BOOKING_OPTIONS }, () => option) }))).toEqual(
      [],
    );
  });

  it("refuses more than MAX_BOOKING_OPTIONS", () => {
    expect(MAX_BOOKING_OPTIONS).toBe(10);
    const bookingOptions = Array.from({ length: MAX_BOOKING_OPTIONS + 1 }, () => option);
    expect(categoryIssues(adult({ bookingOptions }))).toEqual([{ path: ["bookingOptions"], message: VE.tooMany }]);
  });

  it("refuses an option without a name or with a bad price", () => {
    expect(categoryIssues(adult({ bookingOptions: [{ ...option, name: " " }] }))).toEqual([
      { path: ["bookingOptions", 0, "name"], message: V.required },
    ]);
    expect(categoryIssues(adult({ bookingOptions: [option, { ...option, priceCents: -5 }] }))).toEqual([
      { path: ["bookingOptions", 1, "priceCents"], message: VE.price },
    ]);
  });

  it("turns an empty option description into null", () => {
    const parsed = ZTicketCategory.parse(adult({ bookingOptions: [{ ...option, description: "" }] }));
    expect(parsed.bookingOptions).toEqual([{ name: "Parking", priceCents: 500, description: null }]);
  });
});

describe("ZTicketCategory: sale window", () => {
  const start = new Date("2026-05-01T10:00:00Z");
  const end = new Date("2026-06-01T10:00:00Z");

  it.each([null, undefined])("refuses sale start 'at' without a date (%s)", (saleStartAt) => {
    expect(categoryIssues(adult({ saleStartMode: "at", saleStartAt }))).toEqual([
      { path: ["saleStartAt"], message: VE.saleStartRequired },
    ]);
  });

  it.each([null, undefined])("refuses sale end 'at' without a date (%s)", (saleEndAt) => {
    expect(categoryIssues(adult({ saleEndMode: "at", saleEndAt }))).toEqual([
      { path: ["saleEndAt"], message: VE.saleEndRequired },
    ]);
  });

  it("accepts both dates in order, also as ISO strings", () => {
    expect(categoryIssues(adult({ saleStartMode: "at", saleStartAt: start, saleEndMode: "at", saleEndAt: end }))).toEqual(
      [],
    );
    const parsed = ZTicketCategory.parse({
      ...adult(),
      saleStartMode: "at",
      saleStartAt: start.toISOString(),
      saleEndMode: "at",
      saleEndAt: end.toISOString(),
    });
    expect(parsed.saleStartAt).toEqual(start);
    expect(parsed.saleEndAt).toEqual(end);
  });

  it.each([
    ["before", new Date("2026-04-30T10:00:00Z")],
    ["equal to", start],
  ])("refuses a sale end %s the sale start", (_, saleEndAt) => {
    expect(categoryIssues(adult({ saleStartMode: "at", saleStartAt: start, saleEndMode: "at", saleEndAt }))).toEqual([
      { path: ["saleEndAt"], message: VE.saleEndBeforeStart },
    ]);
  });

  it("ignores stale dates when the modes are 'on release' / 'event end'", () => {
    expect(categoryIssues(adult({ saleStartAt: end, saleEndAt: start }))).toEqual([]);
  });

  it("refuses a date that cannot be read", () => {
    expect(categoryIssues({ ...adult(), saleStartMode: "at", saleStartAt: "not a date" })).toEqual([
      { path: ["saleStartAt"], message: VE.dateTime },
    ]);
  });
});

describe("ZTicketCategory: validity times", () => {
  it("accepts an end after the start, or only one of them", () => {
    expect(categoryIssues(adult({ validityStartTime: "18:00", validityEndTime: "18:01" }))).toEqual([]);
    expect(categoryIssues(adult({ validityStartTime: "00:00", validityEndTime: "23:59" }))).toEqual([]);
    expect(categoryIssues(adult({ validityStartTime: "18:00" }))).toEqual([]);
    expect(categoryIssues(adult({ validityEndTime: "09:00" }))).toEqual([]);
  });

  it.each([
    ["equal", "18:00"],
    ["earlier", "09:30"],
  ])("refuses a validity end %s to the start", (_, validityEndTime) => {
    expect(categoryIssues(adult({ validityStartTime: "18:00", validityEndTime }))).toEqual([
      { path: ["validityEndTime"], message: VE.validityOrder },
    ]);
  });

  it.each(["24:00", "9:00", "18:60", "18:00:00", "1800", "ab:cd", ""])("refuses the time %j", (time) => {
    expect(categoryIssues(adult({ validityStartTime: time }))).toEqual([{ path: ["validityStartTime"], message: VE.time }]);
    expect(categoryIssues(adult({ validityEndTime: time }))).toEqual([{ path: ["validityEndTime"], message: VE.time }]);
  });
});

describe("ZTicketCategory: conditions", () => {
  it.each([
    ["visibility", "with_other_selected"],
    ["selectability", "with_other_selected"],
    ["selectability", "other_sold_out"],
  ] as const)("refuses %s %s without a condition category", (field, value) => {
    for (const conditionKey of [null, undefined, ""]) {
      expect(categoryIssues(adult({ [field]: value, conditionKey }))).toEqual([
        { path: ["conditionKey"], message: VE.conditionCategory },
      ]);
    }
  });

  it("accepts a condition pointing at another category", () => {
    expect(categoryIssues(adult({ visibility: "with_other_selected", conditionKey: "child" }))).toEqual([]);
    expect(categoryIssues(adult({ selectability: "other_sold_out", conditionKey: "child" }))).toEqual([]);
  });

  it("refuses a condition pointing at itself", () => {
    expect(categoryIssues(adult({ visibility: "with_other_selected", conditionKey: "adult" }))).toEqual([
      { path: ["conditionKey"], message: VE.conditionCategory },
    ]);
  });
});

describe("ZTicketCategories", () => {
  const child = (overrides: Partial<TTicketCategory> = {}) => adult({ key: "child", name: "Child", ...overrides });

  it("accepts an empty list and a list of distinct categories", () => {
    expect(listIssues([])).toEqual([]);
    expect(listIssues([adult({ id: ID_A }), child({ id: ID_B }), adult({ key: "vip" })])).toEqual([]);
  });

  it("refuses duplicate keys on the list", () => {
    expect(listIssues([adult(), child({ key: "adult" })])).toEqual([{ path: [], message: VE.duplicateKey }]);
  });

  it("refuses duplicate ids on the list", () => {
    expect(listIssues([adult({ id: ID_A }), child({ id: ID_A })])).toEqual([{ path: [], message: VE.duplicateKey }]);
  });

  it("accepts a condition on a category of the list", () => {
    expect(listIssues([adult(), child({ visibility: "with_other_selected", conditionKey: "adult" })])).toEqual([]);
  });

  it("refuses a condition on a key not in the list, at [i, 'conditionKey']", () => {
    expect(
      listIssues([adult(), child({ visibility: "with_other_selected", conditionKey: "gone" })]),
    ).toEqual([{ path: [1, "conditionKey"], message: VE.conditionCategory }]);
  });

  it("refuses a self-condition inside the list once, at the category", () => {
    expect(listIssues([adult(), child({ selectability: "other_sold_out", conditionKey: "child" })])).toEqual([
      { path: [1, "conditionKey"], message: VE.conditionCategory },
    ]);
  });

  it("reports a category's own issues under its index", () => {
    expect(listIssues([adult(), child({ priceCents: 0 })])).toEqual([
      { path: [1, "priceCents"], message: VE.chargeableNoPrice },
    ]);
  });

  it("accepts MAX_TICKET_CATEGORIES and refuses one more", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => adult({ key: `k${i}` }));
    expect(listIssues(many(MAX_TICKET_CATEGORIES))).toEqual([]);
    expect(listIssues(many(MAX_TICKET_CATEGORIES + 1))).toEqual([{ path: [], message: VE.tooMany }]);
  });
});
