import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { Link } from "wouter";
import { formatCents } from "../../../../shared/rules/money";
import { ORDER_SORTS, type OrderSort } from "../../../../shared/schemas/organiser-orders";
import type { RouterOutputs } from "../../../lib/trpc";
import { CHANNEL_LABELS, OrderStatusBadge, PAYMENT_METHOD_LABELS, useOrderDates } from "./labels";
import type { OrdersQuery } from "./query-state";

type Row = RouterOutputs["organiserOrders"]["list"]["rows"][number];

/** Narrow screens: the sort as a select (the table's headers are not there). */
export function SortSelect({ query, setQuery }: { query: OrdersQuery; setQuery: (q: OrdersQuery) => void }) {
  const { t } = useLingui();
  const names: Record<OrderSort, string> = { createdAt: t`Date`, number: t`Number`, buyer: t`Buyer`, total: t`Total`, status: t`Status` };
  const data = ORDER_SORTS.flatMap((s) => [
    { value: `${s}:desc`, label: t`${names[s]}, descending` },
    { value: `${s}:asc`, label: t`${names[s]}, ascending` },
  ]);
  return (
    <Select
      label={t`Sort by`}
      allowDeselect={false}
      value={`${query.sort}:${query.direction}`}
      onChange={(v) => {
        const [sort, direction] = (v ?? "createdAt:desc").split(":") as [OrderSort, "asc" | "desc"];
        setQuery({ ...query, sort, direction, page: 1 });
      }}
      data={data}
    />
  );
}

/** The orders as cards (narrow screens): the same facts as the table's columns. */
export function OrderCards({ rows, hrefOf }: { rows: Row[]; hrefOf: (orderId: string) => string }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Orders`} style={{ listStyle: "none" }}>
      {rows.map((row) => (
        <Paper key={row.id} withBorder p="sm" component="li" data-testid="order-row">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} href={hrefOf(row.id)} fw={600} ff="monospace" aria-label={t`Open order ${row.number}`}>
                {row.number}
              </Anchor>
              <OrderStatusBadge status={row.status} />
            </Group>
            <Text size="xs" c="dimmed">
              {dates.dateTime(row.createdAt)}
            </Text>
            <Text size="sm">
              {row.buyerName}{" "}
              <Text span size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {row.buyerEmail}
              </Text>
            </Text>
            <Text size="sm">
              {row.eventName}
              {" · "}
              {row.isSeason ? <Trans>Season ticket</Trans> : row.startsAt ? dates.dateTime(row.startsAt) : ""}
            </Text>
            <Group justify="space-between">
              <Text size="sm">
                <Plural value={row.tickets} one="# ticket" other="# tickets" />
                {" · "}
                {i18n._(PAYMENT_METHOD_LABELS[row.paymentMethod])}
                {" · "}
                {i18n._(CHANNEL_LABELS[row.channel])}
{row.resellerName ? ` · ${row.resellerName}` : ""}
              </Text>
              <Text size="sm" fw={700}>
                {formatCents(row.totalCents, i18n.locale)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
