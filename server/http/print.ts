import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/app-error";
import { renderPrintRun } from "../modules/print/pdf";
import { requireOrganiser } from "./uploads";

const ZRunParams = z.object({ runId: z.uuid() });
const ZLang = z.object({ lang: z.enum(["de", "en"]).optional() });

/**
 * The Print area's PDF (issue 20, decision 021), for the organiser and team members with
 * printAreaAccess; another organiser's run is NOT_FOUND:
 * - GET /api/print/runs/{runId}/tickets.pdf[?lang=de|en]: the run's hard tickets in DIN long,
 *   one per page (those not voided), in the caller's language unless `lang` says otherwise.
 *   Reprinting is getting it again: the same tickets with the same codes.
 */
export function registerPrintRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/api/print/runs/:runId/tickets.pdf", async (req, reply) => {
    const who = await requireOrganiser(deps, req, ["printAreaAccess"]);
    const params = ZRunParams.safeParse(req.params);
    const query = ZLang.safeParse(req.query);
    if (!params.success || !query.success) throw new AppError("NOT_FOUND");
    const rendered = await renderPrintRun(deps, who.organiserId, params.data.runId, query.data.lang ?? who.locale);
    if (!rendered) throw new AppError("NOT_FOUND");
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="hard-tickets-${rendered.number}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(rendered.pdf));
  });
}
