import type { AppErrorCode } from "../../shared/errors";

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
}
