import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Group, Paper, Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { REPORT_TAB_LABELS, REPORT_VIEW_LABELS } from "../../../../shared/i18n/report-labels";
import { canActForOrganiser } from "../../../../shared/permissions";
import { reportPeriodText } from "../../../../shared/rules/report-cells";
import { REPORT_TABS_NEEDING_EVENT, type ReportTab } from "../../../../shared/schemas/reports";
import { appCodeOf, describeCode, describeError } from "../../../lib/errors";
import { useUserInfo } from "../../../lib/session";
import { useTRPC } from "../../../lib/trpc";
import { ReportChart } from "./chart";
import { ReportDownloads } from "./downloads";
import { LinesExport } from "./exports";
import { ReportFilters, useReportEvents, ViewSwitch } from "./filters";
import type { ReportsQuery } from "./query-state";
import { ReportCards, ReportTable } from "./table";

/** "No data" is a fact about the filters (yellow); anything else went wrong (red). */
const NO_DATA = new Set(["REPORT_NO_DATA_PERIOD", "REPORT_NO_DATA_EVENT", "REPORT_NO_EVENT_SELECTED", "REPORT_PERIOD_INVALID"]);

/**
 * One report tab: filters and view, then the report (reports.run) as a table (cards on phones)
 * and a chart, its CSV and PDF, and the export of every ticket line. The SPEC's report errors
 * (no data for the period or the event, no event selected, a reversed period) show their text.
 */
export function ReportView({ tab, query, setQuery }: { tab: ReportTab; query: ReportsQuery; setQuery: (q: ReportsQuery) => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const narrow = useMediaQuery("(max-width: 48em)");
  const events = useReportEvents();
  const needsEvent = REPORT_TABS_NEEDING_EVENT.includes(tab) && !query.eventId;
  const report = useQuery({
    ...trpc.reports.run.queryOptions({ tab, view: query.view, eventId: query.eventId, from: query.from, to: query.to }),
    enabled: !needsEvent,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const canExport = canActForOrganiser(info?.user, ["viewOrders"]);
  const code = needsEvent ? "REPORT_NO_EVENT_SELECTED" : report.isError ? appCodeOf(report.error) : null;
  const errorText = needsEvent ? describeCode(i18n, "REPORT_NO_EVENT_SELECTED") : report.isError ? describeError(i18n, report.error) : null;
  // A report of other filters still on screen while the new one loads is not shown as this one.
  const result = !needsEvent && !report.isError && !report.isPlaceholderData ? report.data : undefined;
  const eventName = query.eventId ? (events.data?.find((e) => e.id === query.eventId)?.name ?? "") : i18n._({ id: "reportPdf.allEvents", message: "All events" });
  const title = `${i18n._(REPORT_TAB_LABELS[tab])} – ${i18n._(REPORT_VIEW_LABELS[`${tab}.${query.view}`] ?? { id: query.view, message: query.view })}`;
  const caption = `${title}, ${reportPeriodText(query.from, query.to, i18n.locale)}, ${eventName}`;

  return (
    <Stack>
      <ReportFilters tab={tab} query={query} setQuery={setQuery} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <ViewSwitch tab={tab} query={query} setQuery={setQuery} />
        <ReportDownloads tab={tab} query={query} disabled={!result} />
      </Group>
      {errorText && (
        <Alert color={code && NO_DATA.has(code) ? "yellow" : "red"} role="status" data-testid="report-error">
          {errorText}
        </Alert>
      )}
      {!errorText && !result && (
        <Stack aria-busy="true">
          <Skeleton h={260} />
          <Skeleton h={160} />
        </Stack>
      )}
      {result && (
        <>
          <ReportChart result={result} />
          <Paper withBorder p={narrow ? "sm" : "md"}>
            {narrow ? <ReportCards result={result} caption={caption} /> : <ReportTable result={result} caption={caption} />}
          </Paper>
        </>
      )}
      {canExport ? (
        <LinesExport query={query} />
      ) : (
        <Alert color="gray" variant="light">
          <Trans>The export of every ticket line names buyers; it takes the right to view orders as well.</Trans>
        </Alert>
      )}
    </Stack>
  );
}
