import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { TicketDates } from "./dates";
import { TicketStateBadge, type TicketRow, useTicketTexts } from "./labels";
import { ChangeAction, DatesToggle, KindText, type RowActions } from "./table";

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

function TicketCard({ row, actions }: { row: TicketRow; actions: RowActions }) {
  const { t } = useLingui();
  const texts = useTicketTexts();
  const expanded = actions.expanded.has(row.id);
  const detailId = `ticket-dates-${row.id}`;
  const from = texts.saleStart(row);
  const until = texts.saleEnd(row);
  return (
    <Paper withBorder p="sm" component="li" data-testid="ticket-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{row.name}</Text>
            <Text size="xs" c="dimmed">
              <KindText row={row} />
            </Text>
          </div>
          <TicketStateBadge state={row.state} />
        </Group>
        <Text size="sm">
          {row.event.name}
          {row.event.type === "SEASONAL" && (
            <>
              {" "}
              <Trans>(season)</Trans>
            </>
          )}
          <Text span size="xs" c="dimmed" display="block">
            {texts.eventDates(row)}
          </Text>
        </Text>
        <Text size="sm">{texts.price(row)}</Text>
        <Text size="xs">
          <Trans>
            Sale from {from} until {until}
          </Trans>
        </Text>
        <SimpleGrid cols={4} spacing="xs">
          <Figure label={t`Per date`} value={row.dailyQuantity} />
          <Figure label={t`Sold`} value={row.sold} />
          <Figure label={t`Held`} value={row.held} />
          <Figure label={t`Available`} value={row.left} />
        </SimpleGrid>
        <Group gap="xs" justify="space-between">
          <DatesToggle row={row} expanded={expanded} onToggle={actions.onToggle} controls={detailId} />
          {actions.onChange && <ChangeAction row={row} onChange={actions.onChange} />}
        </Group>
        {expanded && <TicketDates row={row} id={detailId} compact canEditEvent={actions.canEditEvent} />}
      </Stack>
    </Paper>
  );
}

/** Phones: the categories as cards with the same facts as the table's columns. */
export function TicketCards({ rows, actions }: { rows: TicketRow[]; actions: RowActions }) {
  const { t } = useLingui();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Ticket categories`} style={{ listStyle: "none" }}>
      {rows.map((row) => (
        <TicketCard key={row.id} row={row} actions={actions} />
      ))}
    </Stack>
  );
}
