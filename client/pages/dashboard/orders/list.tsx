import { Trans, useLingui } from "@lingui/react/macro";
import { ListPagination } from "../../../components/ListPagination";
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type MouseEvent, type ReactNode, useEffect } from "react";
import { Link } from "wouter";
import { formatCents } from "../../../../shared/rules/money";
import { ORDER_PAGE_SIZES, type OrderSort } from "../../../../shared/schemas/organiser-orders";
import { PageLoader } from "../../../components/PageLoader";
import { describeError, translateFieldMessage } from "../../../lib/errors";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc";
import { OrderFilters } from "./filters";
import { OrderCards, SortSelect } from "./list-cards";
import { CHANNEL_LABELS, OrderStatusBadge, PAYMENT_METHOD_LABELS, useOrderDates } from "./labels";
import { exportUrlOf, listInputOf, type OrdersQuery, withSort } from "./query-state";

type Row = RouterOutputs["organiserOrders"]["list"]["rows"][number];

type Props = {
  query: OrdersQuery;
  setQuery: (q: OrdersQuery, options?: { push?: boolean }) => void;
  hrefOf: (q: OrdersQuery) => string;
};

/** A column header that sorts the list (the server sorts; aria-sort tells which way). */
function SortHeader({ column, query, setQuery, children, align }: Pick<Props, "query" | "setQuery"> & { column: OrderSort; children: ReactNode; align?: "right" }) {
  const active = query.sort === column;
  const arrow = active ? (query.direction === "asc" ? "▲" : "▼") : "";
  return (
    <Table.Th aria-sort={active ? (query.direction === "asc" ? "ascending" : "descending") : "none"} ta={align}>
      <UnstyledButton onClick={() => setQuery(withSort(query, column))} fw={700} fz="sm">
        {children}
        <span aria-hidden="true"> {arrow || "↕"}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Wide screens: the orders as a table whose headers sort. */
function OrdersTable({ rows, busy, query, setQuery, hrefOf }: Props & { rows: Row[]; busy: boolean }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const sortProps = { query, setQuery };
  const open = (row: Row) => setQuery({ ...query, order: row.id }, { push: true });
  // A click anywhere on a row opens it; the number is the link (keyboard, new tab).
  const onRowClick = (row: Row) => (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest("a, button")) return;
    open(row);
  };
  return (
    <Table.ScrollContainer minWidth={1140}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t`Orders`} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="createdAt" {...sortProps}>
              <Trans>Date</Trans>
            </SortHeader>
            <SortHeader column="number" {...sortProps}>
              <Trans>Number</Trans>
            </SortHeader>
            <SortHeader column="buyer" {...sortProps}>
              <Trans>Buyer</Trans>
            </SortHeader>
            <Table.Th>
              <Trans>Event</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Tickets</Trans>
            </Table.Th>
            <SortHeader column="total" align="right" {...sortProps}>
              <Trans>Total</Trans>
            </SortHeader>
            <Table.Th>
              <Trans>Payment method</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Channel</Trans>
            </Table.Th>
            <SortHeader column="status" {...sortProps}>
              <Trans>Status</Trans>
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="order-row" onClick={onRowClick(row)} style={{ cursor: "pointer" }}>
              <Table.Td>{dates.dateTime(row.createdAt)}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  href={hrefOf({ ...query, order: row.id })}
                  fw={600}
                  ff="monospace"
                  aria-label={t`Open order ${row.number}`}
                  style={{ whiteSpace: "nowrap" }}
                >
                  {row.number}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.buyerName}</Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
                  {row.buyerEmail}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.eventName}</Text>
                <Text size="xs" c="dimmed">
                  {row.isSeason ? <Trans>Season ticket</Trans> : row.startsAt ? dates.dateTime(row.startsAt) : ""}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {row.tickets}
                {row.checkedIn > 0 && (
                  <Text size="xs" c="dimmed">
                    <Trans>{row.checkedIn} checked in</Trans>
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {formatCents(row.totalCents, i18n.locale)}
              </Table.Td>
              <Table.Td>{i18n._(PAYMENT_METHOD_LABELS[row.paymentMethod])}</Table.Td>
              <Table.Td>{i18n._(CHANNEL_LABELS[row.channel])}
{row.resellerName ? ` · ${row.resellerName}` : ""}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Order list (issue 16): filters and page in the URL, paging and sorting on the server. */
export function OrdersList({ query, setQuery, hrefOf }: Props) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.organiserOrders.list.queryOptions(listInputOf(query)), placeholderData: keepPreviousData });
  const lang = i18n.locale === "de" ? "de" : "en";
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const filtered = query.search || query.eventId || query.from || query.to || query.status || query.paymentMethod || query.channel;
  const sortProps = { query, setQuery };
  const narrow = useMediaQuery("(max-width: 48em)");
  // A page beyond the end (an old link, orders cancelled meanwhile): go to the last one.
  const beyond = list.data !== undefined && total > 0 && query.page > pages;
  useEffect(() => {
    if (beyond) setQuery({ ...query, page: pages });
  }, [beyond, pages, query, setQuery]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>Orders</Trans>
        </Title>
        {list.data && total > 0 && !list.isPlaceholderData ? (
          <Button component="a" href={exportUrlOf(query, lang)} download variant="light">
            <Trans>Export CSV</Trans>
          </Button>
        ) : (
          <Button variant="light" disabled aria-describedby="orders-export-hint">
            <Trans>Export CSV</Trans>
          </Button>
        )}
      </Group>
      {list.data && total === 0 && (
        <Text id="orders-export-hint" size="sm" c="dimmed" ta="right">
          {translateFieldMessage(i18n, "NO_ORDERS_TO_EXPORT")}
        </Text>
      )}
      <OrderFilters query={query} setQuery={setQuery} collapsible={narrow === true} />
      {narrow && total > 1 && <SortSelect query={query} setQuery={setQuery} />}
      {list.isPending && <PageLoader />}
      {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
      {list.data && total === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">
            {filtered ? <Trans>No orders match these filters.</Trans> : <Trans>No orders yet. Orders appear here as soon as tickets are sold.</Trans>}
          </Text>
        </Paper>
      )}
      {list.data && total > 0 && (
        <>
          {narrow ? (
            <OrderCards rows={list.data.rows} hrefOf={(id) => hrefOf({ ...query, order: id })} />
          ) : (
            <OrdersTable rows={list.data.rows} busy={list.isFetching} {...sortProps} hrefOf={hrefOf} />
          )}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              <Trans>
                {total} orders, page {query.page} of {pages}
              </Trans>
            </Text>
            <Group gap="sm">
              <ListPagination total={pages} value={Math.min(query.page, pages)} onChange={(page) => setQuery({ ...query, page })} />
              <Select
                aria-label={t`Orders per page`}
                w={90}
                size="xs"
                allowDeselect={false}
                value={String(query.pageSize)}
                onChange={(v) => setQuery({ ...query, pageSize: Number(v) as OrdersQuery["pageSize"], page: 1 })}
                data={ORDER_PAGE_SIZES.map((n) => String(n))}
              />
            </Group>
          </Group>
        </>
      )}
    </Stack>
  );
}
