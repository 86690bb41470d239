import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMediaQuery } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PageLoader } from "../../../../components/PageLoader";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { ToneBadge } from "../../orders/labels";
import { formatWhen, pdfHref, type PrintEvent, type PrintRun, timeZoneOf } from "./model";

/** When something happened (made, voided), in the viewer's own time. */
function formatStamp(locale: string, date: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

type VoidResult = { runId: string; voided: number; kept: number };

/** A run's state: voided (with when, unless `compact`) or active. */
function RunState({ run, compact = false }: { run: PrintRun; compact?: boolean }) {
  const { i18n } = useLingui();
  if (!run.voidedAt) {
    return (
      <ToneBadge tone="ok">
        <Trans>Active</Trans>
      </ToneBadge>
    );
  }
  const badge = (
    <ToneBadge tone="neutral">
      <Trans>Voided</Trans>
    </ToneBadge>
  );
  if (compact) return badge;
  return (
    <Stack gap={0} align="flex-start" style={{ whiteSpace: "nowrap" }}>
      {badge}
      <Text size="xs" c="dimmed">
        {formatStamp(i18n.locale, run.voidedAt)}
      </Text>
    </Stack>
  );
}

/** "Print again" (the same PDF, the same codes) and "Void" (not for a voided run). */
function RunActions({ run, onVoid, busy }: { run: PrintRun; onVoid: (run: PrintRun) => void; busy: boolean }) {
  const { t, i18n } = useLingui();
  const label = `${run.eventName}, ${run.categoryName}`;
  return (
    <Group gap="xs" wrap="nowrap">
      {!run.voidedAt && (
        <>
          <Button component="a" href={pdfHref(run.pdfUrl, i18n.locale)} download size="xs" variant="light" aria-label={t`Print again: ${label}`}>
            <Trans>Print again</Trans>
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onVoid(run)} loading={busy} aria-label={t`Void: ${label}`}>
            <Trans>Void</Trans>
          </Button>
        </>
      )}
    </Group>
  );
}

function useRunTexts() {
  const { t, i18n } = useLingui();
  return {
    date: (run: PrintRun) => formatWhen(i18n.locale, run.startsAt, timeZoneOf(run)),
    createdAt: (run: PrintRun) => formatStamp(i18n.locale, run.createdAt),
    createdBy: (run: PrintRun) => {
      const name = run.createdByName;
      return name ? t`by ${name}` : "";
    },
    activated: (run: PrintRun) => `${run.activated}/${run.tickets}`,
    voided: (at: Date) => {
      const when = formatStamp(i18n.locale, at);
      return t`Voided on ${when}`;
    },
  };
}

