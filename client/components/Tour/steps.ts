import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * The tour's stops: one per sidebar entry (its href under /dashboard; null for the opening and
 * closing words). A stop whose entry the user's rights hide is left out.
 */
export type TourStop = { href: string | null; title: MessageDescriptor; body: MessageDescriptor; narrowBody?: MessageDescriptor };

export const TOUR_STOPS: TourStop[] = [
  {
    href: null,
    title: msg`Welcome to your dashboard`,
    body: msg`This short tour shows the areas of the sidebar. Use Next and Back, or press Escape to end it at any time.`,
    narrowBody: msg`This short tour shows the areas of your dashboard. On a phone you reach them through the menu button at the top left. Use Next and Back, or press Escape to end it at any time.`,
  },
  { href: "/", title: msg`Dashboard`, body: msg`Your sales at a glance: gross sales, tickets sold, recent orders, the next event and a calendar of your event dates.` },
  { href: "/events", title: msg`My Events`, body: msg`Create events in six steps, from the event data to publishing. Each event has its own dashboard with a preview and the box office.` },
  { href: "/seasons", title: msg`Seasons`, body: msg`Bundle events into a season and sell season tickets that are valid on all of its dates.` },
  { href: "/stadiums", title: msg`Stadiums`, body: msg`Seating plan templates of your venues: blocks, rows, seats, standing areas and categories.` },
  { href: "/tickets", title: msg`My Tickets`, body: msg`Every ticket category of your events in one list. Change price, quantity, sale end and visibility quickly.` },
  { href: "/resellers", title: msg`Resellers`, body: msg`Partners who sell your tickets at their own prices from the seats and places you allocate to them.` },
  { href: "/event-staff", title: msg`Event Staff`, body: msg`Logins for the people who check tickets in at the door of an event.` },
  { href: "/vouchers", title: msg`Discount`, body: msg`Voucher codes for a fixed amount or a percentage off, one by one or in bulk.` },
  { href: "/orders", title: msg`Orders`, body: msg`Every order with its tickets, invoice and mails. Cancel tickets or move them to another date.` },
  { href: "/reports", title: msg`Report`, body: msg`Sales, tickets, check-ins, vouchers, resellers, VAT and box office shifts, as tables, charts, PDF and CSV.` },
  { href: "/wallet", title: msg`Wallet`, body: msg`What buyers paid online, the fees, your balance and withdrawals to your bank account.` },
  { href: "/boxoffice", title: msg`Box office`, body: msg`Sell at the counter: open a shift, pick seats, take cash or card and print the tickets.` },
  { href: "/print", title: msg`Print area`, body: msg`Hard tickets: print runs, activation by scanning, and your sponsors' logos on the tickets.` },
  { href: "/profile", title: msg`My account`, body: msg`Your profile, documents for the verification, plan and invoices, payment details and your team.` },
  { href: "/help", title: msg`Help`, body: msg`Articles on every area, in German and English. You can start this tour again here at any time.` },
];

/** The sidebar element a stop points at (a group such as the print area is a button, not a link). */
export function stopSelector(href: string, base: string): string {
  if (href === "/print") return '[data-testid="nav-group-print"]';
  return `.mantine-AppShell-navbar a[href="${base}${href}"]`;
}
