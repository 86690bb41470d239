import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { sql } from "drizzle-orm";
import type { Locale, Role } from "../../../../shared/enums";
import { canActForOrganiser, type PermissionSet } from "../../../../shared/permissions";
import { REPORT_EXPORT_KEEP_HOURS, type ReportExportParams } from "../../../../shared/schemas/report-exports";
import type { AppDeps } from "../../../deps";
import { parseJson } from "../../../db/sql";
import { csvFormat } from "../../../http/csv-download";
import { AppError } from "../../../lib/app-error";
import { exportFilePaths, removeExportFiles, removePartFiles } from "./files";
import { countExportLines, exportBoundaries, type ExportLine, exportLinesBatch, exportScope, LINES_BATCH_ORDERS, linesCsvHeader, linesCsvRecord } from "./lines";

/** A claimed export is the claimer's for this long; every batch renews it. A job that died lets it run out. */
const LEASE_SECONDS = 120;
/** Batches read ahead while one is written: Postgres works on them beside this process (at most this many + 1 in memory). */
const READ_AHEAD = 2;
/** Claims before an export that keeps dying is marked failed. */
const MAX_ATTEMPTS = 3;

type Claimed = { id: string; organiser_id: string; user_id: string | null; kind: string; params: ReportExportParams | string; attempts: number };

/** The next due export (queued, or running with its lease run out), claimed with SKIP LOCKED. */
async function claimExport(deps: AppDeps): Promise<Claimed | null> {
  const [row] = await deps.database.rows<Claimed>(sql`
    update report_exports set status = 'running', attempts = attempts + 1, rows_done = 0,
      started_at = coalesce(started_at, now()), lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where id = (
      select id from report_exports
      where (status = 'queued' or (status = 'running' and lease_until < now())) and expires_at > now()
      order by created_at limit 1 for update skip locked)
    returning id::text, organiser_id::text, user_id::text, kind, params, attempts`);
  return row ?? null;
}

/**
 * Rights are checked again when the job runs (a right taken away after the click stops the
 * export): the user still acts for the organiser with reportAreaAccess and viewOrders.
 */
async function mayStillExport(deps: AppDeps, job: Claimed): Promise<boolean> {
  if (!job.user_id) return false;
  const [user] = await deps.database.rows<{ role: Role; organiser_id: string | null; permissions: Partial<PermissionSet> | string | null }>(
    sql`select u.role::text as role, u.organiser_id::text, u.permissions from users u
        join organisers o on o.id = u.organiser_id
        where u.id = ${job.user_id} and u.organiser_id = ${job.organiser_id} and o.disabled_at is null`,
  );
  if (!user) return false;
  const holder = { role: user.role, organiserId: user.organiser_id, permissions: user.permissions === null ? null : parseJson(user.permissions) };
  return canActForOrganiser(holder, ["reportAreaAccess"]) && canActForOrganiser(holder, ["viewOrders"]);
}

async function fail(deps: AppDeps, id: string, code: string): Promise<void> {
  await deps.database.rows(sql`
    update report_exports set status = 'failed', error = ${code}, finished_at = now(), lease_until = null
    where id = ${id} returning id`);
}

/**
 * Writes one claimed export: header, then each batch's lines in order (the period as it stood
 * when the boundaries were read), progress and lease renewed after every batch.
 */
