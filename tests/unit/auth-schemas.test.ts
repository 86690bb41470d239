import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  PASSWORD_MAX,
  ZAgentLoginInput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZRegisterInput,
  ZResetPasswordInput,
  type TRegisterInput,
  type TResetPasswordInput,
} from "../../shared/schemas/auth";
import { V } from "../../shared/schemas/messages";

/** The message codes a schema reports for one field path ("" for the root). */
function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join(".") === path).map((i) => i.message);
}

const validRegistration: TRegisterInput = {
  firstName: "Anna",
  lastName: "Berg",
  organizerName: "Stadtbühne",
  email: "anna@example.com",
  confirmEmail: "anna@example.com",
  password: "Passw0rd!",
};

describe("ZRegisterInput (SPEC §5 Registration)", () => {
  it("accepts a valid registration and normalises the email", () => {
    const result = ZRegisterInput.parse({ ...validRegistration, email: "  Anna@Example.COM ", confirmEmail: "anna@example.com" });
    expect(result.email).toBe("anna@example.com");
    expect(result.locale).toBe("de");
  });

  it.each(["firstName", "lastName", "organizerName"] as const)("%s needs at least 3 characters", (field) => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, [field]: "Al" }, field)).toEqual([V.minLength3]);
    expect(messagesAt(ZRegisterInput, { ...validRegistration, [field]: "Ali" }, field)).toEqual([]);
  });

  it.each(["firstName", "lastName", "organizerName"] as const)("%s is required (blank counts as empty)", (field) => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, [field]: "   " }, field)).toContain(V.required);
  });

  it("a name longer than 100 characters reaches the maximum length", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, firstName: "a".repeat(101) }, "firstName")).toEqual([V.maxLength]);
  });

  it("email is required", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, email: "", confirmEmail: "" }, "email")).toContain(V.required);
  });

  it.each(["anna", "anna@", "anna@example", "@example.com", "an na@example.com"])("email %j has an invalid format", (email) => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, email, confirmEmail: email }, "email")).toEqual([V.email]);
  });

  it("confirm email is required", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, confirmEmail: "" }, "confirmEmail")).toContain(V.required);
  });

  it("confirm email must equal the email", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, confirmEmail: "other@example.com" }, "confirmEmail")).toEqual([
      V.emailsMismatch,
    ]);
  });

  it("confirm email matches regardless of case and surrounding blanks", () => {
    expect(ZRegisterInput.safeParse({ ...validRegistration, confirmEmail: " ANNA@example.com " }).success).toBe(true);
  });

  it("password is required", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: "" }, "password")).toContain(V.required);
  });

  it("password needs at least 8 characters", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: "Pa0!wrd" }, "password")).toEqual([V.passwordMin]);
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: "Pa0!word" }, "password")).toEqual([]);
  });

  it("password needs an uppercase letter", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: "passw0rd!" }, "password")).toEqual([V.passwordUpper]);
  });

  it("password needs a lowercase letter", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: "PASSW0RD!" }, "password")).toEqual([V.passwordLower]);
  });

  it("password needs a digit", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: "Password!" }, "password")).toEqual([V.passwordDigit]);
  });

  it("password needs a special character, and a blank is not one", () => {
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: "Passw0rd" }, "password")).toEqual([V.passwordSpecial]);
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: "Passw0rd x" }, "password")).toEqual([V.passwordSpecial]);
  });

  it("password has a maximum length", () => {
    const atMax = `Aa1!${"x".repeat(PASSWORD_MAX - 4)}`;
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: atMax }, "password")).toEqual([]);
    expect(messagesAt(ZRegisterInput, { ...validRegistration, password: `${atMax}x` }, "password")).toEqual([V.maxLength]);
  });

  it("locale is de or en", () => {
    expect(ZRegisterInput.parse({ ...validRegistration, locale: "en" }).locale).toBe("en");
    expect(ZRegisterInput.safeParse({ ...validRegistration, locale: "fr" }).success).toBe(false);
  });
});

describe("ZLoginInput (SPEC §5 Login)", () => {
  it("accepts an email and a password", () => {
    expect(ZLoginInput.safeParse({ email: "a@example.com", password: "x" }).success).toBe(true);
  });

  it("email is required with the login message", () => {
    expect(messagesAt(ZLoginInput, { email: "", password: "x" }, "email")).toEqual([V.loginRequired]);
  });

  it("password is required with the login message", () => {
    expect(messagesAt(ZLoginInput, { email: "a@example.com", password: "" }, "password")).toEqual([V.loginRequired]);
  });

  it("email must have a valid format", () => {
    expect(messagesAt(ZLoginInput, { email: "not-an-email@", password: "x" }, "email")).toEqual([V.email]);
    expect(messagesAt(ZLoginInput, { email: "anna@example", password: "x" }, "email")).toEqual([V.email]);
  });

  it("takes a team member's user name instead of an email address (issue 15), but nothing else", () => {
    expect(ZLoginInput.safeParse({ email: "box.office-1", password: "x" }).success).toBe(true);
    expect(messagesAt(ZLoginInput, { email: "not an email", password: "x" }, "email")).toEqual([V.email]);
    expect(messagesAt(ZLoginInput, { email: "a".repeat(41), password: "x" }, "email")).toEqual([V.email]);
  });

  it("does not apply the registration password criteria (old passwords still log in)", () => {
    expect(ZLoginInput.safeParse({ email: "a@example.com", password: "short" }).success).toBe(true);
  });
});

describe("ZAgentLoginInput", () => {
  it("username and password are required", () => {
    expect(messagesAt(ZAgentLoginInput, { username: " ", password: "x" }, "username")).toEqual([V.loginRequired]);
    expect(messagesAt(ZAgentLoginInput, { username: "einlass", password: "" }, "password")).toEqual([V.loginRequired]);
  });
});

describe("ZForgotPasswordInput (SPEC §5 Password reset)", () => {
  it("email must have a valid format", () => {
    expect(messagesAt(ZForgotPasswordInput, { email: "nope" }, "email")).toEqual([V.email]);
  });

  it("lowercases the email", () => {
    expect(ZForgotPasswordInput.parse({ email: "Anna@Example.com" }).email).toBe("anna@example.com");
  });
});

describe("ZResetPasswordInput (SPEC §5 Password reset)", () => {
  const valid: TResetPasswordInput = { token: "t", password: "Passw0rd!", confirmPassword: "Passw0rd!" };

  it("accepts matching passwords that meet the criteria", () => {
    expect(ZResetPasswordInput.safeParse(valid).success).toBe(true);
  });

  it("new password is required", () => {
    expect(messagesAt(ZResetPasswordInput, { ...valid, password: "" }, "password")).toContain(V.required);
  });

  it("confirmation is required", () => {
    expect(messagesAt(ZResetPasswordInput, { ...valid, confirmPassword: "" }, "confirmPassword")).toContain(V.required);
  });

  it("both passwords must match", () => {
    expect(messagesAt(ZResetPasswordInput, { ...valid, confirmPassword: "Passw0rd?" }, "confirmPassword")).toEqual([
      V.passwordsMismatch,
    ]);
  });

  it("the new password meets the password criteria", () => {
    const weak = "password1!";
    expect(messagesAt(ZResetPasswordInput, { ...valid, password: weak, confirmPassword: weak }, "password")).toEqual([
      V.passwordUpper,
    ]);
  });

  it("a token is required", () => {
    expect(ZResetPasswordInput.safeParse({ ...valid, token: "" }).success).toBe(false);
  });
});
