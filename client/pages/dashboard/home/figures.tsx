import { BarChart } from "@mantine/charts";
import { Alert, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "../../../lib/trpc";
import { formatCents } from "../../../../shared/rules/money";
import { Stat } from "../../../components/Stat";

export type HomePeriod = "today" | "7d" | "30d" | "all";
export type HomeData = RouterOutputs["dashboard"]["home"];
type Figures = HomeData["figures"];

/** The period switch: today, the last 7 and 30 calendar days (Berlin time), all time. */
export function PeriodSwitch({ value, onChange }: { value: HomePeriod; onChange: (p: HomePeriod) => void }) {
  const { t } = useLingui();
  return (
    <SegmentedControl
      value={value}
      onChange={(v) => onChange(v as HomePeriod)}
      aria-label={t`Period`}
      data={[
        { value: "today", label: t`Today` },
        { value: "7d", label: t`7 days` },
        { value: "30d", label: t`30 days` },
        { value: "all", label: t`All` },
      ]}
    />
  );
}

/** Gross sales, revenue, tickets sold and orders of the period (decision 023). */
export function FigureCards({ figures }: { figures: Figures | undefined }) {
  const { t, i18n } = useLingui();
  if (!figures) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={86} />
        ))}
      </SimpleGrid>
    );
  }
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const number = new Intl.NumberFormat(i18n.locale);
  const refunded = money(figures.refundedCents);
  const fees = money(figures.boxOfficeFeesCents);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Stat label={t`Gross sales`} value={money(figures.grossCents)} hint={figures.refundedCents > 0 ? t`after ${refunded} refunded` : undefined} testId="home-gross" />
      <Stat label={t`Revenue`} value={money(figures.revenueCents)} hint={figures.boxOfficeFeesCents > 0 ? t`incl. ${fees} box office fees` : undefined} testId="home-revenue" />
      <Stat label={t`Tickets sold`} value={number.format(figures.tickets)} testId="home-tickets" />
      <Stat label={t`Orders`} value={number.format(figures.orders)} testId="home-orders" />
    </SimpleGrid>
  );
}

const BAR_COLORS = ["blue.7", "teal.8", "grape.7", "orange.8", "cyan.8", "pink.7", "lime.9", "indigo.7"];

/**
 * Sales by ticket type as a bar chart: one bar per category name, its length the category's
 * share of the period's ticket sales (by amount), with tickets and amount beside it.
 */
export function SalesByType({ figures }: { figures: Figures | undefined }) {
  const { t, i18n } = useLingui();
  const rows = figures?.byType ?? [];
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Sales by ticket type</Trans>
        </Title>
        {figures && rows.length === 0 && (
          <Alert color="gray" variant="light">
            <Trans>No tickets sold in this period.</Trans>
          </Alert>
        )}
        {!figures && <Skeleton h={120} />}
        {rows.length > 0 && (
          // The chart for the eye; the list below says the same to everyone (and to screen readers).
          <BarChart
            h={Math.max(120, rows.length * 36)}
            data={rows.map((r, i) => ({ name: r.name, cents: r.cents / 100, color: BAR_COLORS[i % BAR_COLORS.length] }))}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 110 }}
            series={[{ name: "cents", label: t`Sales`, color: "blue.7" }]}
            valueFormatter={(v) => formatCents(Math.round(v * 100), i18n.locale)}
            gridAxis="none"
            withTooltip={false}
            barChartProps={{ accessibilityLayer: false }}
            aria-hidden
          />
        )}
        <Stack gap="xs" role="list" aria-label={t`Sales by ticket type`}>
          {rows.map((r) => {
            const tickets = r.tickets;
            return (
              <div key={r.name} role="listitem">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} truncate="end">
                    {r.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    <Plural value={tickets} one="# ticket" other="# tickets" /> · {formatCents(r.cents, i18n.locale)}
                  </Text>
                </Group>
              </div>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
