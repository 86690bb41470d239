import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, Group, Table, Text } from "@mantine/core";
import { Fragment } from "react";
import { TicketDates } from "./dates";
import { TicketStateBadge, type TicketRow, useTicketTexts } from "./labels";

const nowrap = { whiteSpace: "nowrap" } as const;

export type RowActions = {
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Null: the caller may not change tickets (no updateTickets), no button at all. */
  onChange: ((row: TicketRow) => void) | null;
  canEditEvent: boolean;
};

/** The kind of a ticket, its places per ticket when it takes more than one, and when buyers see it. */
export function KindText({ row }: { row: TicketRow }) {
  const texts = useTicketTexts();
  const perTicket = row.seatsPerTicket;
  return (
    <>
      {row.kind === "free" ? <Trans>Free of charge</Trans> : <Trans>Chargeable</Trans>}
      {perTicket > 1 && (
        <>
          {" · "}
          <Trans>{perTicket} places per ticket</Trans>
        </>
      )}
      {" · "}
      {texts.visibility(row)}
    </>
  );
}

/** From when until when the category sells (the sale end's mode below when it is the event's end). */
export function SalePeriod({ row }: { row: TicketRow }) {
  const texts = useTicketTexts();
  const from = texts.saleStart(row);
  const until = texts.saleEnd(row);
  return (
    <>
      <Text size="xs" style={row.saleStart ? nowrap : undefined}>
        <Trans>from {from}</Trans>
      </Text>
      <Text size="xs" style={nowrap}>
        <Trans>until {until}</Trans>
      </Text>
      {row.saleEndMode === "event_end" && (
        <Text size="xs" c="dimmed">
          <Trans>When the event ends</Trans>
        </Text>
      )}
    </>
  );
}

/** The quick change button, or why there is none (the server refuses changes to cancelled and past events). */
export function ChangeAction({ row, onChange }: { row: TicketRow; onChange: (row: TicketRow) => void }) {
  const { t } = useLingui();
  const name = row.name;
  if (row.closed === "cancelled")
    return (
      <Text size="xs" c="dimmed">
        <Trans>Event cancelled</Trans>
      </Text>
    );
  if (row.closed === "over")
    return (
      <Text size="xs" c="dimmed">
        <Trans>Event over</Trans>
      </Text>
    );
  return (
    <Button size="compact-sm" variant="light" onClick={() => onChange(row)} aria-label={t`Quick change: ${name}`}>
      <Trans>Quick change</Trans>
    </Button>
  );
}

/** The table's toggle of a category's dates: a chevron before its name. */
function DatesChevron({ row, expanded, onToggle, controls }: { row: TicketRow; expanded: boolean; onToggle: (id: string) => void; controls: string }) {
  const { t } = useLingui();
  const name = row.name;
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="sm"
      mt={2}
      onClick={() => onToggle(row.id)}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={expanded ? t`Hide dates: ${name}` : t`Dates: ${name}`}
    >
      <span aria-hidden="true" style={{ display: "inline-block", transform: expanded ? "rotate(90deg)" : "none", transition: "transform 120ms" }}>
        ›
      </span>
    </ActionIcon>
  );
}

/** The button that shows a category's dates (its figures per date). */
export function DatesToggle({ row, expanded, onToggle, controls }: { row: TicketRow; expanded: boolean; onToggle: (id: string) => void; controls: string }) {
  const { t } = useLingui();
  const name = row.name;
  return (
    <Button size="compact-sm" variant="default" onClick={() => onToggle(row.id)} aria-expanded={expanded} aria-controls={controls} aria-label={expanded ? t`Hide dates: ${name}` : t`Dates: ${name}`}>
      {expanded ? <Trans>Hide dates</Trans> : <Trans>Dates</Trans>}
    </Button>
  );
}

const COLUMNS = 9;

function TicketTableRow({ row, actions }: { row: TicketRow; actions: RowActions }) {
  const texts = useTicketTexts();
  const expanded = actions.expanded.has(row.id);
  const detailId = `ticket-dates-${row.id}`;
  const total = row.quantity;
  return (
    <Fragment>
      <Table.Tr data-testid="ticket-row">
        <Table.Td>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <DatesChevron row={row} expanded={expanded} onToggle={actions.onToggle} controls={detailId} />
            <div>
              <Text size="sm" fw={600}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                <KindText row={row} />
              </Text>
            </div>
          </Group>
        </Table.Td>
        <Table.Td ta="right" style={row.kind === "free" ? undefined : nowrap}>
          {texts.price(row)}
        </Table.Td>
        <Table.Td>
          <SalePeriod row={row} />
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm" style={nowrap}>
            {row.dailyQuantity}
          </Text>
          {row.dates.length > 1 && (
            <Text size="xs" c="dimmed" style={nowrap}>
              <Trans>{total} in all</Trans>
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right">{row.sold}</Table.Td>
        <Table.Td ta="right">{row.held}</Table.Td>
        <Table.Td ta="right">{row.left}</Table.Td>
        <Table.Td>
          <TicketStateBadge state={row.state} />
        </Table.Td>
        {actions.onChange && (
          <Table.Td ta="right">
            <ChangeAction row={row} onChange={actions.onChange} />
          </Table.Td>
        )}
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={actions.onChange ? COLUMNS : COLUMNS - 1} bg="var(--mantine-color-gray-0)" px="lg">
            <TicketDates row={row} id={detailId} compact={false} canEditEvent={actions.canEditEvent} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

/** Consecutive rows of one event (the list is sorted by event). */
function groupByEvent(rows: TicketRow[]): TicketRow[][] {
  const groups: TicketRow[][] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last[0]!.event.id === row.event.id) last.push(row);
    else groups.push([row]);
  }
  return groups;
}

/** An event's categories under a header row naming the event and its dates. */
function EventGroup({ rows, actions }: { rows: TicketRow[]; actions: RowActions }) {
  const texts = useTicketTexts();
  const first = rows[0]!;
  return (
    <Table.Tbody>
      <Table.Tr bg="var(--mantine-color-gray-1)">
        <Table.Th colSpan={actions.onChange ? COLUMNS : COLUMNS - 1} scope="rowgroup">
          <Text span fw={700} size="sm">
            {first.event.name}
          </Text>
          {first.event.type === "SEASONAL" && (
            <Text span size="sm">
              {" "}
              <Trans>(season)</Trans>
            </Text>
          )}
          <Text span size="xs" fw={400} c="dark.5">
            {" · "}
            {texts.eventDates(first)}
          </Text>
        </Table.Th>
      </Table.Tr>
      {rows.map((row) => (
        <TicketTableRow key={row.id} row={row} actions={actions} />
      ))}
    </Table.Tbody>
  );
}

/** Wide screens: the categories as a table grouped by event; the chevron opens a row's figures per date below it. */
export function TicketsTable({ rows, busy, actions }: { rows: TicketRow[]; busy: boolean; actions: RowActions }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" horizontalSpacing={8} captionSide="top" aria-busy={busy}>
        <Table.Caption style={{ textAlign: "left" }}>
          <Trans>
            Your ticket categories across all events. Quantity is per date; sold, held (in carts and reseller allocations) and available are summed over the dates.
          </Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Ticket</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Price</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Sale period</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Quantity per date</Trans>
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
            {actions.onChange && (
              <Table.Th ta="right">
                <Trans>Actions</Trans>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        {groupByEvent(rows).map((group) => (
          <EventGroup key={group[0]!.event.id} rows={group} actions={actions} />
        ))}
      </Table>
    </Table.ScrollContainer>
  );
}
