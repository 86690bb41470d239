import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatCents } from "../../../shared/rules/money";
import type { OrderStatus } from "../../../shared/schemas/orders";
import { PageLoader } from "../../components/PageLoader";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { labelOf, OrderStatusBadge, PAYMENT_METHOD_LABELS, useOrderDates } from "../dashboard/orders/labels";
import { type ResellerOrder, ticketsPdfUrl } from "./model";

const PAGE_SIZE = 25;

// Order numbers ("3FUS-4JYS"), times and amounts stay on one line; names and events wrap.
const NOWRAP = { whiteSpace: "nowrap" } as const;

/** The tickets PDF of a valid order (a cancelled one has none). */
function PdfLink({ order }: { order: ResellerOrder }) {
  const { t, i18n } = useLingui();
  if (order.status !== "valid") return null;
  const number = order.number;
  return (
    <Anchor href={ticketsPdfUrl(order.id, i18n.locale)} target="_blank" rel="noopener" size="sm" aria-label={t`Tickets of order ${number} (PDF)`} style={NOWRAP} data-testid="order-pdf">
      <Trans>Tickets (PDF)</Trans>
    </Anchor>
  );
}

function EventCell({ order }: { order: ResellerOrder }) {
  const dates = useOrderDates();
  return (
    <Stack gap={0}>
      <Text size="sm">{order.eventName}</Text>
      {order.startsAt && (
        <Text size="xs" c="dimmed">
          {dates.dateTime(order.startsAt, order.timeZone)}
        </Text>
      )}
    </Stack>
  );
}

function BuyerCell({ order }: { order: ResellerOrder }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {order.buyerName || "–"}
      </Text>
      {order.buyerEmail && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {order.buyerEmail}
        </Text>
      )}
    </Stack>
  );
}

function OrdersTable({ rows, busy }: { rows: ResellerOrder[]; busy: boolean }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" aria-label={t`My orders`} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Number</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Date</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Event</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Buyer</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Tickets</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Total</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Payment method</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Tickets PDF</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((o) => (
            <Table.Tr key={o.id} data-testid="reseller-order-row">
              <Table.Td ff="monospace" fw={600} style={NOWRAP}>
                {o.number}
              </Table.Td>
              <Table.Td style={NOWRAP}>{dates.dateTime(o.createdAt)}</Table.Td>
              <Table.Td>
                <EventCell order={o} />
              </Table.Td>
              <Table.Td>
                <BuyerCell order={o} />
              </Table.Td>
              <Table.Td ta="right">{o.tickets}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatCents(o.totalCents, i18n.locale)}
              </Table.Td>
              <Table.Td>{labelOf(i18n, PAYMENT_METHOD_LABELS, o.paymentMethod)}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={o.status as OrderStatus} />
              </Table.Td>
              <Table.Td>
                <PdfLink order={o} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrderCards({ rows }: { rows: ResellerOrder[] }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`My orders`} style={{ listStyle: "none" }}>
      {rows.map((o) => (
        <Paper key={o.id} withBorder p="sm" component="li" data-testid="reseller-order-row">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} ff="monospace">
                {o.number}
              </Text>
              <OrderStatusBadge status={o.status as OrderStatus} />
            </Group>
            <Text size="xs" c="dimmed">
              {dates.dateTime(o.createdAt)}
            </Text>
            <EventCell order={o} />
            {(o.buyerName || o.buyerEmail) && <BuyerCell order={o} />}
            <Group justify="space-between">
              <Text size="sm">
                <Plural value={o.tickets} one="# ticket" other="# tickets" />
                {" · "}
                {labelOf(i18n, PAYMENT_METHOD_LABELS, o.paymentMethod)}
              </Text>
              <Text size="sm" fw={700}>
                {formatCents(o.totalCents, i18n.locale)}
              </Text>
            </Group>
            <PdfLink order={o} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** /reseller-dash/orders: the reseller's own orders, newest first, page by page. */
export function ResellerOrders() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const narrow = useMediaQuery("(max-width: 48em)");
  // The `before` of every page shown so far: the last one is the current page, undefined the newest.
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const before = pages.at(-1);
  const orders = useQuery({ ...trpc.resellers.orders.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) }), placeholderData: keepPreviousData });
  const page = pages.length;
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>My orders</Trans>
      </Title>
      {orders.isPending ? (
        <PageLoader />
      ) : orders.isError ? (
        <Alert color="red">{describeError(i18n, orders.error)}</Alert>
      ) : orders.data.items.length === 0 ? (
        <Paper withBorder p="md" data-testid="no-orders">
          <Text>
            <Trans>You have not sold any tickets yet.</Trans>
          </Text>
        </Paper>
      ) : (
        <>
          {narrow ? (
            <OrderCards rows={orders.data.items} />
          ) : (
            <Paper withBorder>
              <OrdersTable rows={orders.data.items} busy={orders.isFetching} />
            </Paper>
          )}
          {(page > 1 || orders.data.nextBefore) && (
            <Group justify="space-between">
              <Button variant="default" disabled={page === 1 || orders.isFetching} onClick={() => setPages((p) => p.slice(0, -1))}>
                <Trans>Newer orders</Trans>
              </Button>
              <Text size="sm" c="dimmed">
                <Trans>Page {page}</Trans>
              </Text>
              <Button
                variant="default"
                disabled={!orders.data.nextBefore || orders.isFetching}
                onClick={() => {
                  const next = orders.data.nextBefore;
                  if (next) setPages((p) => [...p, next]);
                }}
              >
                <Trans>Older orders</Trans>
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
