import { z } from "zod";
import { LOCALES } from "../enums";
import { V } from "./messages";
import { hasForbiddenCharacters, text } from "./text";

/** Longest name and email we store; longer input gets "Maximum length reached." */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** Argon2 has no 72-byte limit like bcrypt; the cap only stops absurd inputs. */
export const PASSWORD_MAX = 128;
export const NAME_MIN = 3;
export const PASSWORD_MIN = 8;

const SPECIAL_CHAR = /[^A-Za-z0-9\s]/;

export const ZEmail = text()
  .trim()
  .min(1, V.required)
  .max(EMAIL_MAX, V.maxLength)
  .pipe(z.email(V.email))
  .transform((v) => v.toLowerCase());

const ZName = text().trim().min(1, V.required).min(NAME_MIN, V.minLength3).max(NAME_MAX, V.maxLength);

/** The password criteria of SPEC §5 Registration, shared by registration and reset. */
export const ZNewPassword = text()
  .min(1, V.required)
  .min(PASSWORD_MIN, V.passwordMin)
  .max(PASSWORD_MAX, V.maxLength)
  .regex(/[A-Z]/, V.passwordUpper)
  .regex(/[a-z]/, V.passwordLower)
  .regex(/[0-9]/, V.passwordDigit)
  .regex(SPECIAL_CHAR, V.passwordSpecial);

export const ZRegisterInput = z
  .object({
    firstName: ZName,
    lastName: ZName,
    organizerName: ZName,
    email: ZEmail,
    confirmEmail: text().trim().min(1, V.required),
    password: ZNewPassword,
    locale: z.enum(LOCALES).default("de"),
  })
  .refine((v) => v.confirmEmail.toLowerCase() === v.email, {
    message: V.emailsMismatch,
    path: ["confirmEmail"],
  });
export type TRegisterInput = z.input<typeof ZRegisterInput>;

/** A team member's user name (created by its organiser instead of an email address). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const USERNAME_MAX = 40;

/**
 * The login field takes an email address, or a team member's user name: anything with an "@"
 * must be a valid address, anything else a valid user name.
 */
export const ZLoginInput = z.object({
  email: text()
    .trim()
    .min(1, V.loginRequired)
    .max(EMAIL_MAX, V.maxLength)
    // Empty or with forbidden characters: already refused by the checks above, one message is enough.
    .refine((v) => v === "" || hasForbiddenCharacters(v) || (v.includes("@") ? z.email().safeParse(v).success : v.length <= USERNAME_MAX && USERNAME_PATTERN.test(v)), V.email),
  password: text().min(1, V.loginRequired).max(PASSWORD_MAX, V.maxLength),
});
export type TLoginInput = z.input<typeof ZLoginInput>;

/** Event staff sign in with the name the organiser gave them. */
export const ZAgentLoginInput = z.object({
  username: text().trim().min(1, V.loginRequired).max(NAME_MAX, V.maxLength),
  password: text().min(1, V.loginRequired).max(PASSWORD_MAX, V.maxLength),
});
export type TAgentLoginInput = z.input<typeof ZAgentLoginInput>;

export const ZForgotPasswordInput = z.object({ email: ZEmail, locale: z.enum(LOCALES).optional() });
export type TForgotPasswordInput = z.input<typeof ZForgotPasswordInput>;

export const ZResetPasswordInput = z
  .object({
    token: text().min(1).max(200),
    password: ZNewPassword,
    confirmPassword: text().min(1, V.required),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: V.passwordsMismatch,
    path: ["confirmPassword"],
  });
export type TResetPasswordInput = z.input<typeof ZResetPasswordInput>;
