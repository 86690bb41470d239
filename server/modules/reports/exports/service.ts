import { sql } from "drizzle-orm";
import {
  exportPercent,
  REPORT_EXPORT_KEEP_HOURS,
  REPORT_EXPORTS_AT_ONCE,
  type ReportExportKind,
  type ReportExportParams,
  type ReportExportStatus,
} from "../../../../shared/schemas/report-exports";
import type { Db } from "../../../db/client";
import { parseJson, txRows } from "../../../db/sql";
import { AppError } from "../../../lib/app-error";
import { countExportLines, exportScope } from "./lines";

/**
 * The background exports asked for from the reports page (issue 22 item 3, decision 025b):
 * start one, read one's progress, list the organiser's. The job (worker.ts) writes the file.
 */

export type ReportExportView = {
  id: string;
  kind: ReportExportKind;
  params: ReportExportParams;
  status: ReportExportStatus;
  rowsDone: number;
  rowsTotal: number | null;
  /** 0–100; 100 only when done. */
  percent: number;
  /** An AppErrorCode when failed. */
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date;
  /** GET this once done. */
  downloadUrl: string | null;
};

type Raw = {
  id: string;
  kind: ReportExportKind;
  params: ReportExportParams | string;
  status: ReportExportStatus;
  rows_done: number;
  rows_total: number | null;
  error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  expires_at: Date | string;
};

const COLUMNS = sql`id::text, kind, params, status::text as status, rows_done, rows_total, error, created_at, finished_at, expires_at`;

function toView(r: Raw): ReportExportView {
  const status = r.status;
  const rowsDone = Number(r.rows_done);
  const rowsTotal = r.rows_total === null ? null : Number(r.rows_total);
  return {
    id: r.id,
    kind: r.kind,
    params: parseJson(r.params),
    status,
    rowsDone,
    rowsTotal,
    percent: exportPercent(status, rowsDone, rowsTotal),
    error: r.error,
    createdAt: new Date(r.created_at),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
    expiresAt: new Date(r.expires_at),
    downloadUrl: status === "done" ? `/api/reports/exports/${r.id}.csv` : null,
  };
}

/**
 * Queues an export of every ticket line of the period. A reversed or over-long period is
 * REPORT_PERIOD_INVALID, another organiser's event NOT_FOUND; a period (or event) without lines answers its SPEC error instead of an
 * empty file; an organiser runs at most REPORT_EXPORTS_AT_ONCE at once (its row locked while
 * counting, so two starts at once cannot both pass).
 */
export async function startReportExport(
  db: Db,
  options: { organiserId: string; userId: string; params: ReportExportParams },
): Promise<ReportExportView> {
  const { organiserId, userId, params } = options;
  const scope = await exportScope(db, organiserId, params);
  return db.transaction(async (tx) => {
    await txRows(tx, sql`select id from organisers where id = ${organiserId} for update`);
    const [busy] = await txRows<{ n: number | string }>(
      tx,
      sql`select count(*)::int as n from report_exports where organiser_id = ${organiserId} and status in ('queued', 'running')`,
    );
    if (Number(busy?.n ?? 0) >= REPORT_EXPORTS_AT_ONCE) throw new AppError("TOO_MANY_REQUESTS");
    const total = await countExportLines(tx, scope);
    if (total === 0) throw new AppError(params.eventId ? "REPORT_NO_DATA_EVENT" : "REPORT_NO_DATA_PERIOD");
    const [row] = await txRows<Raw>(
      tx,
      sql`insert into report_exports (organiser_id, user_id, kind, params, rows_total, expires_at)
          values (${organiserId}, ${userId}, 'lines', ${JSON.stringify(params)}::jsonb, ${total},
            now() + make_interval(hours => ${REPORT_EXPORT_KEEP_HOURS}))
          returning ${COLUMNS}`,
    );
    return toView(row!);
  });
}

/** One export of the organiser; another organiser's (or an expired one) is NOT_FOUND. */
export async function reportExportStatus(db: Db, organiserId: string, id: string): Promise<ReportExportView> {
  const [row] = await txRows<Raw>(
    db,
    sql`select ${COLUMNS} from report_exports where id = ${id} and organiser_id = ${organiserId} and expires_at > now()`,
  );
  if (!row) throw new AppError("NOT_FOUND");
  return toView(row);
}

/** The organiser's exports still kept, newest first (at most 20). */
export async function listReportExports(db: Db, organiserId: string): Promise<ReportExportView[]> {
  const rows = await txRows<Raw>(
    db,
    sql`select ${COLUMNS} from report_exports where organiser_id = ${organiserId} and expires_at > now()
        order by created_at desc, id desc limit 20`,
  );
  return rows.map(toView);
}
