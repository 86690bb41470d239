import { describe, expect, it } from "vitest";
import { ZLoginInput, ZRegisterInput } from "../../shared/schemas/auth";
import { ZContactInput } from "../../shared/schemas/contact";
import { ZEventDetails } from "../../shared/schemas/events";
import { V } from "../../shared/schemas/messages";
import { ZBuyer } from "../../shared/schemas/orders";
import { hasForbiddenCharacters, text } from "../../shared/schemas/text";

const single = text();
const multi = text({ multiline: true });

describe("text()", () => {
  it.each([
    ["plain ASCII", "Anna Berg"],
    ["umlauts and ß", "Stadtbühne Weißensee"],
    ["an emoji (a valid surrogate pair)", "Konzert 🎻"],
    ["CJK", "東京ドーム"],
  ])("accepts %s", (_label, value) => {
    expect(single.safeParse(value).success).toBe(true);
    expect(multi.safeParse(value).success).toBe(true);
  });

  it.each([
    ["NUL", "a\u0000b"],
    ["BEL", "a\u0007b"],
    ["ESC", "a\u001bb"],
    ["DEL", "a\u007fb"],
    ["a C1 control (NEL)", "a\u0085b"],
    ["a lone high surrogate", "a\ud83db"],
    ["a lone high surrogate at the end", "ab\ud83d"],
    ["a lone low surrogate", "a\ude00b"],
    ["a reversed pair", "a\ude00\ud83db"],
  ])("refuses %s in every field", (_label, value) => {
    for (const schema of [single, multi]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toEqual([V.invalidCharacters]);
    }
  });

  it("a multi-line field keeps tab and line breaks, a single-line one does not", () => {
    for (const value of ["line 1\nline 2", "a\tb", "a\r\nb"]) {
      expect(multi.safeParse(value).success, JSON.stringify(value)).toBe(true);
      expect(single.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    expect(hasForbiddenCharacters("a\u000bb", { multiline: true })).toBe(true); // vertical tab
  });

  it("composes like z.string(): trimmed, limited, and the character rule still applies", () => {
    const schema = text().trim().min(1, V.required).max(5, V.maxLength);
    expect(schema.parse("  abc  ")).toBe("abc");
    expect(schema.safeParse(" \u0000 ").success).toBe(false);
  });
});

describe("the shared schemas use it", () => {
  const registration = {
    firstName: "Anna",
    lastName: "Berg",
    organizerName: "Stadtbühne",
    email: "anna@example.com",
    confirmEmail: "anna@example.com",
    password: "Passw0rd!",
  };

  it.each([
    ["registration name", ZRegisterInput, { ...registration, firstName: "An\u0000na" }, "firstName"],
    ["registration organiser", ZRegisterInput, { ...registration, organizerName: "Bühne\ud800" }, "organizerName"],
    ["login email", ZLoginInput, { email: "anna\u0000@example.com", password: "x" }, "email"],
    ["login password", ZLoginInput, { email: "anna@example.com", password: "pass\u0000word" }, "password"],
    ["contact message", ZContactInput, { firstName: "A", lastName: "B", email: "a@example.com", message: "Hi\u0000" }, "message"],
    ["buyer city", ZBuyer, { firstName: "A", lastName: "B", email: "a@example.com", city: "Köln\u0001" }, "city"],
    ["FAQ answer", ZEventDetails, { faq: [{ question: "Q?", answer: "A\u0000" }] }, "faq.0.answer"],
  ])("%s", (_label, schema, input, path) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    const messages = result.error!.issues.filter((i) => i.path.join(".") === path).map((i) => i.message);
    expect(messages).toContain(V.invalidCharacters);
  });

  it("multi-line fields take line breaks", () => {
    expect(ZContactInput.safeParse({ firstName: "A", lastName: "B", email: "a@example.com", message: "Hello,\n\tthanks" }).success).toBe(true);
    expect(ZEventDetails.safeParse({ faq: [{ question: "Q?", answer: "Line 1\nLine 2" }] }).success).toBe(true);
  });
});
