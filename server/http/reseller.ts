import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { BoxOfficePrintFormat } from "../../shared/schemas/boxoffice";
import type { AppDeps } from "../deps";
import { txRows } from "../db/sql";
import { AppError } from "../lib/app-error";
import { SESSION_COOKIE, validateSessionToken } from "../modules/auth/session";
import { renderOrderTickets } from "../modules/orders/tickets-pdf";

const ZOrderParams = z.object({ orderId: z.uuid() });
const ZQuery = z.object({ lang: z.enum(["de", "en"]).optional(), format: z.enum(["a4", "din_long", "receipt"]).optional() });

/**
 * GET /api/reseller/orders/{orderId}/tickets.pdf[?format=a4|din_long|receipt&lang=de|en]: the
 * tickets of a reseller's own sale (issue 21), in the event's print format, inline for the
 * browser's print dialog. Only the reseller who sold it: any other order is NOT_FOUND.
 */
export function registerResellerRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/api/reseller/orders/:orderId/tickets.pdf", async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    const auth = token ? await validateSessionToken(deps.database.db, token, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS }) : null;
    if (!auth) throw new AppError("UNAUTHENTICATED");
    if (auth.user.role !== "reseller") throw new AppError("FORBIDDEN");
    const params = ZOrderParams.safeParse(req.params);
    const query = ZQuery.safeParse(req.query);
    if (!params.success || !query.success) throw new AppError("NOT_FOUND");
    const [order] = await txRows<{ id: string; print_format: BoxOfficePrintFormat | null }>(
      deps.database.db,
      sql`select o.id::text, st.print_format::text as print_format from orders o left join box_office_settings st on st.event_id = o.event_id
          where o.id = ${params.data.orderId} and o.reseller_id = ${auth.user.id} and o.status = 'valid'`,
    );
    if (!order) throw new AppError("NOT_FOUND");
    const rendered = await renderOrderTickets(deps, order.id, query.data.lang, query.data.format ?? order.print_format ?? "a4");
    if (!rendered) throw new AppError("NOT_FOUND");
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="${rendered.number}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(rendered.pdf));
  });
}
