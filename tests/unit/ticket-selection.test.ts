import { describe, expect, it } from "vitest";
import {
  categoryStatus,
  isSelectable,
  isVisible,
  maxTickets,
  remainingTickets,
  type RuleCategory,
  type RuleContext,
  saleWindow,
  type Selection,
  ticketsForPlaces,
  validateSelection,
} from "../../shared/rules/ticket-selection";

const BERLIN = "Europe/Berlin";
const at = (iso: string) => new Date(iso);
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

/** A category with the SPEC defaults; `overrides` change single rules. */
function category(id: string, overrides: Partial<RuleCategory> = {}): RuleCategory {
  return {
    id,
    kind: "chargeable",
    dailyQuantity: 100,
    seatsPerTicket: 1,
    saleStartMode: "on_release",
    saleStartAt: null,
    saleEndMode: "event_end",
    saleEndAt: null,
    validityStartTime: null,
    validityEndTime: null,
    visibility: "always",
    selectability: "always",
    conditionCategoryId: null,
    minPerOrder: 1,
    maxPerOrder: 20,
    appliesTo: "boxoffice_online",
    ...overrides,
  };
}

/** A summer date in Berlin: 2026-07-15 19:00–23:00 CEST; now is 10:00 CEST that day. */
const SUMMER_DATE = { startsAt: at("2026-07-15T17:00:00Z"), endsAt: at("2026-07-15T21:00:00Z"), timeZone: BERLIN };
/** A winter date in Berlin: 2026-01-15 19:00–23:00 CET. */
const WINTER_DATE = { startsAt: at("2026-01-15T18:00:00Z"), endsAt: at("2026-01-15T22:00:00Z"), timeZone: BERLIN };
const NOW = at("2026-07-15T08:00:00Z");
const RELEASED = at("2026-07-10T08:00:00Z");

function context(overrides: Partial<Omit<RuleContext, "remaining">> & { remaining?: Record<string, number> } = {}): RuleContext {
  const { remaining, ...rest } = overrides;
  return {
    now: NOW,
    channel: "online",
    releasedAt: RELEASED,
    date: SUMMER_DATE,
    ...rest,
    remaining: new Map(Object.entries(remaining ?? { a: 50, b: 50, c: 50 })),
  };
}

/** A selection from `{ id: tickets }` (places = tickets) or `{ id: [tickets, places] }`. */
function selection(entries: Record<string, number | [number, number]> = {}): Selection {
  return new Map(
    Object.entries(entries).map(([id, v]) => [id, typeof v === "number" ? { tickets: v, places: v } : { tickets: v[0], places: v[1] }]),
  );
}

