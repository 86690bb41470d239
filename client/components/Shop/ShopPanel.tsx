import { Alert, Badge, Box, Button, Grid, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useLocation } from "wouter";
import type { SeatStatus } from "../../../shared/enums";
import { formatCents } from "../../../shared/rules/money";
import { categoryStatus, isSelectable, isVisible, maxTickets } from "../../../shared/rules/ticket-selection";
import { useSeatFeed } from "../../hooks/use-seat-feed";
import { useStoredCart } from "../../lib/cart-store";
import { describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { SeatingPlan, type SeatVisual } from "../SeatingPlan";
import { CartSummary } from "./CartSummary";
import { asRule, cartSelection, liveRemaining, ruleContext, seatIndex, seatTotals, type ShopCategory } from "./model";

/** What buyers see for seats they cannot take: distinct tones, explained by the legend. */
export const SHOP_STATUS_COLORS: Record<Exclude<SeatStatus, "FREE">, string> = {
  SOLD: "#adb5bd",
  PAYMENT_PENDING: "#ffc078",
  BLOCKED: "#495057",
  SEASON_BLOCKED: "#b197fc",
  SEASON_SOLD: "#7950f2",
};

type HoldOutcome = { status: "held"; cart: { id: string; secret: string | null } } | { status: "taken"; taken: string[] } | { status: "sold_out"; ticketCategoryIds: string[] };

/**
 * The shop of one event date or season (SPEC §2): ticket categories with their rules, the live
 * seating plan with best-available, counted tickets for free seating, and the reservation.
 */
export function ShopPanel({ scopeId, access }: { scopeId: string; access?: string | undefined }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const accessInput = access ? { access } : {};
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
  const holdBest = useMutation(trpc.shop.holdBest.mutationOptions({ onSuccess: onOutcome, onError }));
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
    hold.mutate({ scopeId, ...accessInput, cart, seats: [{ key, ticketCategoryId: ticket.id }], counts: [] });
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
          onAddCount={(quantity, areaId) => hold.mutate({ scopeId, ...accessInput, cart, seats: [], counts: [{ ticketCategoryId: c.id, areaId, quantity }] })}
          onBest={(quantity) => holdBest.mutate({ scopeId, ...accessInput, cart, ticketCategoryId: c.id, quantity })}
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
                layout={scope.layout}
                label={t`Seating plan of ${scope.eventName}`}
                height="min(70vh, 560px)"
                statusColors={SHOP_STATUS_COLORS}
                seatState={(key): SeatVisual | undefined => {
                  if (ownSeats.has(key)) return { selected: true };
                  const s = feed.seats.get(key);
                  return s && s.s !== "FREE" ? { status: s.s } : undefined;
                }}
                describeSeat={(seat, text) => {
                  if (ownSeats.has(seat.key)) return t`${text}, in your reservation`;
                  const s = feed.seats.get(seat.key)?.s ?? "FREE";
                  return `${text}, ${statusLabel(s)}`;
                }}
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

  function statusLabel(status: SeatStatus): string {
    switch (status) {
      case "FREE":
        return t`available`;
      case "PAYMENT_PENDING":
        return t`reserved`;
      case "SOLD":
        return t`sold`;
      case "BLOCKED":
        return t`not for sale`;
      case "SEASON_BLOCKED":
        return t`reserved for a season ticket`;
      case "SEASON_SOLD":
        return t`season ticket`;
    }
  }
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

function CategoryRow({
  category,
  status,
  selectable,
  remaining,
  max,
  inCart,
  seated,
  hasSeats,
  areas,
  busy,
  format,
  onAddCount,
  onBest,
}: {
  category: ShopCategory;
  status: ReturnType<typeof categoryStatus>;
  selectable: boolean;
  remaining: number;
  max: number;
  inCart: number;
  seated: boolean;
  hasSeats: boolean;
  areas: { id: string; name: string }[];
  busy: boolean;
  format: Intl.DateTimeFormat;
  onAddCount: (quantity: number, areaId: string | null) => void;
  onBest: (quantity: number) => void;
}) {
  const { t, i18n } = useLingui();
  const [quantity, setQuantity] = useState<number>(Math.max(1, category.minPerOrder));
  const [areaId, setAreaId] = useState<string | null>(areas[0]?.id ?? null);
  const room = Math.max(0, max - inCart);
  const price = category.kind === "free" ? t`Free of charge` : formatCents(category.priceCents, i18n.locale);
  const perTicket = category.seatsPerTicket;
  const startsAt = category.saleStartMode === "at" ? category.saleStartAt : null;

  return (
    <Paper withBorder p="sm" radius="sm" data-testid="ticket-category">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={460}>
          <Group gap="xs">
            <Text fw={600}>{category.name}</Text>
            {perTicket > 1 && (
              <Badge variant="light" size="sm">
                <Trans>for {perTicket} persons</Trans>
              </Badge>
            )}
          </Group>
          {category.webDescription && (
            <Text size="xs" c="dimmed">
              {category.webDescription}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {category.minPerOrder > 1 ? t`${category.minPerOrder} to ${category.maxPerOrder} per order` : t`Up to ${category.maxPerOrder} per order`}
          </Text>
          {category.showRemaining && status === "available" && (
            <Text size="xs" c={remaining < 10 ? "red" : "dimmed"} data-testid="remaining">
              <Trans>{remaining} left</Trans>
            </Text>
          )}
        </Stack>
        <Stack gap={6} align="flex-end">
          <Text fw={600}>{price}</Text>
          {status === "not_yet_on_sale" && <Badge color="gray">{startsAt ? t`On sale from ${format.format(startsAt)}` : t`Not on sale yet`}</Badge>}
          {status === "sale_ended" && <Badge color="gray">{t`Sale ended`}</Badge>}
          {status === "sold_out" && <Badge color="red">{t`Sold out`}</Badge>}
          {status === "available" && !selectable && (
            <Badge color="gray" variant="light">
              {category.selectability === "other_sold_out" ? t`Available when another ticket is sold out` : t`Only together with another ticket`}
            </Badge>
          )}
        </Stack>
      </Group>
      {selectable && room > 0 && (
        <Group mt="xs" gap="xs" align="flex-end">
          <NumberInput
            label={t`Quantity`}
            min={1}
            max={room}
            w={110}
            size="xs"
            value={quantity}
            onChange={(v) => setQuantity(typeof v === "number" ? v : 1)}
            clampBehavior="strict"
            allowDecimal={false}
          />
          {seated && areas.length > 0 && (
            <>
              {areas.length > 1 && (
                <Select size="xs" label={t`Area`} w={160} allowDeselect={false} value={areaId} data={areas.map((a) => ({ value: a.id, label: a.name }))} onChange={setAreaId} />
              )}
              <Button size="xs" variant="light" disabled={busy} onClick={() => onAddCount(quantity, areaId)}>
                {areas.length === 1 ? t`Add (${areas[0]!.name})` : t`Add`}
              </Button>
            </>
          )}
          {seated && hasSeats && (
            <Button size="xs" disabled={busy} onClick={() => onBest(quantity)}>
              {t`Best available seats`}
            </Button>
          )}
          {!seated && (
            <Button size="xs" disabled={busy} onClick={() => onAddCount(quantity, null)}>
              {t`Add to reservation`}
            </Button>
          )}
        </Group>
      )}
      {selectable && room === 0 && inCart > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          <Trans>You have reached the maximum for this ticket.</Trans>
        </Text>
      )}
    </Paper>
  );
}
