import { sql } from "drizzle-orm";
import { REPORT_MAX_DAYS, REPORT_TABS_NEEDING_EVENT, REPORT_VIEWS, type ReportQuery, type ReportResult, type ReportTab } from "../../../shared/schemas/reports";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { dayStart, daysBetween, isCalendarDay, midnightIn } from "../dashboard/days";
import { checkinsPerDevice, checkinsPerHour, shiftsReport } from "./door";
import { resellersReport, vatReport, vouchersReport } from "./parties";
import { salesReport, ticketsReport } from "./sales";
import { eventScope, type ReportBody, type ReportScope } from "./scope";

/**
 * The organiser's reports (issue 22 item 3, SPEC §2 /dashboard/reports/{tab}, decision 025): one
 * query answers typed columns, rows, totals and what the chart draws. Every statement filters by
 * the caller's organiser; the period is calendar days in ORDERS_TIME_ZONE, both included.
 */

type Runner = (db: DbOrTx, scope: ReportScope) => Promise<ReportBody>;

/** Memory each hash or sort of a report's statement may take (per statement node, for the report's transaction only). */
const REPORT_WORK_MEM_MB = 32;

const RUNNERS: { [T in ReportTab]: Record<(typeof REPORT_VIEWS)[T][number], Runner> } = {
  sales: {
    day: (db, scope) => salesReport(db, scope, "day"),
    channel: (db, scope) => salesReport(db, scope, "channel"),
    method: (db, scope) => salesReport(db, scope, "method"),
  },
  tickets: { category: ticketsReport },
  checkins: { hour: checkinsPerHour, device: checkinsPerDevice },
  vouchers: { voucher: vouchersReport },
  resellers: { reseller: resellersReport },
  vat: { rate: vatReport },
  shifts: { shift: shiftsReport },
};

/** The view asked for (the tab's first when omitted), or VALIDATION on `view`. */
function runnerOf(tab: ReportTab, view: string | undefined): { view: string; run: Runner } {
  const views: readonly string[] = REPORT_VIEWS[tab];
  const chosen = view ?? views[0]!;
  if (!views.includes(chosen)) throw new AppError("VALIDATION", { field: "view" });
  return { view: chosen, run: (RUNNERS[tab] as Record<string, Runner>)[chosen]! };
}

/** Sums of the count and cents columns (a null cell adds nothing); days, hours, text and rates are not summed. */
export function reportTotals(body: Pick<ReportBody, "columns" | "rows">): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const c of body.columns) {
    if (c.kind !== "count" && c.kind !== "cents") continue;
    totals[c.key] = body.rows.reduce<number>((a, r) => a + (typeof r[c.key] === "number" ? (r[c.key] as number) : 0), 0);
  }
  return totals;
}

/**
 * Runs one report. Refuses, in this order: a view the tab does not have (VALIDATION, `view`), a
 * day that does not exist (VALIDATION, `from`/`to`), a period ending before it starts or longer
 * than REPORT_MAX_DAYS (REPORT_PERIOD_INVALID, `to`), no event for a tab that needs one
 * (REPORT_NO_EVENT_SELECTED), another organiser's or an unknown event (NOT_FOUND); a report
 * without rows is REPORT_NO_DATA_EVENT with an event chosen, else REPORT_NO_DATA_PERIOD.
 */
export async function runReport(db: DbOrTx, organiserId: string, query: ReportQuery, now: Date = new Date()): Promise<ReportResult> {
  const { view, run } = runnerOf(query.tab, query.view);
  if (!isCalendarDay(query.from)) throw new AppError("VALIDATION", { field: "from" });
  if (!isCalendarDay(query.to)) throw new AppError("VALIDATION", { field: "to" });
  const days = daysBetween(query.from, query.to);
  if (days < 1 || days > REPORT_MAX_DAYS) throw new AppError("REPORT_PERIOD_INVALID", { field: "to" });
  if (REPORT_TABS_NEEDING_EVENT.includes(query.tab) && !query.eventId) throw new AppError("REPORT_NO_EVENT_SELECTED", { field: "eventId" });
  const eventIds = query.eventId ? await eventScope(db, organiserId, query.eventId) : null;
  const [y, m, d] = query.to.split("-").map(Number);
  const scope: ReportScope = {
    organiserId,
    from: dayStart(query.from),
    // Midnight after the last day (Date.UTC carries day 32 into the next month).
    until: midnightIn(y!, m!, d! + 1),
    eventId: query.eventId,
    eventIds,
    now,
  };
  // A year of lines is hashed in memory, not in temporary files (the default work_mem is 4 MB);
  // no JIT: compiling a report's statement (the planner overestimates its joined groups) took
  // seconds where running it takes a few hundred milliseconds (scripts/bench/reports.ts).
  const body = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '${sql.raw(String(REPORT_WORK_MEM_MB))}MB'`);
    await tx.execute(sql`set local jit = off`);
    return run(tx, scope);
  });
  // Not a field's fault: the page says it in place of the table (SPEC §8).
  if (body.rows.length === 0) throw new AppError(query.eventId ? "REPORT_NO_DATA_EVENT" : "REPORT_NO_DATA_PERIOD");
  return { tab: query.tab, view, from: query.from, to: query.to, eventId: query.eventId, ...body, totals: reportTotals(body) };
}