async function writeExport(deps: AppDeps, job: Claimed, batchOrders: number): Promise<void> {
  const params = parseJson(job.params);
  const lang: Locale = params.lang;
  const db = deps.database.db;
  const scope = await exportScope(db, job.organiser_id, params);
  const total = await countExportLines(db, scope);
  await deps.database.rows(sql`update report_exports set rows_total = ${total} where id = ${job.id} returning id`);
  const attempt = Number(job.attempts);
  const paths = await exportFilePaths(deps.config.UPLOAD_DIR, job.id, attempt);
  // What an earlier claim that died left behind.
  await removePartFiles(deps.config.UPLOAD_DIR, job.id, attempt - 1);
  const record = linesCsvRecord(lang);
  let done = 0;

  // Room for a thousand records and a megabyte of text on each side: fewer waits and bigger
  // writes than the streams' defaults (16), memory still bounded.
  const csv = stringify({ bom: true, delimiter: csvFormat(lang).delimiter, escape_formulas: true, writableHighWaterMark: 1000, readableHighWaterMark: 1 << 20 });
  // A failing file stops the writer waiting for room in the stream.
  const failed = new AbortController();
  const piped = pipeline(csv, createWriteStream(paths.part, { flags: "w", highWaterMark: 1 << 20 })).catch((err: unknown) => {
    failed.abort(err);
    throw err;
  });
  piped.catch(() => {});
  /** Waits for room when the stream is full (the file is behind): the batch stays the only thing in memory. */
  const room = () => once(csv, "drain", { signal: failed.signal });
  try {
    if (!csv.write(linesCsvHeader(lang))) await room();
    // Independent key ranges between the boundaries; the next READ_AHEAD are read while one is written.
    const bounds = await exportBoundaries(deps.database, scope, batchOrders);
    const ranges = bounds.map((upTo, i) => ({ after: bounds[i - 1] ?? null, upTo }));
    const reading: Promise<ExportLine[]>[] = [];
    const readNext = () => {
      const range = ranges.shift();
      if (!range) return;
      const read = exportLinesBatch(deps.database, scope, lang, range, batchOrders);
      read.catch(() => {});
      reading.push(read);
    };
    for (let i = 0; i < READ_AHEAD; i++) readNext();
    while (reading.length > 0) {
      const batch = await reading.shift()!;
      readNext();
      for (const line of batch) if (!csv.write(record(line))) await room();
      done += batch.length;
      const [kept] = await deps.database.rows<{ id: string }>(sql`
        update report_exports set rows_done = ${done}, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = ${job.id} and status = 'running' and attempts = ${attempt} returning id::text`);
      // Deleted (expired) or claimed by another instance after our lease ran out: stop writing.
      if (!kept) throw new LostClaim();
    }
    csv.end();
    await piped;
  } catch (err) {
    csv.destroy();
    await piped.catch(() => {});
    await rm(paths.part, { force: true }).catch(() => {});
    throw err;
  }
  const { size } = await stat(paths.part);
  // Still ours (the attempt that claimed it): then the file becomes the export's.
  const [mine] = await deps.database.rows<{ id: string }>(sql`
    update report_exports set status = 'done', rows_done = ${done}, rows_total = ${done}, file_path = ${paths.relative},
      file_bytes = ${size}, finished_at = now(), lease_until = null,
      expires_at = now() + make_interval(hours => ${REPORT_EXPORT_KEEP_HOURS})
    where id = ${job.id} and status = 'running' and attempts = ${attempt} returning id::text`);
  if (!mine) {
    await rm(paths.part, { force: true });
    throw new LostClaim();
  }
  await rename(paths.part, paths.final);
}

/** Another instance took the export over (our lease ran out), or it expired and was deleted. */
class LostClaim extends Error {
  constructor() {
    super("report export lost its claim");
  }
}

/**
 * The export job: claims due exports one after another and writes each (rows streamed from
 * key-range batches, two read ahead while one is written, through csv-stringify into a file under
 * UPLOAD_DIR; memory flat however many lines). A failure marks the export failed with an AppErrorCode the page translates and removes
 * its partial file. Returns how many exports it handled.
 */
export async function processReportExports(deps: AppDeps, options: { batchOrders?: number } = {}): Promise<number> {
  let handled = 0;
  for (;;) {
    const job = await claimExport(deps);
    if (!job) return handled;
    handled++;
    if (Number(job.attempts) > MAX_ATTEMPTS) {
      await fail(deps, job.id, "REPORT_DOWNLOAD_FAILED");
      continue;
    }
    if (!(await mayStillExport(deps, job))) {
      await fail(deps, job.id, "FORBIDDEN");
      continue;
    }
    try {
      await writeExport(deps, job, options.batchOrders ?? LINES_BATCH_ORDERS);
    } catch (err) {
      if (err instanceof LostClaim) {
        deps.log.warn({ export: job.id }, "report export taken over or deleted while running");
        continue;
      }
      deps.log.error({ err, export: job.id }, "report export failed");
      await fail(deps, job.id, err instanceof AppError ? err.code : "REPORT_DOWNLOAD_FAILED");
    }
  }
}

/**
 * Deletes exports past `expires_at` (24 h after they finished, or after they were asked for if
 * they never ran) with their files; a running one is left until its lease runs out.
 */
export async function deleteExpiredReportExports(deps: AppDeps): Promise<number> {
  const gone = await deps.database.rows<{ id: string; attempts: number }>(sql`
    delete from report_exports
    where expires_at < now() and not (status = 'running' and lease_until > now())
    returning id::text, attempts`);
  for (const g of gone) await removeExportFiles(deps.config.UPLOAD_DIR, g.id, Number(g.attempts)).catch(() => {});
  return gone.length;
}
