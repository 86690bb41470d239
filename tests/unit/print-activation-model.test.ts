import { describe, expect, it } from "vitest";
import { outcomeColour, positionOf, rangeSize, ticketState, type HardTicket } from "../../client/pages/dashboard/print/activation/model";

/** The Activation page's model (issue 20): a ticket's state, the colour of a result, the size of a range. */
function ticket(overrides: Partial<HardTicket> = {}): HardTicket {
  return {
    lineId: "11111111-0000-4000-8000-000000000001",
    runId: "22222222-0000-4000-8000-000000000001",
    reference: "K7M2-X9QD-3",
    eventName: "Summer Concert",
    startsAt: new Date("2030-07-15T17:00:00Z"),
    timeZone: "Europe/Berlin",
    categoryName: "Standard",
    places: ["Block A|1|2"],
    priceCents: 2500,
    activatedAt: null,
    activatedByName: null,
    sale: null,
    voided: false,
    cancelled: false,
    ...overrides,
  };
}

describe("activation model", () => {
  it("a ticket's state: voided before cancelled before active", () => {
    expect(ticketState(ticket())).toBe("inactive");
    expect(ticketState(ticket({ activatedAt: new Date() }))).toBe("active");
    expect(ticketState(ticket({ cancelled: true }))).toBe("cancelled");
    expect(ticketState(ticket({ voided: true, cancelled: true }))).toBe("voided");
  });

  it("green activated, yellow already active, red refused; a look-up shows the state's colour", () => {
    expect(outcomeColour({ kind: "activated", ticket: ticket({ activatedAt: new Date() }) })).toBe("green");
    expect(outcomeColour({ kind: "already", ticket: ticket({ activatedAt: new Date() }) })).toBe("yellow");
    expect(outcomeColour({ kind: "error", message: "x", code: "HARD_TICKET_NOT_FOUND" })).toBe("red");
    expect(outcomeColour({ kind: "looked", ticket: ticket() })).toBe("gray");
    expect(outcomeColour({ kind: "looked", ticket: ticket({ activatedAt: new Date() }) })).toBe("green");
    expect(outcomeColour({ kind: "looked", ticket: ticket({ voided: true, cancelled: true }) })).toBe("red");
    const range = (activated: number) => ({ kind: "range" as const, result: { runId: "r", activated, already: 2, voided: 0 }, first: ticket(), last: ticket() });
    expect(outcomeColour(range(3))).toBe("green");
    expect(outcomeColour(range(0))).toBe("yellow");
  });

  it("a range's size from the references' positions, either order; none across runs", () => {
    expect(positionOf("K7M2-X9QD-12")).toBe(12);
    expect(positionOf("nonsense")).toBeNull();
    expect(rangeSize(ticket({ reference: "K7M2-X9QD-3" }), ticket({ reference: "K7M2-X9QD-10" }))).toBe(8);
    expect(rangeSize(ticket({ reference: "K7M2-X9QD-10" }), ticket({ reference: "K7M2-X9QD-3" }))).toBe(8);
    expect(rangeSize(ticket(), ticket())).toBe(1);
    expect(rangeSize(ticket(), ticket({ runId: "33333333-0000-4000-8000-000000000001" }))).toBeNull();
  });
});
