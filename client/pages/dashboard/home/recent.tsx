import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { canActForOrganiser } from "../../../../shared/permissions";
import { formatCents } from "../../../../shared/rules/money";
import { useMediaQuery } from "@mantine/hooks";
import { useUserInfo } from "../../../lib/session";
import { CHANNEL_LABELS, labelOf, OrderStatusBadge, useOrderDates } from "../orders/labels";
import type { HomeData } from "./figures";

type Recent = HomeData["recent"][number];

/** An order's detail: the orders page with its modal open. */
const orderHref = (id: string) => `/orders?order=${encodeURIComponent(id)}`;

function RecentCard({ order }: { order: Recent }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const buyer = order.buyerName || t`Anonymous buyer`;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Anchor component={Link} href={orderHref(order.id)} fw={600}>
          {order.number}
        </Anchor>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Text size="sm" truncate="end">
        {buyer} · {order.eventName}
      </Text>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {dates.dateTime(new Date(order.at))} · {labelOf(i18n, CHANNEL_LABELS, order.channel)}
        </Text>
        <Text size="sm" fw={600}>
          {formatCents(order.totalCents, i18n.locale)}
        </Text>
      </Group>
    </Paper>
  );
}

/** The last five orders (paid, or paid and cancelled later), each opening its detail. */
export function RecentOrders({ data }: { data: HomeData | undefined }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const wide = useMediaQuery("(min-width: 48em)", true);
  const rows = data?.recent ?? [];
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>Recent orders</Trans>
          </Title>
          <Anchor component={Link} href="/orders" size="sm">
            <Trans>All orders</Trans>
          </Anchor>
        </Group>
        {!data && <Skeleton h={160} />}
        {data && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>No orders yet.</Trans>
          </Text>
        )}
        {rows.length > 0 && !wide && rows.map((o) => <RecentCard key={o.id} order={o} />)}
        {rows.length > 0 && wide && (
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Order`}</Table.Th>
                  <Table.Th>{t`Buyer`}</Table.Th>
                  <Table.Th>{t`Event`}</Table.Th>
                  <Table.Th>{t`Paid`}</Table.Th>
                  <Table.Th>{t`Status`}</Table.Th>
                  <Table.Th ta="right">{t`Total`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor component={Link} href={orderHref(o.id)} size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                        {o.number}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {labelOf(i18n, CHANNEL_LABELS, o.channel)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{o.buyerName || t`Anonymous buyer`}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {o.eventName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                        {dates.dateTime(new Date(o.at))}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={o.status} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                        {formatCents(o.totalCents, i18n.locale)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** The next event date: when, tickets sold and left, its box office counter and public shop page. */
export function NextEvent({ data }: { data: HomeData | undefined }) {
  const dates = useOrderDates();
  const info = useUserInfo();
  const canCounter = canActForOrganiser(info?.user, ["showBoxoffice"]) || canActForOrganiser(info?.user, ["updateBoxoffice"]);
  const { t } = useLingui();
  const next = data?.next;
  const eventName = next?.eventName ?? "";
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Next event</Trans>
        </Title>
        {!data && <Skeleton h={100} />}
        {data && !next && (
          <Text size="sm" c="dimmed">
            <Trans>No upcoming published event date.</Trans>
          </Text>
        )}
        {next && (
          <>
            <Anchor component={Link} href={`/events/${next.eventId}`} fw={600} data-testid="home-next-event">
              {next.eventName}
            </Anchor>
            <Text size="sm">{dates.dateTime(new Date(next.startsAt), next.timeZone)}</Text>
            <Group gap="lg">
              <Text size="sm">
                <Plural value={next.sold} one="# ticket sold" other="# tickets sold" />
              </Text>
              {next.left !== null && (
                <Text size="sm" c="dimmed">
                  <Plural value={next.left} one="# place left" other="# places left" />
                </Text>
              )}
            </Group>
            <Group gap="xs" mt="xs">
              {canCounter && (
                <Button component={Link} href={`/boxoffice/${next.dateId}`} size="xs" aria-label={t`Box office of ${eventName}`}>
                  <Trans>Box office</Trans>
                </Button>
              )}
              <Button component="a" href={`/event/${next.eventId}`} target="_blank" rel="noopener" size="xs" variant="default" aria-label={t`Online shop of ${eventName}`}>
                <Trans>Online shop</Trans>
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
