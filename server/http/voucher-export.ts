import { Readable, pipeline } from "node:stream";
import type { MessageDescriptor } from "@lingui/core";
import { stringify } from "csv-stringify";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Locale } from "../../shared/enums";
import type { VoucherKind, VoucherState } from "../../shared/rules/voucher";
import { ORDERS_TIME_ZONE } from "../../shared/schemas/organiser-orders";
import type { AppDeps } from "../deps";
import { i18nFor } from "../i18n";
import { AppError } from "../lib/app-error";
import { type VoucherExportCursor, voucherExportBatch, type VoucherFilter, type VoucherListRow, ZVoucherFilter } from "../modules/vouchers/list";
import { requireOrganiser } from "./uploads";

/** Rows read from the database per batch: memory stays flat however many codes a batch made. */
export const VOUCHER_EXPORT_BATCH_SIZE = 1000;

/** Column headers and values of the vouchers CSV (server-side descriptors, catalogs in shared/i18n). */
const H = {
  code: /*i18n*/ { id: "vouchersCsv.code", message: "Code" },
  event: /*i18n*/ { id: "vouchersCsv.event", message: "Event" },
  value: /*i18n*/ { id: "vouchersCsv.value", message: "Value" },
  kind: /*i18n*/ { id: "vouchersCsv.kind", message: "Kind" },
  minOrder: /*i18n*/ { id: "vouchersCsv.minOrder", message: "Minimum order value (EUR)" },
  maxOrder: /*i18n*/ { id: "vouchersCsv.maxOrder", message: "Maximum order value (EUR)" },
  maxUses: /*i18n*/ { id: "vouchersCsv.maxUses", message: "Maximum redemptions" },
  used: /*i18n*/ { id: "vouchersCsv.used", message: "Used" },
  state: /*i18n*/ { id: "vouchersCsv.state", message: "State" },
  validFrom: /*i18n*/ { id: "vouchersCsv.validFrom", message: "Valid from" },
  validUntil: /*i18n*/ { id: "vouchersCsv.validUntil", message: "Valid until" },
  description: /*i18n*/ { id: "vouchersCsv.description", message: "Description" },
} satisfies Record<string, MessageDescriptor>;

const KIND: Record<VoucherKind, MessageDescriptor> = {
  fixed: /*i18n*/ { id: "vouchersCsv.kind.fixed", message: "Fixed amount (EUR)" },
  percent: /*i18n*/ { id: "vouchersCsv.kind.percent", message: "Percentage (%)" },
};

const STATE: Record<VoucherState, MessageDescriptor> = {
  active: /*i18n*/ { id: "vouchersCsv.state.active", message: "Active" },
  inactive: /*i18n*/ { id: "vouchersCsv.state.inactive", message: "Inactive" },
  upcoming: /*i18n*/ { id: "vouchersCsv.state.upcoming", message: "Not valid yet" },
  expired: /*i18n*/ { id: "vouchersCsv.state.expired", message: "Expired" },
  used: /*i18n*/ { id: "vouchersCsv.state.used", message: "Used" },
  limit_reached: /*i18n*/ { id: "vouchersCsv.state.limitReached", message: "Limit reached" },
};

const UNLIMITED: MessageDescriptor = /*i18n*/ { id: "vouchersCsv.unlimited", message: "Unlimited" };

const COLUMNS = Object.keys(H) as (keyof typeof H)[];

/** "2026-11-25 18:14" in the organiser's time zone of the orders export (sortable, both languages). */
const dateTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: ORDERS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** German spreadsheets expect ";" and a decimal comma, English ones "," and a decimal point (as the orders CSV). */
function csvFormat(lang: Locale) {
  return lang === "de" ? { delimiter: ";", decimal: "," } : { delimiter: ",", decimal: "." };
}

