import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ListPagination } from "../../../components/ListPagination";
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { useTRPC } from "../../../lib/trpc";
import { VoucherFilters } from "./filters";
import { VoucherCards, VouchersTable } from "./list-cards";
import { exportUrlOf, isFiltered, listInputOf, VOUCHER_PAGE_SIZES, type VouchersQuery } from "./query-state";
import type { VoucherTarget } from "./targets";

type Props = {
  query: VouchersQuery;
  setQuery: (q: VouchersQuery, options?: { push?: boolean }) => void;
  hrefOf: (q: VouchersQuery) => string;
  targets: readonly VoucherTarget[];
  canCreate: boolean;
  onNew: () => void;
  onBulk: () => void;
};

/** The voucher list (issue 19): filters and page in the URL, paging on the server. */
export function VouchersList({ query, setQuery, hrefOf, targets, canCreate, onNew, onBulk }: Props) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.vouchers.list.queryOptions(listInputOf(query)), placeholderData: keepPreviousData });
  const lang = i18n.locale === "de" ? "de" : "en";
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const current = Math.min(query.page, pages);
  const narrow = useMediaQuery("(max-width: 48em)");
  const open = (voucherId: string) => setQuery({ ...query, voucher: voucherId }, { push: true });
  const noTargets = targets.length === 0;
  // A page beyond the end (an old link): go to the last one.
  const beyond = list.data !== undefined && total > 0 && query.page > pages;
  useEffect(() => {
    if (beyond) setQuery({ ...query, page: pages });
  }, [beyond, pages, query, setQuery]);
  const exportable = list.data !== undefined && total > 0 && !list.isPlaceholderData;

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          <Trans>Discount</Trans>
        </Title>
        <Group gap="sm">
          {canCreate && (
            <>
              <Button onClick={onNew} disabled={noTargets}>
                <Trans>New voucher</Trans>
              </Button>
              <Button variant="default" onClick={onBulk} disabled={noTargets}>
                <Trans>Create codes in bulk</Trans>
              </Button>
            </>
          )}
          {exportable ? (
            <Button component="a" href={exportUrlOf(query, lang)} download variant="light">
              <Trans>Export CSV</Trans>
            </Button>
          ) : (
            <Button variant="light" disabled>
              <Trans>Export CSV</Trans>
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>Vouchers take a fixed amount or a percentage off the tickets of an event or season. Buyers enter the code at checkout; the box office can too.</Trans>
      </Text>
      <VoucherFilters query={query} setQuery={setQuery} targets={targets} />
      {list.isPending && <PageLoader />}
      {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
      {list.data && total === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">
            {isFiltered(query) ? (
              <Trans>No vouchers match these filters.</Trans>
            ) : noTargets ? (
              <Trans>No vouchers yet. Create an event with tickets first; its vouchers then appear here.</Trans>
            ) : (
              <Trans>No vouchers yet.</Trans>
            )}
          </Text>
        </Paper>
      )}
      {list.data && total > 0 && (
        <>
          {narrow ? (
            <VoucherCards rows={list.data.rows} hrefOf={(id) => hrefOf({ ...query, voucher: id })} />
          ) : (
            <VouchersTable rows={list.data.rows} busy={list.isFetching} hrefOf={(id) => hrefOf({ ...query, voucher: id })} onOpen={open} />
          )}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              <Plural value={total} one={`# voucher, page ${current} of ${pages}`} other={`# vouchers, page ${current} of ${pages}`} />
            </Text>
            <Group gap="sm">
              <ListPagination total={pages} value={current} onChange={(next) => setQuery({ ...query, page: next })} />
              <Select
                aria-label={t`Vouchers per page`}
                w={90}
                size="xs"
                allowDeselect={false}
                value={String(query.pageSize)}
                onChange={(v) => setQuery({ ...query, pageSize: Number(v) as VouchersQuery["pageSize"], page: 1 })}
                data={VOUCHER_PAGE_SIZES.map((n) => String(n))}
              />
            </Group>
          </Group>
        </>
      )}
    </Stack>
  );
}