describe("saleWindow", () => {
  it('sale start "on_release" starts at the event release and ends with the date', () => {
    expect(saleWindow(category("a"), context())).toEqual({ start: RELEASED, end: SUMMER_DATE.endsAt });
  });

  it('sale start "on_release" has no start while the event is unreleased', () => {
    expect(saleWindow(category("a"), context({ releasedAt: null })).start).toBeNull();
  });

  it('sale start "at" starts at the set date, ignoring the release', () => {
    const saleStartAt = at("2026-07-12T06:00:00Z");
    expect(saleWindow(category("a", { saleStartMode: "at", saleStartAt }), context()).start).toEqual(saleStartAt);
    expect(saleWindow(category("a", { saleStartMode: "at", saleStartAt }), context({ releasedAt: null })).start).toEqual(saleStartAt);
  });

  it('sale end "event_end" ends at date.endsAt', () => {
    expect(saleWindow(category("a"), context()).end).toEqual(SUMMER_DATE.endsAt);
  });

  it('sale end "at" ends at the set date when it is before the date ends', () => {
    const saleEndAt = at("2026-07-14T22:00:00Z");
    expect(saleWindow(category("a", { saleEndMode: "at", saleEndAt }), context()).end).toEqual(saleEndAt);
  });

  it('sale end "at" after the date ends is capped at the end of the date (the end of validity)', () => {
    const saleEndAt = at("2026-07-16T10:00:00Z");
    expect(saleWindow(category("a", { saleEndMode: "at", saleEndAt }), context()).end).toEqual(SUMMER_DATE.endsAt);
  });

  it('validityEndTime "12:00" caps the sale end at 12:00 CEST on a summer date (10:00Z)', () => {
    expect(saleWindow(category("a", { validityEndTime: "12:00" }), context()).end.toISOString()).toBe("2026-07-15T10:00:00.000Z");
  });

  it('validityEndTime "12:00" caps the sale end at 12:00 CET on a winter date (11:00Z)', () => {
    const window = saleWindow(category("a", { validityEndTime: "12:00" }), context({ date: WINTER_DATE }));
    expect(window.end.toISOString()).toBe("2026-01-15T11:00:00.000Z");
  });

  it("takes the validity end time on the date's local day, not its UTC day", () => {
    // 00:30 CEST on 16 July is still 15 July in UTC.
    const date = { startsAt: at("2026-07-15T22:30:00Z"), endsAt: at("2026-07-16T02:00:00Z"), timeZone: BERLIN };
    expect(saleWindow(category("a", { validityEndTime: "01:30" }), context({ date })).end.toISOString()).toBe("2026-07-15T23:30:00.000Z");
  });

  it('the earlier of a sale end "at" and the validity end wins', () => {
    const earlyEnd = at("2026-07-15T09:00:00Z");
    expect(saleWindow(category("a", { saleEndMode: "at", saleEndAt: earlyEnd, validityEndTime: "12:00" }), context()).end).toEqual(earlyEnd);
    const lateEnd = at("2026-07-15T20:00:00Z");
    expect(
      saleWindow(category("a", { saleEndMode: "at", saleEndAt: lateEnd, validityEndTime: "12:00" }), context()).end.toISOString(),
    ).toBe("2026-07-15T10:00:00.000Z");
  });

  it("a validity start time does not move the sale start", () => {
    expect(saleWindow(category("a", { validityStartTime: "18:00" }), context()).start).toEqual(RELEASED);
  });
});

describe("categoryStatus: sale window", () => {
  it('"on_release" with releasedAt null is not_yet_on_sale', () => {
    expect(categoryStatus(category("a"), context({ releasedAt: null }))).toBe("not_yet_on_sale");
  });

  it('"on_release" before the release is not_yet_on_sale', () => {
    expect(categoryStatus(category("a"), context({ releasedAt: ms(NOW, 60_000) }))).toBe("not_yet_on_sale");
  });

  it('"on_release" after the release is available', () => {
    expect(categoryStatus(category("a"), context())).toBe("available");
  });

  it("is available exactly at the sale start (release)", () => {
    expect(categoryStatus(category("a"), context({ releasedAt: NOW }))).toBe("available");
    expect(categoryStatus(category("a"), context({ releasedAt: ms(NOW, 1) }))).toBe("not_yet_on_sale");
  });

  it('"at" is not_yet_on_sale before the set start, even when the event is released', () => {
    const c = category("a", { saleStartMode: "at", saleStartAt: ms(NOW, 1) });
    expect(categoryStatus(c, context())).toBe("not_yet_on_sale");
  });

  it('"at" is available from exactly the set start, even while the event is unreleased', () => {
    expect(categoryStatus(category("a", { saleStartMode: "at", saleStartAt: NOW }), context({ releasedAt: null }))).toBe("available");
    expect(categoryStatus(category("a", { saleStartMode: "at", saleStartAt: ms(NOW, -1) }), context())).toBe("available");
  });

  it('"at" without a set start is never on sale', () => {
    expect(categoryStatus(category("a", { saleStartMode: "at", saleStartAt: null }), context())).toBe("not_yet_on_sale");
  });

  it('"event_end" is available until just before date.endsAt and sale_ended exactly at it', () => {
    expect(categoryStatus(category("a"), context({ now: ms(SUMMER_DATE.endsAt, -1) }))).toBe("available");
    expect(categoryStatus(category("a"), context({ now: SUMMER_DATE.endsAt }))).toBe("sale_ended");
    expect(categoryStatus(category("a"), context({ now: ms(SUMMER_DATE.endsAt, 3_600_000) }))).toBe("sale_ended");
  });

  it('sale end "at" is available just before and sale_ended exactly at the set end', () => {
    const saleEndAt = at("2026-07-15T09:00:00Z");
    const c = category("a", { saleEndMode: "at", saleEndAt });
    expect(categoryStatus(c, context({ now: ms(saleEndAt, -1) }))).toBe("available");
    expect(categoryStatus(c, context({ now: saleEndAt }))).toBe("sale_ended");
  });

  it('validityEndTime "12:00" ends the sale at 12:00 CEST on a summer date', () => {
    const c = category("a", { validityEndTime: "12:00" });
    expect(categoryStatus(c, context({ now: at("2026-07-15T09:59:59.999Z") }))).toBe("available");
    expect(categoryStatus(c, context({ now: at("2026-07-15T10:00:00Z") }))).toBe("sale_ended");
    // 10:30Z is 12:30 CEST: over in summer (it would not be under CET).
    expect(categoryStatus(c, context({ now: at("2026-07-15T10:30:00Z") }))).toBe("sale_ended");
  });

  it('validityEndTime "12:00" ends the sale at 12:00 CET on a winter date', () => {
    const c = category("a", { validityEndTime: "12:00" });
    const winter = (now: string) => context({ now: at(now), releasedAt: at("2026-01-01T00:00:00Z"), date: WINTER_DATE });
    // 10:30Z is 11:30 CET: still on sale in winter (it would be over under CEST).
    expect(categoryStatus(c, winter("2026-01-15T10:30:00Z"))).toBe("available");
    expect(categoryStatus(c, winter("2026-01-15T10:59:59.999Z"))).toBe("available");
    expect(categoryStatus(c, winter("2026-01-15T11:00:00Z"))).toBe("sale_ended");
  });

  it("a sale that has ended reports sale_ended even when also sold out", () => {
    expect(categoryStatus(category("a"), context({ now: SUMMER_DATE.endsAt, remaining: { a: 0 } }))).toBe("sale_ended");
  });
});

