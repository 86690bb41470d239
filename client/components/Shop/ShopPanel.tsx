import { Alert, Box, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { SeatStatus } from "../../../shared/enums";
import { formatCents } from "../../../shared/rules/money";
import { categoryStatus, isSelectable, isVisible, maxTickets } from "../../../shared/rules/ticket-selection";
import { useSeatFeed } from "../../hooks/use-seat-feed";
import { useStoredCart } from "../../lib/cart-store";
import { describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { SeatingPlan, type SeatingPlanHandle, type SeatVisual } from "../SeatingPlan";
import { CartSummary } from "./CartSummary";
import { CategoryRow } from "./CategoryRow";
import { asRule, cartSelection, liveRemaining, ruleContext, seatIndex, seatTotals, type ShopCategory } from "./model";

/** What buyers see for seats they cannot take: distinct tones, explained by the legend. */
export const SHOP_STATUS_COLORS: Record<Exclude<SeatStatus, "FREE">, string> = {
  SOLD: "#adb5bd",
  PAYMENT_PENDING: "#ffc078",
  BLOCKED: "#495057",
  SEASON_BLOCKED: "#b197fc",
  SEASON_SOLD: "#7950f2",
};

type HoldOutcome = { status: "held"; cart: { id: string; secret: string | null }; seats: string[] } | { status: "taken"; taken: string[] } | { status: "sold_out"; ticketCategoryIds: string[] };

/**
 * The shop of one event date or season (SPEC §2): ticket categories with their rules, the live
 * seating plan with best-available, counted tickets for free seating, and the reservation.
 * `admission`: the waiting room's token of a buyer let in (decision 033), sent with every hold.
 */
export function ShopPanel({ scopeId, access, admission }: { scopeId: string; access?: string | undefined; admission?: string | undefined }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const accessInput = access ? { access } : {};
  const holdInput = { ...accessInput, ...(admission ? { admission } : {}) };
  const scopeQ = useQuery(trpc.shop.scope.queryOptions({ scopeId, ...accessInput }));
  const [cart, setCart] = useStoredCart(scopeId);
  const cartQ = useQuery(trpc.shop.cart.queryOptions(cart ? { cart } : skipToken));
  const scope = scopeQ.data;
  const live = scope !== undefined && scope.onSale && !scope.locked;
  const feed = useSeatFeed(scopeId, access, live);
  const index = useMemo(() => seatIndex(scope?.layout ?? null), [scope?.layout]);
  const totals = useMemo(() => seatTotals(index), [index]);
  const [ticketFor, setTicketFor] = useState<Record<string, string>>({});
  const [area, setArea] = useState<string | null>(null);
  const planRef = useRef<SeatingPlanHandle>(null);

  // A cart that ended (expired, checked out, released) is forgotten.
  const cartData = cartQ.data?.state === "active" ? cartQ.data : undefined;
  const cartEnded = cart !== null && ((cartQ.data !== undefined && cartQ.data.state !== "active") || cartQ.isError);
  useEffect(() => {
    if (cartEnded) setCart(null);
  }, [cartEnded, setCart]);

  const refreshCart = () => queryClient.invalidateQueries({ queryKey: trpc.shop.cart.pathKey() });
  const onOutcome = (result: HoldOutcome) => {
    if (result.status === "held") {
      if (result.cart.secret) setCart({ id: result.cart.id, secret: result.cart.secret });
      void refreshCart();
    } else if (result.status === "taken") {
      const labels = result.taken.map((k) => {
        const s = index.get(k);
        return s ? t`${s.blockName}, row ${s.rowLabel}, seat ${s.seatLabel}` : k;
      });
      toast.error(labels.length ? t`Sorry, just taken by someone else: ${labels.join("; ")}` : t`Sorry, these seats were just taken. Please choose others.`);
    } else {
      toast.error(t`Not enough tickets are left.`);
    }
  };
  const onError = (error: unknown) => {
    toast.error(describeError(i18n, error));
    void refreshCart();
  };
  const hold = useMutation(trpc.shop.hold.mutationOptions({ onSuccess: onOutcome, onError }));
  // The plan moves to the seats best available chose, so the buyer sees where they sit.
  const onBest = (result: HoldOutcome) => {
    onOutcome(result);
    if (result.status === "held") planRef.current?.showSeats(result.seats);
  };
  const holdBest = useMutation(trpc.shop.holdBest.mutationOptions({ onSuccess: onBest, onError }));
  const release = useMutation(trpc.shop.release.mutationOptions({ onSuccess: () => void refreshCart(), onError }));
  const extend = useMutation(
    trpc.shop.extend.mutationOptions({
      onSuccess: () => {
        toast.success(t`Your reservation was extended.`);
        void refreshCart();
      },
      onError,
    }),
  );
  const busy = hold.isPending || holdBest.isPending || release.isPending || extend.isPending;

  if (scopeQ.isPending) return <Text c="dimmed">{t`Loading...`}</Text>;
  if (scopeQ.isError) return <Alert color="red">{describeError(i18n, scopeQ.error)}</Alert>;
  if (!scope) return null;
  if (scope.locked) return null;

  const now = new Date();
  const remaining = liveRemaining(scope, feed, index, totals);
  const selection = cartSelection(cartData, scope.categories);
  const ctx = ruleContext(scope, remaining, now);
  const visible = scope.categories.filter((c) => isVisible(asRule(c), selection, ctx));
  const ownSeats = new Set((cartData?.seats ?? []).map((s) => s.key));
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: scope.timeZone });
  // The legend's words, also what the plan says of a seat in that state.
  const statusLabels: Record<SeatStatus, string> = {
    FREE: t`available`,
    PAYMENT_PENDING: t`reserved`,
    SOLD: t`sold`,
    BLOCKED: t`not for sale`,
    SEASON_BLOCKED: t`reserved for a season ticket`,
    SEASON_SOLD: t`season ticket`,
  };
  const statusLabel = (status: SeatStatus) => statusLabels[status];

  if (!scope.onSale) {
    return (
      <Alert color="gray" title={t`No tickets on sale`}>
        {scope.status === "canceled" ? <Trans>This event has been cancelled.</Trans> : <Trans>Tickets for this date are not on sale.</Trans>}
      </Alert>
    );
  }

  const ticketsOfSeatCategory = (seatingCategoryId: string | null) =>
    visible.filter((c) => (c.seatingCategoryId === null || c.seatingCategoryId === seatingCategoryId) && isSelectable(asRule(c), selection, ctx));
  const chosenTicket = (seatingCategoryId: string | null): ShopCategory | undefined => {
    const options = ticketsOfSeatCategory(seatingCategoryId);
    return options.find((c) => c.id === ticketFor[seatingCategoryId ?? ""]) ?? options[0];
  };

  const clickSeat = (key: string) => {
    if (busy || !cartQ.isFetched && cart) return;
    if (ownSeats.has(key)) {
      if (cart) release.mutate({ cart, seatKeys: [key], counts: [], all: false });
      return;
    }
    const status = feed.seats.get(key)?.s ?? "FREE";
    if (status !== "FREE") return;
    const info = index.get(key);
    const ticket = chosenTicket(info?.categoryId ?? null);
    if (!ticket) {
      toast.error(t`No ticket for this seat can be chosen at the moment.`);
      return;
    }
    hold.mutate({ scopeId, ...holdInput, cart, seats: [{ key, ticketCategoryId: ticket.id }], counts: [] });
  };

  const standingAreas = (scope.layout?.blocks ?? []).filter((b) => b.kind === "standing");
  const seatingCategories = scope.layout?.categories ?? [];
  const choiceCategories = seatingCategories.filter((c) => ticketsOfSeatCategory(c.id).length > 1);

  const ticketsPanel = (
  <Paper withBorder p="md">
    <Title order={2} size="h4" mb="xs">
      <Trans>Tickets</Trans>
    </Title>
    {visible.length === 0 && (
      <Text c="dimmed" size="sm">
        <Trans>No tickets on sale online.</Trans>
      </Text>
    )}
    <Stack gap="xs">
      {visible.map((c) => (
        <CategoryRow
          key={c.id}
          category={c}
          status={categoryStatus(asRule(c), ctx)}
          selectable={isSelectable(asRule(c), selection, ctx)}
          remaining={remaining.get(c.id) ?? 0}
          max={maxTickets(asRule(c), ctx)}
          inCart={selection.get(c.id)?.tickets ?? 0}
          seated={scope.layout !== null}
          hasSeats={scope.layout !== null && [...totals.keys()].some((cat) => c.seatingCategoryId === null || cat === c.seatingCategoryId)}
          areas={standingAreas.filter((a) => c.seatingCategoryId === null || a.categoryId === c.seatingCategoryId).map((a) => ({ id: a.id, name: a.name }))}
          busy={busy}
          format={format}
          onAddCount={(quantity, areaId) => hold.mutate({ scopeId, ...holdInput, cart, seats: [], counts: [{ ticketCategoryId: c.id, areaId, quantity }] })}
          onBest={(quantity) => holdBest.mutate({ scopeId, ...holdInput, cart, ticketCategoryId: c.id, quantity })}
        />
      ))}
    </Stack>
  </Paper>
  );
  const cartPanel = (
    <>
      {cartData && cart && (
        <CartSummary
          cart={cartData}
          categories={scope.categories}
          seats={index}
          busy={busy}
          onRemoveSeat={(key) => release.mutate({ cart, seatKeys: [key], counts: [], all: false })}
          onRemoveItem={(ticketCategoryId, areaId, quantity) => release.mutate({ cart, seatKeys: [], counts: [{ ticketCategoryId, areaId, quantity }], all: false })}
          onReleaseAll={() => release.mutate({ cart, seatKeys: [], counts: [], all: true }, { onSuccess: () => setCart(null) })}
          onExtend={() => extend.mutate({ cart })}
          onCheckout={() => navigate(`~/checkout?cart=${cart.id}`)}
          onExpired={() => {
            toast.error(t`Your reservation has expired. Please choose your tickets again.`);
            setCart(null);
          }}
        />
      )}
    </>
  );
  if (!scope.layout) {
    return (
      <Stack gap="md" data-testid="shop">
        {ticketsPanel}
        {cartPanel}
      </Stack>
    );
  }
  return (
    <Grid gap="md" data-testid="shop">
      <Grid.Col span={{ base: 12, md: 8 }}>
        {(
        <Paper withBorder p="xs">
          <Stack gap="xs">
            {choiceCategories.length > 0 && (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {choiceCategories.map((sc) => (
                  <Select
                    key={sc.id}
                    label={t`Ticket for seats in ${sc.name}`}
                    allowDeselect={false}
                    value={chosenTicket(sc.id)?.id ?? null}
                    data={ticketsOfSeatCategory(sc.id).map((c) => ({ value: c.id, label: `${c.name} (${formatCents(c.priceCents, i18n.locale)})` }))}
                    onChange={(v) => v && setTicketFor((m) => ({ ...m, [sc.id]: v }))}
                  />
                ))}
              </SimpleGrid>
            )}
            <Box data-testid="seat-map" data-feed-ready={feed.ready ? "true" : "false"}>
              <SeatingPlan
                ref={planRef}
                layout={scope.layout}
                label={scope.eventName}
                fitHeight={{ min: "240px", max: "min(70vh, 560px)" }}
                statusColors={SHOP_STATUS_COLORS}
                statusLabels={statusLabels}
                seatState={(key): SeatVisual | undefined => {
                  if (ownSeats.has(key)) return { selected: true };
                  const s = feed.seats.get(key);
                  return s && s.s !== "FREE" ? { status: s.s } : undefined;
                }}
                // The plan says "selected" and a taken seat's status (statusLabels); a free seat says so here.
                describeSeat={(seat, text) => (ownSeats.has(seat.key) || (feed.seats.get(seat.key)?.s ?? "FREE") !== "FREE" ? text : `${text}, ${statusLabels.FREE}`)}
                onSeatClick={(seat) => clickSeat(seat.key)}
                onBlockClick={(blockId) => setArea(standingAreas.some((a) => a.id === blockId) ? blockId : null)}
                selectedBlockId={area}
              />
            </Box>
            <Legend categories={seatingCategories} statusLabel={statusLabel} />
          </Stack>
        </Paper>
      )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md" pos="sticky" top={16}>
          {cartPanel}
          {ticketsPanel}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function Swatch({ color, outlined }: { color: string; outlined?: boolean }) {
  return <Box w={14} h={14} style={{ borderRadius: 3, background: color, border: outlined ? "2px solid #212529" : undefined }} aria-hidden="true" />;
}

function Legend({ categories, statusLabel }: { categories: { id: string; name: string; color: string }[]; statusLabel: (s: SeatStatus) => string }) {
  const { t } = useLingui();
  return (
    <Group gap="md" aria-label={t`Legend`} role="list">
      {categories.map((c) => (
        <Group key={c.id} gap={6} role="listitem">
          <Swatch color={c.color} />
          <Text size="xs">{c.name}</Text>
        </Group>
      ))}
      <Group gap={6} role="listitem">
        <Swatch color="#ffffff" outlined />
        <Text size="xs">{t`Your selection`}</Text>
      </Group>
      {(["PAYMENT_PENDING", "SOLD", "BLOCKED", "SEASON_BLOCKED", "SEASON_SOLD"] as const).map((s) => (
        <Group key={s} gap={6} role="listitem">
          <Swatch color={SHOP_STATUS_COLORS[s]} />
          <Text size="xs">{statusLabel(s)}</Text>
        </Group>
      ))}
    </Group>
  );
}
