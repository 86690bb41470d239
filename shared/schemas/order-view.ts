import { z } from "zod";
import { INVOICE_KINDS, LINE_STATUSES, ORDER_STATUSES, type OrderAmounts } from "./orders";

/**
 * The buyer's order view (SPEC §2 tickets-view), pinned like the shop's reads: strict objects,
 * the stored amounts as stored.
 */
export const ZOrderViewOutput = z.strictObject({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  refunded: z.boolean(),
  eventId: z.string(),
  scopeId: z.string(),
  isSeason: z.boolean(),
  eventName: z.string(),
  timeZone: z.string(),
  startsAt: z.date().nullable(),
  buyer: z.strictObject({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  amounts: z.custom<OrderAmounts>(() => true),
  createdAt: z.date(),
  paidAt: z.date().nullable(),
  lines: z.array(
    z.strictObject({
      id: z.string(),
      categoryName: z.string(),
      // A counted ticket names its area; a seated one its block, row and seat per seat.
      places: z.array(z.union([z.strictObject({ area: z.string() }), z.strictObject({ block: z.string(), row: z.string(), seat: z.string() })])),
      totalCents: z.number().int(),
      status: z.enum(LINE_STATUSES),
    }),
  ),
  /** The organiser's invoice and credit notes to the buyer (PDF at /api/orders/{id}/invoices/{invoiceId}.pdf?key=…). */
  invoices: z.array(z.strictObject({ id: z.string(), number: z.string(), kind: z.enum(INVOICE_KINDS) })),
});

/** Where a buyer goes after placing or resuming an order: the payment page, or the success page. */
export const ZCheckoutResult = z.strictObject({ orderId: z.string(), status: z.enum(ORDER_STATUSES), redirectUrl: z.string() });
