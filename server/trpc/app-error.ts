import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { AppErrorCode } from "../../shared/errors";

const TRPC_CODE: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  UNAUTHENTICATED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  BAD_REQUEST: "BAD_REQUEST",
  VALIDATION: "BAD_REQUEST",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  CONFLICT: "CONFLICT",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  INVALID_CREDENTIALS: "UNAUTHORIZED",
  ACCOUNT_NOT_ACTIVATED: "FORBIDDEN",
  ACCOUNT_DISABLED: "FORBIDDEN",
  EMAIL_TAKEN: "CONFLICT",
  EMAIL_NOT_FOUND: "NOT_FOUND",
  INVALID_TOKEN: "BAD_REQUEST",
  TOKEN_EXPIRED: "BAD_REQUEST",
  ALREADY_ACTIVATED: "CONFLICT",
  CROSS_ORIGIN: "FORBIDDEN",
  EVENT_CANCELLED: "CONFLICT",
  EVENT_NOT_PUBLISHED: "CONFLICT",
  DATES_LOCKED: "CONFLICT",
  PROFILE_NOT_VERIFIED: "FORBIDDEN",
  INSUFFICIENT_CONTINGENT: "FORBIDDEN",
  EVENT_INCOMPLETE: "BAD_REQUEST",
  NO_TICKETS: "BAD_REQUEST",
  HAS_SALES: "CONFLICT",
  INVALID_UPLOAD: "BAD_REQUEST",
  UPLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  INVALID_SCHEDULE: "BAD_REQUEST",
  TEMPLATE_CONFLICT: "CONFLICT",
  TEMPLATE_IN_USE: "CONFLICT",
  BLOCK_ACTION_REFUSED: "CONFLICT",
  TEMPLATE_NOT_AVAILABLE: "BAD_REQUEST",
  SEATING_LOCKED: "CONFLICT",
  EVENT_NOT_ON_SALE: "CONFLICT",
  ACCESS_CODE_INVALID: "FORBIDDEN",
  CART_NOT_FOUND: "NOT_FOUND",
  CART_EXPIRED: "CONFLICT",
  HOLD_ALREADY_EXTENDED: "CONFLICT",
  SOLD_OUT: "CONFLICT",
  SEAT_NOT_FOUND: "NOT_FOUND",
  TICKET_BOXOFFICE_ONLY: "FORBIDDEN",
  TICKET_NOT_YET_ON_SALE: "CONFLICT",
  TICKET_SALE_ENDED: "CONFLICT",
  TICKET_NOT_SELECTABLE: "CONFLICT",
  TICKETS_BELOW_MIN: "BAD_REQUEST",
  TICKETS_ABOVE_MAX: "BAD_REQUEST",
  SEATS_PER_TICKET: "BAD_REQUEST",
  CART_CHANGED: "CONFLICT",
  PARTICIPANT_REQUIRED: "BAD_REQUEST",
  ORDER_UNAVAILABLE: "NOT_FOUND",
  TICKETS_UNAVAILABLE: "CONFLICT",
  HOLD_LIMIT_REACHED: "TOO_MANY_REQUESTS",
  CART_LIMIT_REACHED: "TOO_MANY_REQUESTS",
  PLAN_SEAT_LIMIT: "BAD_REQUEST",
  EVENT_SEAT_DATE_LIMIT: "BAD_REQUEST",
  IMAGE_TOO_LARGE: "BAD_REQUEST",
};

/** The one error type services throw. `field` points a code at a form field. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly field: string | undefined;
  /** A machine-readable detail for the client (e.g. the refused block action). */
  readonly detail: string | undefined;
  /** For a refusal by a limit: seconds until trying again makes sense (HTTP Retry-After). */
  readonly retryAfter: number | undefined;

  constructor(
    code: AppErrorCode,
    options: { field?: string; message?: string; detail?: string; cause?: unknown; retryAfter?: number } = {},
  ) {
    super(options.message ?? code, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.field = options.field;
    this.detail = options.detail;
    this.retryAfter = options.retryAfter;
  }

  get trpcCode(): TRPC_ERROR_CODE_KEY {
    return TRPC_CODE[this.code];
  }
}

/** The AppErrorCode that stands for a plain tRPC code (auth middleware, parse errors, ...). */
export function appCodeFromTrpc(code: TRPC_ERROR_CODE_KEY): AppErrorCode {
  switch (code) {
    case "UNAUTHORIZED":
      return "UNAUTHENTICATED";
    case "FORBIDDEN":
      return "FORBIDDEN";
    case "NOT_FOUND":
      return "NOT_FOUND";
    case "BAD_REQUEST":
    case "PARSE_ERROR":
      return "BAD_REQUEST";
    case "TOO_MANY_REQUESTS":
      return "TOO_MANY_REQUESTS";
    case "CONFLICT":
      return "CONFLICT";
    default:
      return "INTERNAL";
  }
}
