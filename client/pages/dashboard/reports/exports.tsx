import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isAppErrorCode } from "../../../../shared/errors";
import { reportPeriodText } from "../../../../shared/rules/report-cells";
import type { ReportExportStatus } from "../../../../shared/schemas/report-exports";
import { describeCode, describeError } from "../../../lib/errors";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc";
import { useReportEvents } from "./filters";
import type { ReportsQuery } from "./query-state";

type ExportView = RouterOutputs["reportExports"]["list"][number];

/** Filled badges in dark tones: white text with enough contrast (WCAG AA). */
const STATUS_COLORS: Record<ReportExportStatus, string> = { queued: "gray.7", running: "blue.9", done: "teal.9", failed: "red.9" };
const isActive = (s: ReportExportStatus) => s === "queued" || s === "running";

/** One export: its period and event, its state, a progress bar polled while it runs, the download when done. */
function ExportItem({ initial, eventName }: { initial: ExportView; eventName: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.reportExports.status.queryOptions({ id: initial.id }),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? 1000 : false),
  });
  const e = status.data ?? initial;
  // Finished: the list shows it as done from now on.
  useEffect(() => {
    if (e.status === "done" || e.status === "failed") void queryClient.invalidateQueries({ queryKey: trpc.reportExports.list.queryKey() });
  }, [e.status, queryClient, trpc]);
  const labels: Record<ReportExportStatus, string> = { queued: t`Waiting`, running: t`Running`, done: t`Ready`, failed: t`Failed` };
  const period = reportPeriodText(e.params.from, e.params.to, i18n.locale);
  const number = new Intl.NumberFormat(i18n.locale);
  const done = number.format(e.rowsDone);
  const total = number.format(e.rowsTotal ?? 0);
  return (
    <Paper withBorder p="sm" component="li" data-testid="report-export">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {period} · {eventName}
          </Text>
          <Badge color={STATUS_COLORS[e.status]} miw="max-content">
            {labels[e.status]}
          </Badge>
        </Group>
        {isActive(e.status) && (
          <>
            <Progress value={e.percent} animated={e.status === "running"} aria-label={t`Export progress`} />
            <Text size="xs" c="dimmed">
              <Trans>
                {done} of {total} ticket lines
              </Trans>
            </Text>
          </>
        )}
        {e.status === "done" && e.downloadUrl && (
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              <Trans>{done} ticket lines</Trans>
            </Text>
            <Button component="a" href={e.downloadUrl} download size="xs" aria-label={t`Download ticket lines ${period}`}>
              <Trans>Download</Trans>
            </Button>
          </Group>
        )}
        {e.status === "failed" && (
          <Text size="sm" c="red">
            {describeCode(i18n, isAppErrorCode(e.error) ? e.error : "REPORT_DOWNLOAD_FAILED")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Every ticket line of the chosen period and event as one CSV, made in the background
 * (reportExports, decision 025b): start, a progress bar while it runs, the download when done
 * (kept 24 hours). It names buyers, so it is offered to those who may also see orders.
 */
export function LinesExport({ query }: { query: ReportsQuery }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const events = useReportEvents();
  const list = useQuery(trpc.reportExports.list.queryOptions());
  const start = useMutation(
    trpc.reportExports.start.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.reportExports.list.queryKey() }),
    }),
  );
  const eventName = (id: string | null) => (id ? (events.data?.find((e) => e.id === id)?.name ?? "–") : t`All events`);
  const lang = i18n.locale === "en" ? "en" : "de";
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>All ticket lines (CSV)</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            One row per ticket of the chosen period and event, with price, discount, VAT and the buyer&apos;s name and email. Large exports are made in the
            background; the file can be downloaded for 24 hours.
          </Trans>
        </Text>
        <Group>
          <Button
            variant="default"
            loading={start.isPending}
            onClick={() => start.mutate({ from: query.from, to: query.to, eventId: query.eventId, lang })}
          >
            <Trans>Start export</Trans>
          </Button>
        </Group>
        {start.isError && (
          <Alert color={start.error.data?.appCode === "REPORT_NO_DATA_PERIOD" || start.error.data?.appCode === "REPORT_NO_DATA_EVENT" ? "yellow" : "red"} role="alert">
            {describeError(i18n, start.error)}
          </Alert>
        )}
        {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
        {list.data && list.data.length > 0 && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Exports`}>
            {list.data.map((e) => (
              <ExportItem key={e.id} initial={e} eventName={eventName(e.params.eventId)} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