/** Hundredths as a decimal: cents as euros ("12,50"), basis points as a percentage ("12,5" → "12,50"). */
function hundredths(n: number, decimal: string): string {
  return `${Math.floor(n / 100)}${decimal}${String(n % 100).padStart(2, "0")}`;
}

/** One CSV record of a voucher, in COLUMNS order. The value is euros (fixed) or percent (percent), as its kind says. */
export function voucherCsvRecord(row: VoucherListRow, lang: Locale): string[] {
  const i18n = i18nFor(lang);
  const { decimal } = csvFormat(lang);
  return [
    row.code,
    row.eventName,
    hundredths(row.value, decimal),
    i18n._(KIND[row.kind]),
    hundredths(row.minOrderCents, decimal),
    hundredths(row.maxOrderCents, decimal),
    row.maxUses === null ? i18n._(UNLIMITED) : String(row.maxUses),
    String(row.usedCount),
    i18n._(STATE[row.state]),
    dateTime.format(row.validFrom),
    dateTime.format(row.validUntil),
    row.description,
  ];
}

/** A query string's empty parameters ("eventId=") mean "no filter". */
const ZExportQuery = z.preprocess(
  (q) => (q && typeof q === "object" ? Object.fromEntries(Object.entries(q).filter(([, v]) => v !== "")) : q),
  ZVoucherFilter.extend({ lang: z.enum(["de", "en"]).default("de") }),
);

/**
 * GET /api/organiser/vouchers.csv?eventId=&batchId=&state=&search=&lang=de|en (issue 19): the
 * organiser's vouchers matching the list's filters, in the list's order, as a CSV download for
 * the organiser and team members with createVoucher or updateVoucher (a bulk batch's codes to
 * hand out). Rows are read in keyset batches and streamed through csv-stringify; nothing
 * matching gives the header alone. Fields starting with = + - @ are prefixed with '.
 */
export function registerVoucherExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/api/organiser/vouchers.csv", async (req, reply) => {
    const who = await requireOrganiser(deps, req, ["createVoucher", "updateVoucher"]);
    const query = ZExportQuery.safeParse(req.query);
    if (!query.success) throw new AppError("VALIDATION");
    const { lang, ...filter } = query.data;
    // One instant for every batch: a voucher's state does not change halfway through the file.
    const now = new Date();
    const db = deps.database.db;
    const first = await voucherExportBatch(db, who.organiserId, filter, null, VOUCHER_EXPORT_BATCH_SIZE, now);

    const i18n = i18nFor(lang);
    const csv = stringify({ bom: true, delimiter: csvFormat(lang).delimiter, escape_formulas: true });
    const header = COLUMNS.map((key) => i18n._(H[key]));
    const source = Readable.from(records(deps, who.organiserId, filter, lang, header, first, now), { objectMode: true });
    pipeline(source, csv, (err) => {
      if (!err) return;
      if ((err as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") req.log.info("vouchers export: the client left before the end");
      else req.log.error({ err }, "vouchers export failed while streaming");
    });
    const day = new Intl.DateTimeFormat("sv-SE", { timeZone: ORDERS_TIME_ZONE }).format(now);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="vouchers-${day}.csv"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(csv);
  });
}

/** The header, then the records of every batch (the first one already read), the next batch read ahead. */
async function* records(
  deps: AppDeps,
  organiserId: string,
  filter: VoucherFilter,
  lang: Locale,
  header: string[],
  first: { rows: VoucherListRow[]; next: VoucherExportCursor | null },
  now: Date,
): AsyncGenerator<string[]> {
  yield header;
  let batch = first;
  for (;;) {
    const next = batch.next ? voucherExportBatch(deps.database.db, organiserId, filter, batch.next, VOUCHER_EXPORT_BATCH_SIZE, now) : null;
    // A client that goes away mid-export leaves this read unawaited: its failure is not a crash.
    next?.catch(() => {});
    for (const row of batch.rows) yield voucherCsvRecord(row, lang);
    if (!next) return;
    batch = await next;
  }
}
