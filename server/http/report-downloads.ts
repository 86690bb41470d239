import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { canActForOrganiser, type Permission } from "../../shared/permissions";
import { reportTable } from "../../shared/rules/report-cells";
import { REPORT_TABS, type ReportResult, ZReportQuery } from "../../shared/schemas/reports";
import { ZReportExportId } from "../../shared/schemas/report-exports";
import type { AppDeps } from "../deps";
import { txRows } from "../db/sql";
import { i18nFor } from "../i18n";
import { AppError } from "../lib/app-error";
import { renderReportPdf } from "../modules/reports/download/pdf";
import { openReportExportFile } from "../modules/reports/exports/files";
import { runReport } from "../modules/reports/run";
import { sendCsv } from "./csv-download";
import { SESSION_COOKIE, validateSessionToken } from "../modules/auth/session";

const ZFile = z.object({ file: z.string().regex(new RegExp(`^(${REPORT_TABS.join("|")})\\.(csv|pdf)$`)) });
const ZDownloadQuery = z.object({
  view: z.string().max(20).optional(),
  eventId: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  lang: z.enum(["de", "en"]).default("de"),
});

/**
 * The session behind a report download, with every one of `rights` (organiserProcedure's rule
 * for each: the organiser has all, a team member needs the right).
 */
async function requireRights(deps: AppDeps, req: FastifyRequest, rights: Permission[]) {
  const token = req.cookies[SESSION_COOKIE];
  const auth = token ? await validateSessionToken(deps.database.db, token, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS }) : null;
  if (!auth) throw new AppError("UNAUTHENTICATED");
  if (!rights.every((right) => canActForOrganiser(auth.user, [right]))) throw new AppError("FORBIDDEN");
  return { organiserId: auth.user.organiserId!, userId: auth.user.id };
}

/** The report a download asks for: the query checked as reports.run checks it, its errors before any byte. */
async function reportFor(deps: AppDeps, organiserId: string, tab: string, raw: unknown): Promise<{ result: ReportResult; lang: "de" | "en" }> {
  const q = ZDownloadQuery.safeParse(raw);
  if (!q.success) throw new AppError("VALIDATION");
  const { lang, eventId, ...rest } = q.data;
  const query = ZReportQuery.safeParse({ tab, ...rest, eventId: eventId || null });
  if (!query.success) throw new AppError("VALIDATION");
  // runReport refuses a reversed period, a missing event and a report without rows with the
  // SPEC's errors: never an empty file.
  return { result: await runReport(deps.database.db, organiserId, query.data), lang };
}

async function pdfContext(deps: AppDeps, organiserId: string, eventId: string | null) {
  const [row] = await txRows<{ organiser: string; event: string | null }>(
    deps.database.db,
    sql`select o.name as organiser,
          (select e.name from events e where e.id = ${eventId}::uuid and e.organiser_id = ${organiserId}) as event
        from organisers o where o.id = ${organiserId}`,
  );
  return { organiserName: row?.organiser ?? "", eventName: row?.event ?? null };
}

/**
 * GET /api/reports/{tab}.csv and .pdf?view=&eventId=&from=&to=&lang=de|en (issue 22 item 3):
 * the report reports.run answers, as a CSV (csv-stringify; the language's delimiter and decimal
 * separator; the rows, then a totals row) or a PDF (title, organiser, event, period, the table
 * with its totals, page numbers), for the organiser and team members with reportAreaAccess.
 * A report without rows, a reversed period or a missing event answer the SPEC's error as JSON
 * (`{ error: code }` with its status), never an empty file.
 *
 * GET /api/reports/exports/{id}.csv: a finished background export (reportExports.start) of the
 * caller's organiser; it holds buyers' names and emails, so it takes viewOrders as well.
 */
export function registerReportDownloadRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/api/reports/:file", async (req, reply) => {
    const who = await requireRights(deps, req, ["reportAreaAccess"]);
    const params = ZFile.safeParse(req.params);
    if (!params.success) throw new AppError("NOT_FOUND");
    const [tab, ext] = params.data.file.split(".") as [string, "csv" | "pdf"];
    const { result, lang } = await reportFor(deps, who.organiserId, tab, req.query);
    const name = `report-${result.tab}-${result.view}`;
    if (ext === "csv") {
      const table = reportTable(i18nFor(lang), result, "csv");
      async function* records() {
        yield table.header;
        for (const row of table.rows) yield row;
        if (table.totals) yield table.totals;
      }
      return sendCsv(req, reply, { name, lang, records: records(), day: new Date() });
    }
    let pdf: Uint8Array;
    try {
      pdf = await renderReportPdf(result, lang, await pdfContext(deps, who.organiserId, result.eventId));
    } catch (err) {
      req.log.error({ err }, "report PDF failed");
      throw new AppError("REPORT_DOWNLOAD_FAILED", { cause: err });
    }
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${name}-${result.from}-${result.to}.pdf"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(pdf));
  });

  app.get("/api/reports/exports/:file", async (req, reply) => {
    const who = await requireRights(deps, req, ["reportAreaAccess", "viewOrders"]);
    const file = /^([0-9a-f-]{36})\.csv$/i.exec((req.params as { file?: string }).file ?? "");
    const id = ZReportExportId.safeParse({ id: file?.[1] });
    if (!id.success) throw new AppError("NOT_FOUND");
    const opened = await openReportExportFile(deps, who.organiserId, id.data.id);
    if (!opened) throw new AppError("NOT_FOUND");
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-length", String(opened.bytes))
      .header("content-disposition", `attachment; filename="${opened.filename}"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(opened.stream);
  });
}
