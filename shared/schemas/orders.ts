import { z } from "zod";
import { LOCALES } from "../enums";
import { V } from "./messages";
import { text } from "./text";
import { ZCartCredentials } from "./shop";
import { ZEnteredVoucherCode } from "./vouchers";
import type { ParticipantRule } from "../rules/checkout";

/** SPEC §3/§4: an order is valid or cancelled; before payment it is pending, unpaid ones fail. */
export const ORDER_STATUSES = ["pending", "valid", "failed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** SPEC §4 ticket lines: active, canceled, checked-in. */
export const LINE_STATUSES = ["active", "canceled", "checked_in"] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
/** SPEC §3/§9 payment methods recorded; online payments go through the provider ("online"). */
export const PAYMENT_METHODS = ["online", "cash", "card", "paypal", "free_of_charge", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * Where an order was sold (issue 16): the online shop, the box office, a reseller; or printed
 * as hard tickets (issue 20: a print run's tickets, inactive until activated by a scan).
 */
export const ORDER_CHANNELS = ["online", "box_office", "reseller", "hard_ticket"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** Why a ticket line was canceled. */
export const LINE_CANCEL_REASONS = ["organiser", "event_cancelled", "date_changed", "payment_lost", "print_voided"] as const;
export type LineCancelReason = (typeof LINE_CANCEL_REASONS)[number];
/** An order's invoice, and the credit note of a cancellation. */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A party of an invoice (SPEC §3: from, to, street, zip, town, VAT ID, tax number). */
export type InvoiceParty = {
  name: string;
  company?: string | undefined;
  street?: string | undefined;
  zip?: string | undefined;
  city?: string | undefined;
  country?: string | undefined;
  email?: string | undefined;
  vatId?: string | undefined;
  taxNumber?: string | undefined;
};
/** One position of an invoice: gross amounts, VAT included at its rate. */
export type InvoiceItem = { text: string; quantity: number; unitCents: number; totalCents: number; vatRateBp: number };
/** The VAT breakdown per rate: net, VAT, gross. */
export type InvoiceVatRow = { rateBp: number; netCents: number; vatCents: number; grossCents: number };

const trimmed = (max: number) => text().trim().max(max, V.maxLength);
const optional = (max: number) =>
  trimmed(max)
    .transform((v) => (v === "" ? undefined : v))
    .optional();

/** The buyer of SPEC §3 Order: names and email required, the rest optional. */
export const ZBuyer = z.object({
  firstName: trimmed(100).min(1, V.required),
  lastName: trimmed(100).min(1, V.required),
  email: text().trim().max(254, V.maxLength).pipe(z.email(V.email)),
  title: optional(50),
  gender: z.enum(["female", "male", "diverse", "unspecified"]).optional(),
  handicap: z.boolean().optional(),
  phone: optional(50),
  mobile: optional(50),
  street: optional(200),
  zip: optional(20),
  city: optional(100),
  country: optional(2),
  website: optional(300),
  blog: optional(300),
  jobTitle: optional(100),
  company: optional(200),
  businessAddress: optional(300),
  businessPhone: optional(50),
});
export type BuyerDetails = z.output<typeof ZBuyer>;

/** Amounts of an order in cents, computed by the server (shared/rules/pricing.ts). */
export type OrderAmounts = {
  ticketsCents: number;
  optionsCents: number;
  feesCents: number;
  discountCents: number;
  vatCents: number;
  totalCents: number;
  vat: { rateBp: number; vatCents: number }[];
  /** Box office sales (decision 017): the fee per chargeable ticket and their sum, in the total; no service fee. */
  boxOfficeFeesCents?: number;
  boxOfficeFeeCents?: number;
  /** The voucher whose discount `discountCents` is (decision 020). */
  voucherCode?: string;
};

/** One ticket of the checkout: which held seats or counted place it is, its options and participant data. */
export const ZCheckoutTicket = z.object({
  ticketCategoryId: z.uuid(),
  /** Seat keys of a seated ticket (as many as the category's seats per ticket). */
  seatKeys: z.array(text().max(60)).max(100).default([]),
  /** Standing block of a counted ticket, or null (event without a plan). */
  areaId: text().max(40).nullable().default(null),
  /** Indexes into the category's booking options. */
  bookingOptions: z.array(z.number().int().min(0).max(20)).max(20).default([]),
  participant: z.record(z.string().regex(/^[a-z0-9_]{1,40}$/), trimmed(300)).default({}),
});

/**
 * The shop: apply a code to the buyer's cart (reserves one use). `tickets` are the checkout's
 * tickets as they stand (with their booking options): the discount is checked on them.
 */
export const ZApplyVoucherInput = z.object({
  cart: ZCartCredentials,
  code: ZEnteredVoucherCode,
  tickets: z.array(ZCheckoutTicket).min(1).max(200),
});
export type ApplyVoucherInput = z.input<typeof ZApplyVoucherInput>;

export const ZCheckoutInput = z.object({
  cart: ZCartCredentials,
  /** Random per checkout form: a double submit creates one order. */
  idempotencyKey: text().min(16).max(100),
  buyer: ZBuyer,
  tickets: z.array(ZCheckoutTicket).min(1).max(200),
  acceptTerms: z.literal(true, V.required),
  locale: z.enum(LOCALES),
  /** The voucher the buyer applied (null: none); the server applies it again under its lock. */
  voucherCode: ZEnteredVoucherCode.nullable().default(null),
});
export type CheckoutInput = z.input<typeof ZCheckoutInput>;

/**
 * The checkout form, derived from the input it submits: the same buyer (an empty email says
 * "required" rather than "invalid format"), each ticket's booking options and the event's own
 * participant fields (the required ones filled), and the terms ticked.
 */
export function checkoutFormSchema(fields: readonly ParticipantRule[]) {
  const participant = z.object(Object.fromEntries(fields.map((f) => [f.key, f.required ? trimmed(300).min(1, V.required) : trimmed(300)])));
  return z.object({
    buyer: ZBuyer.extend({ email: text().trim().min(1, V.required).pipe(ZBuyer.shape.email) }),
    tickets: z.array(z.object({ bookingOptions: z.array(z.number().int()), participant })),
    acceptTerms: z.boolean().refine((v) => v, V.required),
  });
}
export type CheckoutFormValues = z.input<ReturnType<typeof checkoutFormSchema>>;
