import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readTicketCode, signedTicketCode, ticketCode, ticketSigningKey, verifyTicketCode } from "../../server/modules/orders/ticket-code";
import {
  bytesToUuid,
  CODE_MAX_LENGTH,
  formatSignedCode,
  parseTicketCode,
  parseTicketReference,
  signedCodePayload,
  uuidToBytes,
  verifySignedCode,
  type SignedCode,
} from "../../shared/checkin/code";

/**
 * Ticket codes at the door (issue 18, decision 018): the server signs with node:crypto, the
 * device verifies with @noble/ed25519 through the shared parser; both must agree on every code.
 */
const SECRET = "a-test-secret-of-at-least-32-characters!";
const OTHER_SECRET = "another-secret-of-at-least-32-characters";
const LINE = { lineId: "3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b", eventId: "0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9", scopeId: "f0e1d2c3-b4a5-4968-8776-655443322110" };
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const publicKey = ticketSigningKey(SECRET).publicKeyRaw;

/** What the device does with a scanned string: parse, then verify offline with the public key. */
async function deviceVerifies(code: string, key: Uint8Array = publicKey): Promise<boolean> {
  const parsed = parseTicketCode(code);
  if (!parsed || parsed.kind !== "signed") return false;
  return verifySignedCode(parsed, key);
}

/** Both sides' answer for a string: the device's (noble) and the server's (node:crypto). */
async function bothVerify(code: string): Promise<{ device: boolean; server: boolean }> {
  return { device: await deviceVerifies(code), server: readTicketCode(SECRET, code) !== null };
}

