import type { Locale } from "../../shared/enums";
import type { MailAttachment } from "../db/schema";
import { renderOrderInvoicePdf } from "../modules/orders/invoices/pdf";
import { renderOrderTickets, type TicketPdfDeps } from "../modules/orders/tickets-pdf";
import type { AttachmentRenderer } from "./outbox";

/**
 * The mail sender's attachment maker: an order's tickets, or an invoice or credit note, as PDF,
 * made when the mail is sent. Needs only the database, the signing secret and the uploads, so
 * the mail workers (./worker.ts) run it on their own connections.
 */
export function attachmentRenderer(deps: TicketPdfDeps): AttachmentRenderer {
  return async (attachment: MailAttachment, locale: Locale) => {
    if (attachment.kind === "order_invoice") {
      // In the invoice's own language (the buyer's), whatever the mail's.
      const invoice = await renderOrderInvoicePdf(deps.database.db, attachment.invoiceId);
      if (!invoice) throw new Error(`invoice ${attachment.invoiceId} not found`);
      return { filename: `${invoice.number}.pdf`, content: Buffer.from(invoice.pdf), contentType: "application/pdf" };
    }
    const rendered = await renderOrderTickets(deps, attachment.orderId, locale);
    if (!rendered) throw new Error(`order ${attachment.orderId} not found for its tickets`);
    return { filename: `tickets-${rendered.number}.pdf`, content: Buffer.from(rendered.pdf), contentType: "application/pdf" };
  };
}
