import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Locale } from "../../shared/enums";
import { ORDERS_TIME_ZONE } from "../../shared/schemas/organiser-orders";

/**
 * The organiser's CSV downloads (orders, vouchers): one shape for all of them. German
 * spreadsheets expect ";" between fields and a decimal comma, English ones "," and a decimal
 * point; times are "2026-11-25 18:14" in ORDERS_TIME_ZONE (sortable, the same in both languages).
 */
export function csvFormat(lang: Locale) {
  return lang === "de" ? { delimiter: ";", decimal: "," } : { delimiter: ",", decimal: "." };
}

export const csvDateTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: ORDERS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** Hundredths as a decimal: cents as euros ("12,50"), basis points as a percentage. */
export function hundredths(n: number, decimal: string): string {
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  return `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, "0")}`;
}

type Batch<Row, Cursor> = { rows: Row[]; next: Cursor | null };

/**
 * The header, then the records of every batch (the first one already read), the next batch read
 * while this one is written (at most two batches in memory).
 */
export async function* batchedRecords<Row, Cursor>(
  header: string[],
  first: Batch<Row, Cursor>,
  readNext: (cursor: Cursor) => Promise<Batch<Row, Cursor>>,
  toRecord: (row: Row) => string[],
): AsyncGenerator<string[]> {
  yield header;
  let batch = first;
  for (;;) {
    const next = batch.next ? readNext(batch.next) : null;
    // A client that goes away mid-export leaves this read unawaited: its failure is not a crash.
    next?.catch(() => {});
    for (const row of batch.rows) yield toRecord(row);
    if (!next) return;
    batch = await next;
  }
}

/**
 * Streams `records` through csv-stringify (BOM, the language's delimiter; fields starting with
 * = + - @ prefixed with ' so no spreadsheet runs them) as the download "<name>-<day>.csv".
 */
export function sendCsv(
  req: FastifyRequest,
  reply: FastifyReply,
  options: { name: string; lang: Locale; records: AsyncGenerator<string[]>; day: Date },
) {
  const csv = stringify({ bom: true, delimiter: csvFormat(options.lang).delimiter, escape_formulas: true });
  pipeline(Readable.from(options.records, { objectMode: true }), csv, (err) => {
    if (!err) return;
    // A client that goes away mid-download is no fault of ours.
    if ((err as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") req.log.info(`${options.name} export: the client left before the end`);
    else req.log.error({ err }, `${options.name} export failed while streaming`);
  });
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone: ORDERS_TIME_ZONE }).format(options.day);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${options.name}-${day}.csv"`)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(csv);
}
