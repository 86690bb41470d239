import { ActionIcon, Alert, Anchor, Button, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useRef } from "react";
import { formatCents } from "../../../shared/rules/money";
import type { SeatInfo } from "../../components/Shop/model";
import { labelOf, PAYMENT_METHOD_LABELS } from "../dashboard/orders/labels";
import {
  type Buyer,
  categoriesForSeat,
  placeKey,
  RESELLER_SALE_METHODS,
  type ResellerAllocation,
  type ResellerSaleMethod,
  type Selection,
  ticketsPdfUrl,
} from "./model";
import type { SalePhase } from "./sell-state";

/**
 * "This sale": the chosen seats, each with its ticket category (the reseller's categories that
 * fit the seat, at its prices), the counted places of the allocation with a quantity each, and
 * the total.
 */
export function SelectionPanel({
  allocation,
  selection,
  index,
  tickets,
  totalCents,
  incomplete,
  locked,
  onRemoveSeat,
  onSeatCategory,
  onCount,
  onClear,
}: {
  allocation: ResellerAllocation;
  selection: Selection;
  index: ReadonlyMap<string, SeatInfo>;
  tickets: number;
  totalCents: number;
  incomplete: boolean;
  locked: boolean;
  onRemoveSeat: (key: string) => void;
  onSeatCategory: (key: string, ticketCategoryId: string) => void;
  onCount: (ticketCategoryId: string, area: string, quantity: number) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useLingui();
  const money = (c: number) => formatCents(c, i18n.locale);
  const byId = new Map(allocation.categories.map((c) => [c.id, c]));
  const areaName = (id: string) => allocation.layout?.blocks.find((b) => b.id === id)?.name ?? "";
  const places = allocation.placesLeft.filter((p) => byId.has(p.tc));
  const seatsLeft = allocation.seatsLeft;
  const empty = selection.seats.size === 0 && [...selection.counts.values()].every((n) => n === 0);
  return (
    <Paper withBorder p="md" data-testid="reseller-selection">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          <Trans>This sale</Trans>
        </Title>
        {!empty && (
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onClear} disabled={locked}>
            <Trans>Clear</Trans>
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {allocation.layout && seatsLeft > 0 && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              <Plural value={seatsLeft} one="Click your seats on the plan (# seat left)." other="Click your seats on the plan (# seats left)." />
            </Text>
            {[...selection.seats].map(([key, tc]) => {
              const info = index.get(key);
              const block = info?.blockName ?? key;
              const row = info?.rowLabel ?? "";
              const seat = info?.seatLabel ?? "";
              const options = categoriesForSeat(allocation.categories, info?.categoryId ?? null);
              const label = t`${block}, row ${row}, seat ${seat}`;
              return (
                <Group key={key} justify="space-between" wrap="nowrap" gap="xs" data-testid="selected-seat">
                  <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                    {label}
                  </Text>
                  {options.length > 1 ? (
                    <Select
                      size="xs"
                      w={190}
                      allowDeselect={false}
                      aria-label={t`Ticket for ${label}`}
                      value={tc}
                      data={options.map((c) => ({ value: c.id, label: `${c.name} · ${money(c.priceCents)}` }))}
                      onChange={(v) => v && onSeatCategory(key, v)}
                      disabled={locked}
                    />
                  ) : (
                    <Text size="sm">{`${byId.get(tc)?.name ?? ""} · ${money(byId.get(tc)?.priceCents ?? 0)}`}</Text>
                  )}
                  <Tooltip label={t`Remove`}>
                    <ActionIcon variant="subtle" color="gray" aria-label={t`Remove ${label}`} disabled={locked} onClick={() => onRemoveSeat(key)}>
                      ×
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
          </Stack>
        )}
        {places.map((p) => {
          const c = byId.get(p.tc)!;
          const area = areaName(p.area);
          const name = area ? `${c.name} · ${area}` : c.name;
          const left = p.quantity;
          const value = Math.min(selection.counts.get(placeKey(p.tc, p.area)) ?? 0, left);
          return (
            <Group key={placeKey(p.tc, p.area)} justify="space-between" wrap="nowrap" gap="xs" data-testid="allocation-places">
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {money(c.priceCents)} · {t`${left} left`}
                </Text>
              </Stack>
              <NumberInput
                w={96}
                size="sm"
                min={0}
                max={left}
                value={value}
                onChange={(v) => onCount(p.tc, p.area, typeof v === "number" && v >= 0 ? Math.min(v, left) : 0)}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                disabled={locked || left === 0}
                aria-label={t`Quantity of ${name}`}
              />
            </Group>
          );
        })}
        {incomplete && (
          <Alert color="yellow" p="xs">
            <Trans>A ticket for several persons needs all its seats. Choose the missing seats.</Trans>
          </Alert>
        )}
        <Group justify="space-between" align="baseline">
          <Text size="sm">
            <Plural value={tickets} one="# ticket" other="# tickets" />
          </Text>
          <Text fw={800} fz={24} data-testid="sale-total">
            {money(totalCents)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Buyer (an email sends the tickets), payment method (free of charge when the total is 0) and "Sell". */
export function PaymentForm({
  totalCents,
  method,
  onMethod,
  buyer,
  onBuyer,
  emailError,
  phase,
  error,
  canSell,
  onSell,
  onStartOver,
}: {
  totalCents: number;
  method: ResellerSaleMethod;
  onMethod: (m: ResellerSaleMethod) => void;
  buyer: Buyer;
  onBuyer: (b: Buyer) => void;
  emailError: string | null;
  phase: SalePhase;
  error: string | null;
  canSell: boolean;
  onSell: () => void;
  onStartOver: () => void;
}) {
  const { t, i18n } = useLingui();
  const locked = phase.kind === "sending" || phase.kind === "unconfirmed";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSell();
  };
  const field = (key: keyof Buyer) => ({
    value: buyer[key],
    onChange: (e: { currentTarget: HTMLInputElement }) => onBuyer({ ...buyer, [key]: e.currentTarget.value }),
    disabled: locked,
    autoComplete: "off",
  });
  return (
    <Paper withBorder p="md" data-testid="reseller-payment">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Buyer and payment</Trans>
          </Title>
          <Group grow gap={6} align="flex-start">
            <TextInput label={t`First name`} {...field("firstName")} />
            <TextInput label={t`Last name`} {...field("lastName")} />
          </Group>
          <TextInput label={t`Email`} description={t`With an email the tickets are also sent by mail.`} type="email" error={emailError} {...field("email")} />
          {totalCents > 0 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="reseller-method-label">
                <Trans>Payment method</Trans>
              </Text>
              <SegmentedControl
                aria-labelledby="reseller-method-label"
                fullWidth
                value={method}
                onChange={(v) => onMethod(v as ResellerSaleMethod)}
                disabled={locked}
                data={RESELLER_SALE_METHODS.map((m) => ({ value: m, label: i18n._(PAYMENT_METHOD_LABELS[m]) }))}
                data-testid="payment-method"
              />
            </Stack>
          ) : (
            canSell && (
              <Text size="sm" data-testid="free-of-charge">
                <Trans>Free of charge: no payment is taken.</Trans>
              </Text>
            )
          )}
          {error && phase.kind === "idle" && (
            <Alert color="red" p="xs" data-testid="sale-error">
              {error}
            </Alert>
          )}
          {phase.kind === "unconfirmed" && (
            <Alert color="orange" title={t`Not confirmed — retry`} data-testid="sale-unconfirmed">
              <Trans>The server's answer was lost, so it is not known whether the sale went through. Retrying is safe: the same sale is never made twice.</Trans>
            </Alert>
          )}
          <Button
            type="submit"
            size="lg"
            color={phase.kind === "unconfirmed" ? "#a63c06" : "#237032"}
            disabled={!canSell}
            loading={phase.kind === "sending"}
            data-testid="sell"
          >
            {phase.kind === "unconfirmed" ? t`Retry sale` : t`Sell`}
          </Button>
          {phase.kind === "unconfirmed" && (
            <Button variant="subtle" color="gray" onClick={onStartOver}>
              <Trans>Start over without the answer</Trans>
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** After the sale: the order, its total, print the tickets, where they were mailed, the next sale. */
export function SaleResultPanel({ phase, onPrint, onNext }: { phase: Extract<SalePhase, { kind: "done" }>; onPrint: () => void; onNext: () => void }) {
  const { i18n } = useLingui();
  const { result, email } = phase;
  const number = result.number;
  const total = formatCents(result.totalCents, i18n.locale);
  const method = labelOf(i18n, PAYMENT_METHOD_LABELS, result.paymentMethod);
  // The Sell button is gone: keyboard and screen reader users continue from the result.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder p="md" bg="green.0" data-testid="sale-done">
      <Stack gap="sm">
        <Title order={2} size="h4" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          <Trans>Sale complete</Trans>
        </Title>
        <Text>
          <Trans>
            Order <b data-testid="sale-number">{number}</b> · {total} · {method}
          </Trans>
        </Text>
        {result.emailed && (
          <Text size="sm" data-testid="sale-mailed">
            {email ? <Trans>Mailed to {email}.</Trans> : <Trans>The tickets were also sent by email.</Trans>}
          </Text>
        )}
        <Group gap="xs">
          <Button onClick={onPrint} data-testid="print-tickets">
            <Trans>Print tickets</Trans>
          </Button>
          <Anchor href={ticketsPdfUrl(result.orderId, i18n.locale)} target="_blank" rel="noopener" size="sm">
            <Trans>Open PDF</Trans>
          </Anchor>
        </Group>
        <Button variant="default" onClick={onNext} data-testid="next-sale">
          <Trans>Next sale</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
