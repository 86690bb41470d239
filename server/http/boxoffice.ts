import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "../../shared/enums";
import type { BoxOfficePrintFormat } from "../../shared/schemas/boxoffice";
import type { AppDeps } from "../deps";
import { txRows } from "../db/sql";
import { AppError } from "../lib/app-error";
import { shiftDetail } from "../modules/boxoffice/shifts";
import { renderZReportPdf } from "../modules/boxoffice/z-report-pdf";
import { renderOrderTickets } from "../modules/orders/tickets-pdf";
import { requireOrganiser } from "./uploads";

const ZOrderParams = z.object({ orderId: z.uuid() });
const ZShiftParams = z.object({ shiftId: z.uuid() });
const ZLang = z.object({ lang: z.enum(["de", "en"]).optional(), format: z.enum(["a4", "din_long", "receipt"]).optional() });

/**
 * The box office's PDFs (decision 017), for the organiser and team members with showBoxoffice
 * or updateBoxoffice; another organiser's order or shift is NOT_FOUND:
 * - GET /api/boxoffice/orders/{orderId}/tickets.pdf[?format=a4|din_long|receipt]: a counter
 *   sale's tickets in the event's print format (inline, for the browser's print dialog).
 * - GET /api/boxoffice/shifts/{shiftId}/report.pdf?lang=de|en: a shift's Z-report (the live
 *   report while the shift is open), in the caller's language unless `lang` says otherwise.
 */
export function registerBoxOfficeRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/api/boxoffice/orders/:orderId/tickets.pdf", async (req, reply) => {
    const who = await requireOrganiser(deps, req, ["showBoxoffice", "updateBoxoffice"]);
    const params = ZOrderParams.safeParse(req.params);
    const query = ZLang.safeParse(req.query);
    if (!params.success || !query.success) throw new AppError("NOT_FOUND");
    const [order] = await txRows<{ id: string; print_format: BoxOfficePrintFormat | null }>(
      deps.database.db,
      sql`select o.id::text, st.print_format::text as print_format from orders o left join box_office_settings st on st.event_id = o.event_id
          where o.id = ${params.data.orderId} and o.organiser_id = ${who.organiserId}`,
    );
    if (!order) throw new AppError("NOT_FOUND");
    const format = query.data.format ?? order.print_format ?? "a4";
    const rendered = await renderOrderTickets(deps, order.id, query.data.lang, format);
    if (!rendered) throw new AppError("NOT_FOUND");
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="${rendered.number}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(rendered.pdf));
  });

  app.get("/api/boxoffice/shifts/:shiftId/report.pdf", async (req, reply) => {
    const who = await requireOrganiser(deps, req, ["showBoxoffice", "updateBoxoffice"]);
    const params = ZShiftParams.safeParse(req.params);
    const query = ZLang.safeParse(req.query);
    if (!params.success || !query.success) throw new AppError("NOT_FOUND");
    const locale: Locale = query.data.lang ?? who.locale;
    const shift = await shiftDetail(deps, { organiserId: who.organiserId, userId: who.userId }, params.data.shiftId);
    const pdf = await renderZReportPdf(shift.report, locale);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="z-report-${shift.openedAt.slice(0, 10)}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(pdf));
  });
}
