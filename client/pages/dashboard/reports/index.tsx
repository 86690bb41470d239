import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, NativeSelect, Stack, Tabs, Title } from "@mantine/core";
import { useCallback, useMemo } from "react";
import { Link, Redirect, Route, Switch, useLocation, useParams, useSearch } from "wouter";
import { REPORT_TAB_LABELS } from "../../../../shared/i18n/report-labels";
import { canActForOrganiser } from "../../../../shared/permissions";
import { REPORT_TABS, type ReportTab } from "../../../../shared/schemas/reports";
import { AreaNotFound } from "../../../layout/AreaShell/AreaNotFound";
import { useUserInfo } from "../../../lib/session";
import { isReportTab, parseReportsQuery, type ReportsQuery, reportsQueryString, tabHref } from "./query-state";
import { ReportView } from "./report-view";

/** The tabs as links (each keeps the event and period); on phones a select, seven tabs do not fit. */
function ReportTabs({ tab, query }: { tab: ReportTab; query: ReportsQuery }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  return (
    <>
      <NativeSelect
        hiddenFrom="sm"
        label={t`Report`}
        value={tab}
        onChange={(e) => navigate(tabHref(e.currentTarget.value as ReportTab, query))}
        data={REPORT_TABS.map((key) => ({ value: key, label: i18n._(REPORT_TAB_LABELS[key]) }))}
      />
      <Tabs visibleFrom="sm" value={tab} activateTabWithKeyboard={false}>
        <Tabs.List aria-label={t`Reports`}>
          {REPORT_TABS.map((key) => (
            <Tabs.Tab key={key} value={key} renderRoot={(props) => <Link {...props} href={tabHref(key, query)} />}>
              {i18n._(REPORT_TAB_LABELS[key])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </>
  );
}

/** One tab: its state from the URL, written back to it (filters replace the entry). */
function ReportTabPage() {
  const { tab } = useParams<{ tab: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const valid = isReportTab(tab);
  const query = useMemo(() => (valid ? parseReportsQuery(tab, new URLSearchParams(search)) : null), [valid, tab, search]);
  const setQuery = useCallback((next: ReportsQuery) => valid && navigate(`/${tab}?${reportsQueryString(tab, next)}`, { replace: true }), [valid, tab, navigate]);
  if (!valid || !query) return <AreaNotFound />;
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Reports</Trans>
      </Title>
      <ReportTabs tab={tab} query={query} />
      <ReportView key={tab} tab={tab} query={query} setQuery={setQuery} />
    </Stack>
  );
}

/**
 * /dashboard/reports/{tab} (reportAreaAccess, issue 22 item 3; mounted with `<Route path="/reports"
 * nest>`): sales, tickets, check-ins, vouchers, resellers, VAT and box office shifts, each with
 * its filters, table, chart and downloads, and the background export of every ticket line.
 */
export default function ReportsArea() {
  const info = useUserInfo();
  if (!canActForOrganiser(info?.user, ["reportAreaAccess"])) {
    return (
      <Alert color="yellow">
        <Trans>Your team account does not have the right to open the reports. Ask the organiser to grant it.</Trans>
      </Alert>
    );
  }
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/sales" replace />
      </Route>
      <Route path="/:tab" component={ReportTabPage} />
      <Route component={AreaNotFound} />
    </Switch>
  );
}
