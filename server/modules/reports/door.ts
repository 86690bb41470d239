import { sql } from "drizzle-orm";
import type { ZReportData } from "../../../shared/schemas/boxoffice";
import type { DbOrTx } from "../../db/client";
import { parseJson, pgArray, txRows } from "../../db/sql";
import { shiftZReport } from "../boxoffice/shifts";
import { minuteOf } from "../dashboard/days";
import { inPeriod, localHour, num, type ReportBody, type ReportScope } from "./scope";

/**
 * The door and the counter (decision 025): check-ins of one event per hour and per device, and
 * the box office shifts with their Z-reports.
 */

/**
 * An admission is a `checkins` row `admitted` and not undone (decision 018: one per ticket and
 * date; an offline scan meeting another entry is a `conflict`, not a second admission; undoing
 * keeps the row and marks it). Its time is `scanned_at` (the device's time for offline scans),
 * which the period filters. The event's dates (a season: its events' dates) by the date index.
 */
function admissions(scope: ReportScope) {
  return sql`c.organiser_id = ${scope.organiserId} and c.outcome = 'admitted' and c.undone_at is null and ${inPeriod(sql`c.scanned_at`, scope)}
    and c.event_date_id in (select d.id from event_dates d where d.organiser_id = ${scope.organiserId} and d.event_id = any(${pgArray(scope.eventIds ?? [])}::uuid[]))`;
}

/** Admissions per hour (ORDERS_TIME_ZONE) of the chosen event. */
export async function checkinsPerHour(db: DbOrTx, scope: ReportScope): Promise<ReportBody> {
  const rows = await txRows<{ hour: string; admissions: number | string }>(
    db,
    sql`select ${localHour(sql`c.scanned_at`)} as hour, count(*) as admissions from checkins c where ${admissions(scope)} group by 1 order by 1`,
  );
  return {
    columns: [
      { key: "hour", kind: "hour" },
      { key: "admissions", kind: "count" },
    ],
    rows: rows.map((r) => ({ hour: r.hour, admissions: num(r.admissions) })),
    chart: { type: "bar", index: "hour", series: ["admissions"] },
  };
}

/** Admissions per device (its id; the label it last scanned with), with the first and the last. */
export async function checkinsPerDevice(db: DbOrTx, scope: ReportScope): Promise<ReportBody> {
  const rows = await txRows<{ device: string; admissions: number | string; first: Date | string; last: Date | string }>(
    db,
    sql`select (array_agg(c.device_label order by c.scanned_at desc, c.id))[1] as device, count(*) as admissions,
          min(c.scanned_at) as first, max(c.scanned_at) as last
        from checkins c where ${admissions(scope)}
        group by c.device_id order by 2 desc, 1, c.device_id`,
  );
  return {
    columns: [
      { key: "device", kind: "text" },
      { key: "admissions", kind: "count" },
      { key: "first", kind: "hour" },
      { key: "last", kind: "hour" },
    ],
    rows: rows.map((r) => ({ device: r.device, admissions: num(r.admissions), first: minuteOf(new Date(r.first)), last: minuteOf(new Date(r.last)) })),
    chart: { type: "bar", index: "device", series: ["admissions"] },
  };
}

/**
 * Box office shifts opened in the period (with an event chosen: those that sold one of its
 * orders), each with its Z-report as the box office computes it (frozen when closed, live while
 * open): the whole shift, because a drawer's cash is counted per shift, not per event.
 */
export async function shiftsReport(db: DbOrTx, scope: ReportScope): Promise<ReportBody> {
  const ofEvent = scope.eventIds
    ? sql`exists (select 1 from box_office_sales b join orders o on o.id = b.order_id
        where b.shift_id = s.id and o.organiser_id = ${scope.organiserId} and o.event_id = any(${pgArray(scope.eventIds)}::uuid[]))`
    : sql`true`;
  const shifts = await txRows<{ id: string; report: ZReportData | null }>(
    db,
    sql`select s.id::text, s.report from box_office_shifts s
        where s.organiser_id = ${scope.organiserId} and ${inPeriod(sql`s.opened_at`, scope)} and ${ofEvent}
        order by s.opened_at, s.id`,
  );
  const reports: ZReportData[] = [];
  for (const s of shifts) reports.push(s.report ? parseJson(s.report) : await shiftZReport(db, scope.organiserId, s.id));
  const sales = (z: ZReportData, ...methods: string[]) => z.methods.filter((m) => methods.includes(m.method)).reduce((a, m) => a + m.salesCents, 0);
  return {
    columns: [
      { key: "cashier", kind: "text" },
      { key: "opened", kind: "hour" },
      { key: "closed", kind: "hour" },
      { key: "sales", kind: "count" },
      { key: "tickets", kind: "count" },
      { key: "salesCents", kind: "cents" },
      { key: "cashCents", kind: "cents" },
      { key: "cardCents", kind: "cents" },
      { key: "otherCents", kind: "cents" },
      { key: "refundsCents", kind: "cents" },
      { key: "startingCashCents", kind: "cents" },
      { key: "expectedCashCents", kind: "cents" },
      { key: "countedCents", kind: "cents" },
      { key: "differenceCents", kind: "cents" },
    ],
    rows: reports.map((z) => ({
      cashier: z.cashier,
      opened: minuteOf(new Date(z.openedAt)),
      closed: z.closedAt ? minuteOf(new Date(z.closedAt)) : null,
      sales: z.salesCount,
      tickets: z.ticketsCount,
      salesCents: z.salesCents,
      cashCents: sales(z, "cash"),
      cardCents: sales(z, "card"),
      otherCents: sales(z, "paypal", "free_of_charge", "other"),
      refundsCents: z.refundsCents,
      startingCashCents: z.startingCashCents,
      expectedCashCents: z.cashExpectedCents,
      countedCents: z.countedCashCents,
      differenceCents: z.differenceCents,
    })),
    chart: { type: "bar", index: "opened", series: ["cashCents", "cardCents", "otherCents"] },
  };
}
