import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { TRPCClientError } from "@trpc/client";
import type { AppErrorCode } from "../../shared/errors";
import { V, type ValidationMessage } from "../../shared/schemas/messages";
import type { AppRouter } from "../../server/trpc/router";

/** SPEC §8 texts for every code the server sends. */
const ERROR_MESSAGES: Record<AppErrorCode, MessageDescriptor> = {
  UNAUTHENTICATED: msg`User is not authenticated`,
  FORBIDDEN: msg`You do not have permission to do this.`,
  NOT_FOUND: msg`Not found.`,
  BAD_REQUEST: msg`Something went wrong`,
  VALIDATION: msg`Please check the highlighted fields.`,
  TOO_MANY_REQUESTS: msg`Too many attempts. Please wait a few minutes and try again.`,
  CONFLICT: msg`Something went wrong`,
  INTERNAL: msg`Something went wrong`,
  INVALID_CREDENTIALS: msg`Error logging in: email or password is wrong.`,
  ACCOUNT_NOT_ACTIVATED: msg`Your account is not activated yet. Please use the link in the activation email.`,
  ACCOUNT_DISABLED: msg`This account is deactivated.`,
  EMAIL_TAKEN: msg`An account with this email address already exists.`,
  EMAIL_NOT_FOUND: msg`Email not found.`,
  INVALID_TOKEN: msg`This link is invalid or has already been used.`,
  TOKEN_EXPIRED: msg`This link has expired. Please request a new one.`,
  ALREADY_ACTIVATED: msg`This account has already been activated.`,
  CROSS_ORIGIN: msg`Something went wrong`,
};

const VALIDATION_MESSAGES: Record<ValidationMessage, MessageDescriptor> = {
  [V.required]: msg`This field is required.`,
  [V.email]: msg`Invalid email format.`,
  [V.emailsMismatch]: msg`The email addresses do not match.`,
  [V.minLength3]: msg`At least 3 characters.`,
  [V.passwordMin]: msg`At least 8 characters.`,
  [V.passwordUpper]: msg`At least one uppercase letter.`,
  [V.passwordLower]: msg`At least one lowercase letter.`,
  [V.passwordDigit]: msg`At least one digit.`,
  [V.passwordSpecial]: msg`At least one special character.`,
  [V.maxLength]: msg`Maximum length reached.`,
  [V.passwordsMismatch]: msg`The passwords do not match.`,
  [V.loginRequired]: msg`Please enter an email address and a password!`,
  [V.url]: msg`Please enter a valid web address (https://...).`,
  [V.number]: msg`Please enter a valid number.`,
};

export type ServerError = TRPCClientError<AppRouter>;

export function appCodeOf(error: unknown): AppErrorCode | null {
  if (error instanceof TRPCClientError) {
    const code = (error.data as { appCode?: AppErrorCode } | undefined)?.appCode;
    return code ?? null;
  }
  return null;
}

/** A translated sentence for any error: SPEC §8 for known codes, "no response" for network failures. */
export function describeError(i18n: I18n, error: unknown): string {
  const code = appCodeOf(error);
  if (code) return i18n._(ERROR_MESSAGES[code]);
  if (error instanceof TRPCClientError && !error.data) return i18n._(msg`No response received from the server.`);
  return i18n._(msg`An unknown error occurred.`);
}

/** Translates a validation code (or an AppErrorCode sent for a field). */
export function translateFieldMessage(i18n: I18n, code: string): string {
  if (code in VALIDATION_MESSAGES) return i18n._(VALIDATION_MESSAGES[code as ValidationMessage]);
  if (code in ERROR_MESSAGES) return i18n._(ERROR_MESSAGES[code as AppErrorCode]);
  return code;
}

/** The server's field errors, translated, ready for `form.setErrors`. */
export function fieldErrorsOf(i18n: I18n, error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fieldErrors = (error.data as { fieldErrors?: Record<string, string[]> | null } | undefined)?.fieldErrors;
  if (!fieldErrors) return {};
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, codes]) => [field, translateFieldMessage(i18n, codes[0] ?? "")]),
  );
}
