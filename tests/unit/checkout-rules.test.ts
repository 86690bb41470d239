import { describe, expect, it } from "vitest";
import { groupCartTickets, heldPartOf, participantValues } from "../../shared/rules/checkout";
import { checkoutFormSchema } from "../../shared/schemas/orders";

const seat = (key: string, ticketCategoryId: string, blockId: string, rowLabel: string, seatLabel: string) => ({ key, ticketCategoryId, blockId, rowLabel, seatLabel });

describe("groupCartTickets", () => {
  const categories = [
    { id: "pair", seatsPerTicket: 2 },
    { id: "single", seatsPerTicket: 1 },
  ];

  it("groups held seats per category in plan order (block, then numeric row and seat), counted items per ticket", () => {
    const { tickets, incomplete } = groupCartTickets(
      {
        seats: [seat("b:10", "pair", "b", "1", "10"), seat("a:2", "pair", "a", "1", "2"), seat("a:9", "pair", "a", "1", "9"), seat("b:1", "pair", "b", "1", "1")],
        items: [{ ticketCategoryId: "single", areaId: "standing", quantity: 2 }],
      },
      categories,
      ["a", "b"],
    );
    expect(incomplete).toBe(false);
    expect(tickets.map((t) => [t.category.id, t.seats.map((s) => s.key), t.areaId])).toEqual([
      ["pair", ["a:2", "a:9"], null],
      ["pair", ["b:1", "b:10"], null],
      ["single", [], "standing"],
      ["single", [], "standing"],
    ]);
  });

  it("tells an incomplete cart: a ticket short of seats, or an unknown category", () => {
    expect(groupCartTickets({ seats: [seat("a:1", "pair", "a", "1", "1")], items: [] }, categories, ["a"]).incomplete).toBe(true);
    expect(groupCartTickets({ seats: [], items: [{ ticketCategoryId: "gone", areaId: null, quantity: 1 }] }, categories, []).incomplete).toBe(true);
  });
});

describe("heldPartOf", () => {
  it("counts a seated ticket by its seats and a counted one as one ticket", () => {
    expect(heldPartOf({ ticketCategoryId: "c", seatKeys: ["a", "b"] })).toEqual({ categoryId: "c", places: 2 });
    expect(heldPartOf({ ticketCategoryId: "c", seatKeys: [] })).toEqual({ categoryId: "c", tickets: 1 });
  });
});

describe("participant fields", () => {
  const fields = [
    { key: "name", required: true },
    { key: "club", required: false },
  ];

  it("keeps the event's fields trimmed, drops empty and unknown ones", () => {
    expect(participantValues(fields, { name: "  Ada ", club: " ", other: "x" })).toEqual({ values: { name: "Ada" }, missing: null });
  });

  it("names the first required field left empty", () => {
    expect(participantValues(fields, { name: "   ", club: "FC" }).missing).toBe("name");
    expect(participantValues(fields, {}).missing).toBe("name");
  });

  it("the checkout form requires the same fields", () => {
    const schema = checkoutFormSchema(fields);
    const values = (participant: Record<string, string>) => ({
      buyer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org" },
      tickets: [{ bookingOptions: [], participant }],
      acceptTerms: true,
    });
    expect(schema.safeParse(values({ name: "Ada", club: "" })).success).toBe(true);
    const refused = schema.safeParse(values({ name: " ", club: "FC" }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["tickets.0.participant.name"]);
    expect(schema.safeParse({ ...values({ name: "Ada", club: "" }), acceptTerms: false }).success).toBe(false);
  });
});
