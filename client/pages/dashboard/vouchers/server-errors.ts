import type { I18n } from "@lingui/core";
import type { AppErrorCode } from "../../../../shared/errors";
import { appCodeOf, describeError, fieldErrorsOf } from "../../../lib/errors";

/** Where a voucher error of the server belongs (when the server names no field). */
const FIELD_OF_CODE: Partial<Record<AppErrorCode, string>> = {
  VOUCHER_CODE_EXISTS: "code",
  VOUCHER_EVENT_NOT_FOUND: "eventId",
  VOUCHER_TICKET_NOT_FOUND: "ticketCategoryIds",
  VOUCHER_BLOCK_NOT_FOUND: "blockIds",
  VOUCHER_SEAT_NOT_FOUND: "seatKeys",
  VOUCHER_LIMIT_BELOW_USES: "maxUses",
};

/**
 * A refusal of the server as errors of the form's `fields`, translated (for form.setErrors);
 * null when it belongs to none of them (the form then shows it in its alert only).
 */
export function serverErrorsOnFields(i18n: I18n, error: unknown, fields: readonly string[]): Record<string, string> | null {
  const known = new Set(fields);
  const onFields: Record<string, string> = {};
  for (const [key, text] of Object.entries(fieldErrorsOf(i18n, error))) {
    const field = known.has(key) ? key : key.split(".")[0]!;
    if (known.has(field)) onFields[field] ??= text;
  }
  if (Object.keys(onFields).length > 0) return onFields;
  const code = appCodeOf(error);
  const field = code ? FIELD_OF_CODE[code] : undefined;
  if (field && known.has(field)) return { [field]: describeError(i18n, error) };
  return null;
}
