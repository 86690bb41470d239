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
  /** Control characters or broken Unicode (shared/schemas/text.ts). */
  invalidCharacters: "v.invalidCharacters",
  passwordsMismatch: "v.passwordsMismatch",
  loginRequired: "v.loginRequired",
  url: "v.url",
  /** A valid web address, but not on the network the field is for (profile tab social links). */
  facebookUrl: "v.facebookUrl",
  instagramUrl: "v.instagramUrl",
  youtubeUrl: "v.youtubeUrl",
  // Organiser account area (shared/schemas/account.ts)
  phone: "v.phone",
  vatId: "v.vatId",
  iban: "v.iban",
  bic: "v.bic",
  username: "v.username",
  number: "v.number",
  // Event schedule (shared/schemas/schedule.ts, shared/rules/recurrence.ts)
  date: "v.date",
  time: "v.time",
  timeZone: "v.timeZone",
  startBeforeEnd: "v.startBeforeEnd",
  endAfterStart: "v.endAfterStart",
  endDateBeforeStart: "v.endDateBeforeStart",
  untilBeforeStart: "v.untilBeforeStart",
  repeatEndRequired: "v.repeatEndRequired",
  countRange: "v.countRange",
  tooManyDates: "v.tooManyDates",
  perDayCount: "v.perDayCount",
  /** A repeating run of days is longer than its repeat interval, so runs would overlap. */
  runTooLong: "v.runTooLong",
  /** The clocks skip the start time on a date (spring forward) and it then falls after the end. */
  dstGap: "v.dstGap",
  // Vouchers (shared/schemas/vouchers.ts)
  voucherCode: "v.voucherCode",
  voucherPrefix: "v.voucherPrefix",
  percentMax: "v.percentMax",
  positive: "v.positive",
  minAboveMax: "v.minAboveMax",
  validUntilBeforeFrom: "v.validUntilBeforeFrom",
  // Resellers (shared/schemas/resellers.ts)
  eventsRequired: "v.eventsRequired",
  ticketsRequired: "v.ticketsRequired",
  priceNegative: "v.priceNegative",
  duplicate: "v.duplicate",
} as const;
export type ValidationMessage = (typeof V)[keyof typeof V];
