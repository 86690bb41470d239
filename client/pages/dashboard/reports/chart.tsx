import { BarChart, LineChart } from "@mantine/charts";
import { useLingui } from "@lingui/react/macro";
import { Paper, Text } from "@mantine/core";
import { reportColumnLabel } from "../../../../shared/i18n/report-labels";
import { reportCellText } from "../../../../shared/rules/report-cells";
import type { ReportResult } from "../../../../shared/schemas/reports";

const COLORS = ["blue.7", "teal.8", "grape.7", "orange.8"];

/**
 * The chart of a report (ReportResult.chart): bars or a line along its index column, one series
 * per number column named, money in euros. The drawing is hidden from screen readers: its caption
 * says what it shows and where each series peaks, and the table holds every figure.
 */
export function ReportChart({ result }: { result: ReportResult }) {
  const { t, i18n } = useLingui();
  const { chart } = result;
  const index = result.columns.find((c) => c.key === chart.index);
  const series = chart.series.flatMap((key) => result.columns.filter((c) => c.key === key));
  if (!index || series.length === 0 || result.rows.length === 0) return null;
  const isMoney = series.every((s) => s.kind === "cents");
  const data = result.rows.map((row) => ({
    label: reportCellText(i18n, index, row[index.key], "sheet"),
    ...Object.fromEntries(series.map((s) => [s.key, Number(row[s.key] ?? 0) / (s.kind === "cents" ? 100 : 1)])),
  }));
  const format = (v: number) =>
    isMoney ? new Intl.NumberFormat(i18n.locale === "de" ? "de-DE" : "en-GB", { style: "currency", currency: "EUR" }).format(v) : new Intl.NumberFormat(i18n.locale).format(v);
  const chartSeries = series.map((s, i) => ({ name: s.key, label: i18n._(reportColumnLabel(result.tab, s.key)), color: COLORS[i % COLORS.length]! }));
  const names = chartSeries.map((s) => s.label).join(", ");
  const along = i18n._(reportColumnLabel(result.tab, index.key));
  const peaks = series
    .map((s) => {
      const best = result.rows.reduce((a, r) => (Number(r[s.key] ?? 0) > Number(a[s.key] ?? 0) ? r : a), result.rows[0]!);
      const name = i18n._(reportColumnLabel(result.tab, s.key));
      const at = reportCellText(i18n, index, best[index.key], "sheet");
      const value = reportCellText(i18n, s, best[s.key], "sheet");
      return t`${name} is highest at ${at} (${value}).`;
    })
    .join(" ");
  const common = {
    h: 260,
    data,
    dataKey: "label",
    series: chartSeries,
    valueFormatter: format,
    withLegend: chartSeries.length > 1,
    tickLine: "y" as const,
    yAxisProps: { width: isMoney ? 90 : 50 },
  };
  return (
    <Paper withBorder p="md" component="figure" m={0} data-testid="report-chart">
      {/* Hidden from screen readers and out of the tab order (recharts' keyboard layer off): the caption and the table say it all. */}
      <div aria-hidden>
        {chart.type === "line" && data.length > 1 ? (
          <LineChart {...common} curveType="linear" lineChartProps={{ accessibilityLayer: false }} />
        ) : (
          <BarChart {...common} barChartProps={{ accessibilityLayer: false }} />
        )}
      </div>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        {t`Chart of ${names} by ${along}.`} {peaks} {t`Every figure is in the table.`}
      </Text>
    </Paper>
  );
}
