import { describe, expect, it } from "vitest";
import { priceOrder, selectionPriceCents } from "../../shared/rules/pricing";
import { type AvailabilityCategory, remainingPerCategory, selectionOfPlaces } from "../../shared/rules/ticket-selection";

const cat = (id: string, seatsPerTicket = 1, extra: Partial<AvailabilityCategory> = {}): AvailabilityCategory => ({
  id,
  seatsPerTicket,
  dailyQuantity: 100,
  seatingCategoryId: null,
  ...extra,
});

describe("selectionOfPlaces: places to tickets", () => {
  it("counts seats as places and counted tickets as their category's seats per ticket", () => {
    const selection = selectionOfPlaces(
      [cat("pair", 2), cat("single")],
      [
        { categoryId: "pair", places: 1 },
        { categoryId: "pair", places: 1 },
        { categoryId: "pair", tickets: 2 },
        { categoryId: "single", tickets: 3 },
      ],
    );
    expect(selection.get("pair")).toEqual({ places: 6, tickets: 3 });
    expect(selection.get("single")).toEqual({ places: 3, tickets: 3 });
  });

  it("counts a started ticket as a whole one", () => {
    expect(selectionOfPlaces([cat("pair", 2)], [{ categoryId: "pair", places: 3 }]).get("pair")).toEqual({ places: 3, tickets: 2 });
  });

  it("keeps a category the catalogue no longer knows, one place per ticket, for the rules to refuse", () => {
    expect(selectionOfPlaces([], [{ categoryId: "gone", tickets: 2 }, { categoryId: "gone", places: 1 }]).get("gone")).toEqual({ places: 3, tickets: 3 });
  });
});

describe("remainingPerCategory: tickets left", () => {
  const noPlan = { counters: new Map<string, number>(), freeSeats: null, areas: [], attendeeLimit: null };

  it("uses the daily quantity while no counter exists, else the counter's places", () => {
    expect(remainingPerCategory([cat("a", 2, { dailyQuantity: 5 })], noPlan).get("a")).toBe(5);
    expect(remainingPerCategory([cat("a", 2)], { ...noPlan, counters: new Map([["ticket:a", 7]]) }).get("a")).toBe(3);
  });

  it("caps by the attendee limit (the counter once it exists)", () => {
    expect(remainingPerCategory([cat("a")], { ...noPlan, attendeeLimit: 4 }).get("a")).toBe(4);
    expect(remainingPerCategory([cat("a")], { ...noPlan, attendeeLimit: 4, counters: new Map([["attendees", 1]]) }).get("a")).toBe(1);
  });

  it("caps by the free seats and area places of the category's seating category", () => {
    const inv = {
      counters: new Map([
        ["area:north", 3],
        ["area:south", -2],
      ]),
      freeSeats: new Map<string | null, number>([
        ["red", 5],
        ["blue", 2],
        [null, 1],
      ]),
      areas: [
        { id: "north", categoryId: "red" },
        { id: "south", categoryId: "blue" },
        { id: "east", categoryId: "red" },
      ],
      attendeeLimit: null,
    };
    const out = remainingPerCategory([cat("r", 1, { seatingCategoryId: "red" }), cat("any"), cat("pairs", 2, { seatingCategoryId: "blue" })], inv);
    // red: 5 seats + north's 3 (east has no counter yet: 0); any: every seat and area; blue: 2 seats, south never below 0.
    expect(out.get("r")).toBe(8);
    expect(out.get("any")).toBe(11);
    expect(out.get("pairs")).toBe(1);
  });

  it("counts a plan without free seats as sold out, never as unlimited", () => {
    expect(remainingPerCategory([cat("a")], { ...noPlan, freeSeats: new Map() }).get("a")).toBe(0);
  });
});

describe("selectionPriceCents: the cart total", () => {
  const categories = [
    { id: "pair", priceCents: 3000 },
    { id: "single", priceCents: 1250 },
  ];

  it("prices every ticket of the selection as priceOrder does", () => {
    const selection = new Map([
      ["pair", { places: 4, tickets: 2 }],
      ["single", { places: 3, tickets: 3 }],
    ]);
    const tickets = [3000, 3000, 1250, 1250, 1250].map((priceCents) => ({ priceCents, optionCents: [], chargeable: true }));
    expect(selectionPriceCents(selection, categories)).toBe(priceOrder(tickets, 1900).amounts.ticketsCents);
    expect(selectionPriceCents(selection, categories)).toBe(9750);
  });

  it("charges nothing for a category the catalogue no longer knows", () => {
    expect(selectionPriceCents(new Map([["gone", { places: 1, tickets: 1 }]]), categories)).toBe(0);
  });
});
