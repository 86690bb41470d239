/**
 * The client-side session hint of SPEC §4: `userInfo.token` is a three-part token
 * (header.payload.signature, base64url JSON) whose payload carries `exp` in seconds.
 * The server signs it (server/modules/auth/user-info-token.ts); the UI only decodes it to
 * drive the expiry toast. The server trusts the cookie session alone.
 */
import type { Role } from "./enums";

export type SessionHintPayload = {
  sub: string;
  role: Role;
  name: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
};

export type DecodeResult =
  | { ok: true; payload: SessionHintPayload }
  | { ok: false; reason: "malformed" };

function decodeBase64UrlBytes(part: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(part)) throw new Error("not base64url");
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function decodeBase64UrlText(part: string): string {
  return new TextDecoder("utf-8", { fatal: true }).decode(decodeBase64UrlBytes(part));
}

/** Decodes without verifying: a string of three parts, each valid base64, header and payload JSON. */
export function decodeSessionToken(token: unknown): DecodeResult {
  if (typeof token !== "string") return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return { ok: false, reason: "malformed" };
  try {
    JSON.parse(decodeBase64UrlText(parts[0]!));
    const payload: unknown = JSON.parse(decodeBase64UrlText(parts[1]!));
    // The signature is binary (an HMAC), not text: it only has to be valid base64.
    decodeBase64UrlBytes(parts[2]!);
    if (
      typeof payload !== "object" ||
      payload === null ||
      typeof (payload as { exp?: unknown }).exp !== "number"
    ) {
      return { ok: false, reason: "malformed" };
    }
    return { ok: true, payload: payload as SessionHintPayload };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

export function isSessionTokenExpired(payload: Pick<SessionHintPayload, "exp">, nowMs: number): boolean {
  return payload.exp * 1000 <= nowMs;
}
