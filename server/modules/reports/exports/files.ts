import { createReadStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ReportExportParams } from "../../../../shared/schemas/report-exports";
import type { AppDeps } from "../../../deps";
import { parseJson, txRows } from "../../../db/sql";

/**
 * Export files live under UPLOAD_DIR in a folder of their own, named by the export's id only
 * (never a name someone typed). Like the verification documents, they are private: only
 * GET /api/reports/exports/{id}.csv reads them, after checking the organiser and the rights.
 */
const FOLDER = "report-exports";

/** The folder of the export files (tests look into it). */
export function reportExportsFolder(uploadDir: string): string {
  return path.join(uploadDir, FOLDER);
}

/**
 * Where an export is written: a part file of its own per claim (`{id}.{attempt}.part`, so an
 * instance that lost its claim never touches the file of the one that took over), renamed to
 * `{id}.csv` (its path relative to UPLOAD_DIR is kept) when complete.
 */
export async function exportFilePaths(uploadDir: string, id: string, attempt: number) {
  await mkdir(reportExportsFolder(uploadDir), { recursive: true });
  const relative = path.join(FOLDER, `${id}.csv`);
  return { relative, final: path.join(uploadDir, relative), part: partPath(uploadDir, id, attempt) };
}

function partPath(uploadDir: string, id: string, attempt: number): string {
  return path.join(reportExportsFolder(uploadDir), `${id}.${attempt}.part`);
}

/** Removes the part files of an export's claims up to `attempts` (a missing file is no error). */
export async function removePartFiles(uploadDir: string, id: string, attempts: number): Promise<void> {
  await Promise.all(Array.from({ length: attempts }, (_, i) => rm(partPath(uploadDir, id, i + 1), { force: true })));
}

/** Removes an export's file and whatever its claims left behind. */
export async function removeExportFiles(uploadDir: string, id: string, attempts: number): Promise<void> {
  await Promise.all([rm(path.join(reportExportsFolder(uploadDir), `${id}.csv`), { force: true }), removePartFiles(uploadDir, id, attempts)]);
}

/** A finished, unexpired export of `organiserId` opened for download; null for anything else. */
export async function openReportExportFile(deps: AppDeps, organiserId: string, id: string) {
  const [row] = await txRows<{ file_path: string | null; params: ReportExportParams | string }>(
    deps.database.db,
    sql`select file_path, params from report_exports
        where id = ${id} and organiser_id = ${organiserId} and status = 'done' and expires_at > now()`,
  );
  if (!row?.file_path) return null;
  const file = path.join(deps.config.UPLOAD_DIR, row.file_path);
  const info = await stat(file).catch(() => null);
  if (!info) return null;
  const params = parseJson(row.params);
  return { stream: createReadStream(file), bytes: info.size, filename: `ticket-lines-${params.from}-${params.to}.csv` };
}
