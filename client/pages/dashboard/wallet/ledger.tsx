import { Alert, Anchor, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { ListPagination } from "../../../components/ListPagination";
import { useMediaQuery } from "@mantine/hooks";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { canActForOrganiser } from "../../../../shared/permissions";
import { LEDGER_KINDS, type LedgerEntry, type LedgerKind } from "../../../../shared/schemas/wallet";
import { describeError } from "../../../lib/errors";
import { useUserInfo } from "../../../lib/session";
import { useTRPC } from "../../../lib/trpc";
import { LEDGER_KIND_LABELS, scrollRegion, useWalletMoney } from "./labels";

const PAGE_SIZE = 25;

/** An order's detail: the orders page with its modal open (outside the wallet's nested route). */
const orderHref = (orderId: string) => `~/dashboard/orders?order=${encodeURIComponent(orderId)}`;

/** The entry's kind and, for an order's credit or debit, its number (a link for those who may view orders). */
function EntrySubject({ entry, canOpenOrders }: { entry: LedgerEntry; canOpenOrders: boolean }) {
  const { t, i18n } = useLingui();
  const number = entry.orderNumber;
  return (
    <Stack gap={0}>
      <Text size="sm">{i18n._(LEDGER_KIND_LABELS[entry.kind])}</Text>
      {number && entry.orderId && canOpenOrders && (
        <Anchor component={Link} href={orderHref(entry.orderId)} size="sm" ff="monospace" aria-label={t`Open order ${entry.orderNumber}`} style={{ whiteSpace: "nowrap" }}>
          {number}
        </Anchor>
      )}
      {number && (!entry.orderId || !canOpenOrders) && (
        <Text size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>
          {number}
        </Text>
      )}
    </Stack>
  );
}

function LedgerTable({ rows, busy, canOpenOrders }: { rows: LedgerEntry[]; busy: boolean; canOpenOrders: boolean }) {
  const { t } = useLingui();
  const { money, signed, dateTime } = useWalletMoney();
  return (
    <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollRegion(t`Ledger`)}>
      <Table verticalSpacing="xs" aria-label={t`Ledger`} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Date</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Entry</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Paid by buyers</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Platform fees</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Effect on balance</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.id} data-testid="ledger-row">
              <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTime(e.at)}</Table.Td>
              <Table.Td>
                <EntrySubject entry={e} canOpenOrders={canOpenOrders} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {e.orderId ? money(e.grossCents) : "–"}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {e.orderId ? money(e.feeCents) : "–"}
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: "nowrap" }}>
                {signed(e.netCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LedgerCards({ rows, canOpenOrders }: { rows: LedgerEntry[]; canOpenOrders: boolean }) {
  const { t } = useLingui();
  const { money, signed, dateTime } = useWalletMoney();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Ledger`} style={{ listStyle: "none" }}>
      {rows.map((e) => {
        const gross = money(e.grossCents);
        const fee = money(e.feeCents);
        return (
          <Paper key={e.id} withBorder p="sm" component="li" data-testid="ledger-row">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <EntrySubject entry={e} canOpenOrders={canOpenOrders} />
              <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                {signed(e.netCents)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {dateTime(e.at)}
            </Text>
            {e.orderId && (
              <Text size="xs" c="dimmed">
                <Trans>
                  Paid by buyers {gross} · platform fees {fee}
                </Trans>
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** Every credit and debit of the wallet, newest first, filtered by kind, paged on the server. */
export function LedgerSection() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const canOpenOrders = canActForOrganiser(info?.user, ["viewOrders"]);
  const narrow = useMediaQuery("(max-width: 48em)");
  const [kind, setKind] = useState<LedgerKind | null>(null);
  const [pageNumber, setPage] = useState(1);
  const ledger = useQuery({ ...trpc.wallet.ledger.queryOptions({ page: pageNumber, pageSize: PAGE_SIZE, kind }), placeholderData: keepPreviousData });
  const total = ledger.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const rows = ledger.data?.entries ?? [];
  const current = Math.min(pageNumber, pages);

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h4">
            <Trans>Ledger</Trans>
          </Title>
          <Select
            label={t`Kind`}
            w={{ base: "100%", xs: 260 }}
            allowDeselect={false}
            value={kind ?? "all"}
            onChange={(v) => {
              setKind(v === "all" || v === null ? null : (v as LedgerKind));
              setPage(1);
            }}
            data={[{ value: "all", label: t`All entries` }, ...LEDGER_KINDS.map((k) => ({ value: k, label: i18n._(LEDGER_KIND_LABELS[k]) }))]}
          />
        </Group>
        {ledger.isError && <Alert color="red">{describeError(i18n, ledger.error)}</Alert>}
        {ledger.isPending && <Skeleton h={160} />}
        {ledger.data && total === 0 && (
          <Text c="dimmed" size="sm">
            {kind ? <Trans>No entries of this kind.</Trans> : <Trans>No entries yet. Paid online orders appear here.</Trans>}
          </Text>
        )}
        {ledger.data && total > 0 && (
          <>
            {narrow ? <LedgerCards rows={rows} canOpenOrders={canOpenOrders} /> : <LedgerTable rows={rows} busy={ledger.isFetching} canOpenOrders={canOpenOrders} />}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                <Plural value={total} one={`# entry, page ${current} of ${pages}`} other={`# entries, page ${current} of ${pages}`} />
              </Text>
              {pages > 1 && (
                <ListPagination total={pages} value={current} onChange={setPage} />
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
