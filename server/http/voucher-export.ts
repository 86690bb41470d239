import type { MessageDescriptor } from "@lingui/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Locale } from "../../shared/enums";
import type { VoucherKind, VoucherState } from "../../shared/rules/voucher";
import type { AppDeps } from "../deps";
import { i18nFor } from "../i18n";
import { AppError } from "../lib/app-error";
import { type VoucherExportCursor, voucherExportBatch, type VoucherListRow, ZVoucherFilter } from "../modules/vouchers/list";
import { batchedRecords, csvDateTime, csvFormat, hundredths, sendCsv } from "./csv-download";
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
    csvDateTime.format(row.validFrom),
    csvDateTime.format(row.validUntil),
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

    const header = COLUMNS.map((key) => i18nFor(lang)._(H[key]));
    const next = (cursor: VoucherExportCursor) => voucherExportBatch(db, who.organiserId, filter, cursor, VOUCHER_EXPORT_BATCH_SIZE, now);
    const records = batchedRecords(header, first, next, (row: VoucherListRow) => voucherCsvRecord(row, lang));
    return sendCsv(req, reply, { name: "vouchers", lang, records, day: now });
  });
}
