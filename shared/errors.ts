/**
 * Error codes the server sends. The server never sends translated text; the client maps each
 * code to a Lingui message (client/lib/error-messages.ts), SPEC §8 being the catalogue.
 */
export const APP_ERROR_CODES = [
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "BAD_REQUEST",
  "VALIDATION",
  "TOO_MANY_REQUESTS",
  "CONFLICT",
  "INTERNAL",
  "INVALID_CREDENTIALS",
  "ACCOUNT_NOT_ACTIVATED",
  "ACCOUNT_DISABLED",
  "EMAIL_TAKEN",
  "EMAIL_NOT_FOUND",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  "ALREADY_ACTIVATED",
  "CROSS_ORIGIN",
  "EVENT_CANCELLED",
  "EVENT_NOT_PUBLISHED",
  "DATES_LOCKED",
  "PROFILE_NOT_VERIFIED",
  "INSUFFICIENT_CONTINGENT",
  "EVENT_INCOMPLETE",
  "NO_TICKETS",
  "HAS_SALES",
  "INVALID_UPLOAD",
  "UPLOAD_TOO_LARGE",
  "INVALID_SCHEDULE",
  "TEMPLATE_CONFLICT",
  "TEMPLATE_IN_USE",
  "BLOCK_ACTION_REFUSED",
  "TEMPLATE_NOT_AVAILABLE",
  "SEATING_LOCKED",
  "EVENT_NOT_ON_SALE",
  "ACCESS_CODE_INVALID",
  "CART_NOT_FOUND",
  "CART_EXPIRED",
  "HOLD_ALREADY_EXTENDED",
  "SOLD_OUT",
  "SEAT_NOT_FOUND",
  "TICKET_BOXOFFICE_ONLY",
  "TICKET_NOT_YET_ON_SALE",
  "TICKET_SALE_ENDED",
  "TICKET_NOT_SELECTABLE",
  "TICKETS_BELOW_MIN",
  "TICKETS_ABOVE_MAX",
  "SEATS_PER_TICKET",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === "string" && (APP_ERROR_CODES as readonly string[]).includes(value);
}
