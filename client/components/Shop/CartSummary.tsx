import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { formatCents } from "../../../shared/rules/money";
import { type CartData, cartTotal, type SeatInfo, type ShopCategory } from "./model";
import { inSeatOrder } from "./seat-order";

/** Minutes and seconds until `until`, ticking every second; calls `onExpired` once at zero. */
export function useCountdown(until: Date | null, onExpired: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = until ? Math.max(0, Math.ceil((until.getTime() - now) / 1000)) : null;
  const expired = left === 0;
  useEffect(() => {
    if (expired) onExpired();
    // onExpired is called once when the time runs out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expired]);
  return left;
}

function CloseIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The buyer's reservation: held seats (in seat order) and tickets, the countdown (extendable
 * once), the total, and the way on to the checkout.
 */
export function CartSummary({
  cart,
  categories,
  seats,
  busy,
  onRemoveSeat,
  onRemoveItem,
  onReleaseAll,
  onExtend,
  onCheckout,
  onExpired,
}: {
  cart: CartData;
  categories: ShopCategory[];
  seats: Map<string, SeatInfo>;
  busy: boolean;
  onRemoveSeat: (key: string) => void;
  onRemoveItem: (ticketCategoryId: string, areaId: string | null, quantity: number) => void;
  onReleaseAll: () => void;
  onExtend: () => void;
  onCheckout: () => void;
  onExpired: () => void;
}) {
  const { t, i18n } = useLingui();
  const left = useCountdown(cart.state === "active" ? cart.expiresAt : null, onExpired);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const empty = cart.seats.length === 0 && cart.items.length === 0;
  if (empty) return null;
  const mm = left === null ? "--" : String(Math.floor(left / 60)).padStart(2, "0");
  const ss = left === null ? "--" : String(left % 60).padStart(2, "0");
  const urgent = left !== null && left < 120;

  return (
    <Paper withBorder p="md" data-testid="cart">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>Your reservation</Trans>
          </Title>
          <Badge size="lg" color={urgent ? "red" : "blue"} variant="light" role="timer" aria-live="off" data-testid="hold-countdown">
            <Trans>
              Held for {mm}:{ss}
            </Trans>
          </Badge>
        </Group>
        <Stack gap={4}>
          {inSeatOrder(cart.seats, (s) => ({ blockName: seats.get(s.key)?.blockName ?? s.blockId, rowLabel: s.rowLabel, seatLabel: s.seatLabel })).map((s) => {
            const info = seats.get(s.key);
            const category = byId.get(s.ticketCategoryId);
            const block = info?.blockName ?? s.blockId;
            const row = s.rowLabel;
            const seat = s.seatLabel;
            return (
              <Group key={s.key} justify="space-between" wrap="nowrap" data-testid="cart-seat">
                <Text size="sm">
                  <Trans>
                    {block}, row {row}, seat {seat}
                  </Trans>
                  {category ? ` · ${category.name}` : ""}
                </Text>
                <Tooltip label={t`Remove`}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t`Remove ${block}, row ${row}, seat ${seat}`} disabled={busy} onClick={() => onRemoveSeat(s.key)}>
                    <CloseIcon />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
          {cart.items.map((item) => {
            const category = byId.get(item.ticketCategoryId);
            const name = category?.name ?? "";
            const quantity = item.quantity;
            return (
              <Group key={`${item.ticketCategoryId}:${item.areaId ?? ""}`} justify="space-between" wrap="nowrap" data-testid="cart-item">
                <Text size="sm">
                  {quantity} × {name}
                </Text>
                <Tooltip label={t`Remove`}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t`Remove ${quantity} × ${name}`}
                    disabled={busy}
                    onClick={() => onRemoveItem(item.ticketCategoryId, item.areaId, item.quantity)}
                  >
                    <CloseIcon />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
        <Group justify="space-between">
          <Text fw={600}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={600} data-testid="cart-total">
            {formatCents(cartTotal(cart, categories), i18n.locale)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Group gap="xs">
            <Button variant="subtle" color="gray" size="xs" disabled={busy} onClick={onReleaseAll}>
              <Trans>Release all</Trans>
            </Button>
            {!cart.extended && (
              <Button variant="light" size="xs" disabled={busy} onClick={onExtend}>
                <Trans>More time</Trans>
              </Button>
            )}
          </Group>
          <Button onClick={onCheckout} disabled={busy}>
            <Trans>Continue to checkout</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
