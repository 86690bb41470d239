import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { constantTimeEqualBytes, generateSecureRandomString, hmacSha256 } from "../lib/crypto";

/**
 * The device cookie: a random id the server signs and a browser keeps, so the hold limits can
 * tell one buyer from another behind a shared address (a NAT). It proves nothing about a person;
 * it only lets honest browsers get the higher per-address cap. Never trusted unsigned.
 */
export const DEVICE_COOKIE = "device";
const DEVICE_COOKIE_DAYS = 365;

function signatureOf(secret: string, id: string): Uint8Array {
  return hmacSha256(secret, `device:${id}`).subarray(0, 16);
}

export function mintDevice(secret: string): { id: string; cookie: string } {
  const id = generateSecureRandomString();
  return { id, cookie: `${id}.${encodeBase64urlNoPadding(signatureOf(secret, id))}` };
}

/** The device id of a cookie value the server signed, else null. */
export function readDevice(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const match = /^([a-z2-7]{24})\.([A-Za-z0-9_-]{22})$/.exec(value);
  if (!match) return null;
  const given = Buffer.from(match[2]!, "base64url");
  return constantTimeEqualBytes(new Uint8Array(given), signatureOf(secret, match[1]!)) ? match[1]! : null;
}

export function deviceCookieOptions(secure: boolean) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure, maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 };
}