describe("categoryStatus: channel and stock", () => {
  it('a "boxoffice" category is boxoffice_only online', () => {
    expect(categoryStatus(category("a", { appliesTo: "boxoffice" }), context())).toBe("boxoffice_only");
  });

  it('a "boxoffice" category is boxoffice_only online even before sale or when sold out', () => {
    expect(categoryStatus(category("a", { appliesTo: "boxoffice" }), context({ releasedAt: null, remaining: { a: 0 } }))).toBe(
      "boxoffice_only",
    );
  });

  it('a "boxoffice" category is available in channel "boxoffice"', () => {
    expect(categoryStatus(category("a", { appliesTo: "boxoffice" }), context({ channel: "boxoffice" }))).toBe("available");
  });

  it('a "boxoffice_online" category is available in both channels', () => {
    expect(categoryStatus(category("a"), context({ channel: "online" }))).toBe("available");
    expect(categoryStatus(category("a"), context({ channel: "boxoffice" }))).toBe("available");
  });

  it("the boxoffice still applies the sale window", () => {
    expect(categoryStatus(category("a", { appliesTo: "boxoffice" }), context({ channel: "boxoffice", now: SUMMER_DATE.endsAt }))).toBe(
      "sale_ended",
    );
  });

  it("is sold_out when remaining is 0", () => {
    expect(categoryStatus(category("a"), context({ remaining: { a: 0 } }))).toBe("sold_out");
  });

  it("is sold_out when the category is missing from the remaining map", () => {
    expect(categoryStatus(category("a"), context({ remaining: { b: 10 } }))).toBe("sold_out");
  });

  it("is sold_out when remaining is negative (overbooked)", () => {
    expect(categoryStatus(category("a"), context({ remaining: { a: -2 } }))).toBe("sold_out");
  });

  it("is available with a single ticket left", () => {
    expect(categoryStatus(category("a"), context({ remaining: { a: 1 } }))).toBe("available");
  });
});

