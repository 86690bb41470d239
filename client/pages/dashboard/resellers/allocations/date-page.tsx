import { Alert, Anchor, Box, Button, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { PageLoader } from "../../../../components/PageLoader";
import { SeatingPlan, type SeatingPlanHandle, type SeatsByBlock, type SeatVisual } from "../../../../components/SeatingPlan";
import { seatIndex } from "../../../../components/Shop/model";
import { SHOP_STATUS_COLORS } from "../../../../components/Shop/ShopPanel";
import { useSeatFeed } from "../../../../hooks/use-seat-feed";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { useAllocationActions, useRefreshOnFeed } from "./actions";
import { AllocationCards } from "./allocation-cards";
import { CountPanel } from "./count-panel";
import { ResellerControls } from "./controls";
import { useAllocationFormats } from "./formats";
import { type AllocationDate, allocationLayout, allocationPaths, groupByCategory, resellerColors, seatKind, seatOwners, standingAreas, wallToDate } from "./model";
import { PlanLegend, SeatPanel } from "./seat-panel";

/** /dashboard/resellers/allocations/{eventDateId}: one date's plan to give resellers seats and places, and take them back. */
export function AllocationDatePage({ eventDateId }: { eventDateId: string }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const query = useQuery(trpc.allocations.date.queryOptions({ eventDateId }));
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Stack>
        <Alert color="red">{describeError(i18n, query.error)}</Alert>
        <Anchor component={Link} href={allocationPaths.list}>
          <Trans>Back to the allocations</Trans>
        </Anchor>
      </Stack>
    );
  }
  return <DateScreen key={eventDateId} data={query.data} />;
}

/** The first active reseller (else the first): the one the screen starts with. */
const firstReseller = (data: AllocationDate) => (data.resellers.find((r) => r.active) ?? data.resellers[0])?.id ?? null;

