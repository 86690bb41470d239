import { z } from "zod";
import { LOCALES } from "../enums";
import { V } from "./messages";
import { ZCheckoutTicket } from "./orders";
import { ZCartCredentials } from "./shop";
import { text } from "./text";
import { ZEnteredVoucherCode } from "./vouchers";

/** How the counter prints an event's tickets (decision 017): A4, DIN long (99 × 210 mm), receipt (80 mm wide). */
export const BOX_OFFICE_PRINT_FORMATS = ["a4", "din_long", "receipt"] as const;
export type BoxOfficePrintFormat = (typeof BOX_OFFICE_PRINT_FORMATS)[number];

/** SPEC §9 payment methods at the counter (card and PayPal are recorded; their terminals are outside the product). */
export const COUNTER_PAYMENT_METHODS = ["cash", "card", "paypal", "free_of_charge", "other"] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];

/** The highest box office fee per ticket and amount of cash the counter accepts (1,000.00 / 100,000.00 EUR). */
export const MAX_BOX_OFFICE_FEE_CENTS = 100_000;
export const MAX_CASH_CENTS = 10_000_000;

const cents = (max: number) => z.number(V.number).int(V.number).min(0, V.number).max(max, V.number);

export const ZBoxOfficeEventRef = z.object({ eventId: z.uuid() });

export const ZUpdateBoxOfficeInput = z.object({
  eventId: z.uuid(),
  /** Gross, with the event's VAT; per chargeable ticket sold at the counter. */
  feeCents: cents(MAX_BOX_OFFICE_FEE_CENTS),
  printFormat: z.enum(BOX_OFFICE_PRINT_FORMATS),
});
export type UpdateBoxOfficeInput = z.input<typeof ZUpdateBoxOfficeInput>;

export const ZBoxOfficeScopeRef = z.object({ scopeId: z.uuid() });

const trimmed = (max: number) => text().trim().max(max, V.maxLength);

/** The buyer at the counter: optional; an email sends the confirmation with the tickets. */
export const ZCounterBuyer = z.object({
  firstName: trimmed(100).default(""),
  lastName: trimmed(100).default(""),
  email: z.union([z.literal(""), text().trim().max(254, V.maxLength).pipe(z.email(V.email))]).default(""),
});

export const ZSellInput = z.object({
  /** The counter's cart (boxOffice.hold / holdBest). */
  cart: ZCartCredentials,
  /** Random per sale on the counter screen: a double click or a retry gives one order. */
  idempotencyKey: text().min(16).max(100),
  shiftId: z.uuid(),
  tickets: z.array(ZCheckoutTicket).min(1).max(200),
  paymentMethod: z.enum(COUNTER_PAYMENT_METHODS),
  /** Cash only: what the buyer handed over (must cover the total; the change is returned). */
  cashGivenCents: cents(MAX_CASH_CENTS).optional(),
  buyer: ZCounterBuyer.optional(),
  /** The language of the confirmation mail and the tickets. */
  locale: z.enum(LOCALES).default("de"),
  /** A voucher the buyer hands over (decision 020): redeemed with the sale or not at all. */
  voucherCode: ZEnteredVoucherCode.nullable().default(null),
});
export type SellInput = z.input<typeof ZSellInput>;

export const ZOpenShiftInput = z.object({ startingCashCents: cents(MAX_CASH_CENTS) });
export const ZCloseShiftInput = z.object({ shiftId: z.uuid(), countedCashCents: cents(MAX_CASH_CENTS) });
export const ZShiftRef = z.object({ shiftId: z.uuid() });
export const ZSaleRef = z.object({ orderId: z.uuid() });
export const ZShiftListInput = z.object({
  limit: z.number().int().min(1).max(100).default(30),
  /** Shifts opened before this one (paging newest first). */
  before: z.iso.datetime({ offset: true }).optional(),
});

/** One payment method's row of a Z-report. */
export type ZReportMethodRow = { method: CounterPaymentMethod; sales: number; salesCents: number; refunds: number; refundsCents: number };

/** A shift's Z-report (frozen when the shift closes). */
export type ZReportData = {
  shiftId: string;
  cashier: string;
  openedAt: string;
  closedAt: string | null;
  startingCashCents: number;
  countedCashCents: number | null;
  methods: ZReportMethodRow[];
  salesCount: number;
  ticketsCount: number;
  salesCents: number;
  refundsCents: number;
  boxOfficeFeesCents: number;
  /** Start + cash sales − cash refunds. */
  cashExpectedCents: number;
  /** Counted − expected (null while the shift is open). */
  differenceCents: number | null;
};

/** The counter checks a voucher against its cart's tickets before the sale (nothing is reserved). */
export const ZCounterVoucherInput = z.object({ cart: ZCartCredentials, code: ZEnteredVoucherCode, tickets: z.array(ZCheckoutTicket).min(1).max(200) });
