import { BarChart } from "@mantine/charts";
import { Accordion, Alert, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { formatCents } from "../../../shared/rules/money";
import { describeError } from "../../lib/errors";
import { useRoleLabels } from "../../lib/role-labels";
import { type RouterOutputs, useTRPC } from "../../lib/trpc";
import { Stat } from "../../components/Stat";

type Period = "7d" | "30d" | "365d" | "all";
type Figures = RouterOutputs["admin"]["figures"]["platform"];
type Metric = "grossCents" | "feesCents" | "tickets";

/** "26 Nov" for a day bucket, "Nov 2026" for a month (the bucket is a calendar day or month in Berlin already). */
function useBucketLabel(granularity: Figures["granularity"]) {
  const { i18n } = useLingui();
  const format = new Intl.DateTimeFormat(i18n.locale, granularity === "day" ? { day: "numeric", month: "short", timeZone: "UTC" } : { month: "short", year: "numeric", timeZone: "UTC" });
  return (bucket: string) => {
    const [y, m, d] = bucket.split("-").map(Number);
    return format.format(new Date(Date.UTC(y!, m! - 1, d ?? 1)));
  };
}

function FigureCards({ figures }: { figures: Figures | undefined }) {
  const { t, i18n } = useLingui();
  if (!figures) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={86} />
        ))}
      </SimpleGrid>
    );
  }
  const number = new Intl.NumberFormat(i18n.locale);
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const newCount = number.format(figures.newOrganisers);
  const refunded = money(figures.refundedCents);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
      <Stat label={t`Organisers`} value={number.format(figures.organisers)} hint={t`${newCount} new in this period`} testId="figures-organisers" />
      <Stat label={t`Events on sale`} value={number.format(figures.eventsOnSale)} hint={t`now, with a date to come`} testId="figures-events" />
      <Stat label={t`Tickets sold`} value={number.format(figures.tickets)} testId="figures-tickets" />
      <Stat
        label={t`Gross volume`}
        value={money(figures.grossCents)}
        hint={figures.refundedCents > 0 ? t`after ${refunded} refunded` : undefined}
        testId="figures-gross"
      />
      <Stat label={t`Platform fees`} value={money(figures.feesCents)} hint={t`service fees of online sales`} testId="figures-fees" />
    </SimpleGrid>
  );
}

/**
 * The period's series as bars (one figure at a time: money and tickets differ in scale). The
 * drawing is hidden from screen readers; its caption names the peak, and the table below it holds
 * every bucket's figures.
 */
