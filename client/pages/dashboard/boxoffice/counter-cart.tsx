import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatCents } from "../../../../shared/rules/money";
import type { seatIndex } from "../../../components/Shop/model";
import { VoucherField } from "../../../components/VoucherField";
import type { CounterVoucher } from "./counter-voucher";
import type { CounterCart, CounterScope, saleAmounts } from "./model";

type StandingArea = NonNullable<CounterScope["layout"]>["blocks"][number];
type CartItem = CounterCart["items"][number];

/** "This sale": the held seats and tickets, the hold countdown, a voucher and its discount, and the total. */
export function CounterCartPanel({
  scope,
  cartData,
  countdown,
  amounts,
  voucher,
  voucherError,
  onApplyVoucher,
  index,
  standingAreas,
  busy,
  locked,
  onExtend,
  onRemoveSeat,
  onRemoveItem,
}: {
  scope: CounterScope;
  cartData: CounterCart | undefined;
  countdown: number | null;
  amounts: ReturnType<typeof saleAmounts>;
  /** The voucher handed over (its discount is in `amounts`) and the error under its field. */
  voucher: CounterVoucher;
  voucherError: string | null;
  onApplyVoucher: () => void;
  index: ReturnType<typeof seatIndex>;
  standingAreas: StandingArea[];
  busy: boolean;
  locked: boolean;
  onExtend: () => void;
  onRemoveSeat: (key: string) => void;
  onRemoveItem: (item: CartItem) => void;
}) {
  const { t, i18n } = useLingui();
  const money = (c: number) => formatCents(c, i18n.locale);
  const mm = countdown === null ? "--" : String(Math.floor(countdown / 60)).padStart(2, "0");
  const ss = countdown === null ? "--" : String(countdown % 60).padStart(2, "0");
  // "Discount (CODE)", as the checkout and the order views name it.
  const code = voucher.applied?.code ?? "";
  return (
    <Paper withBorder p="md" data-testid="counter-cart">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          <Trans>This sale</Trans>
        </Title>
        {cartData && (cartData.seats.length > 0 || cartData.items.length > 0) && (
          <Group gap="xs">
            <Badge size="lg" color={countdown !== null && countdown < 120 ? "red" : "blue"} variant="light" role="timer" aria-live="off" data-testid="hold-countdown">
              <Trans>
                Held for {mm}:{ss}
              </Trans>
            </Badge>
            {!cartData.extended && (
              <Button size="compact-xs" variant="subtle" onClick={onExtend} disabled={busy || locked}>
                <Trans>More time</Trans>
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!cartData || (cartData.seats.length === 0 && cartData.items.length === 0) ? (
        <Text size="sm" c="dimmed">
          {scope.layout ? <Trans>Click seats on the plan, or choose a category and press B.</Trans> : <Trans>Choose a category and press B to add the quantity.</Trans>}
        </Text>
      ) : (
        <Stack gap={2}>
          {cartData.seats.map((s) => {
            const name = scope.categories.find((c) => c.id === s.ticketCategoryId)?.name ?? "";
            const block = index.get(s.key)?.blockName ?? s.blockId;
            const row = s.rowLabel;
            const seat = s.seatLabel;
            return (
              <Group key={s.key} justify="space-between" wrap="nowrap" data-testid="cart-seat">
                <Text size="sm">
                  <Trans>
                    {block}, row {row}, seat {seat}
                  </Trans>{" "}
                  · {name}
                </Text>
                <Tooltip label={t`Remove`}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t`Remove ${block}, row ${row}, seat ${seat}`} disabled={busy || locked} onClick={() => onRemoveSeat(s.key)}>
                    ×
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
          {cartData.items.map((item) => {
            const name = scope.categories.find((c) => c.id === item.ticketCategoryId)?.name ?? "";
            const area = standingAreas.find((a) => a.id === item.areaId)?.name;
            const qty = item.quantity;
            return (
              <Group key={`${item.ticketCategoryId}:${item.areaId ?? ""}`} justify="space-between" wrap="nowrap" data-testid="cart-item">
                <Text size="sm">
                  {qty} × {name}
                  {area ? ` · ${area}` : ""}
                </Text>
                <Tooltip label={t`Remove`}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t`Remove ${qty} × ${name}`}
                    disabled={busy || locked}
                    onClick={() => onRemoveItem(item)}
                  >
                    ×
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      )}
      {amounts.tickets > 0 && (
        <Box mt="sm">
          <VoucherField
            testId="counter-voucher"
            entry={voucher.entry}
            onEntry={voucher.setEntry}
            appliedCode={voucher.applied?.code ?? null}
            applying={voucher.checking}
            error={voucherError}
            disabled={locked}
            onApply={onApplyVoucher}
            onRemove={voucher.clear}
          />
        </Box>
      )}
      <Stack gap={2} mt="sm">
        <Group justify="space-between">
          <Text size="sm">
            <Plural value={amounts.tickets} one="# ticket" other="# tickets" />
          </Text>
          <Text size="sm">{money(amounts.ticketsCents)}</Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            <Trans>Box office fees</Trans>{" "}
            <Text span size="xs" c="dimmed">
              <Trans>({money(scope.feeCents)} per ticket)</Trans>
            </Text>
          </Text>
          <Text size="sm" data-testid="fees-total">
            {money(amounts.boxOfficeFeesCents)}
          </Text>
        </Group>
        {voucher.applied && amounts.discountCents > 0 && (
          <Group justify="space-between" wrap="nowrap" data-testid="counter-discount">
            <Text size="sm">
              <Trans>Discount ({code})</Trans>
            </Text>
            <Text size="sm" style={{ whiteSpace: "nowrap" }}>
              −{money(amounts.discountCents)}
            </Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={700} fz="lg">
            <Trans>Total</Trans>
          </Text>
          <Text fw={800} fz={28} data-testid="sale-total">
            {money(amounts.totalCents)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
