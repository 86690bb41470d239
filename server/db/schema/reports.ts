import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { REPORT_EXPORT_STATUSES, type ReportExportParams } from "../../../shared/schemas/report-exports";
import { organisers, users } from "./accounts";

export const reportExportStatusEnum = pgEnum("report_export_status", REPORT_EXPORT_STATUSES);

/**
 * A background export of the organiser's reports (issue 22 item 3, decision 025b): queued by
 * reportExports.start, claimed by a job with SKIP LOCKED and a lease, written in keyset batches
 * into a CSV file under UPLOAD_DIR (`file_path`, relative to it) with its progress in
 * `rows_done` / `rows_total`, downloadable by the same organiser until `expires_at`, then
 * deleted with its file.
 */
export const reportExports = pgTable(
  "report_exports",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    /** Who asked for it (its rights are checked again when the job runs). */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** REPORT_EXPORT_KINDS: "lines" (every ticket line of the period). */
    kind: text().notNull(),
    params: jsonb().$type<ReportExportParams>().notNull(),
    status: reportExportStatusEnum().notNull().default("queued"),
    rowsDone: integer().notNull().default(0),
    /** Counted when the job starts; null until then. */
    rowsTotal: integer(),
    /** The CSV's path relative to UPLOAD_DIR once done. */
    filePath: text(),
    fileBytes: integer(),
    /** An AppErrorCode the page translates (the details are in the log). */
    error: text(),
    /** Claims by the job; a job that died lets its lease run out and the next claim retries. */
    attempts: integer().notNull().default(0),
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("report_exports_organiser_idx").on(t.organiserId, t.createdAt),
    /** What the job claims: queued ones, and running ones whose lease ran out. */
    index("report_exports_due_idx").on(t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
    index("report_exports_expires_idx").on(t.expiresAt),
  ],
);
