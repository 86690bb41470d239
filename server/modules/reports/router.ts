import { ZReportQuery } from "../../../shared/schemas/reports";
import { organiserProcedure, router } from "../../trpc/init";
import { reportEvents } from "./events";
import { runReport } from "./run";

/** The organiser's reports (issue 22 item 3, decision 025): reportAreaAccess reads them. */
const reader = organiserProcedure("reportAreaAccess");

export const reportsRouter = router({
  run: reader.input(ZReportQuery).query(({ ctx, input }) => runReport(ctx.database.db, ctx.organiserId, input)),
  events: reader.query(({ ctx }) => reportEvents(ctx.database.db, ctx.organiserId)),
});
