import { Trans, useLingui } from "@lingui/react/macro";
import { Checkbox, Stack, Table, Text } from "@mantine/core";
import { formatCents } from "../../../../shared/rules/money";
import { type OrderDetail, ScrollTable } from "./detail-sections";
import { CANCEL_REASON_LABELS, LineStatusBadge, useOrderDates } from "./labels";
import { usePlaceText } from "./place-text";

type Line = OrderDetail["lines"][number];

/** Why a cancelled line is cancelled, and for a date change which line took its place. */
function CancelNote({ line, lines }: { line: Line; lines: Line[] }) {
  const { i18n } = useLingui();
  if (line.status !== "canceled") return null;
  const replacement = line.cancelReason === "date_changed" ? lines.find((l) => l.replacesLineId === line.id) : undefined;
  return (
    <Text size="xs" c="red.9">
      {line.cancelReason ? i18n._(CANCEL_REASON_LABELS[line.cancelReason]) : <Trans>Cancelled</Trans>}
      {replacement && (
        <>
          {" "}
          <Trans>(replaced by {replacement.reference})</Trans>
        </>
      )}
    </Text>
  );
}

/**
 * The ticket lines (SPEC §3: reference, ticket, date, price, quantity, last check-in time,
 * total, place, status). With `selection`, active lines get a checkbox for cancelling or moving them.
 */
export function OrderLinesTable({
  order,
  selection,
}: {
  order: OrderDetail;
  selection: { selected: string[]; onChange: (ids: string[]) => void } | null;
}) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const placeText = usePlaceText();
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const selectable = order.lines.filter((l) => l.status === "active").map((l) => l.id);
  const allSelected = selection !== null && selectable.length > 0 && selectable.every((id) => selection.selected.includes(id));
  const toggle = (id: string, on: boolean) => {
    if (!selection) return;
    selection.onChange(on ? [...selection.selected, id] : selection.selected.filter((x) => x !== id));
  };

  return (
    <ScrollTable minWidth={980} label={t`Ticket lines`}>
      <Table verticalSpacing="xs" aria-label={t`Ticket lines`} data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t`Select all active tickets`}
                  checked={allSelected}
                  indeterminate={!allSelected && selection.selected.length > 0}
                  disabled={selectable.length === 0}
                  onChange={(e) => selection.onChange(e.currentTarget.checked ? selectable : [])}
                />
              </Table.Th>
            )}
            <Table.Th>{t`Reference`}</Table.Th>
            <Table.Th>{t`Ticket`}</Table.Th>
            <Table.Th>{t`Date`}</Table.Th>
            <Table.Th ta="right">{t`Price`}</Table.Th>
            <Table.Th ta="right">{t`Quantity`}</Table.Th>
            <Table.Th>{t`Place`}</Table.Th>
            <Table.Th>{t`Last check-in`}</Table.Th>
            <Table.Th ta="right">{t`Total`}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => {
            const cancelled = line.status === "canceled";
            const replaced = line.replacesLineId ? order.lines.find((l) => l.id === line.replacesLineId) : undefined;
            return (
              <Table.Tr key={line.id} data-testid="order-line" data-status={line.status} bg={cancelled ? "var(--mantine-color-gray-1)" : undefined}>
                {selection && (
                  <Table.Td>
                    {line.status === "active" && (
                      <Checkbox
                        aria-label={t`Select ticket ${line.reference}`}
                        checked={selection.selected.includes(line.id)}
                        onChange={(e) => toggle(line.id, e.currentTarget.checked)}
                      />
                    )}
                  </Table.Td>
                )}
                <Table.Td ff="monospace" style={{ whiteSpace: "nowrap", textDecoration: cancelled ? "line-through" : undefined }}>
                  {line.reference}
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{line.categoryName}</Text>
                    {line.bookingOptions.map((o, i) => (
                      <Text key={i} size="xs" c="dimmed">
                        + {o.name} ({money(o.priceCents)})
                      </Text>
                    ))}
                    {replaced && (
                      <Text size="xs" c="dimmed">
                        <Trans>replaces {replaced.reference}</Trans>
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{line.startsAt ? dates.dateTime(line.startsAt, order.event.timeZone) : "-"}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {money(line.priceCents)}
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td>{placeText(line.places) || "-"}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{line.lastCheckInAt ? dates.dateTime(line.lastCheckInAt, order.event.timeZone) : "-"}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {money(line.totalCents)}
                </Table.Td>
                <Table.Td>
                  <LineStatusBadge status={line.status} />
                  <CancelNote line={line} lines={order.lines} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
