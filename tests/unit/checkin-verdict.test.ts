import { describe, expect, it } from "vitest";
import {
  CHECKIN_VERDICTS,
  checkinVerdict,
  validityWindow,
  verdictColour,
  type CheckinEntry,
  type CheckinGate,
  type CheckinTicket,
  type CheckinVerdictKind,
} from "../../shared/rules/checkin";

/**
 * The one rule at the door (issue 18, decision 018): the server decides online with it, the
 * device offline. Each verdict, and the order the checks run in.
 */
const EVENT = "e0000000-0000-4000-8000-000000000001";
const OTHER_EVENT = "e0000000-0000-4000-8000-000000000002";
const SEASON = "50000000-0000-4000-8000-000000000001";
const DATE = "d0000000-0000-4000-8000-000000000001";
const OTHER_DATE = "d0000000-0000-4000-8000-000000000002";

/** A gate on 2030-07-15 in Berlin (CEST, UTC+2), the event in a season. */
function gate(overrides: Partial<CheckinGate> & { localDate?: string; timeZone?: string } = {}): CheckinGate {
  const { localDate = "2030-07-15", timeZone = "Europe/Berlin", ...rest } = overrides;
  return { eventId: EVENT, seasonId: SEASON, date: { id: DATE, localDate, timeZone }, ...rest };
}

function ticket(overrides: Partial<CheckinTicket> = {}): CheckinTicket {
  return {
    lineId: "11111111-0000-4000-8000-000000000001",
    orderId: "22222222-0000-4000-8000-000000000001",
    orderNumber: "K7M2-X9QD",
    reference: "K7M2-X9QD-1",
    eventId: EVENT,
    scopeId: DATE,
    lineStatus: "active",
    orderStatus: "valid",
    categoryName: "Standard",
    placeLabels: ["Block A, row 1, seat 2"],
    places: 1,
    buyerName: "Bea Buyer",
    validityStartTime: null,
    validityEndTime: null,
    hardTicket: false,
    activated: false,
    ...overrides,
  };
}

const ENTRY: CheckinEntry = { id: "33333333-0000-4000-8000-000000000001", at: "2030-07-15T17:01:00.000Z", deviceLabel: "Gate 1", staffName: "Sam Staff" };
const NOW = new Date("2030-07-15T17:30:00Z");
const CODE = { eventId: EVENT, scopeId: DATE };

type Input = Parameters<typeof checkinVerdict>[0];
const verdict = (overrides: Partial<Input> = {}) => checkinVerdict({ gate: gate(), code: CODE, ticket: ticket(), entry: null, now: NOW, ...overrides });
const kind = (overrides: Partial<Input> = {}): CheckinVerdictKind => verdict(overrides).kind;