describe("isVisible", () => {
  it('"always" is visible with an empty selection', () => {
    expect(isVisible(category("a"), selection(), context())).toBe(true);
  });

  it('a "boxoffice" category is not visible online, even with visibility "always"', () => {
    expect(isVisible(category("a", { appliesTo: "boxoffice" }), selection(), context())).toBe(false);
  });

  it('a "boxoffice" category is visible in channel "boxoffice"', () => {
    expect(isVisible(category("a", { appliesTo: "boxoffice" }), selection(), context({ channel: "boxoffice" }))).toBe(true);
  });

  it('"with_other_selected" is hidden while the condition category is not in the selection', () => {
    const c = category("b", { visibility: "with_other_selected", conditionCategoryId: "a" });
    expect(isVisible(c, selection(), context())).toBe(false);
    expect(isVisible(c, selection({ c: 2 }), context())).toBe(false);
  });

  it('"with_other_selected" is hidden while the condition category has 0 tickets', () => {
    const c = category("b", { visibility: "with_other_selected", conditionCategoryId: "a" });
    expect(isVisible(c, selection({ a: [0, 0] }), context())).toBe(false);
  });

  it('"with_other_selected" shows once the condition category has tickets > 0', () => {
    const c = category("b", { visibility: "with_other_selected", conditionCategoryId: "a" });
    expect(isVisible(c, selection({ a: 1 }), context())).toBe(true);
  });

  it('"with_other_selected" without a condition category stays hidden', () => {
    const c = category("b", { visibility: "with_other_selected", conditionCategoryId: null });
    expect(isVisible(c, selection({ a: 3 }), context())).toBe(false);
  });
});

describe("isSelectable", () => {
  it('an available "always" category is selectable', () => {
    expect(isSelectable(category("a"), selection(), context())).toBe(true);
  });

  it("a category that is not available is not selectable", () => {
    expect(isSelectable(category("a"), selection(), context({ remaining: { a: 0 } }))).toBe(false);
    expect(isSelectable(category("a"), selection(), context({ releasedAt: null }))).toBe(false);
    expect(isSelectable(category("a"), selection(), context({ now: SUMMER_DATE.endsAt }))).toBe(false);
    expect(isSelectable(category("a", { appliesTo: "boxoffice" }), selection(), context())).toBe(false);
  });

  it("a hidden category is not selectable", () => {
    const c = category("b", { visibility: "with_other_selected", conditionCategoryId: "a" });
    expect(isSelectable(c, selection(), context())).toBe(false);
    expect(isSelectable(c, selection({ a: 1 }), context())).toBe(true);
  });

  it('"with_other_selected" is selectable only once the other category has tickets', () => {
    const c = category("b", { selectability: "with_other_selected", conditionCategoryId: "a" });
    expect(isSelectable(c, selection(), context())).toBe(false);
    expect(isSelectable(c, selection({ a: [0, 0] }), context())).toBe(false);
    expect(isSelectable(c, selection({ a: 2 }), context())).toBe(true);
  });

  it('"other_sold_out" is not selectable while the other category has tickets left', () => {
    const c = category("b", { selectability: "other_sold_out", conditionCategoryId: "a" });
    expect(isSelectable(c, selection(), context({ remaining: { a: 5, b: 10 } }))).toBe(false);
  });

  it('"other_sold_out" is selectable once the other category has 0 left', () => {
    const c = category("b", { selectability: "other_sold_out", conditionCategoryId: "a" });
    expect(isSelectable(c, selection(), context({ remaining: { a: 0, b: 10 } }))).toBe(true);
  });

  it('"other_sold_out" counts another category missing from remaining as sold out', () => {
    const c = category("b", { selectability: "other_sold_out", conditionCategoryId: "a" });
    expect(isSelectable(c, selection(), context({ remaining: { b: 10 } }))).toBe(true);
  });

  it("a condition without a condition category is never met", () => {
    expect(isSelectable(category("b", { selectability: "other_sold_out" }), selection(), context({ remaining: { b: 10 } }))).toBe(false);
    expect(isSelectable(category("b", { selectability: "with_other_selected" }), selection({ a: 1 }), context())).toBe(false);
  });
});

