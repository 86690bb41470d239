import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { formatCents } from "../../../shared/rules/money";
import { PageLoader } from "../../components/PageLoader";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { ToneBadge, useOrderDates } from "../dashboard/orders/labels";
import { type AllocationSummary, leftOf } from "./model";

/** Where an allocation stands: gone back to public sale, everything sold, or on sale. */
export function AllocationStateBadge({ allocation }: { allocation: AllocationSummary }) {
  const { t } = useLingui();
  if (allocation.returned) return <ToneBadge tone="neutral">{t`Returned to public sale`}</ToneBadge>;
  if (leftOf(allocation) === 0) return <ToneBadge tone="info">{t`All sold`}</ToneBadge>;
  return <ToneBadge tone="ok">{t`On sale`}</ToneBadge>;
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={700} fz="xl" data-testid={testId}>
          {value}
        </Text>
      </Stack>
    </Paper>
  );
}

const NOWRAP = { whiteSpace: "nowrap" } as const;

const sellHref = (a: AllocationSummary) => `/sell/${a.id}`;

/** Wide screens: the allocations as a table. */
function AllocationsTable({ rows }: { rows: AllocationSummary[] }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t`My allocations`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Event</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Date</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Seats left</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Places left</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Sold</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Revenue</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Back to public sale</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => {
            const places = a.placesLeft.reduce((n, p) => n + p.quantity, 0);
            return (
              <Table.Tr key={a.id} data-testid="allocation-row">
                <Table.Td>
                  <Anchor component={Link} href={sellHref(a)} fw={600}>
                    {a.eventName}
                  </Anchor>
                </Table.Td>
                <Table.Td style={NOWRAP}>{dates.dateTime(a.startsAt, a.timeZone)}</Table.Td>
                <Table.Td ta="right">{number.format(a.seatsLeft)}</Table.Td>
                <Table.Td ta="right">{number.format(places)}</Table.Td>
                <Table.Td ta="right">{number.format(a.sold)}</Table.Td>
                <Table.Td ta="right">{formatCents(a.revenueCents, i18n.locale)}</Table.Td>
                <Table.Td style={NOWRAP}>{a.returned ? "–" : dates.dateTime(a.returnAt, a.timeZone)}</Table.Td>
                <Table.Td>
                  <AllocationStateBadge allocation={a} />
                </Table.Td>
                <Table.Td>
                  <SellButton allocation={a} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SellButton({ allocation: a }: { allocation: AllocationSummary }) {
  const { t } = useLingui();
  const name = a.eventName;
  const sellable = !a.returned && leftOf(a) > 0;
  return (
    <Button
      component={Link}
      href={sellHref(a)}
      size="xs"
      variant={sellable ? "filled" : "default"}
      aria-label={sellable ? t`Sell tickets for ${name}` : t`Open the allocation for ${name}`}
    >
      {sellable ? t`Sell` : t`Open`}
    </Button>
  );
}

/** Narrow screens: one card per allocation with the same facts as the table. */
function AllocationCards({ rows }: { rows: AllocationSummary[] }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`My allocations`} style={{ listStyle: "none" }}>
      {rows.map((a) => {
        const seats = a.seatsLeft;
        const places = a.placesLeft.reduce((n, p) => n + p.quantity, 0);
        const returnAt = dates.dateTime(a.returnAt, a.timeZone);
        return (
          <Paper key={a.id} withBorder p="sm" component="li" data-testid="allocation-row">
            <Stack gap={6}>
              {/* Wraps: a long state ("Zurück im freien Verkauf") goes below the event's name. */}
              <Group justify="space-between" gap="xs" align="flex-start">
                <Anchor component={Link} href={sellHref(a)} fw={600} miw={0} style={{ overflowWrap: "break-word" }}>
                  {a.eventName}
                </Anchor>
                <AllocationStateBadge allocation={a} />
              </Group>
              <Text size="sm">{dates.dateTime(a.startsAt, a.timeZone)}</Text>
              <Text size="sm">
                {(seats > 0 || places === 0) && <Plural value={seats} one="# seat left" other="# seats left" />}
                {seats > 0 && places > 0 && " · "}
                {places > 0 && <Plural value={places} one="# place left" other="# places left" />}
              </Text>
              <Group justify="space-between">
                <Text size="sm">
                  <Plural value={a.sold} one="# ticket sold" other="# tickets sold" />
                </Text>
                <Text size="sm" fw={700}>
                  {formatCents(a.revenueCents, i18n.locale)}
                </Text>
              </Group>
              {!a.returned && (
                <Text size="xs" c="dimmed">
                  <Trans>Unsold places go back to public sale on {returnAt}.</Trans>
                </Text>
              )}
              <Group justify="flex-end">
                <SellButton allocation={a} />
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** /reseller-dash: who the reseller sells for, its figures and its allocations. */
export function ResellerOverview() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const narrow = useMediaQuery("(max-width: 48em)");
  const home = useQuery(trpc.resellers.home.queryOptions());
  const allocations = useQuery(trpc.resellers.allocations.queryOptions());
  if (home.isPending) return <PageLoader />;
  if (home.isError) return <Alert color="red">{describeError(i18n, home.error)}</Alert>;
  const { name, organiserName } = home.data;
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Welcome, {name}</Trans>
        </Title>
        {organiserName && (
          <Text c="dimmed">
            <Trans>You sell tickets for {organiserName}.</Trans>
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Stat label={t`Tickets sold`} value={number.format(home.data.ticketsSold)} testId="stat-tickets-sold" />
        <Stat label={t`Revenue`} value={formatCents(home.data.revenueCents, i18n.locale)} testId="stat-revenue" />
        <Stat label={t`Orders`} value={number.format(home.data.orders)} testId="stat-orders" />
      </SimpleGrid>
      <Title order={2} size="h3">
        <Trans>My allocations</Trans>
      </Title>
      {allocations.isPending ? (
        <PageLoader />
      ) : allocations.isError ? (
        <Alert color="red">{describeError(i18n, allocations.error)}</Alert>
      ) : allocations.data.length === 0 ? (
        <Paper withBorder p="md" data-testid="no-allocations">
          <Text>
            <Trans>No events have been allocated to you yet. The organiser assigns events and ticket prices to you.</Trans>
          </Text>
        </Paper>
      ) : narrow ? (
        <AllocationCards rows={allocations.data} />
      ) : (
        <Paper withBorder>
          <AllocationsTable rows={allocations.data} />
        </Paper>
      )}
    </Stack>
  );
}
