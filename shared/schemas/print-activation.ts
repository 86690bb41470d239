import { z } from "zod";
import { COUNTER_PAYMENT_METHODS } from "./boxoffice";
import { SCAN_INPUT_MAX } from "./checkin";
import { V } from "./messages";
import { text } from "./text";

/**
 * Activating printed hard tickets (issue 20, SPEC §4 "Hard tickets are activated by scanning
 * their code after printing", decision 021). A ticket is named by the code its QR carries
 * (T2/T1, as at the door) or by its printed reference ("K7M2-X9QD-2") typed by hand.
 */

/** The highest price a hard ticket can be sold for at activation (100,000.00 EUR, like the counter's cash). */
export const MAX_HARD_TICKET_PRICE_CENTS = 10_000_000;

/**
 * A scanned code or a typed reference. As at the door, anything up to SCAN_INPUT_MAX is read
 * (another QR code, a URL): what is no hard ticket of the caller's is HARD_TICKET_NOT_FOUND.
 */
export const ZHardTicketCode = text().trim().min(1, V.required).max(SCAN_INPUT_MAX, V.maxLength);

export const ZHardTicketLookup = z.object({ code: ZHardTicketCode });
export type HardTicketLookupInput = z.input<typeof ZHardTicketLookup>;

/** Sold at activation: at the box office, as a sale of that ticket (payment method and price recorded). */
export const ZHardTicketSale = z.object({
  paymentMethod: z.enum(COUNTER_PAYMENT_METHODS),
  priceCents: z.number(V.number).int(V.number).min(0, V.number).max(MAX_HARD_TICKET_PRICE_CENTS, V.number),
});
export type HardTicketSale = z.output<typeof ZHardTicketSale>;

export const ZHardTicketActivate = z.object({ code: ZHardTicketCode, sale: ZHardTicketSale.optional() });
export type HardTicketActivateInput = z.input<typeof ZHardTicketActivate>;

/** A range of one print run: the first and the last ticket scanned (either order). */
export const ZHardTicketRange = z.object({ fromCode: ZHardTicketCode, toCode: ZHardTicketCode });
export type HardTicketRangeInput = z.input<typeof ZHardTicketRange>;
