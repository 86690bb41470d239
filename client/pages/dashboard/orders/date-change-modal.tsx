import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Table, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMediaQuery } from "@mantine/hooks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatCents } from "../../../../shared/rules/money";
import { PageLoader } from "../../../components/PageLoader";
import { appCodeOf, describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC, type RouterOutputs } from "../../../lib/trpc";
import { DateChangeSeatPicker } from "./date-change-seats";
import { useDateText, usePlaceText } from "./place-text";

type Order = RouterOutputs["organiserOrders"]["detail"];
type Props = { order: Order; lineIds: string[]; opened: boolean; onClose: () => void; onDone: () => void };

/**
 * Moving chosen tickets of an organiser's order to another date of the same event (issue 16):
 * choose the date, read the server's preview (each ticket's place there, the price paid and
 * today's price), pick seats on the new date's live plan where the same seat is taken, confirm.
 * A refusal is shown in the modal, which stays open.
 */
export function ChangeDateModal({ order, lineIds, opened, onClose, onDone }: Props) {
  const { t } = useLingui();
  const phone = useMediaQuery("(max-width: 36em)");
  return (
    <Modal opened={opened} onClose={onClose} title={t`Change the date of tickets`} size="xl" fullScreen={phone === true}>
      {opened && <ChangeDateBody order={order} lineIds={lineIds} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ChangeDateBody({ order, lineIds, onClose, onDone }: Omit<Props, "opened">) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dateText = useDateText(order.event.timeZone);
  const options = useQuery({ ...trpc.organiserOrders.dateOptions.queryOptions({ orderId: order.id }), enabled: !order.event.isSeason });
  const [target, setTarget] = useState<string | null>(null);
  const [seats, setSeats] = useState<Record<string, string[]>>({});
  const [picking, setPicking] = useState<string | null>(null);
  const input = { orderId: order.id, lineIds, targetScopeId: target ?? "", seats };
  const preview = useQuery({
    ...trpc.organiserOrders.dateChangePreview.queryOptions(input),
    enabled: target !== null,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const change = useMutation(
    trpc.organiserOrders.changeDate.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.organiserOrders.detail.queryKey({ orderId: order.id }), updated);
        toast.success(t`The date is changed. The confirmation with the new tickets has been sent to the buyer.`);
        onDone();
        queryClient.removeQueries({ queryKey: trpc.organiserOrders.dateChangePreview.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.organiserOrders.list.pathKey() });
      },
      // Seats may have been taken meanwhile: the preview shows what is free now.
      onError: () => void preview.refetch(),
    }),
  );

  const explain = (error: unknown) =>
    appCodeOf(error) === "TICKET_NOT_SELECTABLE" ? t`A chosen seat does not belong to the ticket's seating category. Please choose another seat.` : describeError(i18n, error);

  if (order.event.isSeason) {
    return (
      <Alert color="blue" title={t`Season tickets keep their dates`}>
        <Trans>A season ticket is valid for every date of the season: its date cannot be changed.</Trans>
      </Alert>
    );
  }
  if (options.isPending) return <PageLoader />;
  if (options.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(i18n, options.error)}
      </Alert>
    );
  }
  const lines = order.lines.filter((l) => lineIds.includes(l.id));
  const ownScopes = new Set(lines.map((l) => l.scopeId));
  const dates = options.data.dates.filter((d) => !ownScopes.has(d.id));
  if (dates.length === 0) {
    return (
      <Stack>
        <Alert color="blue" title={t`No other date`}>
          <Trans>This event has no other date that has not started yet, so these tickets cannot be moved.</Trans>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  const eventName = order.event.name;
  const pickingLine = lines.find((l) => l.id === picking);
  const pickedElsewhere = new Set(Object.entries(seats).flatMap(([id, keys]) => (id === picking ? [] : keys)));
  const data = preview.data && preview.data.targetScopeId === target ? preview.data : undefined;

  return (
    <Stack>
      <Text size="sm">
        <Plural value={lines.length} one={`Move # ticket of ${eventName} to another date.`} other={`Move # tickets of ${eventName} to another date.`} />
      </Text>
      <Select
        label={t`New date`}
        placeholder={t`Choose a date`}
        data={dates.map((d) => ({ value: d.id, label: dateText(d.startsAt) }))}
        value={target}
        allowDeselect={false}
        onChange={(v) => {
          setTarget(v);
          setSeats({});
          setPicking(null);
          change.reset();
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {target && preview.isError && (
        <Alert color="red" role="alert">
          {explain(preview.error)}
        </Alert>
      )}
      {target && !data && !preview.isError && <PageLoader />}
      {data && !pickingLine && (
        <PreviewTable order={order} lines={lines} preview={data} seats={seats} onPick={(id) => setPicking(id)} />
      )}
      {data && pickingLine && target && (
        <DateChangeSeatPicker
          key={pickingLine.id}
          scopeId={target}
          access={options.data?.access ?? null}
          eventName={order.event.name}
          line={pickingLine}
          pickedElsewhere={pickedElsewhere}
          initial={seats[pickingLine.id] ?? []}
          onCancel={() => setPicking(null)}
          onApply={(keys) => {
            setSeats({ ...seats, [pickingLine.id]: keys });
            setPicking(null);
            change.reset();
          }}
        />
      )}
      {data && (
        <Alert color="gray">
          <Trans>The tickets keep the price paid: nothing is charged or refunded. The buyer gets new tickets with new codes by email; the old codes stop working.</Trans>
        </Alert>
      )}
      {change.isError && (
        <Alert color="red" role="alert" title={t`The date was not changed`}>
          {explain(change.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={change.isPending}>
          <Trans>Close</Trans>
        </Button>
        <Button
          loading={change.isPending}
          disabled={!data || !data.ready || pickingLine !== undefined || preview.isFetching}
          onClick={() => target && change.mutate({ orderId: order.id, lineIds, targetScopeId: target, seats })}
        >
          <Trans>Change the date</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

type Preview = RouterOutputs["organiserOrders"]["dateChangePreview"];

function PreviewTable({
  order,
  lines,
  preview,
  seats,
  onPick,
}: {
  order: Order;
  lines: Order["lines"];
  preview: Preview;
  seats: Record<string, string[]>;
  onPick: (lineId: string) => void;
}) {
  const { t, i18n } = useLingui();
  const placeText = usePlaceText();
  const dateText = useDateText(order.event.timeZone);
  const money = (cents: number | null) => (cents === null ? "–" : formatCents(cents, i18n.locale));
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  return (
    <Stack gap="xs" data-testid="date-change-preview">
      {preview.lines.map((p) => {
        const line = lines.find((l) => l.id === p.lineId);
        if (!line) return null;
        const seated = line.seatKeys.length > 0;
        return (
          <Paper key={p.lineId} withBorder p="sm">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text fw={500}>
                  {line.reference} · {p.categoryName}
                </Text>
                {p.available ? (
                  <Badge color="teal.9">
                    {t`Available`}
                  </Badge>
                ) : p.needsSeatPick ? (
                  <Badge color="yellow.3" c="dark.9">
                    {t`Seat taken: choose another`}
                  </Badge>
                ) : (
                  <Badge color="red.9">
                    {t`Not available`}
                  </Badge>
                )}
              </Group>
              <Table variant="vertical" withTableBorder={false} layout="fixed" fz="sm">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={{ base: 110, sm: 160 }}>{t`Now`}</Table.Th>
                    <Table.Td>
                      {dateText(line.startsAt)} · {placeText(p.from.places)}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t`New`}</Table.Th>
                    <Table.Td>
                      {dateText(preview.startsAt)} · {placeText(p.to.places)}
                      {p.to.picked ? ` (${t`chosen`})` : p.needsSeatPick ? ` (${t`taken`})` : ""}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t`Price paid`}</Table.Th>
                    <Table.Td>{money(p.paidCents)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t`Today's price`}</Table.Th>
                    <Table.Td>{money(p.currentPriceCents)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t`Difference`}</Table.Th>
                    <Table.Td>{p.currentPriceCents === null ? "–" : t`${signed(p.differenceCents)} (not charged or refunded)`}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {seated && (
                <Group>
                  <Button size="xs" variant={p.needsSeatPick ? "filled" : "light"} onClick={() => onPick(p.lineId)}>
                    {seats[p.lineId] ? t`Choose other seats` : p.needsSeatPick ? t`Choose seats on the plan` : t`Choose different seats`}
                  </Button>
                </Group>
              )}
              {!p.available && !p.needsSeatPick && (
                <Text size="sm" c="red.8">
                  {seated ? <Trans>A chosen seat is no longer free. Please choose another.</Trans> : <Trans>There is no free place left in this area on the new date.</Trans>}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