describe("checkinVerdict: each verdict", () => {
  it("valid: a paid, active ticket of this date, not in yet", () => {
    const t = ticket();
    expect(verdict({ ticket: t })).toEqual({ kind: "valid", ticket: t });
    // An old (HMAC) code names only its line: the ticket's facts decide.
    expect(verdict({ code: {}, ticket: t })).toEqual({ kind: "valid", ticket: t });
  });

  it("forged: no genuine code, whatever else is known", () => {
    expect(verdict({ code: null })).toEqual({ kind: "forged" });
    expect(kind({ code: null, ticket: null })).toBe("forged");
    expect(kind({ code: null, ticket: ticket({ lineStatus: "canceled" }), entry: ENTRY })).toBe("forged");
  });

  it("other_event: a code or ticket of another event (not this event's season)", () => {
    expect(verdict({ code: { eventId: OTHER_EVENT, scopeId: OTHER_DATE }, ticket: null })).toEqual({ kind: "other_event" });
    expect(kind({ code: CODE, ticket: ticket({ eventId: OTHER_EVENT, scopeId: OTHER_DATE }) })).toBe("other_event");
    // A season ticket at an event outside any season, or of another season.
    expect(kind({ gate: gate({ seasonId: null }), code: { eventId: SEASON, scopeId: SEASON }, ticket: ticket({ eventId: SEASON, scopeId: SEASON }) })).toBe("other_event");
    expect(kind({ gate: gate({ seasonId: "50000000-0000-4000-8000-000000000002" }), ticket: ticket({ eventId: SEASON, scopeId: SEASON }) })).toBe("other_event");
  });

  it("other_date: this event, another date (named, so the screen can say which)", () => {
    expect(verdict({ code: { eventId: EVENT, scopeId: OTHER_DATE }, ticket: null })).toEqual({ kind: "other_date", scopeId: OTHER_DATE });
    expect(verdict({ code: {}, ticket: ticket({ scopeId: OTHER_DATE }) })).toEqual({ kind: "other_date", scopeId: OTHER_DATE });
  });

  it("the database's facts beat the code's (a ticket moved to another date after printing)", () => {
    // The code says this date; the line now says another one.
    expect(verdict({ code: CODE, ticket: ticket({ scopeId: OTHER_DATE }) })).toEqual({ kind: "other_date", scopeId: OTHER_DATE });
  });

  it("a season ticket is valid at every date of the season's events", () => {
    const season = ticket({ eventId: SEASON, scopeId: SEASON });
    const code = { eventId: SEASON, scopeId: SEASON };
    expect(verdict({ code, ticket: season })).toEqual({ kind: "valid", ticket: season });
    expect(verdict({ gate: gate({ date: { id: OTHER_DATE, localDate: "2030-07-16", timeZone: "Europe/Berlin" } }), code, ticket: season })).toEqual({ kind: "valid", ticket: season });
    // Its entry for this date makes it yellow; its line's status does not (it is in at one date, not all).
    expect(kind({ code, ticket: season, entry: ENTRY })).toBe("already_checked_in");
    expect(kind({ code, ticket: { ...season, lineStatus: "checked_in" } })).toBe("valid");
    // Offline, a genuine season code not in the list yet.
    expect(verdict({ code, ticket: null, admitUnlisted: true })).toEqual({ kind: "valid", ticket: null });
  });

  it("unknown vs admitUnlisted: a genuine code without details", () => {
    // Online, the database is the truth: a genuine code of no ticket it knows is unknown.
    expect(verdict({ ticket: null })).toEqual({ kind: "unknown" });
    expect(verdict({ ticket: null, admitUnlisted: false })).toEqual({ kind: "unknown" });
    // Offline, a signed code of this date sold after the last refresh is let in.
    expect(verdict({ ticket: null, admitUnlisted: true })).toEqual({ kind: "valid", ticket: null });
    // ... once: the device's own queue gives the entry of a ticket it let in before the list knew it.
    expect(verdict({ ticket: null, entry: ENTRY, admitUnlisted: true })).toEqual({ kind: "already_checked_in", ticket: null, entry: ENTRY });
    // Online an entry without a ticket is still unknown (the database has no such ticket).
    expect(verdict({ ticket: null, entry: ENTRY })).toEqual({ kind: "unknown" });
    // An old code (only a line id) with no ticket: nothing says its event, unknown even offline.
    expect(verdict({ code: {}, ticket: null, admitUnlisted: true })).toEqual({ kind: "unknown" });
    expect(verdict({ code: { eventId: undefined, scopeId: undefined }, ticket: null })).toEqual({ kind: "unknown" });
    // admitUnlisted never lets in another event's or date's code.
    expect(kind({ code: { eventId: OTHER_EVENT, scopeId: OTHER_DATE }, ticket: null, admitUnlisted: true })).toBe("other_event");
    expect(kind({ code: { eventId: EVENT, scopeId: OTHER_DATE }, ticket: null, admitUnlisted: true })).toBe("other_date");
  });

  it("cancelled: a cancelled line, a cancelled order, a failed order", () => {
    for (const t of [ticket({ lineStatus: "canceled" }), ticket({ orderStatus: "cancelled" }), ticket({ orderStatus: "failed" }), ticket({ lineStatus: "canceled", orderStatus: "pending" })]) {
      expect(verdict({ ticket: t })).toEqual({ kind: "cancelled", ticket: t });
    }
  });

  it("unpaid: a pending order", () => {
    const t = ticket({ orderStatus: "pending" });
    expect(verdict({ ticket: t })).toEqual({ kind: "unpaid", ticket: t });
  });

  it("not_activated: a hard ticket printed but not activated (sold) yet (issue 20)", () => {
    const inactive = ticket({ hardTicket: true, activated: false, buyerName: "" });
    expect(verdict({ ticket: inactive })).toEqual({ kind: "not_activated", ticket: inactive });
    // With an old code or a typed reference too, and offline (the device's list says it).
    expect(verdict({ code: {}, ticket: inactive })).toEqual({ kind: "not_activated", ticket: inactive });
    expect(verdict({ ticket: inactive, admitUnlisted: true })).toEqual({ kind: "not_activated", ticket: inactive });
    // Activated it is an ordinary ticket: valid, then already checked in.
    const active = ticket({ hardTicket: true, activated: true });
    expect(verdict({ ticket: active })).toEqual({ kind: "valid", ticket: active });
    expect(kind({ ticket: active, entry: ENTRY })).toBe("already_checked_in");
    // "activated" means nothing for a ticket sold online or at the counter.
    expect(kind({ ticket: ticket({ hardTicket: false, activated: false }) })).toBe("valid");
    // A list stored by a device before these facts existed: no hard ticket.
    const { hardTicket: _h, activated: _a, ...old } = ticket();
    expect(kind({ ticket: old as CheckinTicket })).toBe("valid");
  });

  it("not_activated comes after cancelled and unpaid, before the validity window and the entry", () => {
    const inactive = { hardTicket: true, activated: false } as const;
    expect(kind({ ticket: ticket({ ...inactive, lineStatus: "canceled" }) })).toBe("cancelled");
    expect(kind({ ticket: ticket({ ...inactive, orderStatus: "pending" }) })).toBe("unpaid");
    expect(kind({ ticket: ticket({ ...inactive, scopeId: OTHER_DATE }) })).toBe("other_date");
    expect(kind({ ticket: ticket({ ...inactive, validityEndTime: "12:00" }) })).toBe("not_activated");
    expect(kind({ ticket: ticket({ ...inactive, lineStatus: "checked_in" }), entry: ENTRY })).toBe("not_activated");
  });

  it("already_checked_in: by its entry (named) or by its line's status (no entry known)", () => {
    const t = ticket({ lineStatus: "checked_in" });
    expect(verdict({ ticket: t, entry: ENTRY })).toEqual({ kind: "already_checked_in", ticket: t, entry: ENTRY });
    expect(verdict({ ticket: t, entry: null })).toEqual({ kind: "already_checked_in", ticket: t, entry: null });
    // An entry while the line says active (a device's list, a season date).
    expect(verdict({ ticket: ticket(), entry: ENTRY })).toEqual({ kind: "already_checked_in", ticket: ticket(), entry: ENTRY });
  });
});