describe("maxTickets", () => {
  it("is maxPerOrder when more are left", () => {
    expect(maxTickets(category("a"), context({ remaining: { a: 50 } }))).toBe(20);
    expect(maxTickets(category("a", { maxPerOrder: 4 }), context({ remaining: { a: 50 } }))).toBe(4);
  });

  it("is what is left when fewer than maxPerOrder remain", () => {
    expect(maxTickets(category("a"), context({ remaining: { a: 7 } }))).toBe(7);
  });

  it("is 0 when sold out or missing from remaining", () => {
    expect(maxTickets(category("a"), context({ remaining: { a: 0 } }))).toBe(0);
    expect(maxTickets(category("a"), context({ remaining: {} }))).toBe(0);
  });

  it("is never negative", () => {
    expect(maxTickets(category("a"), context({ remaining: { a: -3 } }))).toBe(0);
  });
});

describe("ticketsForPlaces", () => {
  it("with seatsPerTicket 1 is one ticket per place", () => {
    expect(ticketsForPlaces({ seatsPerTicket: 1 }, 0)).toBe(0);
    expect(ticketsForPlaces({ seatsPerTicket: 1 }, 1)).toBe(1);
    expect(ticketsForPlaces({ seatsPerTicket: 1 }, 3)).toBe(3);
  });

  it("with seatsPerTicket 2 counts a started ticket (3 places -> 2 tickets)", () => {
    expect(ticketsForPlaces({ seatsPerTicket: 2 }, 1)).toBe(1);
    expect(ticketsForPlaces({ seatsPerTicket: 2 }, 2)).toBe(1);
    expect(ticketsForPlaces({ seatsPerTicket: 2 }, 3)).toBe(2);
    expect(ticketsForPlaces({ seatsPerTicket: 2 }, 4)).toBe(2);
  });
});

describe("remainingTickets", () => {
  const one = { seatsPerTicket: 1 };

  it("is the quota when it is the smallest", () => {
    expect(remainingTickets(one, { quota: 5, attendees: 10, seats: 20 })).toBe(5);
  });

  it("is the attendee limit when it is the smallest", () => {
    expect(remainingTickets(one, { quota: 50, attendees: 8, seats: 20 })).toBe(8);
  });

  it("is the free seats when they are the smallest", () => {
    expect(remainingTickets(one, { quota: 50, attendees: 30, seats: 3 })).toBe(3);
  });

  it("treats attendees null as unlimited and seats null as not seated", () => {
    expect(remainingTickets(one, { quota: 42, attendees: null, seats: null })).toBe(42);
    expect(remainingTickets(one, { quota: 42, attendees: null, seats: 10 })).toBe(10);
    expect(remainingTickets(one, { quota: 42, attendees: 12, seats: null })).toBe(12);
  });

  it("divides places by seatsPerTicket and floors", () => {
    expect(remainingTickets({ seatsPerTicket: 2 }, { quota: 7, attendees: null, seats: null })).toBe(3);
    expect(remainingTickets({ seatsPerTicket: 2 }, { quota: 50, attendees: 9, seats: 5 })).toBe(2);
    expect(remainingTickets({ seatsPerTicket: 3 }, { quota: 2, attendees: null, seats: null })).toBe(0);
  });

  it("is never negative", () => {
    expect(remainingTickets(one, { quota: -4, attendees: null, seats: null })).toBe(0);
    expect(remainingTickets(one, { quota: 10, attendees: -1, seats: 5 })).toBe(0);
  });
});

