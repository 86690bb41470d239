import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/app-error";
import { orderKeyMatches } from "../modules/orders/links";
import { renderOrderInvoicePdf } from "../modules/orders/invoices/pdf";
import { findOrderInvoice } from "../modules/orders/invoices/queries";
import { requireOrganiser } from "./uploads";

const ZParams = z.object({ orderId: z.uuid(), file: z.string().regex(/^[0-9a-f-]{36}\.pdf$/i) });

/** `{orderId, invoiceId}` of a request, or NOT_FOUND. */
function parse(params: unknown): { orderId: string; invoiceId: string } {
  const parsed = ZParams.safeParse(params);
  const invoiceId = parsed.success ? parsed.data.file.slice(0, 36) : "";
  if (!parsed.success || !z.uuid().safeParse(invoiceId).success) throw new AppError("NOT_FOUND");
  return { orderId: parsed.data.orderId, invoiceId };
}

async function send(deps: AppDeps, reply: FastifyReply, invoiceId: string) {
  const rendered = await renderOrderInvoicePdf(deps.database.db, invoiceId);
  if (!rendered) throw new AppError("NOT_FOUND");
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${rendered.number}.pdf"`)
    .header("cache-control", "private, no-store")
    .send(Buffer.from(rendered.pdf));
}

/**
 * The organisers' invoices and credit notes to buyers as PDF (decision 016), in the language they
 * were issued in:
 * - GET /api/organiser/orders/{orderId}/invoices/{invoiceId}.pdf: the organiser's invoice modal,
 *   for the organiser and team members who may see orders; another organiser's is NOT_FOUND.
 * - GET /api/orders/{orderId}/invoices/{invoiceId}.pdf?key=…: the buyer's order view, with the
 *   key of the buyer's link; a wrong key is NOT_FOUND.
 */
export function registerOrderInvoiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/api/organiser/orders/:orderId/invoices/:file", async (req, reply) => {
    const who = await requireOrganiser(deps, req, ["viewOrders", "updateOrderDate"]);
    const { orderId, invoiceId } = parse(req.params);
    if (!(await findOrderInvoice(deps.database.db, orderId, invoiceId, who.organiserId))) throw new AppError("NOT_FOUND");
    return send(deps, reply, invoiceId);
  });

  app.get("/api/orders/:orderId/invoices/:file", async (req, reply) => {
    const { orderId, invoiceId } = parse(req.params);
    const query = z.object({ key: z.string().max(100) }).safeParse(req.query);
    if (!query.success || !orderKeyMatches(deps.config.APP_SECRET, orderId, query.data.key)) throw new AppError("NOT_FOUND");
    if (!(await findOrderInvoice(deps.database.db, orderId, invoiceId))) throw new AppError("NOT_FOUND");
    return send(deps, reply, invoiceId);
  });
}
