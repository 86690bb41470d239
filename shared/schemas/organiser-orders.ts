import { z } from "zod";
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_METHODS } from "./orders";
import { text } from "./text";

/**
 * The organiser's orders (issue 16, SPEC §2 "Orders"): the list's filters, paging and sorting,
 * and the inputs of cancellations and date changes. Outputs are the services' own types
 * (client: RouterOutputs["organiserOrders"][...]).
 */

/** Periods are calendar days in this time zone (decision 015). */
export const ORDERS_TIME_ZONE = "Europe/Berlin";

export const ORDER_SORTS = ["createdAt", "number", "buyer", "total", "status"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** What the list and the CSV export filter by (the same for both). */
export const ZOrderFilter = z.object({
  /** Order number, buyer name or email (parts of them), or a ticket code. */
  search: text().trim().max(200).default(""),
  eventId: z.uuid().optional(),
  /** An event date (or a season: its orders). */
  scopeId: z.uuid().optional(),
  /** Orders placed from this day on (inclusive), YYYY-MM-DD in ORDERS_TIME_ZONE. */
  from: z.iso.date().optional(),
  /** Orders placed up to this day (inclusive). */
  to: z.iso.date().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
});
export type OrderFilter = z.output<typeof ZOrderFilter>;
export type OrderFilterInput = z.input<typeof ZOrderFilter>;

export const ORDER_PAGE_SIZES = [25, 50, 100] as const;

export const ZOrderListInput = ZOrderFilter.extend({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.union([z.literal(25), z.literal(50), z.literal(100)]).default(25),
  sort: z.enum(ORDER_SORTS).default("createdAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
});
export type OrderListInput = z.input<typeof ZOrderListInput>;

export const ZOrderRef = z.object({ orderId: z.uuid() });

/** Cancel chosen ticket lines, or the whole order when `lineIds` is absent. */
export const ZCancelOrderInput = z.object({
  orderId: z.uuid(),
  lineIds: z.array(z.uuid()).min(1).max(200).optional(),
});
export type CancelOrderInput = z.input<typeof ZCancelOrderInput>;

/**
 * Move ticket lines to another date of the same event. `seats` names, per line, the seats to
 * take on the new date (as many as the line has); a line without an entry keeps its seats if
 * they are free there. Standing places keep their area.
 */
export const ZChangeDateInput = z.object({
  orderId: z.uuid(),
  lineIds: z.array(z.uuid()).min(1).max(200),
  targetScopeId: z.uuid(),
  seats: z.record(z.uuid(), z.array(text().max(60)).min(1).max(100)).default({}),
});
export type ChangeDateInput = z.input<typeof ZChangeDateInput>;

export const ZRetryRefundInput = z.object({ orderId: z.uuid(), refundId: z.uuid() });
