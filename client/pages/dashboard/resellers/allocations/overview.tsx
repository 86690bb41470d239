import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { PageLoader } from "../../../../components/PageLoader";
import { describeError } from "../../../../lib/errors";
import { useTRPC } from "../../../../lib/trpc";
import { useAllocationFormats } from "./formats";
import { type AllocationDateRow, allocationPaths, type AllocationSummary, placesTotal } from "./model";

const nowrap = { whiteSpace: "nowrap" } as const;

/**
 * /dashboard/resellers/allocations: the event dates that can be allocated (published events
 * that resellers sell, not over), each opening its plan, and every allocation with what is left,
 * sold and earned.
 */
export function AllocationsPage() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const dates = useQuery(trpc.allocations.dates.queryOptions());
  const list = useQuery(trpc.allocations.list.queryOptions({}));
  const narrow = useMediaQuery("(max-width: 48em)") ?? false;

  const header = (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          <Trans>Allocations</Trans>
        </Title>
        <Button component={Link} href={allocationPaths.resellers} variant="default">
          <Trans>Resellers</Trans>
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          Give a reseller seats or places of an event date. They leave public sale and only that reseller can sell them, until you return them or their return time
          comes.
        </Trans>
      </Text>
    </Stack>
  );

  if (dates.isPending || list.isPending) {
    return (
      <Stack>
        {header}
        <PageLoader />
      </Stack>
    );
  }
  const error = dates.error ?? list.error;
  if (error || !dates.data || !list.data) {
    return (
      <Stack>
        {header}
        <Alert color="red">{describeError(i18n, error)}</Alert>
      </Stack>
    );
  }
  const open = new Set(dates.data.map((d) => d.eventDateId));

  if (dates.data.length === 0 && list.data.length === 0) {
    return (
      <Stack>
        {header}
        <Paper withBorder p="xl" ta="center" data-testid="allocations-empty">
          <Stack align="center" gap="sm">
            <Text c="dimmed">
              <Trans>
                Nothing to allocate yet. First create a reseller and give it tickets of a published event; the event's dates then appear here.
              </Trans>
            </Text>
            <Button component={Link} href={allocationPaths.newReseller}>
              <Trans>New reseller</Trans>
            </Button>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack>
      {header}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          <Trans>Dates to allocate</Trans>
        </Title>
        {dates.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No event date can be allocated right now: resellers sell only published events whose dates are not over.</Trans>
          </Text>
        ) : narrow ? (
          <DateCards rows={dates.data} />
        ) : (
          <DatesTable rows={dates.data} />
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          <Trans>All allocations</Trans>
        </Title>
        {list.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nothing is allocated yet. Open a date above to give a reseller seats or places.</Trans>
          </Text>
        ) : narrow ? (
          <AllocationListCards rows={list.data} open={open} />
        ) : (
          <AllocationsTable rows={list.data} open={open} />
        )}
      </Paper>
    </Stack>
  );
}

