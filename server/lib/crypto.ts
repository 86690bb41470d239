import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

const encoder = new TextEncoder();

/** 120 bits of entropy in base32 (Lucia guide). */
export function generateSecureRandomString(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(secret)));
}

/** Compares a secret with a stored SHA-256 hex digest in constant time. */
export function secretMatchesHash(secret: string, storedHashHex: string): boolean {
  let stored: Uint8Array;
  try {
    stored = decodeHex(storedHashHex);
  } catch {
    return false;
  }
  return constantTimeEqual(stored, sha256(encoder.encode(secret)));
}

export function hmacSha256(key: string, message: string): Uint8Array {
  return hmac(SHA256, encoder.encode(key), encoder.encode(message));
}

export function constantTimeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && constantTimeEqual(a, b);
}

/** A token of the form `<id>.<secret>` as used for sessions and emailed links. */
export function createIdSecretToken(): { id: string; secret: string; token: string; secretHash: string } {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  return { id, secret, token: `${id}.${secret}`, secretHash: hashSecret(secret) };
}

export function splitIdSecretToken(token: string): { id: string; secret: string } | null {
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [id, secret] = parts as [string, string];
  if (!/^[a-z2-7]{24}$/.test(id) || !/^[a-z2-7]{24}$/.test(secret)) return null;
  return { id, secret };
}
