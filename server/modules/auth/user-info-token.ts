import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { SessionHintPayload } from "../../../shared/session-token";
import { constantTimeEqualBytes, hmacSha256 } from "../../lib/crypto";

const encoder = new TextEncoder();
const HEADER = encodeBase64urlNoPadding(encoder.encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));

/**
 * Signs the UI's session hint (SPEC §4 `userInfo.token`): an HS256 JWT whose `exp` is the
 * session's expiry. Only the UI reads it; the server authenticates by the cookie alone.
 */
export function signUserInfoToken(payload: SessionHintPayload, secret: string): string {
  const body = encodeBase64urlNoPadding(encoder.encode(JSON.stringify(payload)));
  const signature = encodeBase64urlNoPadding(hmacSha256(secret, `${HEADER}.${body}`));
  return `${HEADER}.${body}.${signature}`;
}

export function verifyUserInfoToken(token: string, secret: string): SessionHintPayload | null {
  const [header, body, signature] = token.split(".");
  if (!header || !body || !signature) return null;
  try {
    const expected = hmacSha256(secret, `${header}.${body}`);
    if (!constantTimeEqualBytes(expected, decodeBase64urlIgnorePadding(signature))) return null;
    return JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(body))) as SessionHintPayload;
  } catch {
    return null;
  }
}
