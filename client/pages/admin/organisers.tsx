import { Alert, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { VERIFICATION_STATES, type VerificationState } from "../../../shared/enums";
import { ORGANISER_ACCOUNT_STATES, type OrganiserAccountState } from "../../../shared/schemas/admin-organisers";
import { ListPagination } from "../../components/ListPagination";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { ACCOUNT_STATE_LABELS, PAGE_SIZE, useOrganisersQuery, VERIFICATION_LABELS } from "./organisers/labels";
import { OrganiserCards, OrganisersTable } from "./organisers/list-view";

const ALL = "all";

/**
 * /admin-dashboard/organisers (issue 23 item 1): every organiser account, found by its name or
 * its owner's email, narrowed by verification and account state, with plan, contingent left,
 * events and revenue; a row opens the organiser. The search and filters live in the URL.
 */
export default function AdminOrganisers() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const narrow = useMediaQuery("(max-width: 48em)");
  const { query, setQuery } = useOrganisersQuery();
  const [search, setSearch] = useState(query.q);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced.trim() !== query.q) setQuery({ ...query, q: debounced, page: 1 });
    // Only a settled change of the typed text writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const list = useQuery({
    ...trpc.admin.organisers.list.queryOptions({
      search: query.q || undefined,
      verification: query.verification,
      state: query.state,
      page: query.page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(query.page, pages);
  const filtered = query.q !== "" || query.verification !== null || query.state !== null;
  const rows = list.data?.rows ?? [];

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Organisers</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Every organiser account with its verification, plan, contingent, events and revenue. Open one to see its documents and wallet, set its plan or correct its contingent.</Trans>
        </Text>
      </Stack>
      <Group align="flex-end" gap="sm" role="search">
        <TextInput
          type="search"
          label={t`Search`}
          placeholder={t`Name or owner's email`}
          w={{ base: "100%", sm: 320 }}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={200}
        />
        <Select
          label={t`Verification`}
          w={{ base: "100%", xs: 240 }}
          allowDeselect={false}
          value={query.verification ?? ALL}
          onChange={(v) => setQuery({ ...query, verification: v === ALL || v === null ? null : (v as VerificationState), page: 1 })}
          data={[{ value: ALL, label: t`All states` }, ...VERIFICATION_STATES.map((s) => ({ value: s, label: i18n._(VERIFICATION_LABELS[s]) }))]}
        />
        <Select
          label={t`Account`}
          w={{ base: "100%", xs: 180 }}
          allowDeselect={false}
          value={query.state ?? ALL}
          onChange={(v) => setQuery({ ...query, state: v === ALL || v === null ? null : (v as OrganiserAccountState), page: 1 })}
          data={[{ value: ALL, label: t`All accounts` }, ...ORGANISER_ACCOUNT_STATES.map((s) => ({ value: s, label: i18n._(ACCOUNT_STATE_LABELS[s]) }))]}
        />
      </Group>
      <Paper withBorder p="md">
        <Stack gap="sm">
          {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
          {list.isPending && <Skeleton h={200} />}
          {list.data && total === 0 && (
            <Text c="dimmed" size="sm">
              {filtered ? <Trans>No organiser matches this search.</Trans> : <Trans>No organiser has registered yet.</Trans>}
            </Text>
          )}
          {list.data && total > 0 && (
            <>
              {narrow ? <OrganiserCards rows={rows} busy={list.isFetching} /> : <OrganisersTable rows={rows} busy={list.isFetching} />}
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  <Plural value={total} one={`# organiser, page ${current} of ${pages}`} other={`# organisers, page ${current} of ${pages}`} />
                </Text>
                {pages > 1 && <ListPagination total={pages} value={current} onChange={(page) => setQuery({ ...query, page })} />}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
