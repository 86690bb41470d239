import { Badge, Button, ColorSwatch, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { modals } from "@mantine/modals";
import "dayjs/locale/de";
import { useState } from "react";
import { toast } from "../../../../lib/toast";
import type { useAllocationActions } from "./actions";
import { useAllocationFormats } from "./formats";
import { type AllocationDate, type AllocationSummary, dateToWall, placesTotal, standingAreas, wallToDate } from "./model";

type Actions = ReturnType<typeof useAllocationActions>;

type Props = {
  data: AllocationDate;
  colors: ReadonlyMap<string, string>;
  actions: Actions;
  /** Makes the allocation's reseller the one the plan and the forms work for. */
  onChoose: (resellerId: string) => void;
  ticketName: (ticketCategoryId: string) => string;
};

/** Every allocation of the date: what is left, sold and earned, when it goes back, and giving everything back now. */
export function AllocationCards({ data, colors, actions, onChoose, ticketName }: Props) {
  const [editing, setEditing] = useState<AllocationSummary | null>(null);
  // Those still holding something first, then those gone back to public sale.
  const sorted = [...data.allocations].sort((a, b) => Number(a.returned) - Number(b.returned));
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        <Trans>Allocations of this date</Trans>
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nothing is allocated on this date yet. Choose a reseller, pick seats on the plan or enter a number of places, and allocate them.</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {sorted.map((a) => (
            <AllocationCard
              key={a.id}
              allocation={a}
              data={data}
              color={colors.get(a.resellerId)}
              actions={actions}
              canChoose={data.resellers.some((r) => r.id === a.resellerId)}
              onChoose={() => onChoose(a.resellerId)}
              onEdit={() => setEditing(a)}
              ticketName={ticketName}
            />
          ))}
        </SimpleGrid>
      )}
      {editing && <ReturnAtModal allocation={editing} data={data} actions={actions} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

type CardProps = {
  allocation: AllocationSummary;
  data: AllocationDate;
  color: string | undefined;
  actions: Actions;
  canChoose: boolean;
  onChoose: () => void;
  onEdit: () => void;
  ticketName: (ticketCategoryId: string) => string;
};

function AllocationCard({ allocation: a, data, color, actions, canChoose, onChoose, onEdit, ticketName }: CardProps) {
  const { t } = useLingui();
  const formats = useAllocationFormats();
  const areas = standingAreas(data.layout);
  const name = a.resellerName;
  const returnAt = formats.dateTime(a.returnAt, a.timeZone);
  const places = placesTotal(a);
  const revenue = formats.money(a.revenueCents);
  const seats = a.seatsLeft;

  const confirmReturnAll = () =>
    modals.openConfirmModal({
      title: t`Return everything unsold of ${name}?`,
      closeButtonProps: { "aria-label": t`Close` },
      children: (
        <Text size="sm">
          <Trans>
            The unsold seats ({seats}) and places ({places}) go back to public sale now. Tickets {name} has sold stay valid.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Return everything`, cancel: t`Keep the allocation` },
      confirmProps: { color: "red" },
      onConfirm: () =>
        actions.returnUnsold.mutate(
          { allocationId: a.id, all: true },
          {
            onSuccess: (r) => {
              const { seats, places: back } = r;
              toast.success(t`Back on public sale: seats ${seats}, places ${back}.`);
            },
          },
        ),
    });

  return (
    <Paper withBorder p="sm" component="li" data-testid="allocation-card" data-returned={a.returned ? "true" : "false"}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={8} wrap="nowrap" miw={0} style={{ overflowWrap: "anywhere" }}>
            <ColorSwatch color={a.returned ? "#adb5bd" : (color ?? "#adb5bd")} size={16} withShadow={false} />
            <Text fw={600}>{name}</Text>
          </Group>
          <Group gap={4}>
            {!a.resellerActive && (
              <Badge color="gray.7" miw="max-content">
                <Trans>Deactivated</Trans>
              </Badge>
            )}
            {a.returned ? (
              <Badge color="gray.7" miw="max-content">
                <Trans>Returned</Trans>
              </Badge>
            ) : (
              <Badge color="teal.9" miw="max-content">
                <Trans>Active</Trans>
              </Badge>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
          <Text size="sm">
            <Trans>Seats left: {seats}</Trans>
          </Text>
          <Text size="sm">
            <Trans>Places left: {places}</Trans>
          </Text>
          <Text size="sm">
            <Plural value={a.sold} one="# ticket sold" other="# tickets sold" />
          </Text>
          <Text size="sm">
            <Trans>Revenue: {revenue}</Trans>
          </Text>
        </SimpleGrid>
        {a.placesLeft.length > 0 && (
          <Stack gap={0}>
            {a.placesLeft.map((p) => {
              const area = p.area ? (areas.find((x) => x.id === p.area)?.name ?? p.area) : null;
              const label = area ? `${ticketName(p.tc)} · ${area}` : ticketName(p.tc);
              return (
                <Text key={`${p.tc}|${p.area}`} size="xs" c="dimmed">
                  {label}: {p.quantity}
                </Text>
              );
            })}
          </Stack>
        )}
        {!a.returned && (
          <Group gap={6} wrap="wrap">
            <Text size="sm">
              <Trans>Back to public sale: {returnAt}</Trans>
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={onEdit} aria-label={t`Change the return time of ${name}`}>
              <Trans>Change</Trans>
            </Button>
          </Group>
        )}
        {!a.returned && (
          <Group gap="xs" mt={4}>
            {canChoose && (
              <Button size="xs" variant="default" onClick={onChoose}>
                <Trans>Work on this allocation</Trans>
              </Button>
            )}
            <Button size="xs" variant="light" color="red" onClick={confirmReturnAll} disabled={a.seatsLeft + places === 0} loading={actions.busy}>
              <Trans>Return everything unsold</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Moves the time at which what is unsold goes back to public sale by itself. */
function ReturnAtModal({ allocation, data, actions, onClose }: { allocation: AllocationSummary; data: AllocationDate; actions: Actions; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const formats = useAllocationFormats();
  const timeZone = data.timeZone;
  const [value, setValue] = useState<string | null>(() => dateToWall(allocation.returnAt, timeZone));
  const date = wallToDate(value, timeZone);
  const invalid = !date || date.getTime() <= Date.now() || date.getTime() > data.endsAt.getTime();
  const end = formats.dateTime(data.endsAt, timeZone);
  const name = allocation.resellerName;
  const save = () => {
    if (!date || invalid) return;
    actions.setReturnAt.mutate(
      { allocationId: allocation.id, returnAt: date },
      {
        onSuccess: () => {
          toast.success(t`The return time of ${name} was changed.`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t`Return time of ${name}`}>
      <Stack>
        <DateTimePicker
          label={t`Back to public sale at`}
          description={t`Time zone: ${timeZone}. At the latest at the end of the date (${end}).`}
          value={value}
          onChange={setValue}
          valueFormat="DD.MM.YYYY HH:mm"
          locale={i18n.locale === "de" ? "de" : "en"}
          error={value && invalid ? t`The return time must be in the future and before the date ends.` : null}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save} disabled={invalid} loading={actions.setReturnAt.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
