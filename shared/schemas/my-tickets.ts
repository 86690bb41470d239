import { z } from "zod";
import { MAX_PRICE_CENTS } from "../rules/money";
import { VE } from "./event-messages";
import { V } from "./messages";
import { TICKET_VISIBILITY } from "./tickets";

/**
 * My Tickets (issue 22 item 2, decision 026): every ticket category of the organiser across its
 * events, and the quick changes that stay safe once tickets have been sold.
 */

/**
 * A category's state: draft, scheduled (released later, or its sale has not started), on sale,
 * sold out (in its sale window with no place left), ended (its sale window is over on every
 * date) and cancelled (its event was cancelled).
 */
export const MY_TICKET_STATES = ["on_sale", "scheduled", "sold_out", "ended", "draft", "cancelled"] as const;
export type MyTicketState = (typeof MY_TICKET_STATES)[number];

export const MY_TICKETS_PAGE_SIZES = [25, 50, 100] as const;
export const MY_TICKETS_MAX_PAGE_SIZE = 100;

export const ZMyTicketsListInput = z.strictObject({
  eventId: z.uuid().nullable().optional(),
  state: z.enum(MY_TICKET_STATES).nullable().optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(MY_TICKETS_MAX_PAGE_SIZE).default(25),
});
export type MyTicketsListInput = z.input<typeof ZMyTicketsListInput>;

/**
 * The quick change of one category: only the fields that are safe after sales started. A field
 * left out stays as it is; `saleEndAt: null` sells until the event ends.
 */
export const ZMyTicketUpdateInput = z
  .strictObject({
    ticketCategoryId: z.uuid(),
    /** Applies to sales from now on; sold tickets keep the price their order line stored. */
    priceCents: z.number(VE.price).int(VE.price).min(1, VE.chargeableNoPrice).max(MAX_PRICE_CENTS, VE.price).optional(),
    /** Per date; never below what a date has sold or holds in carts (TICKET_QUANTITY_BELOW_SOLD). */
    dailyQuantity: z.number(VE.positiveInt).int(VE.positiveInt).min(1, VE.positiveInt).max(1_000_000, VE.positiveInt).optional(),
    saleEndAt: z.coerce.date(VE.dateTime).nullable().optional(),
    visibility: z.enum(TICKET_VISIBILITY).optional(),
  })
  .refine((v) => v.priceCents !== undefined || v.dailyQuantity !== undefined || v.saleEndAt !== undefined || v.visibility !== undefined, {
    message: V.required,
    path: ["_form"],
  });
export type TMyTicketUpdateInput = z.input<typeof ZMyTicketUpdateInput>;
