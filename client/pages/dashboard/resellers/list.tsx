import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { ListFilters } from "../../../components/ListFilters";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { useTRPC } from "../../../lib/trpc";
import { type ResellerRef, ResetPasswordModal, useResellerStatus } from "./actions";
import { ResellerCards, ResellersTable } from "./list-parts";
import { resellerPaths } from "./use-resellers";

type StatusFilter = "active" | "deactivated";

/**
 * /dashboard/resellers (owner only): the resellers who sell the organiser's tickets, with what
 * each sold; new ones, editing, passwords and (de)activation, and the way to the allocations.
 */
export function ResellersList() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const list = useQuery(trpc.resellerManage.list.queryOptions());
  const narrow = useMediaQuery("(max-width: 48em)");
  const status = useResellerStatus();
  const [resetting, setResetting] = useState<ResellerRef | null>(null);
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<StatusFilter | null>(null);
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (list.data ?? []).filter(
      (r) =>
        (!filter || r.active === (filter === "active")) &&
        (!needle || [r.name, r.email, r.city, ...r.events.map((e) => e.eventName)].some((s) => s.toLocaleLowerCase().includes(needle))),
    );
  }, [list.data, search, filter]);
  const actions = { onResetPassword: setResetting, onActivate: status.activate, onDeactivate: status.deactivate, busy: status.busy };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          <Trans>Resellers</Trans>
        </Title>
        <Group gap="sm">
          <Button component={Link} href={resellerPaths.allocations} variant="default">
            <Trans>Allocate tickets</Trans>
          </Button>
          <Button component={Link} href={resellerPaths.create}>
            <Trans>New reseller</Trans>
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          Resellers sell your tickets at their own prices from the seats and places you allocate to them. They log in with their email address and
          see only their own events and sales.
        </Trans>
      </Text>
      {list.data && list.data.length > 0 && (
        <ListFilters
          search={search}
          onSearchChange={setSearch}
          searchLabel={t`Search by name, email, city or event`}
          status={filter}
          onStatusChange={setFilter}
          statuses={[
            { value: "active" as StatusFilter, label: t`Activated` },
            { value: "deactivated" as StatusFilter, label: t`Deactivated` },
          ]}
        />
      )}
      {list.isPending && <PageLoader />}
      {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
      {list.data && rows.length === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center" gap="sm">
            <Text c="dimmed">{list.data.length > 0 ? <Trans>No reseller matches this filter.</Trans> : <Trans>No resellers yet.</Trans>}</Text>
            {list.data.length === 0 && (
              <Button component={Link} href={resellerPaths.create} variant="light">
                <Trans>Create the first reseller</Trans>
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {rows.length > 0 && (narrow ? <ResellerCards rows={rows} {...actions} /> : <ResellersTable rows={rows} {...actions} />)}
      <ResetPasswordModal reseller={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
