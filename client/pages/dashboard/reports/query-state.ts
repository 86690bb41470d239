import { REPORT_TABS, REPORT_VIEWS, type ReportTab } from "../../../../shared/schemas/reports";

/**
 * The reports page's state lives in the URL: the tab in the path (/dashboard/reports/{tab}), the
 * view, event and period in the query string (`?view=day&event=<id>&from=2026-11-01&to=2026-11-26`),
 * so a report can be linked, reloaded and gone back to. Days are calendar days in Berlin time.
 */
export type ReportsQuery = { view: string; eventId: string | null; from: string; to: string };

export const PERIOD_PRESETS = ["thisMonth", "lastMonth", "thisYear", "last12Months"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReportTab(tab: string | undefined): tab is ReportTab {
  return (REPORT_TABS as readonly string[]).includes(tab ?? "");
}

/** Today in Berlin, "2026-11-26". */
export function todayInBerlin(now = new Date()): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(now);
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (y: number, m: number, d: number) => {
  const at = new Date(Date.UTC(y, m - 1, d));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
};

/** A preset's first and last day (up to today; "last 12 months" is a year ago tomorrow to today). */
export function presetPeriod(preset: PeriodPreset, today = todayInBerlin()): { from: string; to: string } {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  switch (preset) {
    case "thisMonth":
      return { from: dayOf(y, m, 1), to: today };
    case "lastMonth":
      return { from: dayOf(y, m - 1, 1), to: dayOf(y, m, 0) };
    case "thisYear":
      return { from: dayOf(y, 1, 1), to: today };
    case "last12Months":
      return { from: dayOf(y - 1, m, d + 1), to: today };
  }
}

/** The preset a period is, if any. */
export function presetOf(period: { from: string; to: string }, today = todayInBerlin()): PeriodPreset | null {
  return PERIOD_PRESETS.find((p) => {
    const q = presetPeriod(p, today);
    return q.from === period.from && q.to === period.to;
  }) ?? null;
}

export function parseReportsQuery(tab: ReportTab, params: URLSearchParams, today = todayInBerlin()): ReportsQuery {
  const views: readonly string[] = REPORT_VIEWS[tab];
  const view = params.get("view") ?? "";
  const eventId = params.get("event") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const fallback = presetPeriod("thisMonth", today);
  return {
    view: views.includes(view) ? view : views[0]!,
    eventId: UUID.test(eventId) ? eventId : null,
    from: DAY.test(from) ? from : fallback.from,
    to: DAY.test(to) ? to : fallback.to,
  };
}

/** The query string of a report's state (the tab's first view left out). */
export function reportsQueryString(tab: ReportTab, query: ReportsQuery): string {
  const params = new URLSearchParams();
  if (query.view !== REPORT_VIEWS[tab][0]) params.set("view", query.view);
  if (query.eventId) params.set("event", query.eventId);
  params.set("from", query.from);
  params.set("to", query.to);
  return params.toString();
}

/** Another tab with the same event and period (its own first view). */
export function tabHref(tab: ReportTab, query: ReportsQuery): string {
  return `/${tab}?${reportsQueryString(tab, { ...query, view: REPORT_VIEWS[tab][0] })}`;
}

/** GET /api/reports/{tab}.{csv|pdf} of the report on screen, in the UI language. */
export function downloadUrlOf(tab: ReportTab, query: ReportsQuery, ext: "csv" | "pdf", lang: "de" | "en"): string {
  const params = new URLSearchParams({ view: query.view, from: query.from, to: query.to, lang });
  if (query.eventId) params.set("eventId", query.eventId);
  return `/api/reports/${tab}.${ext}?${params.toString()}`;
}
