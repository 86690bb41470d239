import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MESSAGE_MAX, type TContactInput, ZContactInput } from "../../shared/schemas/contact";
import { V } from "../../shared/schemas/messages";

function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join(".") === path).map((i) => i.message);
}

const minimal: TContactInput = { firstName: "Anna", lastName: "Berg", email: "anna@example.com", message: "Hello" };

describe("ZContactInput (SPEC §3 Contact form)", () => {
  it("accepts the required fields alone", () => {
    expect(ZContactInput.parse(minimal)).toEqual(minimal);
  });

  it("accepts every field filled in", () => {
    const full: TContactInput = {
      ...minimal,
      phone: "+49 30 123456",
      industry: "sports_health",
      websiteUrl: "https://example.com/club",
      ticketsPerYear: 12000,
      referralSource: "A friend",
    };
    expect(ZContactInput.parse(full)).toEqual(full);
  });

  it("empty optional texts become undefined", () => {
    const parsed = ZContactInput.parse({ ...minimal, phone: "  ", websiteUrl: "", referralSource: "" });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.websiteUrl).toBeUndefined();
    expect(parsed.referralSource).toBeUndefined();
  });

  it.each(["firstName", "lastName", "email", "message"] as const)("%s is required", (field) => {
    expect(messagesAt(ZContactInput, { ...minimal, [field]: " " }, field)).toContain(V.required);
  });

  it("email must have a valid format", () => {
    expect(messagesAt(ZContactInput, { ...minimal, email: "anna(at)example.com" }, "email")).toEqual([V.email]);
  });

  it.each(["example.com", "ftp://example.com", "https://localhost"])("website %j must be an http(s) URL", (websiteUrl) => {
    expect(messagesAt(ZContactInput, { ...minimal, websiteUrl }, "websiteUrl")).toEqual([V.url]);
  });

  it.each([-1, 1.5])("tickets per year %s must be a whole number of 0 or more", (ticketsPerYear) => {
    expect(messagesAt(ZContactInput, { ...minimal, ticketsPerYear }, "ticketsPerYear")).toEqual([V.number]);
  });

  it("industry is one of the branches", () => {
    expect(ZContactInput.safeParse({ ...minimal, industry: "mining" }).success).toBe(false);
  });

  it("message has a maximum length", () => {
    expect(messagesAt(ZContactInput, { ...minimal, message: "x".repeat(MESSAGE_MAX) }, "message")).toEqual([]);
    expect(messagesAt(ZContactInput, { ...minimal, message: "x".repeat(MESSAGE_MAX + 1) }, "message")).toEqual([V.maxLength]);
  });
});
