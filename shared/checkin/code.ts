import { verifyAsync } from "@noble/ed25519";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

/**
 * Ticket codes (issue 18, decision 018). A ticket's QR carries
 * `T2.<payload>.<signature>`: the payload names the ticket line, its event and its date or season
 * (version byte 1, then three UUIDs), the signature is Ed25519 over a domain tag and the payload.
 * The private key stays on the server; check-in devices hold the public key and verify a code
 * with no network. Codes printed before (`T1.<line id>.<HMAC>`) are checked by the server only.
 * The same parser runs on the server and on the device, so both read a code the same way.
 */
export const SIGNED_PREFIX = "T2";
export const HMAC_PREFIX = "T1";
/** Longer input is not a code of ours (a T2 code is 156 characters). */
export const CODE_MAX_LENGTH = 200;
const VERSION = 1;
const PAYLOAD_BYTES = 1 + 16 * 3;
const SIGNATURE_BYTES = 64;
const DOMAIN = new TextEncoder().encode("ticket-code:");

export type SignedCode = {
  kind: "signed";
  lineId: string;
  eventId: string;
  scopeId: string;
  payload: Uint8Array;
  signature: Uint8Array;
};
export type HmacCode = { kind: "hmac"; lineId: string; code: string };
export type ParsedCode = SignedCode | HmacCode;

const HEX = /^[0-9a-f]{32}$/;

export function uuidToBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, "").toLowerCase();
  if (!HEX.test(hex)) throw new Error("not a uuid");
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToUuid(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function decode(part: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    return decodeBase64urlIgnorePadding(part);
  } catch {
    return null;
  }
}

/** The payload a signed code carries for a ticket line (what the server signs). */
export function signedCodePayload(lineId: string, eventId: string, scopeId: string): Uint8Array {
  const payload = new Uint8Array(PAYLOAD_BYTES);
  payload[0] = VERSION;
  payload.set(uuidToBytes(lineId), 1);
  payload.set(uuidToBytes(eventId), 17);
  payload.set(uuidToBytes(scopeId), 33);
  return payload;
}

/** The bytes the signature covers: a domain tag, so no other signature of the key can pass as a ticket. */
export function signedMessage(payload: Uint8Array): Uint8Array {
  const message = new Uint8Array(DOMAIN.length + payload.length);
  message.set(DOMAIN, 0);
  message.set(payload, DOMAIN.length);
  return message;
}

export function formatSignedCode(payload: Uint8Array, signature: Uint8Array): string {
  return `${SIGNED_PREFIX}.${encodeBase64urlNoPadding(payload)}.${encodeBase64urlNoPadding(signature)}`;
}

/**
 * What a scanned string is: a signed code (not yet verified), an old HMAC code (its line id; the
 * server checks the MAC), or null for anything else (garbage, truncated, oversized, altered).
 */
export function parseTicketCode(input: string): ParsedCode | null {
  const code = input.trim();
  if (code.length === 0 || code.length > CODE_MAX_LENGTH) return null;
  const parts = code.split(".");
  if (parts.length !== 3) return null;
  const [prefix, first, second] = parts as [string, string, string];
  if (prefix === SIGNED_PREFIX) {
    const payload = decode(first);
    const signature = decode(second);
    if (!payload || !signature || payload.length !== PAYLOAD_BYTES || signature.length !== SIGNATURE_BYTES) return null;
    // One spelling per code: a re-encoded variant of a genuine code is not the same code.
    if (encodeBase64urlNoPadding(payload) !== first || encodeBase64urlNoPadding(signature) !== second) return null;
    if (payload[0] !== VERSION) return null;
    return {
      kind: "signed",
      lineId: bytesToUuid(payload.subarray(1, 17)),
      eventId: bytesToUuid(payload.subarray(17, 33)),
      scopeId: bytesToUuid(payload.subarray(33, 49)),
      payload,
      signature,
    };
  }
  if (prefix === HMAC_PREFIX) {
    const id = decode(first);
    const mac = decode(second);
    if (!id || !mac || id.length !== 16 || mac.length !== 12) return null;
    if (encodeBase64urlNoPadding(id) !== first || encodeBase64urlNoPadding(mac) !== second) return null;
    return { kind: "hmac", lineId: bytesToUuid(id), code };
  }
  return null;
}

/** Whether a signed code's signature is the platform's (no network needed). */
export async function verifySignedCode(code: SignedCode, publicKey: Uint8Array): Promise<boolean> {
  try {
    return await verifyAsync(code.signature, signedMessage(code.payload), publicKey);
  } catch {
    return false;
  }
}

/** A printed ticket reference ("K7M2-X9QD-2": the order number and the ticket's position) typed at the door. */
export function parseTicketReference(input: string): { orderNumber: string; position: number } | null {
  const m = /^\s*([A-Za-z0-9]{4})-?([A-Za-z0-9]{4})-(\d{1,3})\s*$/.exec(input);
  if (!m) return null;
  return { orderNumber: `${m[1]!}-${m[2]!}`.toUpperCase(), position: Number(m[3]) };
}
