import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { parseTicketCode, parseTicketReference, verifySignedCode } from "../../../../shared/checkin/code";
import { checkinVerdict, type CheckinGate, type CheckinVerdict } from "../../../../shared/rules/checkin";
import { queuedFor, ticketByReference, ticketOf } from "./store";

/** What the person at the door typed or scanned: a code or reference to check in, or text to search for. */
export function scanKind(input: string): "ticket" | "search" | "empty" {
  const s = input.trim();
  if (!s) return "empty";
  return parseTicketCode(s) || parseTicketReference(s) || /^T[12]\./.test(s) ? "ticket" : "search";
}

export function publicKeyBytes(base64url: string): Uint8Array {
  return decodeBase64urlIgnorePadding(base64url);
}

/**
 * The verdict without network (decision 018), by the same rule the server applies: a signed code
 * is verified with the public key, then the ticket list the device keeps says its state, place,
 * buyer and entry. A genuine signed code not yet in the list (sold after the last refresh) is
 * admitted; an old HMAC code or a typed reference only when the list knows its ticket.
 */
export async function decideOffline(
  gate: CheckinGate,
  publicKey: Uint8Array,
  input: string,
  now: Date,
  device: { deviceLabel: string; staffName: string } = { deviceLabel: "", staffName: "" },
): Promise<{ verdict: CheckinVerdict; lineId: string | null }> {
  const { deviceLabel, staffName } = device;
  const parsed = parseTicketCode(input);
  if (parsed?.kind === "signed") {
    if (!(await verifySignedCode(parsed, publicKey))) return { verdict: { kind: "forged" }, lineId: null };
    const ticket = (await ticketOf(gate.date.id, parsed.lineId)) ?? null;
    // This device's own queue knows whether it let the ticket in (a ticket not in the list yet, or
    // a list refreshed from the server before the queue was sent).
    const queued = await queuedFor(gate.date.id, parsed.lineId);
    const entry = ticket?.entry ?? (queued ? { id: queued.nonce, at: queued.scannedAt, deviceLabel: queued.deviceLabel || deviceLabel, staffName: queued.staffName || staffName } : null);
    const verdict = checkinVerdict({ gate, code: { eventId: parsed.eventId, scopeId: parsed.scopeId }, ticket, entry, now, admitUnlisted: true });
    return { verdict, lineId: parsed.lineId };
  }
  let ticket = null;
  if (parsed?.kind === "hmac") {
    ticket = (await ticketOf(gate.date.id, parsed.lineId)) ?? null;
  } else {
    const reference = parseTicketReference(input);
    if (!reference) return { verdict: { kind: "forged" }, lineId: null };
    ticket = (await ticketByReference(gate.date.id, `${reference.orderNumber}-${reference.position}`)) ?? null;
  }
  if (!ticket) return { verdict: { kind: "unknown" }, lineId: null };
  const queued = ticket.entry ? undefined : await queuedFor(gate.date.id, ticket.lineId);
  const entry = ticket.entry ?? (queued ? { id: queued.nonce, at: queued.scannedAt, deviceLabel: queued.deviceLabel, staffName: queued.staffName } : null);
  return { verdict: checkinVerdict({ gate, code: {}, ticket, entry, now }), lineId: ticket.lineId };
}