function FiguresChart({ figures }: { figures: Figures }) {
  const { t, i18n } = useLingui();
  const [metric, setMetric] = useState<Metric>("grossCents");
  // Three long labels do not fit side by side on a phone: one above the other there.
  const narrow = useMediaQuery("(max-width: 36em)");
  const label = useBucketLabel(figures.granularity);
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const number = new Intl.NumberFormat(i18n.locale);
  const names: Record<Metric, string> = { grossCents: t`Gross volume`, feesCents: t`Platform fees`, tickets: t`Tickets sold` };
  const show = (m: Metric, v: number) => (m === "tickets" ? number.format(v) : money(v));
  const data = figures.series.map((s) => ({ label: label(s.bucket), value: metric === "tickets" ? s.tickets : s[metric] / 100 }));
  const best = figures.series.reduce<Figures["series"][number] | null>((a, s) => (s[metric] > (a?.[metric] ?? 0) ? s : a), null);
  const name = names[metric];
  const peakAt = best ? label(best.bucket) : "";
  const peakValue = best ? show(metric, best[metric]) : "";
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {figures.granularity === "day" ? <Trans>Per day</Trans> : <Trans>Per month</Trans>}
        </Title>
        <SegmentedControl
          aria-label={t`Figure shown in the chart`}
          value={metric}
          onChange={(v) => setMetric(v as Metric)}
          data={(["grossCents", "feesCents", "tickets"] as const).map((m) => ({ value: m, label: names[m] }))}
          orientation={narrow ? "vertical" : "horizontal"}
          w={{ base: "100%", xs: "auto" }}
          style={{ alignSelf: "flex-start" }}
        />
        <figure style={{ margin: 0 }} data-testid="figures-chart">
          {/* Hidden from screen readers and out of the tab order: the caption and the table say it all. */}
          <div aria-hidden>
            <BarChart
              h={260}
              data={data}
              dataKey="label"
              series={[{ name: "value", label: name, color: metric === "feesCents" ? "teal.8" : metric === "tickets" ? "grape.7" : "blue.7" }]}
              valueFormatter={(v) => (metric === "tickets" ? number.format(v) : money(Math.round(v * 100)))}
              tickLine="y"
              maxBarWidth={48}
              yAxisProps={{ width: metric === "tickets" ? 50 : 90 }}
              barChartProps={{ accessibilityLayer: false }}
            />
          </div>
          <Text component="figcaption" size="sm" c="dimmed" mt="xs">
            {best ? t`${name}: highest on ${peakAt} (${peakValue}).` : t`${name}: nothing in this period.`}
          </Text>
        </figure>
        <Accordion variant="contained">
          <Accordion.Item value="table">
            <Accordion.Control>
              <Trans>Figures as a table</Trans>
            </Accordion.Control>
            <Accordion.Panel>
              {/* Focusable, so keyboard users can scroll the table on a phone. */}
              <Table.ScrollContainer minWidth={420} tabIndex={0} mah={360}>
                <Table striped aria-label={t`Platform figures per period`} stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{figures.granularity === "day" ? <Trans>Day</Trans> : <Trans>Month</Trans>}</Table.Th>
                      <Table.Th ta="right">{names.tickets}</Table.Th>
                      <Table.Th ta="right">{names.grossCents}</Table.Th>
                      <Table.Th ta="right">{names.feesCents}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...figures.series].reverse().map((s) => (
                      <Table.Tr key={s.bucket}>
                        <Table.Td>{label(s.bucket)}</Table.Td>
                        <Table.Td ta="right">{number.format(s.tickets)}</Table.Td>
                        <Table.Td ta="right">{money(s.grossCents)}</Table.Td>
                        <Table.Td ta="right">{money(s.feesCents)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}

function UserCounts() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const roleLabel = useRoleLabels();
  const counts = useQuery(trpc.admin.figures.userCounts.queryOptions());
  if (counts.isError) return <Alert color="red">{describeError(i18n, counts.error)}</Alert>;
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        <Trans>Users by role</Trans>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {counts.isPending
          ? [0, 1, 2].map((i) => <Skeleton key={i} h={72} />)
          : counts.data.map((c) => (
              <Paper key={c.role} withBorder p="md">
                <Text size="sm" c="dimmed">
                  {roleLabel(c.role)}
                </Text>
                <Text fw={700} fz="xl">
                  {number.format(c.count)}
                </Text>
              </Paper>
            ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /admin-dashboard (issue 23 item 3): the platform's figures for a period (organisers, events on
 * sale, tickets sold, gross volume, platform fees), the period per day or month as a chart, and
 * the users by role.
 */
export default function AdminFigures() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [period, setPeriod] = useState<Period>("30d");
  const figures = useQuery({ ...trpc.admin.figures.platform.queryOptions({ period }), placeholderData: keepPreviousData });
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Platform figures</Trans>
      </Title>
      <SegmentedControl
        aria-label={t`Period`}
        value={period}
        onChange={(v) => setPeriod(v as Period)}
        data={[
          { value: "7d", label: t`7 days` },
          { value: "30d", label: t`30 days` },
          { value: "365d", label: t`365 days` },
          { value: "all", label: t`All` },
        ]}
        w={{ base: "100%", xs: "auto" }}
        style={{ alignSelf: "flex-start" }}
      />
      {figures.isError ? (
        <Alert color="red">{describeError(i18n, figures.error)}</Alert>
      ) : (
        <div aria-busy={figures.isFetching}>
          <Stack>
            <FigureCards figures={figures.data} />
            {figures.data ? <FiguresChart figures={figures.data} /> : <Skeleton h={320} />}
          </Stack>
        </div>
      )}
      <UserCounts />
    </Stack>
  );
}
