import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ticketCode, verifyTicketCode } from "../../server/modules/orders/ticket-code";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const LINE = "3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b";

/** Swaps one base64url character at `index` of `part` for another valid one. */
function alter(code: string, part: 1 | 2, index: number): string {
  const parts = code.split(".");
  const chars = [...parts[part]!];
  chars[index] = chars[index] === "A" ? "B" : "A";
  parts[part] = chars.join("");
  return parts.join(".");
}

describe("ticket codes", () => {
  it("have the documented shape: T1.<16-byte id>.<96-bit MAC>, base64url", () => {
    const code = ticketCode(SECRET, LINE);
    expect(code).toMatch(/^T1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16}$/);
    expect(Buffer.from(code.split(".")[1]!, "base64url").toString("hex")).toBe(LINE.replace(/-/g, ""));
    // Deterministic: a reprinted ticket carries the same code.
    expect(ticketCode(SECRET, LINE)).toBe(code);
  });

  it("round-trip to their ticket line id", () => {
    for (let i = 0; i < 200; i++) {
      const id = randomUUID();
      expect(verifyTicketCode(SECRET, ticketCode(SECRET, id))).toBe(id);
    }
    // Scanners may add whitespace around what they read.
    expect(verifyTicketCode(SECRET, `  ${ticketCode(SECRET, LINE)}\n`)).toBe(LINE);
    // An upper-case id is the same line.
    expect(ticketCode(SECRET, LINE.toUpperCase())).toBe(ticketCode(SECRET, LINE));
  });

  it("differ between lines", () => {
    const other = "3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5c";
    const [a, b] = [ticketCode(SECRET, LINE), ticketCode(SECRET, other)];
    expect(a.split(".")[2]).not.toBe(b.split(".")[2]);
  });

  it("reject an altered id", () => {
    const code = ticketCode(SECRET, LINE);
    for (let i = 0; i < 21; i++) expect(verifyTicketCode(SECRET, alter(code, 1, i)), `id char ${i}`).toBeNull();
    // Another genuine id with this code's MAC.
    const [, , mac] = code.split(".");
    const otherId = ticketCode(SECRET, randomUUID()).split(".")[1];
    expect(verifyTicketCode(SECRET, `T1.${otherId}.${mac}`)).toBeNull();
  });

  it("reject an altered MAC", () => {
    const code = ticketCode(SECRET, LINE);
    for (let i = 0; i < 16; i++) expect(verifyTicketCode(SECRET, alter(code, 2, i)), `mac char ${i}`).toBeNull();
    const [prefix, id] = code.split(".");
    expect(verifyTicketCode(SECRET, `${prefix}.${id}.${"A".repeat(16)}`)).toBeNull();
  });

  it("reject another prefix or version", () => {
    const [, id, mac] = ticketCode(SECRET, LINE).split(".");
    for (const prefix of ["T2", "t1", "T", "", "T1 "]) expect(verifyTicketCode(SECRET, `${prefix}.${id}.${mac}`), prefix).toBeNull();
  });

  it("reject wrong lengths and malformed codes", () => {
    const code = ticketCode(SECRET, LINE);
    const [prefix, id, mac] = code.split(".");
    const cases = [
      "",
      "T1",
      `${prefix}.${id}`,
      `${code}.extra`,
      `${prefix}.${id}.${mac!.slice(0, -1)}`, // MAC one character short
      `${prefix}.${id}.${mac}AA`, // MAC too long
      `${prefix}.${id!.slice(0, -1)}.${mac}`, // id one character short
      `${prefix}.${id}AAAA.${mac}`, // id too long (19 bytes)
      `${prefix}.${Buffer.alloc(16).toString("base64url")}.${mac}`, // all-zero id
      `${prefix}.${id}.${mac}=`, // padding
      `${prefix}.${id!.replace(/.$/, "!")}.${mac}`, // not base64url
      `${prefix}.${id}.${mac!.replace(/.$/, "+")}`, // base64, not base64url
    ];
    for (const c of cases) expect(verifyTicketCode(SECRET, c), c).toBeNull();
  });

  it("reject a non-canonical encoding of a genuine id", () => {
    // The id's 22nd character carries 4 unused bits: setting one decodes to the same bytes.
    const code = ticketCode(SECRET, LINE);
    const [prefix, id, mac] = code.split(".");
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(id!.at(-1)!);
    const sibling = `${id!.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(sibling, "base64url").equals(Buffer.from(id!, "base64url"))).toBe(true);
    expect(verifyTicketCode(SECRET, `${prefix}.${sibling}.${mac}`)).toBeNull();
  });

  it("reject a code made under another secret", () => {
    const forged = ticketCode("another-secret-of-at-least-32-characters", LINE);
    expect(verifyTicketCode(SECRET, forged)).toBeNull();
    expect(verifyTicketCode(`${SECRET}x`, ticketCode(SECRET, LINE))).toBeNull();
    expect(verifyTicketCode(SECRET, ticketCode(SECRET, LINE))).toBe(LINE);
  });
});
