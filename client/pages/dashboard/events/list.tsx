import { ActionIcon, Alert, Button, Group, Menu, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { EVENT_LIST_STATUSES, type EventListStatus } from "../../../../shared/schemas/events";
import { EventStatusBadge, useEventStatusLabels } from "../../../components/EventStatusBadge";
import { ListFilters } from "../../../components/ListFilters";
import { PageLoader } from "../../../components/PageLoader";
import { useEventActions } from "../../../hooks/use-event-actions";
import { describeError } from "../../../lib/errors";
import { useTRPC } from "../../../lib/trpc";
import type { WizardKind } from "./wizard/types";
import { isCancellable, isCancelled } from "../../../../shared/rules/event-status";

/** My Events / Seasons: search, filter by status, and the actions per event. */
export function EventList({ kind }: { kind: WizardKind }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<EventListStatus | null>(null);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const statusLabels = useEventStatusLabels();
  const list = useQuery(
    trpc.events.list.queryOptions({
      type: kind === "season" ? "seasons" : "events",
      status: status ?? undefined,
      search: debounced.trim() || undefined,
    }),
  );
  const actions = useEventActions();
  const formatDate = (date: Date, timeZone: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {kind === "season" ? <Trans>Seasons</Trans> : <Trans>My Events</Trans>}
        </Title>
        <Button component={Link} href={`/new`}>
          {kind === "season" ? <Trans>Create season</Trans> : <Trans>Create event</Trans>}
        </Button>
      </Group>
      <ListFilters
        search={search}
        onSearchChange={setSearch}
        searchLabel={t`Search by name`}
        status={status}
        onStatusChange={setStatus}
        statuses={EVENT_LIST_STATUSES.filter((s) => (kind === "season" ? s !== "published" : s !== "later" && s !== "current")).map(
          (s) => ({ value: s, label: statusLabels[s] }),
        )}
      />
      {list.isPending && <PageLoader />}
      {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
      {list.data && list.data.length === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">
            {status || debounced ? (
              <Trans>Nothing matches this filter.</Trans>
            ) : kind === "season" ? (
              <Trans>No seasons yet. Create your first season.</Trans>
            ) : (
              <Trans>No events yet. Create your first event.</Trans>
            )}
          </Text>
        </Paper>
      )}
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="sm" aria-label={kind === "season" ? t`Seasons` : t`My Events`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>First date</Trans>
                </Table.Th>
                <Table.Th>{kind === "season" ? <Trans>Events</Trans> : <Trans>Dates</Trans>}</Table.Th>
                <Table.Th>
                  <Trans>Ticket categories</Trans>
                </Table.Th>
                <Table.Th aria-label={t`Actions`} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((e) => (
                <Table.Tr key={e.id} data-testid="event-row">
                  <Table.Td>
                    <Text component={Link} href={`/${e.id}`} fw={600} c="blue.8">
                      {e.name}
                    </Text>
                    {e.city && (
                      <Text size="xs" c="dimmed">
                        {e.city}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <EventStatusBadge status={e.listStatus} />
                  </Table.Td>
                  <Table.Td>{e.firstStartsAt ? formatDate(e.firstStartsAt, e.timeZone) : "-"}</Table.Td>
                  <Table.Td>{kind === "season" ? e.childCount : e.dateCount}</Table.Td>
                  <Table.Td>{e.categoryCount}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={t`Actions for ${e.name}`}>
                          ⋯
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {!isCancelled(e.status) && (
                          <Menu.Item onClick={() => navigate(`/${e.id}/edit/${Math.min(e.wizardStep + 1, 6)}`)}>
                            <Trans>Edit</Trans>
                          </Menu.Item>
                        )}
                        <Menu.Item onClick={() => navigate(`/${e.id}/preview`)}>
                          <Trans>Preview</Trans>
                        </Menu.Item>
                        <Menu.Item onClick={() => navigate(`/${e.id}`)}>
                          {kind === "season" ? <Trans>Season dashboard</Trans> : <Trans>Event dashboard</Trans>}
                        </Menu.Item>
                        {isCancellable(e.status) && (
                          <Menu.Item color="orange" onClick={() => actions.confirmCancel(e.id, e.name)}>
                            <Trans>Cancel event</Trans>
                          </Menu.Item>
                        )}
                        <Menu.Item color="red" onClick={() => actions.confirmDelete(e.id, e.name)}>
                          <Trans>Delete</Trans>
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
