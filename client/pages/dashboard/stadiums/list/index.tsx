import { ActionIcon, Alert, Badge, Button, Group, Menu, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import type { ActiveStatus } from "../../../../../shared/enums";
import { ListFilters } from "../../../../components/ListFilters";
import { PageLoader } from "../../../../components/PageLoader";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { stadiumPaths, useActiveStatusLabels, useCanUpdateStadiums, useStadiumTypeLabels } from "../shared";

/** Duplicate, activate/deactivate and delete (with its confirmation) of stadium templates. */
function useStadiumActions() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.stadiums.pathKey() });
  const onError = (error: unknown) => toast.error(describeError(i18n, error));
  const duplicate = useMutation(
    trpc.stadiums.duplicate.mutationOptions({
      onSuccess: async ({ id }) => {
        toast.success(t`The stadium was duplicated.`);
        await refresh();
        navigate(stadiumPaths.edit(id));
      },
      onError,
    }),
  );
  const setStatus = useMutation(
    trpc.stadiums.setStatus.mutationOptions({
      onSuccess: async (_data, { status }) => {
        toast.success(status === "ACTIVE" ? t`The stadium is active.` : t`The stadium is inactive.`);
        await refresh();
      },
      onError,
    }),
  );
  const remove = useMutation(
    trpc.stadiums.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t`The stadium was deleted.`);
        await refresh();
      },
      onError,
    }),
  );
  return {
    duplicate: (id: string) => duplicate.mutate({ id }),
    setStatus: (id: string, status: ActiveStatus) => setStatus.mutate({ id, status }),
    confirmDelete: (id: string, name: string, usedByEvents: number) =>
      modals.openConfirmModal({
        title: t`Delete "${name}" permanently?`,
        children:
          usedByEvents > 0
            ? t`This seating plan is used by an event and cannot be deleted.`
            : t`The stadium template and its seating plan are deleted for good. This cannot be undone.`,
        labels: { confirm: t`Delete permanently`, cancel: t`Keep stadium` },
        confirmProps: { color: "red", disabled: usedByEvents > 0 },
        onConfirm: () => remove.mutate({ id }),
      }),
    busy: duplicate.isPending || setStatus.isPending || remove.isPending,
  };
}

/** Stadiums: the organiser's stadium (seating-plan) templates with their capacities. */
export default function StadiumList() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const canUpdate = useCanUpdateStadiums();
  const list = useQuery(trpc.stadiums.list.queryOptions());
  const actions = useStadiumActions();
  const typeLabels = useStadiumTypeLabels();
  const statusLabels = useActiveStatusLabels();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<ActiveStatus | null>(null);
  const number = (n: number) => new Intl.NumberFormat(i18n.locale).format(n);
  const date = (d: Date) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(d);

  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (list.data ?? []).filter(
      (s) =>
        (!status || s.status === status) &&
        (!needle || s.name.toLocaleLowerCase().includes(needle) || (s.comment ?? "").toLocaleLowerCase().includes(needle)),
    );
  }, [list.data, search, status]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>Stadiums</Trans>
        </Title>
        {canUpdate && (
          <Button component={Link} href={stadiumPaths.create}>
            <Trans>Create stadium</Trans>
          </Button>
        )}
      </Group>
      <ListFilters
        search={search}
        onSearchChange={setSearch}
        searchLabel={t`Search by name or comment`}
        status={status}
        onStatusChange={setStatus}
        statuses={[
          { value: "ACTIVE" as ActiveStatus, label: statusLabels.ACTIVE },
          { value: "INACTIVE" as ActiveStatus, label: statusLabels.INACTIVE },
        ]}
      />
      {list.isPending && <PageLoader />}
      {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
      {list.data && rows.length === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">
            {list.data.length > 0 ? (
              <Trans>Nothing matches this filter.</Trans>
            ) : (
              <Trans>No stadiums yet. Create a stadium template to sell seats on a seating plan.</Trans>
            )}
          </Text>
        </Paper>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={1000}>
          <Table highlightOnHover verticalSpacing="sm" aria-label={t`Stadiums`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Type</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Capacity</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Fixed seats</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Free seating</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Created</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Updated</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Used by events</Trans>
                </Table.Th>
                <Table.Th aria-label={t`Actions`} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.id} data-testid="stadium-row">
                  <Table.Td>
                    <Text component={Link} href={stadiumPaths.edit(s.id)} fw={600} c="blue.8">
                      {s.name}
                    </Text>
                    {s.comment && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {s.comment}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={s.status === "ACTIVE" ? "green" : "gray"} variant="light">
                      {statusLabels[s.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{typeLabels[s.type]}</Table.Td>
                  <Table.Td ta="right">{number(s.capacity)}</Table.Td>
                  <Table.Td ta="right">{number(s.fixedCapacity)}</Table.Td>
                  <Table.Td ta="right">{number(s.freeCapacity)}</Table.Td>
                  <Table.Td>{date(s.createdAt)}</Table.Td>
                  <Table.Td>{date(s.updatedAt)}</Table.Td>
                  <Table.Td ta="right">{number(s.usedByEvents)}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={t`Actions for ${s.name}`} disabled={actions.busy}>
                          ⋯
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => navigate(stadiumPaths.edit(s.id))}>
                          {canUpdate ? <Trans>Edit</Trans> : <Trans>View</Trans>}
                        </Menu.Item>
                        {canUpdate && (
                          <>
                            <Menu.Item onClick={() => actions.duplicate(s.id)}>
                              <Trans>Duplicate</Trans>
                            </Menu.Item>
                            <Menu.Item onClick={() => actions.setStatus(s.id, s.status === "ACTIVE" ? "INACTIVE" : "ACTIVE")}>
                              {s.status === "ACTIVE" ? <Trans>Deactivate</Trans> : <Trans>Activate</Trans>}
                            </Menu.Item>
                            <Menu.Item color="red" onClick={() => actions.confirmDelete(s.id, s.name, s.usedByEvents)}>
                              <Trans>Delete</Trans>
                            </Menu.Item>
                          </>
                        )}
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
