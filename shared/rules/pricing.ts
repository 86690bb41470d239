import type { Selection } from "./ticket-selection";

/**
 * Order amounts in integer cents (ARCHITECTURE "Data": money is integer cents, VAT per line,
 * one rounding rule). Prices are gross (VAT included, as consumers in the EU see them); the VAT
 * in a gross amount is `round(gross × rate / (1 + rate))`, rounded half away from zero, once per
 * line. The server computes every amount from the catalogue; the checkout shows the same.
 */

/** A service fee per chargeable ticket, gross, with the standard VAT rate. */
export const SERVICE_FEE_CENTS_PER_TICKET = 100;
export const SERVICE_FEE_VAT_BP = 1900;

/** VAT contained in a gross amount at `rateBp` basis points (1900 = 19 %), rounded once. */
export function vatOfGross(grossCents: number, rateBp: number): number {
  if (!Number.isInteger(grossCents) || !Number.isInteger(rateBp) || rateBp < 0) throw new RangeError("cents and basis points are integers");
  // Integer arithmetic: round(gross * bp / (10000 + bp)), half away from zero.
  const num = grossCents * rateBp;
  const den = 10000 + rateBp;
  const sign = num < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(num) * 2 + den) / (2 * den));
}

export type PricedTicket = {
  priceCents: number;
  optionCents: number[];
  /** Free-of-charge tickets carry no service fee. */
  chargeable: boolean;
  /** This ticket's share of a voucher's discount (shared/rules/voucher.ts), at most its price and options. */
  discountCents?: number;
};

/** A line: list price and options, its discount, what is paid for it (`totalCents`) and the VAT in that. */
export type PricedLine = { unitCents: number; optionsCents: number; discountCents: number; totalCents: number; vatCents: number };

export function priceLine(ticket: PricedTicket, vatRateBp: number): PricedLine {
  const optionsCents = ticket.optionCents.reduce((a, b) => a + b, 0);
  const discountCents = Math.min(ticket.discountCents ?? 0, ticket.priceCents + optionsCents);
  // VAT on the discounted price (issue 19): what the buyer pays for the line.
  const totalCents = ticket.priceCents + optionsCents - discountCents;
  return { unitCents: ticket.priceCents, optionsCents, discountCents, totalCents, vatCents: vatOfGross(totalCents, vatRateBp) };
}

/**
 * How an order is sold: online (the service fee per chargeable ticket), or at the box office
 * (no service fee; the organiser's box office fee per chargeable ticket, gross, at the event's
 * VAT rate, decision 017).
 */
export type SaleFees = { channel: "online" } | { channel: "box_office"; boxOfficeFeeCents: number };

/**
 * The whole order: tickets, booking options, a voucher's discount, service fees, VAT by rate and
 * the total. A ticket whose discounted price is 0 carries no fee (nothing is charged for it).
 */
export function priceOrder(tickets: PricedTicket[], vatRateBp: number, fees: SaleFees = { channel: "online" }) {
  const lines = tickets.map((t) => priceLine(t, vatRateBp));
  const ticketsCents = lines.reduce((a, l) => a + l.unitCents, 0);
  const optionsCents = lines.reduce((a, l) => a + l.optionsCents, 0);
  const discountCents = lines.reduce((a, l) => a + l.discountCents, 0);
  const chargeable = tickets.filter((t, i) => t.chargeable && lines[i]!.totalCents > 0).length;
  const feesCents = fees.channel === "online" ? chargeable * SERVICE_FEE_CENTS_PER_TICKET : 0;
  const boxOfficeFeeCents = fees.channel === "box_office" ? fees.boxOfficeFeeCents : 0;
  const boxOfficeFeesCents = chargeable * boxOfficeFeeCents;
  const vat = new Map<number, number>();
  for (const l of lines) vat.set(vatRateBp, (vat.get(vatRateBp) ?? 0) + l.vatCents);
  if (feesCents > 0) vat.set(SERVICE_FEE_VAT_BP, (vat.get(SERVICE_FEE_VAT_BP) ?? 0) + vatOfGross(feesCents, SERVICE_FEE_VAT_BP));
  // The box office fee as a whole at the event's rate, as the service fee is at its own.
  if (boxOfficeFeesCents > 0) vat.set(vatRateBp, (vat.get(vatRateBp) ?? 0) + vatOfGross(boxOfficeFeesCents, vatRateBp));
  const vatList = [...vat].map(([rateBp, vatCents]) => ({ rateBp, vatCents })).sort((a, b) => a.rateBp - b.rateBp);
  return {
    lines,
    amounts: {
      ticketsCents,
      optionsCents,
      feesCents,
      discountCents,
      vatCents: vatList.reduce((a, v) => a + v.vatCents, 0),
      totalCents: ticketsCents + optionsCents - discountCents + feesCents + boxOfficeFeesCents,
      vat: vatList,
      ...(fees.channel === "box_office" ? { boxOfficeFeesCents, boxOfficeFeeCents } : {}),
    },
  };
}

/**
 * What cancelling ticket lines gives back (decision 015): each line's gross total (ticket and
 * booking options, less its share of a voucher's discount: a line's `totalCents` is what was
 * paid for it, decision 020) and, for a chargeable line (total above 0), its service fee.
 * Refunds, credit notes and the cancellation preview all use it.
 */
export function cancelledLinesCents(lines: readonly { totalCents: number }[], feePerTicketCents = SERVICE_FEE_CENTS_PER_TICKET) {
  const ticketsCents = lines.reduce((a, l) => a + l.totalCents, 0);
  const feesCents = lines.filter((l) => l.totalCents > 0).length * feePerTicketCents;
  return { ticketsCents, feesCents, totalCents: ticketsCents + feesCents };
}

/**
 * What the tickets of a selection cost before booking options and fees: the cart's running
 * total, the same sum as `priceOrder(...).amounts.ticketsCents` of those tickets. A category
 * the catalogue no longer knows costs nothing (the server refuses it on the next hold).
 */
export function selectionPriceCents(selection: Selection, categories: readonly { id: string; priceCents: number }[]): number {
  const byId = new Map(categories.map((c) => [c.id, c]));
  let cents = 0;
  for (const [id, chosen] of selection) cents += chosen.tickets * (byId.get(id)?.priceCents ?? 0);
  return cents;
}
