import { createHmac, createPrivateKey, createPublicKey, hkdfSync, sign, timingSafeEqual, verify, type KeyObject } from "node:crypto";
import { formatSignedCode, HMAC_PREFIX, parseTicketCode, signedCodePayload, signedMessage, type SignedCode, uuidToBytes } from "../../../shared/checkin/code";

/**
 * Ticket codes (ARCHITECTURE "PDFs", decision 018). Tickets printed from now on carry a code
 * signed with Ed25519 (`T2.…`, shared/checkin/code.ts): the key pair is derived from APP_SECRET,
 * the private key never leaves the server, check-in devices get the public key and verify codes
 * offline. Codes printed before carry the line id and an HMAC under APP_SECRET (`T1.<id>.<mac>`)
 * and stay valid; only the server can check them. A forged or altered code of either kind fails
 * without a database look-up; the database then says whether the ticket is active.
 */
const MAC_BYTES = 12;

function idBytes(lineId: string): Buffer {
  return Buffer.from(uuidToBytes(lineId));
}

function mac(secret: string, id: Buffer): Buffer {
  return createHmac("sha256", secret).update("ticket:").update(id).digest().subarray(0, MAC_BYTES);
}

/** The old HMAC code of a line (tickets printed before signed codes; tests of that path). */
export function ticketCode(secret: string, lineId: string): string {
  const id = idBytes(lineId);
  return `${HMAC_PREFIX}.${id.toString("base64url")}.${mac(secret, id).toString("base64url")}`;
}

type SigningKey = { privateKey: KeyObject; publicKey: KeyObject; publicKeyRaw: Uint8Array };
const keys = new Map<string, SigningKey>();
/** PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The platform's ticket-signing key pair, derived from APP_SECRET (HKDF-SHA256, its own label). */
export function ticketSigningKey(secret: string): SigningKey {
  let key = keys.get(secret);
  if (!key) {
    const seed = Buffer.from(hkdfSync("sha256", secret, "ticket-signing", "ed25519 ticket codes v1", 32));
    const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
    const publicKey = createPublicKey(privateKey);
    const spki = publicKey.export({ format: "der", type: "spki" });
    key = { privateKey, publicKey, publicKeyRaw: new Uint8Array(spki.subarray(spki.length - 32)) };
    keys.set(secret, key);
  }
  return key;
}

/** The signed code printed on a ticket: its line, its event and its date (or season). */
export function signedTicketCode(secret: string, line: { lineId: string; eventId: string; scopeId: string }): string {
  const payload = signedCodePayload(line.lineId, line.eventId, line.scopeId);
  const signature = sign(null, signedMessage(payload), ticketSigningKey(secret).privateKey);
  return formatSignedCode(payload, new Uint8Array(signature));
}

export function verifySignature(secret: string, code: SignedCode): boolean {
  return verify(null, signedMessage(code.payload), ticketSigningKey(secret).publicKey, code.signature);
}

/**
 * The ticket line a genuine code names (signed or HMAC), with what a signed code says of its
 * event and date; null for anything forged, altered, truncated, oversized or malformed.
 */
export function readTicketCode(secret: string, code: string): { lineId: string; signed: SignedCode | null } | null {
  const parsed = parseTicketCode(code);
  if (!parsed) return null;
  if (parsed.kind === "signed") return verifySignature(secret, parsed) ? { lineId: parsed.lineId, signed: parsed } : null;
  const id = idBytes(parsed.lineId);
  const given = Buffer.from(parsed.code.split(".")[2]!, "base64url");
  return timingSafeEqual(given, mac(secret, id)) ? { lineId: parsed.lineId, signed: null } : null;
}

/** The ticket line id of a genuine code, or null for anything forged, altered or malformed. */
export function verifyTicketCode(secret: string, code: string): string | null {
  return readTicketCode(secret, code)?.lineId ?? null;
}
