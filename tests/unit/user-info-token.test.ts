import { describe, expect, it } from "vitest";
import { signUserInfoToken, verifyUserInfoToken } from "../../server/modules/auth/user-info-token";
import { decodeSessionToken, type SessionHintPayload } from "../../shared/session-token";

const SECRET = "s".repeat(40);
const payload: SessionHintPayload = { sub: "3f1c", role: "organiser", name: "Anna Berg", exp: 2_000_000_000 };

function replacePart(token: string, index: number, value: string): string {
  const parts = token.split(".");
  parts[index] = value;
  return parts.join(".");
}

describe("user info token (the UI's session hint)", () => {
  it("signs a token that verifies back to its payload", () => {
    expect(verifyUserInfoToken(signUserInfoToken(payload, SECRET), SECRET)).toEqual(payload);
  });

  it("is a JWT the client-side decoder reads (SPEC §4)", () => {
    const token = signUserInfoToken(payload, SECRET);
    expect(token.split(".")).toHaveLength(3);
    expect(decodeSessionToken(token)).toEqual({ ok: true, payload });
    const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8")) as unknown;
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
  });

  it("rejects a tampered payload", () => {
    const token = signUserInfoToken(payload, SECRET);
    const forged = Buffer.from(JSON.stringify({ ...payload, role: "admin" })).toString("base64url");
    expect(verifyUserInfoToken(replacePart(token, 1, forged), SECRET)).toBeNull();
  });

  it("rejects a tampered signature", () => {
    const token = signUserInfoToken(payload, SECRET);
    const signature = token.split(".")[2]!;
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    expect(verifyUserInfoToken(replacePart(token, 2, flipped), SECRET)).toBeNull();
  });

  it("rejects a token signed with another secret", () => {
    expect(verifyUserInfoToken(signUserInfoToken(payload, "o".repeat(40)), SECRET)).toBeNull();
  });

  it.each(["", "a.b", "a..c", "not a token", "a.b.c"])("rejects the malformed token %j", (token) => {
    expect(verifyUserInfoToken(token, SECRET)).toBeNull();
  });
});
