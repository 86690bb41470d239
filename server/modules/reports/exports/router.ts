import { canActForOrganiser } from "../../../../shared/permissions";
import { ZReportExportId, ZReportExportStart } from "../../../../shared/schemas/report-exports";
import { AppError } from "../../../lib/app-error";
import { organiserProcedure, router } from "../../../trpc/init";
import { listReportExports, reportExportStatus, startReportExport } from "./service";

/**
 * The background export of every ticket line (issue 22 item 3, decision 025b). It is a report
 * (reportAreaAccess), and its rows carry buyers' names and emails, so starting, reading and
 * downloading one also takes viewOrders (GDPR: who may not see orders sees no buyer).
 */
const reporter = organiserProcedure("reportAreaAccess");

function mayExport(user: Parameters<typeof canActForOrganiser>[0]): boolean {
  return canActForOrganiser(user, ["viewOrders"]);
}

export const reportExportsRouter = router({
  start: reporter.input(ZReportExportStart).mutation(({ ctx, input }) => {
    if (!mayExport(ctx.user)) throw new AppError("FORBIDDEN");
    return startReportExport(ctx.database.db, { organiserId: ctx.organiserId, userId: ctx.user.id, params: input });
  }),
  status: reporter.input(ZReportExportId).query(({ ctx, input }) => {
    if (!mayExport(ctx.user)) throw new AppError("FORBIDDEN");
    return reportExportStatus(ctx.database.db, ctx.organiserId, input.id);
  }),
  /** Without viewOrders there is no export this caller may see: an empty list. */
  list: reporter.query(({ ctx }) => (mayExport(ctx.user) ? listReportExports(ctx.database.db, ctx.organiserId) : [])),
});
