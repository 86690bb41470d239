import type { I18n, MessageDescriptor } from "@lingui/core";
import type { Block } from "./templates";

/**
 * The mails an organiser chooses in its email notifications tab (new order, daily sales
 * summary, event sold out, payout state). Texts as in ./templates.ts: explicit ids, `/*i18n*\/`.
 */
const M = {
  newOrderSubject: /*i18n*/ { id: "mail.orgNewOrder.subject", message: "New order {number} for {event}" },
  newOrderBody: /*i18n*/ { id: "mail.orgNewOrder.body", message: "{buyer} has just bought tickets for {event}." },
  summarySubject: /*i18n*/ { id: "mail.orgSummary.subject", message: "Your sales on {day}" },
  summaryBody: /*i18n*/ {
    id: "mail.orgSummary.body",
    message: "On {day} (UTC) you sold {tickets, plural, one {# ticket} other {# tickets}} in {orders, plural, one {# order} other {# orders}}, {revenue} in total.",
  },
  summaryEventLine: /*i18n*/ {
    id: "mail.orgSummary.eventLine",
    message: "{orders, plural, one {# order} other {# orders}}, {tickets, plural, one {# ticket} other {# tickets}}, {revenue}",
  },
  soldOutSubject: /*i18n*/ { id: "mail.orgSoldOut.subject", message: "Sold out: {event}" },
  soldOutBody: /*i18n*/ { id: "mail.orgSoldOut.body", message: "Every place for {event} on {date} has been sold." },
  soldOutSeasonBody: /*i18n*/ { id: "mail.orgSoldOut.seasonBody", message: "Every season ticket for {event} has been sold." },
  payoutSubject: /*i18n*/ { id: "mail.orgPayout.subject", message: "Your payout of {amount}: {state}" },
  payoutPending: /*i18n*/ { id: "mail.orgPayout.pending", message: "pending" },
  payoutAccepted: /*i18n*/ { id: "mail.orgPayout.accepted", message: "accepted" },
  payoutRefused: /*i18n*/ { id: "mail.orgPayout.refused", message: "refused" },
  payoutBody: /*i18n*/ {
    id: "mail.orgPayout.body",
    message: "The payout of {amount} you requested on {date} is now {state}.",
  },
  fieldBuyer: /*i18n*/ { id: "mail.field.buyer", message: "Buyer" },
  fieldEvent: /*i18n*/ { id: "mail.field.event", message: "Event" },
  fieldDate: /*i18n*/ { id: "mail.field.date", message: "Date" },
  fieldOrder: /*i18n*/ { id: "mail.field.order", message: "Order" },
  fieldTickets: /*i18n*/ { id: "mail.field.ticketCount", message: "Tickets" },
  fieldTotal: /*i18n*/ { id: "mail.field.total", message: "Total" },
} satisfies Record<string, MessageDescriptor>;

/** A payout (wallet withdrawal, SPEC §4) is pending, accepted or refused. */
export type PayoutState = "pending" | "accepted" | "refused";

/** One event's line of a daily summary; amounts already formatted in the recipient's language. */
export type SummaryLine = { event: string; orders: number; tickets: number; revenue: string };

export type OrganiserMail =
  | { template: "organiser_new_order"; name: string; event: string; date: string; number: string; buyer: string; tickets: number; total: string }
  | { template: "organiser_daily_summary"; name: string; day: string; orders: number; tickets: number; revenue: string; lines: SummaryLine[] }
  | { template: "organiser_sold_out"; name: string; event: string; date: string | null }
  | { template: "organiser_payout_state"; name: string; amount: string; state: PayoutState; date: string };

export const ORGANISER_MAIL_TEMPLATES = ["organiser_new_order", "organiser_daily_summary", "organiser_sold_out", "organiser_payout_state"] as const;

/** Subject, greeting and blocks of an organiser mail in the catalog's language (./templates.ts lays it out). */
export function organiserMailContent(catalog: I18n, mail: OrganiserMail): { subject: string; name: string; blocks: Block[] } {
  switch (mail.template) {
    case "organiser_new_order":
      return {
        subject: catalog._({ ...M.newOrderSubject, values: { number: mail.number, event: mail.event } }),
        name: mail.name,
        blocks: [
          { kind: "p", text: catalog._({ ...M.newOrderBody, values: { buyer: mail.buyer, event: mail.event } }) },
          {
            kind: "dl",
            rows: [
              [catalog._(M.fieldEvent), mail.event],
              [catalog._(M.fieldDate), mail.date],
              [catalog._(M.fieldOrder), mail.number],
              [catalog._(M.fieldBuyer), mail.buyer],
              [catalog._(M.fieldTickets), String(mail.tickets)],
              [catalog._(M.fieldTotal), mail.total],
            ],
          },
        ],
      };
    case "organiser_daily_summary":
      return {
        subject: catalog._({ ...M.summarySubject, values: { day: mail.day } }),
        name: mail.name,
        blocks: [
          {
            kind: "p",
            text: catalog._({ ...M.summaryBody, values: { day: mail.day, orders: mail.orders, tickets: mail.tickets, revenue: mail.revenue } }),
          },
          {
            kind: "dl",
            rows: mail.lines.map((l) => [l.event, catalog._({ ...M.summaryEventLine, values: { orders: l.orders, tickets: l.tickets, revenue: l.revenue } })]),
          },
        ],
      };
    case "organiser_sold_out":
      return {
        subject: catalog._({ ...M.soldOutSubject, values: { event: mail.event } }),
        name: mail.name,
        blocks: [
          {
            kind: "p",
            text:
              mail.date === null
                ? catalog._({ ...M.soldOutSeasonBody, values: { event: mail.event } })
                : catalog._({ ...M.soldOutBody, values: { event: mail.event, date: mail.date } }),
          },
        ],
      };
    case "organiser_payout_state": {
      const state = catalog._(mail.state === "pending" ? M.payoutPending : mail.state === "accepted" ? M.payoutAccepted : M.payoutRefused);
      return {
        subject: catalog._({ ...M.payoutSubject, values: { amount: mail.amount, state } }),
        name: mail.name,
        blocks: [{ kind: "p", text: catalog._({ ...M.payoutBody, values: { amount: mail.amount, date: mail.date, state } }) }],
      };
    }
  }
}
