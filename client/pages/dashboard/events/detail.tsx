import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import { formatCents } from "../../../../shared/rules/money";
import { EventPreview } from "../../../components/EventPreview";
import { EventStatusBadge } from "../../../components/EventStatusBadge";
import { PageLoader } from "../../../components/PageLoader";
import { useEventActions } from "../../../hooks/use-event-actions";
import { describeError } from "../../../lib/errors";
import { useTRPC } from "../../../lib/trpc";
import type { WizardKind } from "./wizard/types";
import { isCancellable, isCancelled, isLive } from "../../../../shared/rules/event-status";
import { BoxOfficeSettingsForm, useBoxOfficeRights } from "../boxoffice/settings";
import { WaitingRoomSettingsPanel } from "./waiting-room";

function useDetail(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.events.get.queryOptions({ id }));
}

/** The event dashboard: preview, edit, the event's data, dates and tickets, cancel and delete. */
export function EventDashboard({ kind, id }: { kind: WizardKind; id: string }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const detail = useDetail(id);
  const actions = useEventActions(() => navigate("/"));
  const boxOffice = useBoxOfficeRights();
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) return <Alert color="red">{describeError(i18n, detail.error)}</Alert>;
  const { event, dates, categories, childEvents, listStatus, seating } = detail.data;
  const perDate = (n: number) => (dates.length > 0 ? Math.round(n / dates.length) : 0);
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: event.timeZone });
  const capacityPerDate = categories.reduce((n, c) => n + c.dailyQuantity, 0);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {event.name}
          </Title>
          <Group gap="xs">
            <EventStatusBadge status={listStatus} />
            {event.status === "scheduled" && event.publicationDate && (
              <Text size="sm" c="dimmed">
                <Trans>Goes on sale {dateFormat.format(event.publicationDate)}</Trans>
              </Text>
            )}
          </Group>
        </Stack>
        <Group>
          <Button component={Link} href={`/${event.id}/preview`} variant="default">
            <Trans>Preview</Trans>
          </Button>
          {isLive(event.status) && (
            <Button component={Link} href={`~/event/${event.id}`} variant="default">
              <Trans>Online shop</Trans>
            </Button>
          )}
          {boxOffice.counter && kind === "event" && isLive(event.status) && (
            <Button component={Link} href={`~/dashboard/boxoffice?event=${event.id}`} variant="default">
              <Trans>Box office</Trans>
            </Button>
          )}
          {event.seatingMode === "template" && dates.length > 0 && (
            <Button component={Link} href={`/${event.id}/seats`} variant="default">
              <Trans>Block seats</Trans>
            </Button>
          )}
          {!isCancelled(event.status) && (
            <Button component={Link} href={`/${event.id}/edit/${Math.min(event.wizardStep + 1, 6)}`}>
              <Trans>Edit</Trans>
            </Button>
          )}
          {isCancellable(event.status) && (
            <Button color="orange" variant="light" onClick={() => actions.confirmCancel(event.id, event.name)}>
              <Trans>Cancel event</Trans>
            </Button>
          )}
          <Button color="red" variant="subtle" onClick={() => actions.confirmDelete(event.id, event.name)}>
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: event.seatingMode === "template" ? 4 : 3 }}>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            {kind === "season" ? <Trans>Events in the season</Trans> : <Trans>Dates</Trans>}
          </Text>
          <Text fw={700} fz="xl" data-testid="date-total">
            {kind === "season" ? childEvents.length : dates.length}
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            <Trans>Ticket categories</Trans>
          </Text>
          <Text fw={700} fz="xl">
            {categories.length}
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            {kind === "season" ? <Trans>Season tickets</Trans> : <Trans>Tickets per date</Trans>}
          </Text>
          <Text fw={700} fz="xl">
            {new Intl.NumberFormat(i18n.locale).format(capacityPerDate)}
          </Text>
        </Paper>
        {event.seatingMode === "template" && (
          <Paper withBorder p="md">
            <Text size="sm" c="dimmed">
              <Trans>Seats per date</Trans>
            </Text>
            <Text fw={700} fz="xl" data-testid="seat-count">
              {new Intl.NumberFormat(i18n.locale).format(perDate(seating.seats))}
            </Text>
            {seating.standing > 0 && (
              <Text size="xs" c="dimmed">
                <Trans>plus {new Intl.NumberFormat(i18n.locale).format(perDate(seating.standing))} standing places</Trans>
              </Text>
            )}
          </Paper>
        )}
      </SimpleGrid>
      {categories.length > 0 && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            <Trans>Ticket categories</Trans>
          </Title>
          <Table.ScrollContainer minWidth={500}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Name</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Price</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Daily quantity</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Sold via</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {categories.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>{c.kind === "free" ? t`Free of charge` : formatCents(c.priceCents, i18n.locale)}</Table.Td>
                    <Table.Td>{c.dailyQuantity}</Table.Td>
                    <Table.Td>{c.appliesTo === "boxoffice" ? t`Boxoffice` : t`Boxoffice & Online`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {boxOffice.counter && kind === "event" && <BoxOfficeSettingsForm eventId={event.id} />}
      {!isCancelled(event.status) && <WaitingRoomSettingsPanel eventId={event.id} />}
      {kind === "season" ? (
        childEvents.length > 0 && (
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              <Trans>Events in the season</Trans>
            </Title>
            <Stack gap={4}>
              {childEvents.map((c) => (
                <Text key={c.id} component={Link} href={`~/dashboard/events/${c.id}`} c="blue.8">
                  {c.name}
                </Text>
              ))}
            </Stack>
          </Paper>
        )
      ) : (
        dates.length > 0 && (
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              <Trans>Dates</Trans>
            </Title>
            <Stack gap={4}>
              {dates.map((d) => (
                <Text size="sm" key={d.id}>
                  {dateFormat.format(d.startsAt)}
                  {d.isAdditional ? ` (${t`additional`})` : ""}
                </Text>
              ))}
            </Stack>
          </Paper>
        )
      )}
    </Stack>
  );
}

/** The event as buyers will see it, with the draft marker while unpublished. */
export function EventPreviewPage({ kind, id }: { kind: WizardKind; id: string }) {
  const { i18n } = useLingui();
  const detail = useDetail(id);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) return <Alert color="red">{describeError(i18n, detail.error)}</Alert>;
  return (
    <Stack>
      <Button component={Link} href={`/${id}`} variant="subtle" w="fit-content">
        <Trans>Back to the event dashboard</Trans>
      </Button>
      <EventPreview
        event={detail.data.event}
        dates={kind === "season" ? detail.data.childDates : detail.data.dates}
        categories={detail.data.categories}
        status={detail.data.listStatus}
      />
    </Stack>
  );
}
