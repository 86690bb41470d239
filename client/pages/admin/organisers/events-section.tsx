import { Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { scrollRegion, useWalletMoney } from "../../dashboard/wallet/labels";
import { EVENT_TYPE_LABELS, EventStateBadge, type OrganiserDetail } from "./labels";
import { Section } from "./profile-section";

type EventRow = OrganiserDetail["events"][number];

/** "12 Mar 2026" or "12 Mar 2026 – 30 Jun 2026": the first and the last date of an event. */
function useDateRange() {
  const { day } = useWalletMoney();
  return (e: EventRow) => {
    if (!e.firstStart) return "–";
    const first = day(e.firstStart);
    const last = e.lastStart ? day(e.lastStart) : first;
    return first === last ? first : `${first} – ${last}`;
  };
}

/** The organiser's events (newest first): state, kind, dates and tickets sold. */
export function EventsSection({ detail }: { detail: OrganiserDetail }) {
  const { t, i18n } = useLingui();
  const range = useDateRange();
  const events = detail.events;
  return (
    <Section id="organiser-events" title={t`Events`}>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No events yet.</Trans>
        </Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} aria-label={t`Events`} style={{ listStyle: "none" }}>
            {events.map((e) => {
              const dates = e.dates;
              const sold = e.ticketsSold;
              return (
                <Paper key={e.id} withBorder p="sm" component="li">
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                      {e.name}
                    </Text>
                    <EventStateBadge status={e.status} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {i18n._(EVENT_TYPE_LABELS[e.type])} · {range(e)}
                  </Text>
                  <Text size="sm">
                    <Plural value={dates} one="# date" other="# dates" /> · <Plural value={sold} one="# ticket sold" other="# tickets sold" />
                  </Text>
                </Paper>
              );
            })}
          </Stack>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm" scrollAreaProps={scrollRegion(t`Events`)}>
            <Table verticalSpacing="xs" aria-label={t`Events`}>
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
                  <Table.Th>
                    <Trans>Dates</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Tickets sold</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((e) => {
                  const dates = e.dates;
                  return (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{e.name}</Table.Td>
                    <Table.Td>
                      <EventStateBadge status={e.status} />
                    </Table.Td>
                    <Table.Td>{i18n._(EVENT_TYPE_LABELS[e.type])}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{range(e)}</Text>
                      <Text size="xs" c="dimmed">
                        <Plural value={dates} one="# date" other="# dates" />
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{i18n.number(e.ticketsSold)}</Table.Td>
                  </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Section>
  );
}
