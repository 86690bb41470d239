import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/app-error";
import { renderPlatformInvoice } from "../modules/account/invoice-pdf";
import { requireOrganiser } from "./uploads";

/**
 * GET /api/account/invoices/{id}.pdf?lang=de|en: one of the platform's invoices to the
 * organiser, for the organiser and its team members with profile access (decision 013); any
 * other organiser's invoice is NOT_FOUND.
 */
export function registerInvoiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/api/account/invoices/:file", async (req, reply) => {
    const who = await requireOrganiser(deps, req, ["orgProfileAccess"]);
    const params = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.pdf$/i) }).safeParse(req.params);
    const query = z.object({ lang: z.enum(["de", "en"]).optional() }).safeParse(req.query);
    if (!params.success || !query.success) throw new AppError("NOT_FOUND");
    const id = params.data.file.slice(0, 36);
    if (!z.uuid().safeParse(id).success) throw new AppError("NOT_FOUND");
    const rendered = await renderPlatformInvoice(deps.database.db, who.organiserId, id, query.data.lang ?? "de");
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="invoice-${rendered.number}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(rendered.pdf));
  });
}
