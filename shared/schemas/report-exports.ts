import { z } from "zod";

/**
 * The background export of every ticket line of a period (issue 22 item 3, decision 025b): one
 * CSV row per order line, written by a job into a file the organiser downloads when it is done.
 */
export const REPORT_EXPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

/** What an export writes; one kind so far: the lines of the paid orders. */
export const REPORT_EXPORT_KINDS = ["lines"] as const;
export type ReportExportKind = (typeof REPORT_EXPORT_KINDS)[number];

/** Exports of one organiser queued or running at once (a third waits until one is done). */
export const REPORT_EXPORTS_AT_ONCE = 2;
/** Hours a finished export's file stays downloadable; then the job deletes it. */
export const REPORT_EXPORT_KEEP_HOURS = 24;

const ZDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

export const ZReportExportStart = z.strictObject({
  /** Days in ORDERS_TIME_ZONE, both included (a period of at most REPORT_MAX_DAYS). */
  from: ZDay,
  to: ZDay,
  /** null: every event of the organiser. */
  eventId: z.uuid().nullable().default(null),
  /** The language of the file's headers, values and number format. */
  lang: z.enum(["de", "en"]),
});
export type ReportExportParams = z.output<typeof ZReportExportStart>;

export const ZReportExportId = z.strictObject({ id: z.uuid() });

/** Percent done of an export: 100 only when done (the count may grow while it runs). */
export function exportPercent(status: ReportExportStatus, rowsDone: number, rowsTotal: number | null): number {
  if (status === "done") return 100;
  if (!rowsTotal || rowsTotal <= 0) return 0;
  return Math.min(99, Math.floor((rowsDone / rowsTotal) * 100));
}
