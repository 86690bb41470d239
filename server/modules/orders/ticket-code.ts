import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The code in a ticket's QR (ARCHITECTURE "PDFs": check-in rejects forgeries): the ticket
 * line's id and an HMAC of it under APP_SECRET, "T1.<id>.<mac>". A forged or altered code fails
 * the check without a database look-up; the database then says whether the ticket is active.
 */
const PREFIX = "T1";
const MAC_BYTES = 12;

function idBytes(lineId: string): Buffer {
  return Buffer.from(lineId.replace(/-/g, ""), "hex");
}

function mac(secret: string, id: Buffer): Buffer {
  return createHmac("sha256", secret).update("ticket:").update(id).digest().subarray(0, MAC_BYTES);
}

export function ticketCode(secret: string, lineId: string): string {
  const id = idBytes(lineId);
  return `${PREFIX}.${id.toString("base64url")}.${mac(secret, id).toString("base64url")}`;
}

/** The ticket line id of a genuine code, or null for anything forged, altered or malformed. */
export function verifyTicketCode(secret: string, code: string): string | null {
  const parts = code.trim().split(".");
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const id = Buffer.from(parts[1]!, "base64url");
  const given = Buffer.from(parts[2]!, "base64url");
  if (id.length !== 16 || given.length !== MAC_BYTES) return null;
  if (id.toString("base64url") !== parts[1] || given.toString("base64url") !== parts[2]) return null;
  if (!timingSafeEqual(given, mac(secret, id))) return null;
  const hex = id.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
