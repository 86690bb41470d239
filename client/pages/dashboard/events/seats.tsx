import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import type { SeatStatus } from "../../../../shared/enums";
import { PageLoader } from "../../../components/PageLoader";
import { SeatingPlan, type SeatsByBlock } from "../../../components/SeatingPlan";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";

/**
 * Seats of one event date: the organiser selects seats on the plan (drag a rectangle, or click)
 * and blocks or unblocks them. Sold and held seats are never touched (the server's guard).
 */
export function EventSeatsPage({ eventId, dateId }: { eventId: string; dateId: string | null }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const detail = useQuery(trpc.events.get.queryOptions({ id: eventId }));
  const currentDateId = dateId ?? detail.data?.dates[0]?.id ?? null;
  const inventory = useQuery({
    ...trpc.seating.dateInventory.queryOptions({ eventDateId: currentDateId ?? "" }),
    enabled: currentDateId !== null,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const statusByKey = useMemo(
    () => new Map<string, SeatStatus>((inventory.data?.seats ?? []).map((s) => [s.key, s.status])),
    [inventory.data],
  );
  const setBlocked = useMutation(
    trpc.seating.setBlocked.mutationOptions({
      onSuccess: async ({ changed }, input) => {
        toast.success(
          input.blocked
            ? plural(changed.length, { one: "# seat blocked", other: "# seats blocked" })
            : plural(changed.length, { one: "# seat unblocked", other: "# seats unblocked" }),
        );
        setSelected(new Set());
        await queryClient.invalidateQueries({ queryKey: trpc.seating.dateInventory.pathKey() });
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );

  if (detail.isPending) return <PageLoader />;
  if (detail.isError) return <Alert color="red">{describeError(i18n, detail.error)}</Alert>;
  const { event, dates } = detail.data;
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short", timeZone: event.timeZone });
  const counts = { FREE: 0, BLOCKED: 0, other: 0 };
  for (const status of statusByKey.values()) {
    if (status === "FREE") counts.FREE++;
    else if (status === "BLOCKED") counts.BLOCKED++;
    else counts.other++;
  }
  const addSeats = (seats: SeatsByBlock, add: boolean) => {
    const next = new Set(add ? selected : []);
    for (const [blockId, list] of seats) for (const rs of list) next.add(`${blockId}:${rs}`);
    setSelected(next);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>Seats of {event.name}</Trans>
        </Title>
        <Button component={Link} href={`/${event.id}`} variant="subtle">
          <Trans>Back to the event dashboard</Trans>
        </Button>
      </Group>
      {event.seatingMode !== "template" ? (
        <Alert color="blue">
          <Trans>This event has free admission: there are no seats to block.</Trans>
        </Alert>
      ) : (
        <>
          <Select
            label={t`Date`}
            maw={420}
            allowDeselect={false}
            value={currentDateId}
            data={dates.map((d) => ({ value: d.id, label: format.format(d.startsAt) }))}
            onChange={(v) => {
              setSelected(new Set());
              if (v) navigate(`/${event.id}/seats/${v}`);
            }}
          />
          <Group gap="xs">
            <Badge variant="light" color="green">
              <Trans>Free: {counts.FREE}</Trans>
            </Badge>
            <Badge variant="light" color="gray">
              <Trans>Blocked: {counts.BLOCKED}</Trans>
            </Badge>
            <Badge variant="light" color="orange">
              <Trans>Sold or reserved: {counts.other}</Trans>
            </Badge>
          </Group>
          {inventory.isPending && <PageLoader />}
          {inventory.isError && <Alert color="red">{describeError(i18n, inventory.error)}</Alert>}
          {inventory.data?.layout && (
            <Paper withBorder p="xs">
              <SeatingPlan
                layout={inventory.data.layout}
                label={t`Seating plan of ${event.name}`}
                interaction="select"
                height="60vh"
                seatState={(key) => ({ status: statusByKey.get(key), selected: selected.has(key) })}
                onSeatsSelected={(seats, mods) => addSeats(seats, mods.shiftKey || mods.ctrlKey)}
                onSeatClick={(seat) => {
                  const next = new Set(selected);
                  if (next.has(seat.key)) next.delete(seat.key);
                  else next.add(seat.key);
                  setSelected(next);
                }}
                fitKey={currentDateId}
              />
            </Paper>
          )}
          <Group>
            <Text size="sm">
              <Plural value={selected.size} one="# seat selected" other="# seats selected" />
            </Text>
            <Button
              disabled={selected.size === 0 || !currentDateId}
              loading={setBlocked.isPending}
              onClick={() => setBlocked.mutate({ eventDateId: currentDateId!, seatKeys: [...selected], blocked: true })}
            >
              <Trans>Block selected seats</Trans>
            </Button>
            <Button
              variant="light"
              disabled={selected.size === 0 || !currentDateId}
              loading={setBlocked.isPending}
              onClick={() => setBlocked.mutate({ eventDateId: currentDateId!, seatKeys: [...selected], blocked: false })}
            >
              <Trans>Unblock selected seats</Trans>
            </Button>
            <Button variant="subtle" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
              <Trans>Clear selection</Trans>
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>Drag a rectangle to select seats (with Shift to add to the selection), or click single seats.</Trans>
          </Text>
        </>
      )}
    </Stack>
  );
}
