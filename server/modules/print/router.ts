import { ZCreatePrintRunInput, ZPrintRunRef, ZPrintRunsInput, ZPrintScopeRef } from "../../../shared/schemas/print";
import { organiserProcedure, router } from "../../trpc/init";
import { createRun, listRuns, type Printer, voidRun } from "./runs";
import { printDates, printScopeView } from "./scope";

/**
 * The Print area's printing (issue 20, decision 021), for the organiser and team members with
 * printAreaAccess; everything filters by the caller's organiser (another organiser's date or run
 * is NOT_FOUND). A run's PDF is GET /api/print/runs/{runId}/tickets.pdf?lang=de|en (server/http/print.ts).
 */
const printing = organiserProcedure("printAreaAccess");
const who = (ctx: { organiserId: string; user: { id: string; locale: "de" | "en" } }): Printer => ({
  organiserId: ctx.organiserId,
  userId: ctx.user.id,
  locale: ctx.user.locale,
});

export const printRouter = router({
  /** Events and dates to print for (published, not ended, no seasons), with their categories. */
  dates: printing.query(({ ctx }) => printDates(ctx, ctx.organiserId)),
  /** One date for the plan picker: the plan, the categories with what is left, watch access. */
  scope: printing.input(ZPrintScopeRef).query(({ ctx, input }) => printScopeView(ctx, ctx.organiserId, input.scopeId)),
  createRun: printing.input(ZCreatePrintRunInput).mutation(({ ctx, input }) => createRun(ctx, who(ctx), input)),
  runs: printing.input(ZPrintRunsInput).query(({ ctx, input }) => listRuns(ctx, ctx.organiserId, input.eventId)),
  voidRun: printing.input(ZPrintRunRef).mutation(({ ctx, input }) => voidRun(ctx, who(ctx), input.runId)),
});
