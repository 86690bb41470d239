import { z } from "zod";

/**
 * The organiser's reports (issue 22 item 3, SPEC §2 /dashboard/reports/{tab}, §8 report errors,
 * decision 025). One shape for every tab: the server answers a query with typed columns, rows
 * and totals; the page draws the table and the chart from it, and the CSV and PDF downloads
 * write the same rows. Column labels are `REPORT_COLUMN_LABELS` (shared/i18n/report-labels.ts).
 */
export const REPORT_TABS = ["sales", "tickets", "checkins", "vouchers", "resellers", "vat", "shifts"] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** Tabs with more than one grouping (the sales report: per day, per channel, per payment method). */
export const REPORT_VIEWS = {
  sales: ["day", "channel", "method"],
  tickets: ["category"],
  checkins: ["hour", "device"],
  vouchers: ["voucher"],
  resellers: ["reseller"],
  vat: ["rate"],
  shifts: ["shift"],
} as const satisfies Record<ReportTab, readonly string[]>;
export type ReportView<T extends ReportTab = ReportTab> = (typeof REPORT_VIEWS)[T][number];

/** Tabs that need one event chosen (the check-in report reads one event's door). */
export const REPORT_TABS_NEEDING_EVENT: readonly ReportTab[] = ["checkins"];

/** A calendar day in the organisers' time zone (ORDERS_TIME_ZONE), "2026-11-26". */
const ZDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** The longest period one report reads (a year and a day for leap years). */
export const REPORT_MAX_DAYS = 366;

export const ZReportQuery = z.strictObject({
  tab: z.enum(REPORT_TABS),
  /** One of REPORT_VIEWS[tab]; the tab's first when omitted. */
  view: z.string().max(20).optional(),
  /** null: every event of the organiser (except tabs in REPORT_TABS_NEEDING_EVENT). */
  eventId: z.uuid().nullable().default(null),
  /** Both days included, in ORDERS_TIME_ZONE. `to` before `from`: REPORT_PERIOD_INVALID. */
  from: ZDay,
  to: ZDay,
});
export type ReportQuery = z.output<typeof ZReportQuery>;

/**
 * How a column's values are written: text as is, a day "2026-11-26", an hour "2026-11-26 18:00",
 * a count, cents (money, to the cent), basis points (a VAT rate, 1900 = 19 %).
 */
export const REPORT_COLUMN_KINDS = ["text", "day", "hour", "count", "cents", "basisPoints"] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

/** `key` names the label in REPORT_COLUMN_LABELS[`${tab}.${key}`] (or a shared one, `common.${key}`). */
export type ReportColumn = { key: string; kind: ReportColumnKind };

/** A row's values by column key: text columns hold strings (channel and method keys are codes the client translates), the rest numbers. */
export type ReportRow = Record<string, string | number | null>;

export type ReportResult = {
  tab: ReportTab;
  view: string;
  from: string;
  to: string;
  eventId: string | null;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Sums of the count and cents columns over all rows (empty for columns where a sum means nothing). */
  totals: Record<string, number>;
  /** What the chart draws: the column along the x axis and the number columns as series. */
  chart: { type: "bar" | "line"; index: string; series: string[] };
};
