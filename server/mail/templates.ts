import type { MessageDescriptor } from "@lingui/core";
import type { Locale } from "../../shared/enums";
import { i18nFor } from "../i18n";
import { type OrganiserMail, organiserMailContent } from "./organiser-templates";

/**
 * Mail texts. Descriptors carry explicit ids and the `/*i18n*\/` mark so `lingui extract`
 * puts them in the shared catalogs without a macro transform on the server.
 */
const M = {
  greeting: /*i18n*/ { id: "mail.greeting", message: "Hello {name}," },
  signature: /*i18n*/ { id: "mail.signature", message: "Your ticketing team" },
  linkFallback: /*i18n*/ {
    id: "mail.linkFallback",
    message: "If the button does not work, copy this link into your browser:",
  },
  activationSubject: /*i18n*/ { id: "mail.activation.subject", message: "Activate your account" },
  activationBody: /*i18n*/ {
    id: "mail.activation.body",
    message: "Thank you for registering {organiser}. Please confirm your email address to activate your account.",
  },
  activationAction: /*i18n*/ { id: "mail.activation.action", message: "Activate account" },
  resetSubject: /*i18n*/ { id: "mail.reset.subject", message: "Reset your password" },
  resetBody: /*i18n*/ {
    id: "mail.reset.body",
    message:
      "We received a request to reset your password. The link is valid for {minutes} minutes and can be used once.",
  },
  resetAction: /*i18n*/ { id: "mail.reset.action", message: "Set a new password" },
  resetIgnore: /*i18n*/ {
    id: "mail.reset.ignore",
    message: "If you did not ask for this, ignore this email: your password stays unchanged.",
  },
  contactSubject: /*i18n*/ { id: "mail.contact.subject", message: "New contact request from {name}" },
  contactBody: /*i18n*/ {
    id: "mail.contact.body",
    message: "A visitor sent the contact form. Reply to {email}.",
  },
  fieldName: /*i18n*/ { id: "mail.field.name", message: "Name" },
  fieldEmail: /*i18n*/ { id: "mail.field.email", message: "Email" },
  fieldPhone: /*i18n*/ { id: "mail.field.phone", message: "Phone" },
  fieldIndustry: /*i18n*/ { id: "mail.field.industry", message: "Industry" },
  fieldWebsite: /*i18n*/ { id: "mail.field.website", message: "Website" },
  fieldTickets: /*i18n*/ { id: "mail.field.ticketsPerYear", message: "Tickets sold per year" },
  fieldReferral: /*i18n*/ { id: "mail.field.referral", message: "How they found us" },
  fieldMessage: /*i18n*/ { id: "mail.field.message", message: "Message" },
  orderSubject: /*i18n*/ { id: "mail.order.subject", message: "Your tickets for {event}" },
  orderBody: /*i18n*/ {
    id: "mail.order.body",
    message: "Thank you for your order {number}. Your tickets are attached to this email as a PDF; you can also open your order online.",
  },
  orderAction: /*i18n*/ { id: "mail.order.action", message: "View your order" },
  fieldEvent: /*i18n*/ { id: "mail.field.event", message: "Event" },
  fieldDate: /*i18n*/ { id: "mail.field.date", message: "Date" },
  fieldOrder: /*i18n*/ { id: "mail.field.order", message: "Order" },
  fieldTickets2: /*i18n*/ { id: "mail.field.ticketCount", message: "Tickets" },
  fieldTotal: /*i18n*/ { id: "mail.field.total", message: "Total" },
  refundSubject: /*i18n*/ { id: "mail.refund.subject", message: "Your order {number} could not be completed" },
  refundBody: /*i18n*/ {
    id: "mail.refund.body",
    message:
      "Your payment for {event} arrived after your reserved seats had been released, and some of them were taken by another buyer in the meantime. We are sorry: your payment of {amount} is being refunded in full; you do not need to do anything.",
  },
  cancelSubject: /*i18n*/ { id: "mail.cancel.subject", message: "Cancelled: {event}" },
  cancelBody: /*i18n*/ {
    id: "mail.cancel.body",
    message: "The organiser has cancelled {event}. Your tickets of order {number} are cancelled and no longer valid.",
  },
  cancelRefund: /*i18n*/ { id: "mail.cancel.refund", message: "Your payment of {amount} is being refunded in full; you do not need to do anything." },
  ticketsCancelledSubject: /*i18n*/ { id: "mail.ticketsCancelled.subject", message: "Tickets cancelled: order {number}" },
  ticketsCancelledBody: /*i18n*/ {
    id: "mail.ticketsCancelled.body",
    message: "The organiser of {event} has cancelled these tickets of your order {number}. They are no longer valid:",
  },
  ticketsCancelledRest: /*i18n*/ {
    id: "mail.ticketsCancelled.rest",
    message: "{count, plural, =0 {No tickets of this order remain valid.} one {# ticket of this order remains valid; you can keep using it.} other {# tickets of this order remain valid; you can keep using them.}}",
  },
  ticketsCancelledRefund: /*i18n*/ { id: "mail.ticketsCancelled.refund", message: "{amount} is being refunded to your payment method; you do not need to do anything." },
  ticketsCancelledCredit: /*i18n*/ { id: "mail.ticketsCancelled.credit", message: "The credit note for your invoice is attached." },
  emailChangeSubject: /*i18n*/ { id: "mail.emailChange.subject", message: "Confirm your new email address" },
  emailChangeBody: /*i18n*/ {
    id: "mail.emailChange.body",
    message: "You asked to sign in with this address ({email}) from now on. Please confirm it; the link is valid for {hours} hours. Until then your old address stays in use.",
  },
  emailChangeAction: /*i18n*/ { id: "mail.emailChange.action", message: "Confirm email address" },
  emailChangeNoticeSubject: /*i18n*/ { id: "mail.emailChangeNotice.subject", message: "Your login email address is being changed" },
  emailChangeNoticeBody: /*i18n*/ {
    id: "mail.emailChangeNotice.body",
    message: "Somebody signed in to your account asked to change its login email address to {email}. If this was not you, change your password at once and contact us.",
  },
  verifiedSubject: /*i18n*/ { id: "mail.verification.verified.subject", message: "Your profile is verified" },
  verifiedBody: /*i18n*/ {
    id: "mail.verification.verified.body",
    message: "We have checked the documents of {organiser}: your profile is verified. With a plan and a ticket contingent you can now publish events.",
  },
  rejectedSubject: /*i18n*/ { id: "mail.verification.rejected.subject", message: "Your profile could not be verified" },
  rejectedBody: /*i18n*/ {
    id: "mail.verification.rejected.body",
    message: "We could not verify the profile of {organiser} with the documents uploaded. The reason:",
  },
  rejectedNext: /*i18n*/ {
    id: "mail.verification.rejected.next",
    message: "Please upload suitable documents on the documents page of your account; your profile then goes into review again.",
  },
  documentsAction: /*i18n*/ { id: "mail.verification.action", message: "Open your documents" },
} satisfies Record<string, MessageDescriptor>;