describe("validateSelection", () => {
  const order = { stage: "order" } as const;
  const hold = { stage: "hold" } as const;

  it("returns [] for a valid selection", () => {
    const categories = [category("a"), category("b", { seatsPerTicket: 2 })];
    expect(validateSelection(categories, selection({ a: 3, b: [2, 4] }), context(), order)).toEqual([]);
    expect(validateSelection(categories, selection({ a: 3, b: [2, 4] }), context(), hold)).toEqual([]);
  });

  it("reports UNKNOWN_CATEGORY for a category that is not in the list", () => {
    expect(validateSelection([category("a")], selection({ a: 1, x: 2 }), context(), hold)).toEqual([
      { categoryId: "x", code: "UNKNOWN_CATEGORY" },
    ]);
  });

  it("reports BOXOFFICE_ONLY for a boxoffice category online, but not at the boxoffice", () => {
    const categories = [category("a", { appliesTo: "boxoffice" })];
    expect(validateSelection(categories, selection({ a: 1 }), context(), order)).toEqual([{ categoryId: "a", code: "BOXOFFICE_ONLY" }]);
    expect(validateSelection(categories, selection({ a: 1 }), context({ channel: "boxoffice" }), order)).toEqual([]);
  });

  it("reports NOT_YET_ON_SALE before the sale start", () => {
    expect(validateSelection([category("a")], selection({ a: 1 }), context({ releasedAt: null }), hold)).toEqual([
      { categoryId: "a", code: "NOT_YET_ON_SALE" },
    ]);
    const later = category("a", { saleStartMode: "at", saleStartAt: ms(NOW, 1) });
    expect(validateSelection([later], selection({ a: 1 }), context(), order)).toEqual([{ categoryId: "a", code: "NOT_YET_ON_SALE" }]);
  });

  it("reports SALE_ENDED after the sale end", () => {
    expect(validateSelection([category("a")], selection({ a: 1 }), context({ now: SUMMER_DATE.endsAt }), order)).toEqual([
      { categoryId: "a", code: "SALE_ENDED" },
    ]);
    const ended = category("a", { validityEndTime: "09:00" });
    expect(validateSelection([ended], selection({ a: 1 }), context(), hold)).toEqual([{ categoryId: "a", code: "SALE_ENDED" }]);
  });

  it("reports NOT_SELECTABLE when a with_other_selected condition is not met", () => {
    const categories = [category("a"), category("b", { selectability: "with_other_selected", conditionCategoryId: "a" })];
    expect(validateSelection(categories, selection({ b: 2 }), context(), order)).toEqual([{ categoryId: "b", code: "NOT_SELECTABLE" }]);
    expect(validateSelection(categories, selection({ a: [0, 0], b: 2 }), context(), hold)).toEqual([{ categoryId: "b", code: "NOT_SELECTABLE" }]);
    expect(validateSelection(categories, selection({ a: 1, b: 2 }), context(), order)).toEqual([]);
  });

  it("reports NOT_SELECTABLE for a hidden category (visibility condition not met)", () => {
    const categories = [category("a"), category("b", { visibility: "with_other_selected", conditionCategoryId: "a" })];
    expect(validateSelection(categories, selection({ b: 1 }), context(), hold)).toEqual([{ categoryId: "b", code: "NOT_SELECTABLE" }]);
    expect(validateSelection(categories, selection({ a: 1, b: 1 }), context(), hold)).toEqual([]);
  });

  it("reports NOT_SELECTABLE for other_sold_out while the other category has tickets left", () => {
    const categories = [category("a"), category("b", { selectability: "other_sold_out", conditionCategoryId: "a" })];
    expect(validateSelection(categories, selection({ b: 1 }), context({ remaining: { a: 3, b: 10 } }), order)).toEqual([
      { categoryId: "b", code: "NOT_SELECTABLE" },
    ]);
    expect(validateSelection(categories, selection({ b: 1 }), context({ remaining: { a: 0, b: 10 } }), order)).toEqual([]);
  });

  it("reports ABOVE_MAX for 21 tickets with the default max of 20, at hold and at order", () => {
    expect(validateSelection([category("a")], selection({ a: 21 }), context(), hold)).toEqual([{ categoryId: "a", code: "ABOVE_MAX" }]);
    expect(validateSelection([category("a")], selection({ a: 21 }), context(), order)).toEqual([{ categoryId: "a", code: "ABOVE_MAX" }]);
    expect(validateSelection([category("a")], selection({ a: 20 }), context(), order)).toEqual([]);
  });

  it("reports BELOW_MIN only at stage order, not at hold", () => {
    const categories = [category("a", { minPerOrder: 2 })];
    expect(validateSelection(categories, selection({ a: 1 }), context(), order)).toEqual([{ categoryId: "a", code: "BELOW_MIN" }]);
    expect(validateSelection(categories, selection({ a: 1 }), context(), hold)).toEqual([]);
    expect(validateSelection(categories, selection({ a: 2 }), context(), order)).toEqual([]);
  });

  it("reports SEATS_PER_TICKET only at stage order when places != tickets × seatsPerTicket", () => {
    const categories = [category("a", { seatsPerTicket: 2 })];
    expect(validateSelection(categories, selection({ a: [2, 3] }), context(), order)).toEqual([{ categoryId: "a", code: "SEATS_PER_TICKET" }]);
    expect(validateSelection(categories, selection({ a: [2, 5] }), context(), order)).toEqual([{ categoryId: "a", code: "SEATS_PER_TICKET" }]);
    expect(validateSelection(categories, selection({ a: [2, 3] }), context(), hold)).toEqual([]);
    expect(validateSelection(categories, selection({ a: [2, 4] }), context(), order)).toEqual([]);
  });

  it("at hold with `added`, does not report a held category not in `added` whose sale has meanwhile ended", () => {
    const categories = [category("a", { validityEndTime: "09:00" }), category("b")];
    const errors = validateSelection(categories, selection({ a: 2, b: 1 }), context(), { stage: "hold", added: new Set(["b"]) });
    expect(errors).toEqual([]);
  });

  it("at hold with `added`, reports a category in `added` whose sale has ended", () => {
    const categories = [category("a", { validityEndTime: "09:00" }), category("b")];
    const errors = validateSelection(categories, selection({ a: 2, b: 1 }), context(), { stage: "hold", added: new Set(["a"]) });
    expect(errors).toEqual([{ categoryId: "a", code: "SALE_ENDED" }]);
  });

  it("at hold without `added`, every category must be on sale", () => {
    const categories = [category("a", { validityEndTime: "09:00" }), category("b")];
    expect(validateSelection(categories, selection({ a: 2, b: 1 }), context(), hold)).toEqual([{ categoryId: "a", code: "SALE_ENDED" }]);
  });

  it("at order, `added` does not exempt a held category whose sale has ended", () => {
    const categories = [category("a", { validityEndTime: "09:00" }), category("b")];
    const errors = validateSelection(categories, selection({ a: 2, b: 1 }), context(), { stage: "order", added: new Set(["b"]) });
    expect(errors).toEqual([{ categoryId: "a", code: "SALE_ENDED" }]);
  });

  it("at hold with `added`, a held category whose condition is no longer met stays valid", () => {
    const categories = [category("a"), category("b", { selectability: "with_other_selected", conditionCategoryId: "a" }), category("c")];
    expect(validateSelection(categories, selection({ b: 1, c: 1 }), context(), { stage: "hold", added: new Set(["c"]) })).toEqual([]);
    expect(validateSelection(categories, selection({ b: 1, c: 1 }), context(), { stage: "hold", added: new Set(["b"]) })).toEqual([
      { categoryId: "b", code: "NOT_SELECTABLE" },
    ]);
  });

  it("at hold with `added`, the per-order maximum still applies to held categories", () => {
    const categories = [category("a"), category("b")];
    expect(validateSelection(categories, selection({ a: 21, b: 1 }), context(), { stage: "hold", added: new Set(["b"]) })).toEqual([
      { categoryId: "a", code: "ABOVE_MAX" },
    ]);
  });

  it("a sold-out category that the cart already holds is not an error", () => {
    const ctx = context({ remaining: { a: 0 } });
    expect(validateSelection([category("a")], selection({ a: 2 }), ctx, order)).toEqual([]);
    expect(validateSelection([category("a")], selection({ a: 2 }), ctx, hold)).toEqual([]);
    expect(validateSelection([category("a")], selection({ a: 2 }), context({ remaining: {} }), order)).toEqual([]);
  });

  it("ignores an empty (0 tickets / 0 places) entry", () => {
    const categories = [category("a", { validityEndTime: "09:00" }), category("b", { minPerOrder: 2 })];
    expect(validateSelection(categories, selection({ a: [0, 0], b: [0, 0], x: [0, 0] }), context(), order)).toEqual([]);
  });

  it("reports one error per category, in selection order", () => {
    const categories = [category("a"), category("b", { appliesTo: "boxoffice" }), category("c", { minPerOrder: 3 })];
    expect(validateSelection(categories, selection({ c: 1, x: 1, a: 21, b: 1 }), context(), order)).toEqual([
      { categoryId: "c", code: "BELOW_MIN" },
      { categoryId: "x", code: "UNKNOWN_CATEGORY" },
      { categoryId: "a", code: "ABOVE_MAX" },
      { categoryId: "b", code: "BOXOFFICE_ONLY" },
    ]);
  });
});
