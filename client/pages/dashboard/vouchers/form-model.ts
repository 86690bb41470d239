import { z } from "zod";
import { VOUCHER_VALIDITY_DAYS, type VoucherKind, type VoucherStatus } from "../../../../shared/rules/voucher";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../../../shared/rules/zoned";
import { V } from "../../../../shared/schemas/messages";
import { ORDERS_TIME_ZONE } from "../../../../shared/schemas/organiser-orders";
import type { BulkVoucherInput, CreateVoucherInput } from "../../../../shared/schemas/vouchers";

/** Validity times are typed and shown in the time zone the orders area uses. */
export const VOUCHER_TIME_ZONE = ORDERS_TIME_ZONE;

/**
 * What the voucher forms hold. The field names are the API's, so the shared schema's and the
 * server's field errors land on the right field; the amounts are already integers (cents, or
 * basis points for a percentage: the inputs convert what is typed), null while empty.
 */
export type TermsValues = {
  kind: VoucherKind;
  value: number | null;
  minOrderCents: number | null;
  maxOrderCents: number | null;
  /** Off: unlimited redemptions. */
  limited: boolean;
  maxUses: number | string;
  eventId: string;
  ticketCategoryIds: string[];
  blockIds: string[];
  seatKeys: string[];
  /** Wall-clock "YYYY-MM-DD HH:mm:ss" in VOUCHER_TIME_ZONE, "" while empty. */
  validFrom: string;
  validUntil: string;
  description: string;
  status: VoucherStatus;
};
export type VoucherFormValues = TermsValues & { code: string };
export type BulkFormValues = TermsValues & { prefix: string; count: number | string };

export const TERMS_FIELDS = [
  "kind",
  "value",
  "minOrderCents",
  "maxOrderCents",
  "maxUses",
  "eventId",
  "ticketCategoryIds",
  "blockIds",
  "seatKeys",
  "validFrom",
  "validUntil",
  "description",
  "status",
] as const;

const wall = (d: Date) => dateToZonedWallTime(d, VOUCHER_TIME_ZONE);

/** SPEC §9: the validity proposed for `from` (10 days). */
export function proposedUntil(from: string): string {
  const start = wallToDate(from);
  return Number.isNaN(start.getTime()) ? "" : wall(new Date(start.getTime() + VOUCHER_VALIDITY_DAYS * 86_400_000));
}

/** A new voucher's terms: valid from now (to the minute) for VOUCHER_VALIDITY_DAYS days. */
export function initialTerms(now: Date = new Date()): TermsValues {
  const from = wall(new Date(Math.floor(now.getTime() / 60_000) * 60_000));
  return {
    kind: "percent",
    value: null,
    minOrderCents: 0,
    maxOrderCents: null,
    limited: false,
    maxUses: "",
    eventId: "",
    ticketCategoryIds: [],
    blockIds: [],
    seatKeys: [],
    validFrom: from,
    validUntil: proposedUntil(from),
    description: "",
    status: "active",
  };
}

type StoredTerms = Omit<CreateVoucherInput, "code" | "blockIds" | "seatKeys" | "description" | "status"> & {
  blockIds: string[];
  seatKeys: string[];
  description: string;
  status: VoucherStatus;
};

/** A stored voucher's terms as the form holds them. */
export function termsOf(v: StoredTerms): TermsValues {
  return {
    kind: v.kind,
    value: v.value,
    minOrderCents: v.minOrderCents,
    maxOrderCents: v.maxOrderCents,
    limited: v.maxUses !== null,
    maxUses: v.maxUses ?? "",
    eventId: v.eventId,
    ticketCategoryIds: [...v.ticketCategoryIds],
    blockIds: [...v.blockIds],
    seatKeys: [...v.seatKeys],
    validFrom: wall(v.validFrom),
    validUntil: wall(v.validUntil),
    description: v.description,
    status: v.status,
  };
}

function wallToDate(value: string): Date {
  if (!value.trim()) return new Date(Number.NaN);
  try {
    return zonedWallTimeToDate(value, VOUCHER_TIME_ZONE);
  } catch {
    return new Date(Number.NaN);
  }
}

const whole = (value: number | string): number => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value));

/** The terms as the API takes them (the server validates them again). */
export function termsInput(v: TermsValues): Omit<CreateVoucherInput, "code"> {
  return {
    kind: v.kind,
    value: v.value ?? Number.NaN,
    minOrderCents: v.minOrderCents ?? Number.NaN,
    maxOrderCents: v.maxOrderCents ?? Number.NaN,
    maxUses: v.limited ? whole(v.maxUses) : null,
    eventId: v.eventId,
    ticketCategoryIds: v.ticketCategoryIds,
    blockIds: v.blockIds,
    seatKeys: v.seatKeys,
    validFrom: wallToDate(v.validFrom),
    validUntil: wallToDate(v.validUntil),
    description: v.description,
    status: v.status,
  };
}

export const createInput = (v: VoucherFormValues): CreateVoucherInput => ({ ...termsInput(v), code: v.code });
export const bulkInput = (v: BulkFormValues): BulkVoucherInput => ({ ...termsInput(v), prefix: v.prefix, count: whole(v.count) });

/** Whether a field was left empty (its message then says "required", not "not a number"). */
function isEmpty(values: Record<string, unknown>, field: string): boolean {
  if (field === "maxUses") return values.limited === true && String(values.maxUses).trim() === "";
  const value = values[field];
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/**
 * A form schema for useZodForm: the shared schema run on what the form would send, its messages
 * kept (empty fields say "required"), every field's first issue at once.
 */
export function formSchema<T extends Record<string, unknown>>(shared: z.ZodType, toInput: (values: T) => unknown) {
  return z.custom<T>(() => true).superRefine((values, ctx) => {
    const result = shared.safeParse(toInput(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "");
      const message = isEmpty(values, field) ? V.required : issue.message.startsWith("v.") ? issue.message : V.required;
      ctx.addIssue({ code: "custom", path: issue.path.map((p) => (typeof p === "symbol" ? String(p) : p)), message });
    }
  });
}
