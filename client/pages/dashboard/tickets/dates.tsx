import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Group, Paper, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { Link } from "wouter";
import { TicketStateBadge, type TicketDate, type TicketRow, ticketsStepHref, useTicketTexts } from "./labels";

/** A date of the category, or a season ticket's whole season (from its first to its last date). */
function DateText({ row, date }: { row: TicketRow; date: TicketDate }) {
  const texts = useTicketTexts();
  if (date.kind === "season") {
    const from = date.startsAt ? texts.dateTime(date.startsAt, row) : null;
    return from ? <Trans>Whole season, from {from}</Trans> : <Trans>Whole season</Trans>;
  }
  return <>{date.startsAt ? texts.dateTime(date.startsAt, row) : "–"}</>;
}

/** One date on a phone: when, its state and its figures. */
function DateItem({ row, date }: { row: TicketRow; date: TicketDate }) {
  const { sold, held, left, quantity } = date;
  return (
    <Paper component="li" withBorder p="xs" data-testid="ticket-date">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={500}>
          <DateText row={row} date={date} />
        </Text>
        <TicketStateBadge state={date.state} />
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          Sold {sold} · held {held} · available {left} of {quantity}
        </Trans>
      </Text>
    </Paper>
  );
}

/**
 * The dates a category sells for, each with its quantity, sold, held and left: a table on wide
 * screens (a long series scrolls inside), a list on phones. The link opens the event's tickets step.
 */
export function TicketDates({ row, id, compact, canEditEvent }: { row: TicketRow; id: string; compact: boolean; canEditEvent: boolean }) {
  const { t } = useLingui();
  const name = row.name;
  return (
    <Stack gap="xs" id={id}>
      {compact ? (
        <Stack gap={6} component="ul" p={0} m={0} aria-label={t`Dates of ${name}`} style={{ listStyle: "none" }}>
          {row.dates.map((d) => (
            <DateItem key={d.scopeId} row={row} date={d} />
          ))}
        </Stack>
      ) : (
        // A long series scrolls inside; the region takes the keyboard focus so it scrolls by keys too.
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: "region", "aria-label": t`Dates of ${name}` }}>
            <Table verticalSpacing={4} fz="sm" captionSide="top" data-testid="ticket-dates">
              <Table.Caption style={{ textAlign: "left" }}>{t`Dates of ${name}`}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Date</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Quantity</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Sold</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Held</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Available</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>State</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {row.dates.map((d) => (
                  <Table.Tr key={d.scopeId} data-testid="ticket-date">
                    <Table.Td>
                      <DateText row={row} date={d} />
                    </Table.Td>
                    <Table.Td ta="right">{d.quantity}</Table.Td>
                    <Table.Td ta="right">{d.sold}</Table.Td>
                    <Table.Td ta="right">{d.held}</Table.Td>
                    <Table.Td ta="right">{d.left}</Table.Td>
                    <Table.Td>
                      <TicketStateBadge state={d.state} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
        </ScrollArea.Autosize>
      )}
      {row.dates.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>This event has no dates yet.</Trans>
        </Text>
      )}
      {canEditEvent && (
        <Anchor component={Link} href={ticketsStepHref(row)} size="sm" w="fit-content">
          <Trans>Edit all ticket settings</Trans>
        </Anchor>
      )}
    </Stack>
  );
}
