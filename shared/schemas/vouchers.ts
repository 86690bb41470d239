import { z } from "zod";
import {
  MAX_BULK_VOUCHERS,
  MAX_ORDER_VALUE_CENTS,
  MAX_VOUCHER_FIXED_CENTS,
  MAX_VOUCHER_USES,
  VOUCHER_CODE_MAX,
  VOUCHER_CODE_MIN,
  VOUCHER_CODE_PATTERN,
  VOUCHER_KINDS,
  VOUCHER_STATES,
  VOUCHER_STATUSES,
} from "../rules/voucher";
import { V } from "./messages";
import { ZCartCredentials } from "./shop";
import { text } from "./text";

/**
 * Vouchers (issue 19, decision 020): the organiser's forms and the buyer's code. The rules of
 * what a voucher does live in shared/rules/voucher.ts; these are the inputs' shapes. Amounts
 * travel in cents, percentages in basis points (the forms convert what is typed).
 */

/** A code as typed: trimmed, 3–64 letters, digits, "-" or "_"; stored and compared in upper case. */
export const ZVoucherCode = text()
  .trim()
  .min(VOUCHER_CODE_MIN, V.voucherCode)
  .max(VOUCHER_CODE_MAX, V.voucherCode)
  .regex(VOUCHER_CODE_PATTERN, V.voucherCode)
  .transform((c) => c.toUpperCase());

/** The prefix of bulk codes: empty, or up to 20 of the code's characters. */
export const ZVoucherPrefix = text()
  .trim()
  .max(20, V.voucherPrefix)
  .regex(/^[A-Za-z0-9_-]*$/, V.voucherPrefix)
  .transform((c) => c.toUpperCase())
  .default("");

const cents = (max: number) => z.number(V.number).int(V.number).min(0, V.number).max(max, V.number);

/** Everything of a voucher but its code (a bulk creation gives every code the same). */
const ZVoucherTermsShape = z.object({
  kind: z.enum(VOUCHER_KINDS),
  /** Cents (fixed) or basis points (percent, 10000 = 100 %). */
  value: z.number(V.number).int(V.number).min(1, V.positive).max(MAX_VOUCHER_FIXED_CENTS, V.number),
  minOrderCents: cents(MAX_ORDER_VALUE_CENTS),
  maxOrderCents: cents(MAX_ORDER_VALUE_CENTS).min(1, V.positive),
  /** Null: unlimited redemptions. */
  maxUses: z.number(V.number).int(V.number).min(1, V.positive).max(MAX_VOUCHER_USES, V.number).nullable(),
  /** The event or season (a season's voucher works on its events too). */
  eventId: z.uuid(),
  ticketCategoryIds: z.array(z.uuid()).min(1, V.required).max(500),
  blockIds: z.array(text().trim().min(1).max(60)).max(1000).default([]),
  seatKeys: z.array(text().trim().min(1).max(60)).max(20_000).default([]),
  validFrom: z.date(V.date),
  validUntil: z.date(V.date),
  description: text({ multiline: true }).trim().max(1000, V.maxLength).default(""),
  status: z.enum(VOUCHER_STATUSES).default("active"),
});

type TermsShape = z.output<typeof ZVoucherTermsShape>;

/** The form rules that span fields: percent ≤ 100 %, minimum ≤ maximum, end after start. */
function refineTerms(v: TermsShape, ctx: z.RefinementCtx) {
  if (v.kind === "percent" && v.value > 10000) ctx.addIssue({ code: "custom", path: ["value"], message: V.percentMax });
  if (v.minOrderCents > v.maxOrderCents) ctx.addIssue({ code: "custom", path: ["maxOrderCents"], message: V.minAboveMax });
  if (v.validUntil.getTime() <= v.validFrom.getTime()) ctx.addIssue({ code: "custom", path: ["validUntil"], message: V.validUntilBeforeFrom });
}

export const ZCreateVoucherInput = ZVoucherTermsShape.extend({ code: ZVoucherCode }).superRefine(refineTerms);
export type CreateVoucherInput = z.input<typeof ZCreateVoucherInput>;

export const ZUpdateVoucherInput = ZVoucherTermsShape.extend({ voucherId: z.uuid(), code: ZVoucherCode }).superRefine(refineTerms);
export type UpdateVoucherInput = z.input<typeof ZUpdateVoucherInput>;

/** N unique random codes with a prefix, one transaction (all or none). */
export const ZBulkVoucherInput = ZVoucherTermsShape.extend({
  prefix: ZVoucherPrefix,
  count: z.number(V.number).int(V.number).min(1, V.positive).max(MAX_BULK_VOUCHERS, V.number),
}).superRefine(refineTerms);
export type BulkVoucherInput = z.input<typeof ZBulkVoucherInput>;

export const ZVoucherRef = z.object({ voucherId: z.uuid() });

export const ZVoucherListInput = z.object({
  search: text().trim().max(64).default(""),
  eventId: z.uuid().optional(),
  state: z.enum(VOUCHER_STATES).optional(),
  /** The codes of one bulk creation. */
  batchId: z.uuid().optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.union([z.literal(25), z.literal(50), z.literal(100)]).default(25),
});
export type VoucherListInput = z.input<typeof ZVoucherListInput>;

/** A code typed at checkout or at the counter: anything up to 64 characters is looked up (an impossible code is "invalid"). */
export const ZEnteredVoucherCode = text().trim().min(1, V.required).max(VOUCHER_CODE_MAX, V.voucherCode);

/** The shop: take the applied voucher off the buyer's cart (its reserved use goes back). */
export const ZRemoveVoucherInput = z.object({ cart: ZCartCredentials });