describe("checkinVerdict: validity times in the event's time zone", () => {
  const timed = ticket({ validityStartTime: "18:00", validityEndTime: "23:00" });

  it("not_valid_yet before the start, valid inside, expired after the end (Berlin summer: UTC+2)", () => {
    // 18:00 CEST = 16:00Z; 23:00 CEST = 21:00Z.
    expect(verdict({ ticket: timed, now: new Date("2030-07-15T15:59:59Z") })).toEqual({ kind: "not_valid_yet", from: "2030-07-15T16:00:00.000Z" });
    expect(kind({ ticket: timed, now: new Date("2030-07-15T16:00:00Z") })).toBe("valid");
    expect(kind({ ticket: timed, now: new Date("2030-07-15T21:00:00Z") })).toBe("valid");
    expect(verdict({ ticket: timed, now: new Date("2030-07-15T21:00:01Z") })).toEqual({ kind: "expired", until: "2030-07-15T21:00:00.000Z" });
  });

  it("winter time is UTC+1, and another zone is its own", () => {
    const winter = gate({ localDate: "2030-01-15" });
    expect(verdict({ gate: winter, ticket: timed, now: new Date("2030-01-15T16:30:00Z") })).toEqual({ kind: "not_valid_yet", from: "2030-01-15T17:00:00.000Z" });
    expect(kind({ gate: winter, ticket: timed, now: new Date("2030-01-15T17:00:00Z") })).toBe("valid");
    const newYork = gate({ localDate: "2030-07-15", timeZone: "America/New_York" });
    // 18:00 EDT = 22:00Z: at 17:30Z (19:30 in Berlin) a Berlin-time check would wrongly admit.
    expect(verdict({ gate: newYork, ticket: timed, now: NOW })).toEqual({ kind: "not_valid_yet", from: "2030-07-15T22:00:00.000Z" });
  });

  it("on the day clocks go forward (Berlin, 2030-03-31: 02:00 → 03:00)", () => {
    const dst = gate({ localDate: "2030-03-31" });
    // Before the change: 01:30 CET = 00:30Z; after: 05:00 CEST = 03:00Z.
    const early = ticket({ validityStartTime: "01:30", validityEndTime: "05:00" });
    expect(validityWindow(dst, early)).toEqual({ from: new Date("2030-03-31T00:30:00Z"), until: new Date("2030-03-31T03:00:00Z") });
    expect(kind({ gate: dst, ticket: early, now: new Date("2030-03-31T00:29:00Z") })).toBe("not_valid_yet");
    expect(kind({ gate: dst, ticket: early, now: new Date("2030-03-31T02:59:00Z") })).toBe("valid");
    expect(kind({ gate: dst, ticket: early, now: new Date("2030-03-31T03:01:00Z") })).toBe("expired");
    // A time inside the gap (02:30 does not exist) moves forward, like the schedule: 03:30 CEST = 01:30Z.
    const gap = ticket({ validityStartTime: "02:30", validityEndTime: null });
    expect(verdict({ gate: dst, ticket: gap, now: new Date("2030-03-31T01:29:00Z") })).toEqual({ kind: "not_valid_yet", from: "2030-03-31T01:30:00.000Z" });
    expect(kind({ gate: dst, ticket: gap, now: new Date("2030-03-31T01:30:00Z") })).toBe("valid");
  });

  it("on the day clocks go back (Berlin, 2030-10-27: 03:00 → 02:00)", () => {
    const dst = gate({ localDate: "2030-10-27" });
    // 20:00 after the change is CET (UTC+1) = 19:00Z.
    expect(validityWindow(dst, ticket({ validityStartTime: "20:00", validityEndTime: null })).from).toEqual(new Date("2030-10-27T19:00:00Z"));
    // 01:00 before it is CEST (UTC+2) = 23:00Z the day before.
    expect(validityWindow(dst, ticket({ validityStartTime: "01:00", validityEndTime: null })).from).toEqual(new Date("2030-10-26T23:00:00Z"));
  });

  it("only a start, only an end, or neither", () => {
    expect(validityWindow(gate(), ticket())).toEqual({ from: null, until: null });
    const onlyStart = ticket({ validityStartTime: "18:00", validityEndTime: null });
    expect(kind({ ticket: onlyStart, now: new Date("2030-07-16T03:00:00Z") })).toBe("valid");
    const onlyEnd = ticket({ validityStartTime: null, validityEndTime: "12:00" });
    expect(kind({ ticket: onlyEnd, now: new Date("2030-07-15T05:00:00Z") })).toBe("valid");
    expect(kind({ ticket: onlyEnd, now: NOW })).toBe("expired");
  });

  it("the window is of the gate's date, so a season ticket's times hold on each of its dates", () => {
    const season = ticket({ eventId: SEASON, scopeId: SEASON, validityStartTime: "18:00", validityEndTime: "23:00" });
    const other = gate({ date: { id: OTHER_DATE, localDate: "2030-08-01", timeZone: "Europe/Berlin" } });
    expect(kind({ gate: other, code: { eventId: SEASON, scopeId: SEASON }, ticket: season, now: new Date("2030-08-01T17:00:00Z") })).toBe("valid");
    expect(kind({ gate: other, code: { eventId: SEASON, scopeId: SEASON }, ticket: season, now: NOW })).toBe("not_valid_yet");
  });
});