/** `code` with the character at `index` of part `part` swapped for another valid base64url one. */
function alter(code: string, part: 1 | 2, index: number, by = 1): string {
  const parts = code.split(".");
  const chars = [...parts[part]!];
  chars[index] = ALPHABET[(ALPHABET.indexOf(chars[index]!) + by) % 64]!;
  parts[part] = chars.join("");
  return parts.join(".");
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

describe("signed ticket codes (T2)", () => {
  it("have the documented shape and read back to their line, event and date", () => {
    const code = signedTicketCode(SECRET, LINE);
    expect(code).toMatch(/^T2\.[A-Za-z0-9_-]{66}\.[A-Za-z0-9_-]{86}$/);
    expect(code.length).toBe(156);
    expect(code.length).toBeLessThanOrEqual(CODE_MAX_LENGTH);
    // Ed25519 is deterministic: a reprinted ticket carries the same code.
    expect(signedTicketCode(SECRET, LINE)).toBe(code);
    const parsed = parseTicketCode(code);
    expect(parsed).toMatchObject({ kind: "signed", ...LINE });
    const read = readTicketCode(SECRET, code);
    expect(read?.lineId).toBe(LINE.lineId);
    expect(read?.signed).toMatchObject(LINE);
    expect(verifyTicketCode(SECRET, code)).toBe(LINE.lineId);
    // Upper-case ids name the same line (the payload carries bytes).
    expect(signedTicketCode(SECRET, { lineId: LINE.lineId.toUpperCase(), eventId: LINE.eventId.toUpperCase(), scopeId: LINE.scopeId })).toBe(code);
  });

  it("made by the server verify with the shared (noble) verifier and the server's, for many lines", async () => {
    for (let i = 0; i < 50; i++) {
      const line = { lineId: randomUUID(), eventId: randomUUID(), scopeId: randomUUID() };
      const code = signedTicketCode(SECRET, line);
      expect(await bothVerify(code)).toEqual({ device: true, server: true });
      expect(readTicketCode(SECRET, code)?.signed).toMatchObject(line);
    }
    // Scanners may add whitespace around what they read.
    const code = signedTicketCode(SECRET, LINE);
    expect(await bothVerify(`  ${code}\r\n`)).toEqual({ device: true, server: true });
  });

  it("the public key is the raw 32 bytes the device gets, the same for the same secret", () => {
    expect(publicKey).toBeInstanceOf(Uint8Array);
    expect(publicKey.length).toBe(32);
    expect(ticketSigningKey(SECRET).publicKeyRaw).toEqual(publicKey);
    expect(ticketSigningKey(OTHER_SECRET).publicKeyRaw).not.toEqual(publicKey);
  });

  it("altering any character of the payload fails on both sides", async () => {
    const code = signedTicketCode(SECRET, LINE);
    const payloadLength = code.split(".")[1]!.length;
    for (let i = 0; i < payloadLength; i++) {
      for (const by of [1, 32]) {
        const altered = alter(code, 1, i, by);
        expect(await bothVerify(altered), `payload char ${i} +${by}`).toEqual({ device: false, server: false });
      }
    }
  });

  it("altering any character of the signature fails on both sides", async () => {
    const code = signedTicketCode(SECRET, LINE);
    const signatureLength = code.split(".")[2]!.length;
    for (let i = 0; i < signatureLength; i++) {
      for (const by of [1, 32]) {
        const altered = alter(code, 2, i, by);
        expect(await bothVerify(altered), `signature char ${i} +${by}`).toEqual({ device: false, server: false });
      }
    }
  });

  it("another line's genuine payload with this signature (and the reverse) fails", async () => {
    const [, payload, signature] = signedTicketCode(SECRET, LINE).split(".");
    const [, otherPayload, otherSignature] = signedTicketCode(SECRET, { ...LINE, lineId: randomUUID() }).split(".");
    expect(await bothVerify(`T2.${otherPayload}.${signature}`)).toEqual({ device: false, server: false });
    expect(await bothVerify(`T2.${payload}.${otherSignature}`)).toEqual({ device: false, server: false });
    // The same ticket moved to another date by hand: the signature does not cover it.
    const moved = formatSignedCode(signedCodePayload(LINE.lineId, LINE.eventId, randomUUID()), Buffer.from(signature!, "base64url"));
    expect(await bothVerify(moved)).toEqual({ device: false, server: false });
  });

  it("a code signed with another key fails, and a code checked against another key fails", async () => {
    const foreign = signedTicketCode(OTHER_SECRET, LINE);
    expect(parseTicketCode(foreign)).not.toBeNull();
    expect(await bothVerify(foreign)).toEqual({ device: false, server: false });
    const genuine = signedTicketCode(SECRET, LINE);
    expect(await deviceVerifies(genuine, ticketSigningKey(OTHER_SECRET).publicKeyRaw)).toBe(false);
    expect(readTicketCode(OTHER_SECRET, genuine)).toBeNull();
    // A public key of the wrong size, or all zeros, never verifies (and never throws).
    expect(await deviceVerifies(genuine, publicKey.subarray(0, 31))).toBe(false);
    expect(await deviceVerifies(genuine, new Uint8Array(32))).toBe(false);
  });

  it("a malleated signature (S + L, the same signature in another spelling) fails on both sides", async () => {
    const code = signedTicketCode(SECRET, LINE);
    const [, payload, signature] = code.split(".");
    const sig = Buffer.from(signature!, "base64url");
    // S is the second half, little-endian; L is the group order. S + L < 2^256 since S < L < 2^253.
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    let s = 0n;
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(sig[i]!);
    let big = s + L;
    const malleated = Buffer.from(sig);
    for (let i = 32; i < 64; i++) {
      malleated[i] = Number(big & 0xffn);
      big >>= 8n;
    }
    const variant = `T2.${payload}.${b64(malleated)}`;
    expect(variant).not.toBe(code);
    expect(await bothVerify(variant)).toEqual({ device: false, server: false });
  });

  it("truncated codes give null / fail", async () => {
    const code = signedTicketCode(SECRET, LINE);
    for (let n = 0; n < code.length; n++) {
      const truncated = code.slice(0, n);
      expect(parseTicketCode(truncated), `first ${n} characters`).toBeNull();
      expect(readTicketCode(SECRET, truncated)).toBeNull();
    }
    // A character lost in the middle (a QR misread).
    for (const at of [3, 40, 69, 72, 120, 153]) {
      const lost = code.slice(0, at) + code.slice(at + 1);
      expect(await bothVerify(lost), `without character ${at}`).toEqual({ device: false, server: false });
    }
  });

  it("oversized input gives null, even when it embeds a genuine code", () => {
    const code = signedTicketCode(SECRET, LINE);
    const padded = `${code}${" ".repeat(CODE_MAX_LENGTH)}`;
    // Whitespace around is trimmed first; the length bound applies to what is left.
    expect(parseTicketCode(padded)).not.toBeNull();
    const long = `T2.${code.split(".")[1]}${"A".repeat(CODE_MAX_LENGTH)}.${code.split(".")[2]}`;
    expect(long.length).toBeGreaterThan(CODE_MAX_LENGTH);
    expect(parseTicketCode(long)).toBeNull();
    expect(parseTicketCode("x".repeat(CODE_MAX_LENGTH + 1))).toBeNull();
    expect(parseTicketCode("T2.".repeat(1000))).toBeNull();
    expect(readTicketCode(SECRET, "A".repeat(100_000))).toBeNull();
    // Exactly at the bound: still only a code if it is one.
    expect(parseTicketCode("A".repeat(CODE_MAX_LENGTH))).toBeNull();
  });

  it("garbage, extra parts and wrong prefixes give null", () => {
    const code = signedTicketCode(SECRET, LINE);
    const [, payload, signature] = code.split(".");
    const cases = [
      "",
      "   ",
      "T2",
      "T2..",
      "T2.",
      `T2.${payload}`,
      `T2.${payload}.`,
      `.${payload}.${signature}`,
      `${code}.extra`,
      `${code}.`,
      "hello world",
      "https://example.com/ticket/123",
      "{\"lineId\":\"x\"}",
      "\u0000\u0001\u0002",
      "T2.ÄÖÜ.ß",
      "🎟️.🎟️.🎟️",
      `T2.${payload}.${signature}=`, // padding
      `T2.${payload}=.${signature}`,
      `T2.${payload!.replace(/.$/, "+")}.${signature}`, // base64, not base64url
      `T2.${payload}.${signature!.replace(/^./, "/")}`,
      `T2.${payload} .${signature}`,
      `T2. ${payload}.${signature}`,
    ];
    for (const c of cases) expect(parseTicketCode(c), JSON.stringify(c)).toBeNull();
    for (const prefix of ["T3", "t2", "T1", "T", "", "T2 ", " T2x", "X2"]) {
      const c = `${prefix}.${payload}.${signature}`;
      expect(parseTicketCode(c)?.kind === "signed", prefix).toBe(false);
      expect(readTicketCode(SECRET, c), prefix).toBeNull();
    }
  });

  it("payloads or signatures of the wrong size, or another version byte, give null", () => {
    const code = signedTicketCode(SECRET, LINE);
    const [, payload, signature] = code.split(".");
    const p = Buffer.from(payload!, "base64url");
    const s = Buffer.from(signature!, "base64url");
    const cases = [
      `T2.${b64(p.subarray(0, 48))}.${signature}`,
      `T2.${b64(Buffer.concat([p, Buffer.from([0])]))}.${signature}`,
      `T2.${payload}.${b64(s.subarray(0, 63))}`,
      `T2.${payload}.${b64(Buffer.concat([s, Buffer.from([0])]))}`,
      `T2.${b64(Buffer.concat([Buffer.from([2]), p.subarray(1)]))}.${signature}`,
      `T2.${b64(Buffer.concat([Buffer.from([0]), p.subarray(1)]))}.${signature}`,
    ];
    for (const c of cases) expect(parseTicketCode(c), c).toBeNull();
  });

  it("non-canonical base64 of a genuine code gives null (one spelling per code)", async () => {
    const code = signedTicketCode(SECRET, LINE);
    const [, payload, signature] = code.split(".");
    // 49 and 64 bytes: each part's last character carries 4 unused bits; setting one decodes to
    // the same bytes, so the signature would still match if the parser let it through.
    for (const part of [1, 2] as const) {
      const original = part === 1 ? payload! : signature!;
      const last = ALPHABET.indexOf(original.at(-1)!);
      for (const bit of [1, 2, 4, 8]) {
        const sibling = `${original.slice(0, -1)}${ALPHABET[last ^ bit]}`;
        expect(Buffer.from(sibling, "base64url").equals(Buffer.from(original, "base64url"))).toBe(true);
        const variant = part === 1 ? `T2.${sibling}.${signature}` : `T2.${payload}.${sibling}`;
        expect(parseTicketCode(variant), `part ${part} bit ${bit}`).toBeNull();
        expect(await bothVerify(variant)).toEqual({ device: false, server: false });
      }
    }
  });

  it("verifySignedCode never throws on hand-made input", async () => {
    const code = parseTicketCode(signedTicketCode(SECRET, LINE)) as SignedCode;
    expect(await verifySignedCode({ ...code, signature: new Uint8Array(64) }, publicKey)).toBe(false);
    expect(await verifySignedCode({ ...code, signature: new Uint8Array(3) }, publicKey)).toBe(false);
    expect(await verifySignedCode({ ...code, signature: new Uint8Array(64).fill(255) }, publicKey)).toBe(false);
    expect(await verifySignedCode(code, new Uint8Array(0))).toBe(false);
    expect(await verifySignedCode(code, publicKey)).toBe(true);
  });
});

describe("old HMAC codes (T1)", () => {
  it("still verify on the server, parse as hmac and never pass as signed", async () => {
    for (let i = 0; i < 20; i++) {
      const lineId = randomUUID();
      const code = ticketCode(SECRET, lineId);
      expect(parseTicketCode(code)).toEqual({ kind: "hmac", lineId, code });
      expect(readTicketCode(SECRET, code)).toEqual({ lineId, signed: null });
      // The device cannot check a MAC: it is no offline proof.
      expect(await deviceVerifies(code)).toBe(false);
    }
    expect(readTicketCode(SECRET, `  ${ticketCode(SECRET, LINE.lineId)}\n`)?.lineId).toBe(LINE.lineId);
  });

  it("refuse another secret, an altered character, a swapped MAC", () => {
    const code = ticketCode(SECRET, LINE.lineId);
    expect(readTicketCode(OTHER_SECRET, code)).toBeNull();
    expect(readTicketCode(SECRET, ticketCode(OTHER_SECRET, LINE.lineId))).toBeNull();
    for (let i = 0; i < 22; i++) expect(readTicketCode(SECRET, alter(code, 1, i)), `id char ${i}`).toBeNull();
    for (let i = 0; i < 16; i++) expect(readTicketCode(SECRET, alter(code, 2, i)), `mac char ${i}`).toBeNull();
    const [, , mac] = code.split(".");
    const [, otherId] = ticketCode(SECRET, randomUUID()).split(".");
    expect(readTicketCode(SECRET, `T1.${otherId}.${mac}`)).toBeNull();
    // A T1 code's parts under the T2 prefix are no signed code.
    expect(parseTicketCode(code.replace(/^T1/, "T2"))).toBeNull();
  });
});

describe("uuid bytes", () => {
  it("round-trip and refuse what is no uuid", () => {
    for (let i = 0; i < 20; i++) {
      const id = randomUUID();
      expect(bytesToUuid(uuidToBytes(id))).toBe(id);
    }
    expect(() => uuidToBytes("not-a-uuid")).toThrow();
    expect(() => uuidToBytes("3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5")).toThrow();
    expect(() => signedTicketCode(SECRET, { ...LINE, lineId: "x" })).toThrow();
  });
});

describe("parseTicketReference (typed at the door)", () => {
  it("reads the printed reference: order number and position", () => {
    expect(parseTicketReference("K7M2-X9QD-2")).toEqual({ orderNumber: "K7M2-X9QD", position: 2 });
    expect(parseTicketReference("k7m2-x9qd-2")).toEqual({ orderNumber: "K7M2-X9QD", position: 2 });
    // Without the first dash (typed in a hurry), surrounded by spaces.
    expect(parseTicketReference("  K7M2X9QD-12 ")).toEqual({ orderNumber: "K7M2-X9QD", position: 12 });
    expect(parseTicketReference("BOXA-0001-999")).toEqual({ orderNumber: "BOXA-0001", position: 999 });
    expect(parseTicketReference("K7M2-X9QD-007")).toEqual({ orderNumber: "K7M2-X9QD", position: 7 });
    // Position 0 parses; the server refuses it as no ticket.
    expect(parseTicketReference("K7M2-X9QD-0")).toEqual({ orderNumber: "K7M2-X9QD", position: 0 });
  });

  it("refuses anything else", () => {
    const cases = [
      "",
      "K7M2-X9QD",
      "K7M2-X9QD-",
      "K7M2-X9QD-1000",
      "K7M2-X9QD--1",
      "K7M2-X9Q-1",
      "K7M2X-X9QD-1",
      "K7M2-X9QD-1-2",
      "K7M2 X9QD 1",
      "K7M2-X9QÜ-1",
      "K7M2-X9QD-1a",
      "K7M2_X9QD-1",
      "K7M2-X9QD-١", // a non-ASCII digit
      signedTicketCode(SECRET, LINE),
      ticketCode(SECRET, LINE.lineId),
    ];
    for (const c of cases) expect(parseTicketReference(c), c).toBeNull();
  });
});
