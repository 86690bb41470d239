import type { MessageDescriptor } from "@lingui/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Locale } from "../../shared/enums";
import type { OrderChannel, OrderStatus, PaymentMethod } from "../../shared/schemas/orders";
import { ZOrderFilter } from "../../shared/schemas/organiser-orders";
import type { AppDeps } from "../deps";
import { i18nFor } from "../i18n";
import { AppError } from "../lib/app-error";
import { type ExportCursor, exportBatch, type OrderExportRow } from "../modules/orders/organiser/list";
import { batchedRecords, csvDateTime, csvFormat, hundredths, sendCsv } from "./csv-download";
import { requireOrganiser } from "./uploads";

/** Rows read from the database per batch: memory stays flat however many orders match. */
export const EXPORT_BATCH_SIZE = 1000;

/** Column headers and values of the orders CSV (server-side descriptors, catalogs in shared/i18n). */
const H = {
  number: /*i18n*/ { id: "ordersCsv.number", message: "Order number" },
  createdAt: /*i18n*/ { id: "ordersCsv.createdAt", message: "Order date" },
  status: /*i18n*/ { id: "ordersCsv.status", message: "Status" },
  channel: /*i18n*/ { id: "ordersCsv.channel", message: "Channel" },
  reseller: /*i18n*/ { id: "ordersCsv.reseller", message: "Reseller" },
  paymentMethod: /*i18n*/ { id: "ordersCsv.paymentMethod", message: "Payment method" },
  buyerName: /*i18n*/ { id: "ordersCsv.buyerName", message: "Buyer" },
  buyerEmail: /*i18n*/ { id: "ordersCsv.buyerEmail", message: "Email" },
  buyerPhone: /*i18n*/ { id: "ordersCsv.buyerPhone", message: "Phone" },
  buyerCompany: /*i18n*/ { id: "ordersCsv.buyerCompany", message: "Company" },
  eventName: /*i18n*/ { id: "ordersCsv.eventName", message: "Event" },
  startsAt: /*i18n*/ { id: "ordersCsv.startsAt", message: "Event date" },
  tickets: /*i18n*/ { id: "ordersCsv.tickets", message: "Tickets" },
  checkedIn: /*i18n*/ { id: "ordersCsv.checkedIn", message: "Checked in" },
  voucher: /*i18n*/ { id: "ordersCsv.voucher", message: "Voucher" },
  discount: /*i18n*/ { id: "ordersCsv.discount", message: "Discount (EUR)" },
  total: /*i18n*/ { id: "ordersCsv.total", message: "Total (EUR)" },
} satisfies Record<string, MessageDescriptor>;

const STATUS: Record<OrderStatus, MessageDescriptor> = {
  pending: /*i18n*/ { id: "ordersCsv.status.pending", message: "Pending" },
  valid: /*i18n*/ { id: "ordersCsv.status.valid", message: "Valid" },
  failed: /*i18n*/ { id: "ordersCsv.status.failed", message: "Failed" },
  cancelled: /*i18n*/ { id: "ordersCsv.status.cancelled", message: "Cancelled" },
};

const CHANNEL: Record<OrderChannel, MessageDescriptor> = {
  online: /*i18n*/ { id: "ordersCsv.channel.online", message: "Online" },
  box_office: /*i18n*/ { id: "ordersCsv.channel.boxOffice", message: "Box office" },
  reseller: /*i18n*/ { id: "ordersCsv.channel.reseller", message: "Reseller" },
  hard_ticket: /*i18n*/ { id: "ordersCsv.channel.hardTicket", message: "Hard tickets" },
};

const METHOD: Record<PaymentMethod, MessageDescriptor> = {
  online: /*i18n*/ { id: "ordersCsv.method.online", message: "Online" },
  cash: /*i18n*/ { id: "ordersCsv.method.cash", message: "Cash" },
  card: /*i18n*/ { id: "ordersCsv.method.card", message: "Card" },
  paypal: /*i18n*/ { id: "ordersCsv.method.paypal", message: "PayPal" },
  free_of_charge: /*i18n*/ { id: "ordersCsv.method.freeOfCharge", message: "Free of charge" },
  other: /*i18n*/ { id: "ordersCsv.method.other", message: "Other" },
};

const COLUMNS = Object.keys(H) as (keyof typeof H)[];

/** One CSV record of an order, in COLUMNS order. */
export function csvRecord(row: OrderExportRow, lang: Locale): string[] {
  const i18n = i18nFor(lang);
  const { decimal } = csvFormat(lang);
  return [
    row.number,
    csvDateTime.format(row.createdAt),
    i18n._(STATUS[row.status]),
    i18n._(CHANNEL[row.channel]),
    row.resellerName ?? "",
    i18n._(METHOD[row.paymentMethod]),
    row.buyerName,
    row.buyerEmail,
    row.buyerPhone ?? "",
    row.buyerCompany ?? "",
    row.eventName,
    row.startsAt ? csvDateTime.format(row.startsAt) : "",
    String(row.tickets),
    String(row.checkedIn),
    row.voucherCode ?? "",
    hundredths(row.discountCents, decimal),
    hundredths(row.totalCents, decimal),
  ];
}

const ZExportQuery = ZOrderFilter.extend({ lang: z.enum(["de", "en"]).default("de") });

/**
 * GET /api/organiser/orders.csv?<the list's filters>&lang=de|en (issue 16): the organiser's
 * orders matching the list's filters, newest first, as a CSV download for the organiser and
 * team members with viewOrders or updateOrderDate. Rows are read in keyset batches and streamed
 * through csv-stringify (backpressure: the next batch is read when the client has taken the
 * last). Nothing matching answers NO_ORDERS_TO_EXPORT before anything is sent. Fields a buyer
 * typed that start with = + - @ (a formula to a spreadsheet) are prefixed with '.
 */
export function registerOrderExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/api/organiser/orders.csv", async (req, reply) => {
    const who = await requireOrganiser(deps, req, ["viewOrders", "updateOrderDate"]);
    const query = ZExportQuery.safeParse(req.query);
    if (!query.success) throw new AppError("VALIDATION");
    const { lang, ...filter } = query.data;

    const first = await exportBatch(deps, who.organiserId, filter, null, EXPORT_BATCH_SIZE);
    if (first.rows.length === 0) throw new AppError("NO_ORDERS_TO_EXPORT");

    const header = COLUMNS.map((key) => i18nFor(lang)._(H[key]));
    const next = (cursor: ExportCursor) => exportBatch(deps, who.organiserId, filter, cursor, EXPORT_BATCH_SIZE);
    const records = batchedRecords(header, first, next, (row: OrderExportRow) => csvRecord(row, lang));
    return sendCsv(req, reply, { name: "orders", lang, records, day: new Date() });
  });
}
