import type { LineStatus, OrderStatus } from "../schemas/orders";
import { zonedWallTimeToDate } from "./zoned";

/**
 * The verdicts at the door (issue 18, decision 018) and the one rule that gives them. The server
 * decides online check-ins with it; the check-in page decides offline with it, from the ticket
 * list it keeps, so a ticket gets the same verdict with or without network.
 */
export const CHECKIN_VERDICTS = [
  "valid",
  "already_checked_in",
  "cancelled",
  "unpaid",
  "not_activated",
  "other_event",
  "other_date",
  "not_valid_yet",
  "expired",
  "forged",
  "unknown",
] as const;
export type CheckinVerdictKind = (typeof CHECKIN_VERDICTS)[number];

/** Green, yellow or red: what the screen shows at a glance. */
export function verdictColour(kind: CheckinVerdictKind): "green" | "yellow" | "red" {
  if (kind === "valid") return "green";
  if (kind === "already_checked_in") return "yellow";
  return "red";
}

/** What the device and the server know of a ticket line. */
export type CheckinTicket = {
  lineId: string;
  orderId: string;
  orderNumber: string;
  /** "K7M2-X9QD-2": the order number and the ticket's position, printed on the ticket. */
  reference: string;
  /** The line's event and date; a season ticket names its season for both. */
  eventId: string;
  scopeId: string;
  lineStatus: LineStatus;
  orderStatus: OrderStatus;
  categoryName: string;
  /** "Block, row, seat" lines, or the standing area's name. */
  placeLabels: string[];
  places: number;
  buyerName: string;
  validityStartTime: string | null;
  validityEndTime: string | null;
  /**
   * A printed hard ticket (its order's channel is `hard_ticket`, issue 20) and whether it was
   * activated (sold) after printing: an inactive hard ticket is refused (NOT ACTIVATED). Lists
   * kept by devices before these facts existed lack them (read as false: no hard ticket).
   */
  hardTicket: boolean;
  activated: boolean;
};

/** Where the device checks in: the staff member's event and the date chosen. */
export type CheckinGate = {
  eventId: string;
  /** The season the event belongs to: its season tickets are valid on every date. */
  seasonId: string | null;
  date: { id: string; localDate: string; timeZone: string };
};

/** The ticket's entry for this date, when it has one (the yellow screen names it). */
export type CheckinEntry = { id: string; at: string; deviceLabel: string; staffName: string };

export type CheckinVerdict =
  | { kind: "valid"; ticket: CheckinTicket | null }
  | { kind: "already_checked_in"; ticket: CheckinTicket | null; entry: CheckinEntry | null }
  | { kind: "cancelled" | "unpaid" | "not_activated"; ticket: CheckinTicket }
  | { kind: "other_event" }
  | { kind: "other_date"; scopeId: string }
  | { kind: "not_valid_yet"; from: string }
  | { kind: "expired"; until: string }
  | { kind: "forged" | "unknown" };

/**
 * The verdict for a ticket at a gate. `code` is what a verified code says of its ticket (a signed
 * code names its event and date; an old code only its line); `ticket` what the database or the
 * device's list says (null when unknown: the server answers "unknown", a device offline admits a
 * genuine signed code it has no details of yet, as sold after its last refresh); `entry` the
 * ticket's entry for this date. Order of checks: forged, another event, another date, cancelled,
 * unpaid, not activated (a hard ticket not sold yet), validity window, already checked in.
 */
export function checkinVerdict(input: {
  gate: CheckinGate;
  code: { eventId: string; scopeId: string } | { eventId?: undefined; scopeId?: undefined } | null;
  ticket: CheckinTicket | null;
  entry: CheckinEntry | null;
  now: Date;
  /** Offline a genuine signed code without details is admitted; online the database is the truth. */
  admitUnlisted?: boolean;
}): CheckinVerdict {
  const { gate, code, ticket, entry, now } = input;
  if (!code) return { kind: "forged" };
  const eventId = ticket?.eventId ?? code.eventId;
  const scopeId = ticket?.scopeId ?? code.scopeId;
  if (eventId === undefined || scopeId === undefined) return { kind: "unknown" };
  const season = gate.seasonId !== null && eventId === gate.seasonId;
  if (eventId !== gate.eventId && !season) return { kind: "other_event" };
  if (!season && scopeId !== gate.date.id) return { kind: "other_date", scopeId };
  if (!ticket) {
    if (!input.admitUnlisted) return { kind: "unknown" };
    return entry ? { kind: "already_checked_in", ticket: null, entry } : { kind: "valid", ticket: null };
  }
  if (ticket.lineStatus === "canceled" || ticket.orderStatus === "cancelled" || ticket.orderStatus === "failed") return { kind: "cancelled", ticket };
  if (ticket.orderStatus !== "valid") return { kind: "unpaid", ticket };
  if (ticket.hardTicket && !ticket.activated) return { kind: "not_activated", ticket };
  const window = validityWindow(gate, ticket);
  if (window.from && now < window.from) return { kind: "not_valid_yet", from: window.from.toISOString() };
  if (window.until && now > window.until) return { kind: "expired", until: window.until.toISOString() };
  if (entry || (!season && ticket.lineStatus === "checked_in")) return { kind: "already_checked_in", ticket, entry };
  return { kind: "valid", ticket };
}

/** The ticket category's validity times ("HH:MM") on the gate's date, in the event's time zone. */
export function validityWindow(gate: CheckinGate, ticket: Pick<CheckinTicket, "validityStartTime" | "validityEndTime">): { from: Date | null; until: Date | null } {
  const at = (time: string | null) => (time ? zonedWallTimeToDate(`${gate.date.localDate} ${time}`, gate.date.timeZone) : null);
  return { from: at(ticket.validityStartTime), until: at(ticket.validityEndTime) };
}
