import { describe, expect, it } from "vitest";
import {
  constantTimeEqualBytes,
  createIdSecretToken,
  generateSecureRandomString,
  hashSecret,
  hmacSha256,
  secretMatchesHash,
  splitIdSecretToken,
} from "../../server/lib/crypto";

describe("id/secret tokens", () => {
  it("creates `<id>.<secret>` with the SHA-256 hex of the secret", () => {
    const { id, secret, token, secretHash } = createIdSecretToken();
    expect(token).toBe(`${id}.${secret}`);
    expect(secretHash).toBe(hashSecret(secret));
    expect(secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(secretHash).not.toContain(secret);
  });

  it("creates a different token every time", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => createIdSecretToken().token));
    expect(tokens.size).toBe(50);
  });

  it("random strings are 24 base32 characters (120 bits)", () => {
    expect(generateSecureRandomString()).toMatch(/^[a-z2-7]{24}$/);
  });

  it("splits a token into id and secret", () => {
    const { id, secret, token } = createIdSecretToken();
    expect(splitIdSecretToken(token)).toEqual({ id, secret });
  });

  it.each([
    ["no dot", "abcdefghijklmnopqrstuvwx"],
    ["three parts", "abcdefghijklmnopqrstuvwx.abcdefghijklmnopqrstuvwx.abcdefghijklmnopqrstuvwx"],
    ["a short id", "abc.abcdefghijklmnopqrstuvwx"],
    ["uppercase", "ABCDEFGHIJKLMNOPQRSTUVWX.abcdefghijklmnopqrstuvwx"],
    ["non-base32 digits", "abcdefghijklmnopqrstuv01.abcdefghijklmnopqrstuvwx"],
    ["an empty string", ""],
  ])("rejects a token with %s", (_label, token) => {
    expect(splitIdSecretToken(token)).toBeNull();
  });

  it("matches the secret against its stored hash", () => {
    const { secret, secretHash } = createIdSecretToken();
    expect(secretMatchesHash(secret, secretHash)).toBe(true);
  });

  it("does not match another secret", () => {
    const { secretHash } = createIdSecretToken();
    expect(secretMatchesHash(createIdSecretToken().secret, secretHash)).toBe(false);
  });

  it("does not match against a corrupt stored hash", () => {
    const { secret } = createIdSecretToken();
    expect(secretMatchesHash(secret, "not-hex")).toBe(false);
    expect(secretMatchesHash(secret, "abcd")).toBe(false);
  });
});

describe("hmac and byte comparison", () => {
  it("HMAC-SHA256 matches the known RFC 4231 test vector", () => {
    // RFC 4231 test case 2
    const mac = hmacSha256("Jefe", "what do ya want for nothing?");
    expect(Buffer.from(mac).toString("hex")).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });

  it("compares bytes, including arrays of different length", () => {
    expect(constantTimeEqualBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqualBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqualBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
  });
});