function RunsTable({ rows, onVoid, voiding }: { rows: PrintRun[]; onVoid: (run: PrintRun) => void; voiding: string | null }) {
  const { t } = useLingui();
  const texts = useRunTexts();
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="xs" data-testid="print-runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Event`}</Table.Th>
            <Table.Th>{t`Date`}</Table.Th>
            <Table.Th>{t`Category`}</Table.Th>
            <Table.Th ta="right">{t`Tickets`}</Table.Th>
            <Table.Th ta="right">{t`Activated`}</Table.Th>
            <Table.Th>{t`Created`}</Table.Th>
            <Table.Th>{t`State`}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((run) => (
            <Table.Tr key={run.id} data-testid="print-run" data-run-id={run.id} data-voided={run.voidedAt ? "true" : "false"}>
              <Table.Td>{run.eventName}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{texts.date(run)}</Table.Td>
              <Table.Td>{run.categoryName}</Table.Td>
              <Table.Td ta="right">{run.tickets}</Table.Td>
              <Table.Td ta="right" data-testid="print-run-activated">
                {texts.activated(run)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {texts.createdAt(run)}
                </Text>
                <Text size="xs" c="dimmed">
                  {texts.createdBy(run)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RunState run={run} />
              </Table.Td>
              <Table.Td>
                <RunActions run={run} onVoid={onVoid} busy={voiding === run.id} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RunsCards({ rows, onVoid, voiding }: { rows: PrintRun[]; onVoid: (run: PrintRun) => void; voiding: string | null }) {
  const texts = useRunTexts();
  return (
    <Stack gap="xs" data-testid="print-runs">
      {rows.map((run) => (
        <Paper key={run.id} withBorder p="sm" data-testid="print-run" data-run-id={run.id} data-voided={run.voidedAt ? "true" : "false"}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm">
                {run.eventName}
              </Text>
              <div style={{ flexShrink: 0 }}>
                <RunState run={run} compact />
              </div>
            </Group>
            <Text size="sm">
              {texts.date(run)} · {run.categoryName}
            </Text>
            <Text size="sm">
              <Plural value={run.tickets} one="# ticket" other="# tickets" /> · <Trans>activated</Trans>{" "}
              <span data-testid="print-run-activated">{texts.activated(run)}</span>
            </Text>
            <Text size="xs" c="dimmed">
              {[texts.createdAt(run), texts.createdBy(run)].filter(Boolean).join(" ")}
            </Text>
            {run.voidedAt && (
              <Text size="xs" c="dimmed">
                {texts.voided(run.voidedAt)}
              </Text>
            )}
            <RunActions run={run} onVoid={onVoid} busy={voiding === run.id} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The print runs, newest first (one event's or all): tickets, how many are activated, who made
 * them when, voided or not; "Print again" gives the same PDF (the same codes), "Void" cancels the
 * tickets not yet activated and puts their seats back on sale.
 */
export function RunsPanel({ events }: { events: PrintEvent[] }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery("(max-width: 48em)");
  const [eventId, setEventId] = useState<string | null>(null);
  const [result, setResult] = useState<VoidResult | null>(null);
  const runs = useQuery(trpc.print.runs.queryOptions(eventId ? { eventId } : {}));
  const voidRun = useMutation(
    trpc.print.voidRun.mutationOptions({
      onSuccess: (res, input) => setResult({ runId: input.runId, voided: res.voided, kept: res.kept }),
      onError: (error) => toast.error(describeError(i18n, error)),
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.print.runs.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.print.scope.pathKey() }),
        ]),
    }),
  );

  const confirmVoid = (run: PrintRun) =>
    modals.openConfirmModal({
      title: t`Void this print run?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {run.eventName} · {formatWhen(i18n.locale, run.startsAt, timeZoneOf(run))} · {run.categoryName}
          </Text>
          <Text size="sm">
            <Trans>The tickets of this run that are not yet activated are cancelled: their codes are refused at the entrance and their seats go back on sale. Tickets already activated stay valid.</Trans>
          </Text>
        </Stack>
      ),
      labels: { confirm: t`Void print run`, cancel: t`Back` },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t`Close` },
      onConfirm: () => {
        setResult(null);
        voidRun.mutate({ runId: run.id });
      },
    });

  const rows = runs.data?.rows ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="print-runs-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h4" id="print-runs-title">
            <Trans>Print runs</Trans>
          </Title>
          {events.length > 1 && (
            <Select
              aria-label={t`Show the print runs of`}
              data={[{ value: "", label: t`All events` }, ...events.map((e) => ({ value: e.eventId, label: e.eventName }))]}
              value={eventId ?? ""}
              onChange={(v) => setEventId(v ? v : null)}
              allowDeselect={false}
              w={{ base: "100%", xs: 280 }}
            />
          )}
        </Group>
        {result && (
          <Alert color={result.voided > 0 ? "green" : "yellow"} withCloseButton closeButtonLabel={t`Close`} onClose={() => setResult(null)} data-testid="print-void-result">
            <Plural value={result.voided} one="Print run voided: # ticket cancelled" other="Print run voided: # tickets cancelled" />
            {", "}
            <Plural value={result.kept} one="# activated ticket kept." other="# activated tickets kept." />
          </Alert>
        )}
        {runs.isPending ? (
          <PageLoader />
        ) : runs.isError ? (
          <Alert color="red">{describeError(i18n, runs.error)}</Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No print runs yet.</Trans>
          </Text>
        ) : narrow ? (
          <RunsCards rows={rows} onVoid={confirmVoid} voiding={voidRun.isPending ? (voidRun.variables?.runId ?? null) : null} />
        ) : (
          <RunsTable rows={rows} onVoid={confirmVoid} voiding={voidRun.isPending ? (voidRun.variables?.runId ?? null) : null} />
        )}
      </Stack>
    </Paper>
  );
}
