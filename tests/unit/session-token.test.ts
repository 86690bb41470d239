import { describe, expect, it } from "vitest";
import { decodeSessionToken, isSessionTokenExpired } from "../../shared/session-token";

function base64url(value: string): string {
  return Buffer.from(value, "utf8").toString("base64url");
}

function tokenOf(payload: unknown, header: unknown = { alg: "HS256", typ: "JWT" }): string {
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.${base64url("signature")}`;
}

const payload = { sub: "user-1", role: "organiser", name: "Anna Berg", exp: 2_000_000_000 };

describe("decodeSessionToken (SPEC §5: three parts, valid base64 and JSON)", () => {
  it("decodes a well-formed token", () => {
    expect(decodeSessionToken(tokenOf(payload))).toEqual({ ok: true, payload });
  });

  it("accepts a binary signature (an HMAC is bytes, not UTF-8 text)", () => {
    const [header, body] = tokenOf(payload).split(".");
    const signature = Buffer.from([0xff, 0xfe, 0x80, 0x00, 0xc3]).toString("base64url");
    expect(decodeSessionToken(`${header}.${body}.${signature}`)).toEqual({ ok: true, payload });
  });

  it("decodes non-ASCII names (UTF-8 payload)", () => {
    const result = decodeSessionToken(tokenOf({ ...payload, name: "Jörg Müller" }));
    expect(result.ok && result.payload.name).toBe("Jörg Müller");
  });

  it.each([
    ["two parts", (t: string) => t.split(".").slice(0, 2).join(".")],
    ["four parts", (t: string) => `${t}.extra`],
    ["an empty part", (t: string) => t.replace(/\.[^.]+\./, "..")],
  ])("rejects a token with %s", (_label, mangle) => {
    expect(decodeSessionToken(mangle(tokenOf(payload)))).toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects a part that is not base64", () => {
    const [header, , signature] = tokenOf(payload).split(".");
    expect(decodeSessionToken(`${header}.not*base64!.${signature}`)).toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects a signature that is not base64", () => {
    const [header, body] = tokenOf(payload).split(".");
    expect(decodeSessionToken(`${header}.${body}.%%%`)).toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects a payload that is not JSON", () => {
    const [header, , signature] = tokenOf(payload).split(".");
    expect(decodeSessionToken(`${header}.${base64url("{not json")}.${signature}`)).toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects a header that is not JSON", () => {
    const [, body, signature] = tokenOf(payload).split(".");
    expect(decodeSessionToken(`${base64url("alg=HS256")}.${body}.${signature}`)).toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects a payload without exp", () => {
    const { exp: _exp, ...withoutExp } = payload;
    expect(decodeSessionToken(tokenOf(withoutExp))).toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects an exp that is not a number", () => {
    expect(decodeSessionToken(tokenOf({ ...payload, exp: "2000000000" }))).toEqual({ ok: false, reason: "malformed" });
  });

  it.each([["null", null], ["a number", 42], ["an array", [1, 2]]])("rejects a JSON payload that is %s", (_label, value) => {
    expect(decodeSessionToken(tokenOf(value))).toEqual({ ok: false, reason: "malformed" });
  });

  it.each([undefined, null, 123, {}, ["a", "b", "c"]])("rejects the non-string %j", (value) => {
    expect(decodeSessionToken(value)).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("isSessionTokenExpired (exp in seconds)", () => {
  const now = Date.UTC(2030, 0, 1, 12, 0, 0);

  it("is expired when exp lies in the past", () => {
    expect(isSessionTokenExpired({ exp: now / 1000 - 1 }, now)).toBe(true);
  });

  it("is expired at the exact second of exp", () => {
    expect(isSessionTokenExpired({ exp: now / 1000 }, now)).toBe(true);
  });

  it("is not expired when exp lies in the future", () => {
    expect(isSessionTokenExpired({ exp: now / 1000 + 1 }, now)).toBe(false);
  });
});