function DateScreen({ data }: { data: AllocationDate }) {
  const { t } = useLingui();
  const formats = useAllocationFormats();
  const feed = useSeatFeed(data.eventDateId, data.access, true);
  useRefreshOnFeed(data.eventDateId, feed.revision);
  const index = useMemo(() => seatIndex(data.layout), [data.layout]);
  const actions = useAllocationActions(index);
  const plan = useRef<SeatingPlanHandle>(null);

  const [resellerId, setResellerId] = useState<string | null>(() => firstReseller(data));
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [returnAtWall, setReturnAtWall] = useState<string | null>(null);
  const [interaction, setInteraction] = useState<"view" | "select">("view");
  const [chosenTickets, setChosenTickets] = useState<ReadonlyMap<string, string>>(() => new Map());

  const reseller = data.resellers.find((r) => r.id === resellerId);
  // Every reseller with an allocation here keeps a colour, even one that no longer sells the event.
  const names = useMemo(() => {
    const m = new Map(data.resellers.map((r) => [r.id, r.name]));
    for (const a of data.allocations) if (!m.has(a.resellerId)) m.set(a.resellerId, a.resellerName);
    return m;
  }, [data.resellers, data.allocations]);
  const nameOf = useCallback((id: string) => names.get(id) ?? "", [names]);
  const colors = useMemo(
    () => resellerColors([...names.keys()], [...(data.layout?.categories.map((c) => c.color) ?? []), ...Object.values(SHOP_STATUS_COLORS)]),
    [names, data.layout],
  );
  const owners = useMemo(() => seatOwners(data.allocations), [data.allocations]);
  const layout = useMemo(() => (data.layout ? allocationLayout(data.layout, owners, colors, nameOf) : null), [data.layout, owners, colors, nameOf]);
  const allocation = data.allocations.find((a) => a.resellerId === resellerId && !a.returned);

  const kindOf = (key: string) => seatKind(feed.seats.get(key)?.s, owners.get(key));
  const selectable = (key: string) => {
    if (!feed.ready || !index.has(key)) return false;
    const k = kindOf(key);
    return k.kind === "free" || (k.kind === "allocated" && k.resellerId === resellerId);
  };
  const picked = [...selection].filter(selectable);
  const toAllocate = picked.filter((k) => kindOf(k).kind === "free");
  const toReturn = picked.filter((k) => kindOf(k).kind === "allocated");
  const groups = groupByCategory(toAllocate, (k) => index.get(k)?.categoryId);

  const returnAt = wallToDate(returnAtWall, data.timeZone);
  const returnAtError =
    returnAtWall && (!returnAt || returnAt.getTime() <= Date.now() || returnAt.getTime() > data.endsAt.getTime())
      ? t`The return time must be in the future and before the date ends.`
      : null;

  const chooseReseller = (id: string | null) => {
    setResellerId(id);
    setChosenTickets(new Map());
    // Seats picked to return were the other reseller's: only free seats stay picked.
    setSelection((prev) => new Set([...prev].filter((k) => kindOf(k).kind === "free")));
  };

  const toggle = (keys: string[]) => {
    setSelection((prev) => {
      const next = new Set(prev);
      const all = keys.every((k) => next.has(k));
      for (const k of keys) {
        if (all) next.delete(k);
        else next.add(k);
      }
      return next;
    });
  };

  const clickSeat = (key: string) => {
    if (!feed.ready) return;
    if (selection.has(key) || selectable(key)) {
      toggle([key]);
      return;
    }
    const k = kindOf(key);
    if (k.kind === "allocated") {
      const name = nameOf(k.resellerId);
      toast.info(t`This seat is allocated to ${name}. Choose that reseller to return it.`);
    } else toast.error(t`This seat is not available.`);
  };

  const selectRect = (seats: SeatsByBlock) => {
    const keys = [...seats].flatMap(([blockId, list]) => list.map((rs) => `${blockId}:${rs}`)).filter(selectable);
    if (keys.length > 0) toggle(keys);
  };

  // The plan redraws when this changes: with the feed (its revision), the selection, the owners and the reseller.
  const seatState = useMemo(() => {
    const chosen = selection;
    return (key: string): SeatVisual | undefined => {
      const k = seatKind(feed.seats.get(key)?.s, owners.get(key));
      if (k.kind === "other") return { status: k.status };
      return chosen.has(key) && (k.kind === "free" || k.resellerId === resellerId) ? { selected: true } : undefined;
    };
    // The feed's revision stands for its seats (a map changed in place).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed.revision, feed.seats, selection, owners, resellerId]);

  const describeSeat = (key: string, text: string) => {
    const k = kindOf(key);
    if (k.kind === "allocated") {
      const name = nameOf(k.resellerId);
      return t`${text}, allocated to ${name}`;
    }
    return k.kind === "free" ? `${text}, ${t`available`}` : text;
  };

  const clear = () => setSelection(new Set());
  const eventName = data.eventName;
  const ticketName = (id: string) => data.categories.find((c) => c.id === id)?.name ?? "";

  const allocateSeats = (seats: { key: string; ticketCategoryId: string }[]) => {
    if (!resellerId || seats.length === 0) return;
    const name = nameOf(resellerId);
    actions.allocate.mutate(
      { resellerId, eventDateId: data.eventDateId, seats, counts: [], returnAt },
      {
        onSuccess: () => {
          toast.success(<Plural value={seats.length} one={`# seat allocated to ${name}.`} other={`# seats allocated to ${name}.`} />);
          clear();
        },
      },
    );
  };

  const returnSeats = () => {
    if (!allocation || toReturn.length === 0) return;
    const n = toReturn.length;
    actions.returnUnsold.mutate(
      { allocationId: allocation.id, seats: toReturn },
      {
        onSuccess: () => {
          toast.success(<Plural value={n} one="# seat is back on public sale." other="# seats are back on public sale." />);
          clear();
        },
      },
    );
  };

  const areas = standingAreas(data.layout);
  const hasCounted = !data.layout || areas.length > 0;
  const [areaChoice, setAreaChoice] = useState<string | null>(null);

  const sidePanels = (
    <Stack gap="sm">
      <ResellerControls
        data={data}
        resellerId={resellerId}
        onReseller={chooseReseller}
        colors={colors}
        allocation={allocation}
        returnAtWall={returnAtWall}
        onReturnAt={setReturnAtWall}
        returnAtError={returnAtError}
      />
      {data.layout && reseller && (
        <SeatPanel
          data={data}
          reseller={reseller}
          groups={groups}
          returnCount={toReturn.length}
          chosenTickets={chosenTickets}
          onChooseTicket={(cat, tc) => setChosenTickets((prev) => new Map(prev).set(cat ?? "", tc))}
          onAllocate={allocateSeats}
          onReturn={returnSeats}
          onClear={clear}
          busy={actions.busy}
          blocked={returnAtError !== null}
          interaction={interaction}
          onInteraction={setInteraction}
          feedReady={feed.ready}
        />
      )}
      {hasCounted && reseller && (
        <CountPanel
          key={reseller.id}
          data={data}
          reseller={reseller}
          allocation={allocation}
          counters={feed.counters}
          areaChoice={areaChoice}
          onArea={setAreaChoice}
          returnAt={returnAt}
          blocked={returnAtError !== null}
          actions={actions}
          ticketName={ticketName}
        />
      )}
    </Stack>
  );

  return (
    <Stack gap="sm" data-testid="allocation-date">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0}>
          <Title order={1} size="h3">
            <Trans>Allocations: {eventName}</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            {formats.longDateTime(data.startsAt, data.timeZone)}
          </Text>
        </Stack>
        <Button component={Link} href={allocationPaths.list} variant="default" size="xs">
          <Trans>All allocations</Trans>
        </Button>
      </Group>
      {data.resellers.length === 0 && (
        <Alert color="yellow">
          <Trans>No reseller sells tickets of this event any more. Add the event to a reseller to allocate seats or places.</Trans>
        </Alert>
      )}
      {layout ? (
        <Grid gap="sm" columns={24}>
          <Grid.Col span={{ base: 24, md: 14, lg: 15 }}>
            <Paper withBorder p="xs">
              <Stack gap="xs">
                <Box data-testid="allocation-map" data-feed-ready={feed.ready ? "true" : "false"}>
                  <SeatingPlan
                    layout={layout}
                    label={t`Seating plan of ${data.eventName}`}
                    height="max(420px, calc(100vh - 320px))"
                    statusColors={SHOP_STATUS_COLORS}
                    interaction={interaction}
                    seatState={seatState}
                    describeSeat={(seat, text) => describeSeat(seat.key, text)}
                    onSeatClick={(seat) => clickSeat(seat.key)}
                    onSeatsSelected={selectRect}
                    onBlockClick={(blockId) => {
                      if (!blockId) return;
                      const block = data.layout?.blocks.find((b) => b.id === blockId);
                      if (block?.kind === "standing") setAreaChoice(blockId);
                      else if (block) plan.current?.zoomToBlock(blockId);
                    }}
                    ref={plan}
                  />
                </Box>
                <PlanLegend layout={data.layout!} allocations={data.allocations} colors={colors} nameOf={nameOf} />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 24, md: 10, lg: 9 }}>{sidePanels}</Grid.Col>
        </Grid>
      ) : (
        <Grid gap="sm" columns={24}>
          <Grid.Col span={{ base: 24, md: 12 }}>{sidePanels}</Grid.Col>
        </Grid>
      )}
      <AllocationCards data={data} colors={colors} actions={actions} onChoose={chooseReseller} ticketName={ticketName} />
    </Stack>
  );
}