describe("checkinVerdict: the order of checks", () => {
  // Everything wrong at once, then one fault fixed after the other: each step shows the next check.
  it("forged > other_event > other_date > cancelled > unpaid > not activated > validity > already checked in > valid", () => {
    const early = new Date("2030-07-15T10:00:00Z");
    const bad = ticket({
      eventId: OTHER_EVENT,
      scopeId: OTHER_DATE,
      lineStatus: "canceled",
      orderStatus: "pending",
      validityStartTime: "18:00",
      validityEndTime: "23:00",
      hardTicket: true,
      activated: false,
    });
    const here = { eventId: EVENT, scopeId: DATE } as const;
    const paid = { ...here, lineStatus: "checked_in", orderStatus: "valid" } as const;
    const steps: [Partial<Input>, CheckinVerdictKind][] = [
      [{ code: null, ticket: bad, entry: ENTRY, now: early }, "forged"],
      [{ code: CODE, ticket: bad, entry: ENTRY, now: early }, "other_event"],
      [{ code: CODE, ticket: { ...bad, eventId: EVENT }, entry: ENTRY, now: early }, "other_date"],
      [{ code: CODE, ticket: { ...bad, ...here }, entry: ENTRY, now: early }, "cancelled"],
      [{ code: CODE, ticket: { ...bad, ...here, lineStatus: "checked_in" }, entry: ENTRY, now: early }, "unpaid"],
      [{ code: CODE, ticket: { ...bad, ...paid }, entry: ENTRY, now: early }, "not_activated"],
      [{ code: CODE, ticket: { ...bad, ...paid, activated: true }, entry: ENTRY, now: early }, "not_valid_yet"],
      [{ code: CODE, ticket: { ...bad, ...paid, activated: true }, entry: ENTRY, now: new Date("2030-07-15T22:00:00Z") }, "expired"],
      [{ code: CODE, ticket: { ...bad, ...paid, activated: true }, entry: ENTRY, now: NOW }, "already_checked_in"],
      [{ code: CODE, ticket: { ...bad, ...paid, activated: true, lineStatus: "active" }, entry: null, now: NOW }, "valid"],
    ];
    for (const [input, expected] of steps) expect(kind(input), expected).toBe(expected);
  });

  it("a cancelled ticket that was checked in is red, not yellow; an unpaid one too", () => {
    expect(kind({ ticket: ticket({ lineStatus: "canceled" }), entry: ENTRY })).toBe("cancelled");
    expect(kind({ ticket: ticket({ orderStatus: "cancelled", lineStatus: "checked_in" }), entry: ENTRY })).toBe("cancelled");
    expect(kind({ ticket: ticket({ orderStatus: "pending" }), entry: ENTRY })).toBe("unpaid");
  });

  it("a ticket of another date that is cancelled says other date (the wrong door first)", () => {
    expect(kind({ code: { eventId: EVENT, scopeId: OTHER_DATE }, ticket: ticket({ scopeId: OTHER_DATE, lineStatus: "canceled" }) })).toBe("other_date");
    expect(kind({ code: { eventId: OTHER_EVENT, scopeId: OTHER_DATE }, ticket: ticket({ eventId: OTHER_EVENT, orderStatus: "pending" }) })).toBe("other_event");
  });

  it("outside its window a checked-in ticket says the window, not who let it in", () => {
    expect(kind({ ticket: ticket({ lineStatus: "checked_in", validityEndTime: "12:00" }), entry: ENTRY })).toBe("expired");
  });
});

describe("verdict colours", () => {
  it("green for valid, yellow for already checked in, red for every other verdict", () => {
    const colours = Object.fromEntries(CHECKIN_VERDICTS.map((k) => [k, verdictColour(k)]));
    expect(colours).toEqual({
      valid: "green",
      already_checked_in: "yellow",
      cancelled: "red",
      unpaid: "red",
      not_activated: "red",
      other_event: "red",
      other_date: "red",
      not_valid_yet: "red",
      expired: "red",
      forged: "red",
      unknown: "red",
    });
  });
});
