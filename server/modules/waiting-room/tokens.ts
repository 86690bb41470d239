import { createHash, randomBytes } from "node:crypto";

/** A new place's token: 32 random bytes (43 base64url characters), kept by the buyer's browser only. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database stores of a token (as carts store their secret: only its SHA-256). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
