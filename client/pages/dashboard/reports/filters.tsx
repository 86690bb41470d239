import { useLingui } from "@lingui/react/macro";
import { Input, SegmentedControl, Select, SimpleGrid, Stack } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import "dayjs/locale/de";
import { REPORT_VIEW_LABELS } from "../../../../shared/i18n/report-labels";
import { REPORT_TABS_NEEDING_EVENT, REPORT_VIEWS, type ReportTab } from "../../../../shared/schemas/reports";
import { useTRPC } from "../../../lib/trpc";
import { PERIOD_PRESETS, type PeriodPreset, presetOf, presetPeriod, type ReportsQuery } from "./query-state";

/** The organiser's events and seasons the reports can be narrowed to (reports.events). */
export function useReportEvents() {
  const trpc = useTRPC();
  return useQuery(trpc.reports.events.queryOptions());
}

/** The view switch of a tab with several groupings (sales per day / channel / method; check-ins per hour / device). */
export function ViewSwitch({ tab, query, setQuery }: { tab: ReportTab; query: ReportsQuery; setQuery: (q: ReportsQuery) => void }) {
  const { t, i18n } = useLingui();
  // Three views side by side do not fit a phone: there they stack.
  const narrow = useMediaQuery("(max-width: 30em)");
  const views: readonly string[] = REPORT_VIEWS[tab];
  if (views.length < 2) return null;
  return (
    <Stack gap={4} w={narrow ? "100%" : undefined}>
      <Input.Label id="report-view-label" component="span">
        {t`Breakdown`}
      </Input.Label>
      <SegmentedControl
        aria-labelledby="report-view-label"
        value={query.view}
        onChange={(view) => setQuery({ ...query, view })}
        data={views.map((v) => ({ value: v, label: i18n._(REPORT_VIEW_LABELS[`${tab}.${v}`] ?? { id: v, message: v }) }))}
        orientation={narrow ? "vertical" : "horizontal"}
        fullWidth={narrow}
      />
    </Stack>
  );
}

/** Event, period preset and the two days of the period; every change goes to the URL. */
export function ReportFilters({ tab, query, setQuery }: { tab: ReportTab; query: ReportsQuery; setQuery: (q: ReportsQuery) => void }) {
  const { t, i18n } = useLingui();
  const events = useReportEvents();
  const needsEvent = REPORT_TABS_NEEDING_EVENT.includes(tab);
  const presetLabels: Record<PeriodPreset, string> = {
    thisMonth: t`This month`,
    lastMonth: t`Last month`,
    thisYear: t`This year`,
    last12Months: t`Last 12 months`,
  };
  const preset = presetOf(query);
  const dateLocale = i18n.locale === "de" ? "de" : "en";
  const valueFormat = i18n.locale === "de" ? "DD.MM.YYYY" : "D MMM YYYY";
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Select
        label={t`Event`}
        placeholder={needsEvent ? t`Choose an event` : t`All events`}
        required={needsEvent}
        clearable={!needsEvent}
        searchable
        value={query.eventId}
        onChange={(eventId) => setQuery({ ...query, eventId })}
        data={(events.data ?? []).map((e) => ({ value: e.id, label: e.isSeason ? t`${e.name} (season)` : e.name }))}
        nothingFoundMessage={t`No event found`}
      />
      <Select
        label={t`Period`}
        allowDeselect={false}
        value={preset ?? "custom"}
        onChange={(v) => v && v !== "custom" && setQuery({ ...query, ...presetPeriod(v as PeriodPreset) })}
        data={[
          ...PERIOD_PRESETS.map((p) => ({ value: p, label: presetLabels[p] })),
          { value: "custom", label: t`Custom period`, disabled: true },
        ]}
      />
      <DatePickerInput
        label={t`First day`}
        locale={dateLocale}
        valueFormat={valueFormat}
        value={query.from}
        onChange={(from) => from && setQuery({ ...query, from })}
      />
      <DatePickerInput
        label={t`Last day`}
        locale={dateLocale}
        valueFormat={valueFormat}
        value={query.to}
        onChange={(to) => to && setQuery({ ...query, to })}
      />
    </SimpleGrid>
  );
}