function DatesTable({ rows }: { rows: AllocationDateRow[] }) {
  const { t } = useLingui();
  const formats = useAllocationFormats();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t`Dates to allocate`} data-testid="allocation-dates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Event`}</Table.Th>
            <Table.Th>{t`Date`}</Table.Th>
            <Table.Th ta="right">{t`Resellers`}</Table.Th>
            <Table.Th ta="right">{t`Active allocations`}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => {
            const when = formats.dateTime(d.startsAt, d.timeZone);
            const name = d.eventName;
            return (
              <Table.Tr key={d.eventDateId} data-testid="allocation-date-row">
                <Table.Td>{name}</Table.Td>
                <Table.Td style={nowrap}>{when}</Table.Td>
                <Table.Td ta="right">{d.resellers}</Table.Td>
                <Table.Td ta="right">{d.allocations}</Table.Td>
                <Table.Td ta="right">
                  <Button component={Link} href={allocationPaths.date(d.eventDateId)} size="xs" variant="light" aria-label={t`Allocate: ${name}, ${when}`}>
                    <Trans>Allocate</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DateCards({ rows }: { rows: AllocationDateRow[] }) {
  const { t } = useLingui();
  const formats = useAllocationFormats();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Dates to allocate`} style={{ listStyle: "none" }} data-testid="allocation-dates">
      {rows.map((d) => {
        const when = formats.dateTime(d.startsAt, d.timeZone);
        const name = d.eventName;
        return (
          <Paper key={d.eventDateId} withBorder p="sm" component="li" data-testid="allocation-date-row">
            <Stack gap={4}>
              <Text fw={600}>{name}</Text>
              <Text size="sm">{when}</Text>
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  <Plural value={d.resellers} one="# reseller" other="# resellers" />
                  {" · "}
                  <Plural value={d.allocations} one="# active allocation" other="# active allocations" />
                </Text>
                <Button component={Link} href={allocationPaths.date(d.eventDateId)} size="xs" variant="light" aria-label={t`Allocate: ${name}, ${when}`}>
                  <Trans>Allocate</Trans>
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function StateBadge({ row }: { row: AllocationSummary }) {
  return row.returned ? (
    <Badge color="gray.7" miw="max-content">
      <Trans>Returned</Trans>
    </Badge>
  ) : (
    <Badge color="teal.9" miw="max-content">
      <Trans>Active</Trans>
    </Badge>
  );
}

/** The reseller's name; a deactivated one marked. */
function ResellerName({ row }: { row: AllocationSummary }) {
  return (
    <>
      <Text span size="sm" fw={600}>
        {row.resellerName}
      </Text>
      {!row.resellerActive && (
        <Text span size="xs" c="dimmed">
          {" "}
          <Trans>(deactivated)</Trans>
        </Text>
      )}
    </>
  );
}

/** The event and its date, a link to the date's plan while it can still be allocated. */
function EventDate({ row, open }: { row: AllocationSummary; open: boolean }): ReactNode {
  const formats = useAllocationFormats();
  const when = formats.dateTime(row.startsAt, row.timeZone);
  return (
    <>
      {open ? (
        <Anchor component={Link} href={allocationPaths.date(row.eventDateId)} size="sm">
          {row.eventName}
        </Anchor>
      ) : (
        <Text span size="sm">
          {row.eventName}
        </Text>
      )}
      <Text size="xs" c="dimmed" style={nowrap}>
        {when}
      </Text>
    </>
  );
}

function AllocationsTable({ rows, open }: { rows: AllocationSummary[]; open: ReadonlySet<string> }) {
  const { t } = useLingui();
  const formats = useAllocationFormats();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" aria-label={t`All allocations`} data-testid="allocation-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Reseller`}</Table.Th>
            <Table.Th>{t`Event date`}</Table.Th>
            <Table.Th ta="right">{t`Seats left`}</Table.Th>
            <Table.Th ta="right">{t`Places left`}</Table.Th>
            <Table.Th ta="right">{t`Sold`}</Table.Th>
            <Table.Th ta="right">{t`Revenue`}</Table.Th>
            <Table.Th>{t`Back to public sale`}</Table.Th>
            <Table.Th>{t`State`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id} data-testid="allocation-row">
              <Table.Td>
                <ResellerName row={a} />
              </Table.Td>
              <Table.Td>
                <EventDate row={a} open={open.has(a.eventDateId)} />
              </Table.Td>
              <Table.Td ta="right">{a.seatsLeft}</Table.Td>
              <Table.Td ta="right">{placesTotal(a)}</Table.Td>
              <Table.Td ta="right">{a.sold}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formats.money(a.revenueCents)}
              </Table.Td>
              <Table.Td style={nowrap}>{a.returned ? "–" : formats.dateTime(a.returnAt, a.timeZone)}</Table.Td>
              <Table.Td>
                <StateBadge row={a} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AllocationListCards({ rows, open }: { rows: AllocationSummary[]; open: ReadonlySet<string> }) {
  const { t } = useLingui();
  const formats = useAllocationFormats();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`All allocations`} style={{ listStyle: "none" }} data-testid="allocation-list">
      {rows.map((a) => {
        const seats = a.seatsLeft;
        const places = placesTotal(a);
        const revenue = formats.money(a.revenueCents);
        const returnAt = formats.dateTime(a.returnAt, a.timeZone);
        return (
          <Paper key={a.id} withBorder p="sm" component="li" data-testid="allocation-row">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                  <ResellerName row={a} />
                </div>
                <StateBadge row={a} />
              </Group>
              <div>
                <EventDate row={a} open={open.has(a.eventDateId)} />
              </div>
              <Text size="sm">
                <Trans>
                  Left: seats {seats}, places {places}
                </Trans>
              </Text>
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  <Plural value={a.sold} one="# ticket sold" other="# tickets sold" />
                </Text>
                <Text size="sm" fw={700}>
                  {revenue}
                </Text>
              </Group>
              {!a.returned && (
                <Text size="xs" c="dimmed">
                  <Trans>Back to public sale: {returnAt}</Trans>
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