export type MailTemplate =
  | { template: "activation"; name: string; organiser: string; link: string }
  | { template: "password_reset"; name: string; link: string; minutes: number }
  | { template: "contact_request"; name: string; email: string; fields: ContactFields }
  | { template: "order_confirmation"; name: string; event: string; date: string; number: string; tickets: number; total: string; link: string }
  | { template: "order_refunded"; name: string; event: string; number: string; amount: string }
  | { template: "order_cancelled"; name: string; event: string; number: string; refund: string | null }
  | { template: "tickets_cancelled"; name: string; event: string; number: string; tickets: string[]; remaining: number; refund: string | null; creditNote: boolean }
  | { template: "verification_verified"; name: string; organiser: string; link: string }
  | { template: "verification_rejected"; name: string; organiser: string; reason: string; link: string }
  | OrganiserMail
  | { template: "email_change_confirm"; name: string; email: string; link: string; hours: number }
  | { template: "email_change_notice"; name: string; email: string };

export type ContactFields = {
  phone?: string | undefined;
  industry?: string | undefined;
  websiteUrl?: string | undefined;
  ticketsPerYear?: number | undefined;
  referralSource?: string | undefined;
  message: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type Block = { kind: "p"; text: string } | { kind: "action"; label: string; href: string } | { kind: "dl"; rows: [string, string][] };

function layout(locale: Locale, subject: string, greetingName: string | null, blocks: Block[]): RenderedMail {
  const catalog = i18nFor(locale);
  const greeting = greetingName ? catalog._({ ...M.greeting, values: { name: greetingName } }) : null;
  const signature = catalog._(M.signature);
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  if (greeting) {
    textParts.push(greeting);
    htmlParts.push(`<p>${escapeHtml(greeting)}</p>`);
  }
  for (const block of blocks) {
    if (block.kind === "p") {
      textParts.push(block.text);
      htmlParts.push(`<p>${escapeHtml(block.text)}</p>`);
    } else if (block.kind === "action") {
      textParts.push(`${block.label}: ${block.href}`);
      htmlParts.push(
        `<p><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
        `<p style="font-size:12px;color:#555">${escapeHtml(catalog._(M.linkFallback))}<br>${escapeHtml(block.href)}</p>`,
      );
    } else {
      textParts.push(block.rows.map(([k, v]) => `${k}: ${v}`).join("\n"));
      htmlParts.push(
        `<table>${block.rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>`,
      );
    }
  }
  textParts.push(signature);
  htmlParts.push(`<p>${escapeHtml(signature)}</p>`);
  return {
    subject,
    text: textParts.join("\n\n"),
    html: `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">${htmlParts.join("")}</body></html>`,
  };
}

export function renderMail(locale: Locale, mail: MailTemplate): RenderedMail {
  const catalog = i18nFor(locale);
  switch (mail.template) {
    case "activation":
      return layout(locale, catalog._(M.activationSubject), mail.name, [
        { kind: "p", text: catalog._({ ...M.activationBody, values: { organiser: mail.organiser } }) },
        { kind: "action", label: catalog._(M.activationAction), href: mail.link },
      ]);
    case "password_reset":
      return layout(locale, catalog._(M.resetSubject), mail.name, [
        { kind: "p", text: catalog._({ ...M.resetBody, values: { minutes: mail.minutes } }) },
        { kind: "action", label: catalog._(M.resetAction), href: mail.link },
        { kind: "p", text: catalog._(M.resetIgnore) },
      ]);
    case "order_confirmation":
      return layout(locale, catalog._({ ...M.orderSubject, values: { event: mail.event } }), mail.name, [
        { kind: "p", text: catalog._({ ...M.orderBody, values: { number: mail.number } }) },
        {
          kind: "dl",
          rows: [
            [catalog._(M.fieldEvent), mail.event],
            [catalog._(M.fieldDate), mail.date],
            [catalog._(M.fieldOrder), mail.number],
            [catalog._(M.fieldTickets2), String(mail.tickets)],
            [catalog._(M.fieldTotal), mail.total],
          ],
        },
        { kind: "action", label: catalog._(M.orderAction), href: mail.link },
      ]);
    case "order_refunded":
      return layout(locale, catalog._({ ...M.refundSubject, values: { number: mail.number } }), mail.name, [
        { kind: "p", text: catalog._({ ...M.refundBody, values: { event: mail.event, amount: mail.amount } }) },
      ]);
    case "order_cancelled":
      return layout(locale, catalog._({ ...M.cancelSubject, values: { event: mail.event } }), mail.name, [
        { kind: "p", text: catalog._({ ...M.cancelBody, values: { event: mail.event, number: mail.number } }) },
        ...(mail.refund ? [{ kind: "p" as const, text: catalog._({ ...M.cancelRefund, values: { amount: mail.refund } }) }] : []),
      ]);
    case "tickets_cancelled":
      return layout(locale, catalog._({ ...M.ticketsCancelledSubject, values: { number: mail.number } }), mail.name, [
        { kind: "p", text: catalog._({ ...M.ticketsCancelledBody, values: { event: mail.event, number: mail.number } }) },
        ...mail.tickets.map((text) => ({ kind: "p" as const, text: `• ${text}` })),
        { kind: "p", text: catalog._({ ...M.ticketsCancelledRest, values: { count: mail.remaining } }) },
        ...(mail.refund ? [{ kind: "p" as const, text: catalog._({ ...M.ticketsCancelledRefund, values: { amount: mail.refund } }) }] : []),
        ...(mail.creditNote ? [{ kind: "p" as const, text: catalog._(M.ticketsCancelledCredit) }] : []),
      ]);
    case "email_change_confirm":
      return layout(locale, catalog._(M.emailChangeSubject), mail.name, [
        { kind: "p", text: catalog._({ ...M.emailChangeBody, values: { email: mail.email, hours: mail.hours } }) },
        { kind: "action", label: catalog._(M.emailChangeAction), href: mail.link },
      ]);
    case "email_change_notice":
      return layout(locale, catalog._(M.emailChangeNoticeSubject), mail.name, [
        { kind: "p", text: catalog._({ ...M.emailChangeNoticeBody, values: { email: mail.email } }) },
      ]);
    case "organiser_new_order":
    case "organiser_daily_summary":
    case "organiser_sold_out":
    case "organiser_payout_state": {
      const content = organiserMailContent(catalog, mail);
      return layout(locale, content.subject, content.name, content.blocks);
    }
    case "verification_verified":
      return layout(locale, catalog._(M.verifiedSubject), mail.name, [
        { kind: "p", text: catalog._({ ...M.verifiedBody, values: { organiser: mail.organiser } }) },
        { kind: "action", label: catalog._(M.documentsAction), href: mail.link },
      ]);
    case "verification_rejected":
      return layout(locale, catalog._(M.rejectedSubject), mail.name, [
        { kind: "p", text: catalog._({ ...M.rejectedBody, values: { organiser: mail.organiser } }) },
        { kind: "p", text: mail.reason },
        { kind: "p", text: catalog._(M.rejectedNext) },
        { kind: "action", label: catalog._(M.documentsAction), href: mail.link },
      ]);
    case "contact_request":
      return layout(locale, catalog._({ ...M.contactSubject, values: { name: mail.name } }), null, [
        { kind: "p", text: catalog._({ ...M.contactBody, values: { email: mail.email } }) },
        {
          kind: "dl",
          rows: [
            [catalog._(M.fieldName), mail.name],
            [catalog._(M.fieldEmail), mail.email],
            [catalog._(M.fieldPhone), mail.fields.phone ?? "-"],
            [catalog._(M.fieldIndustry), mail.fields.industry ?? "-"],
            [catalog._(M.fieldWebsite), mail.fields.websiteUrl ?? "-"],
            [catalog._(M.fieldTickets), mail.fields.ticketsPerYear?.toString() ?? "-"],
            [catalog._(M.fieldReferral), mail.fields.referralSource ?? "-"],
            [catalog._(M.fieldMessage), mail.fields.message],
          ],
        },
      ]);
  }
}
