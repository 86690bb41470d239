import { Badge, Button, Group, NumberInput, Paper, Select, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatCents } from "../../../shared/rules/money";
import type { categoryStatus } from "../../../shared/rules/ticket-selection";
import type { ShopCategory } from "./model";

/**
 * One ticket category of the shop: price, limits, what is left, and the ways to take it (a
 * quantity for best available seats, a standing area, or counted tickets).
 */
export function CategoryRow({
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
