import { z } from "zod";
import { V } from "./messages";

/**
 * Characters no text field takes: C0 controls (NUL makes Postgres fail the whole statement),
 * DEL, C1 controls, and lone UTF-16 surrogates (no valid UTF-8 exists for them). A multi-line
 * field keeps tab, line feed and carriage return.
 */
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextOptions = {
  /** Tab and line breaks allowed (descriptions, messages, answers). */
  multiline?: boolean;
};

export function hasForbiddenCharacters(value: string, options: TextOptions = {}): boolean {
  const control = options.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return control.test(value) || LONE_SURROGATE.test(value);
}

/**
 * The string every schema of ./shared/ starts from: a plain z.string() that refuses forbidden
 * characters with "v.invalidCharacters" (a field error, answered 400, never a database error).
 */
export function text(options: TextOptions = {}) {
  return z.string().refine((v) => !hasForbiddenCharacters(v, options), V.invalidCharacters);
}
