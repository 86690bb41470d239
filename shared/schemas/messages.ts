/**
 * Validation message codes. Zod schemas in ./shared/ use these codes as their messages; the
 * client translates them (client/lib/validation-messages.ts), so the same schema speaks German
 * and English in the form and on the server.
 */
export const V = {
  required: "v.required",
  email: "v.email",
  emailsMismatch: "v.emailsMismatch",
  minLength3: "v.minLength3",
  passwordMin: "v.passwordMin",
  passwordUpper: "v.passwordUpper",
  passwordLower: "v.passwordLower",
  passwordDigit: "v.passwordDigit",
  passwordSpecial: "v.passwordSpecial",
  maxLength: "v.maxLength",
  passwordsMismatch: "v.passwordsMismatch",
  loginRequired: "v.loginRequired",
  url: "v.url",
  number: "v.number",
} as const;
export type ValidationMessage = (typeof V)[keyof typeof V];
