import { Alert, Button, Collapse, Group, Kbd, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent, Ref } from "react";
import { formatCents } from "../../../../shared/rules/money";
import type { CounterPaymentMethod } from "../../../../shared/schemas/boxoffice";
import { PAYMENT_METHOD_LABELS } from "../orders/labels";
import { centsInput, METHOD_KEYS, parseEuros, type SaleResult } from "./model";
import { EurosField } from "./shifts";

export type Buyer = { firstName: string; lastName: string; email: string };

/** What the payment panel shows: the sale's progress (a lost answer is "not confirmed"). */
export type SalePhase = { kind: "idle" } | { kind: "sending" } | { kind: "unconfirmed" } | { kind: "done"; result: SaleResult };

/**
 * The payment of one sale: the method (C, K, P, F, O), the cash given with the change due,
 * the optional buyer (an email sends the tickets too) and "Complete sale" (Enter / F9).
 */
export function PaymentPanel({
  totalCents,
  method,
  onMethod,
  cash,
  onCash,
  cashRef,
  buyer,
  onBuyer,
  buyerOpen,
  onBuyerOpen,
  phase,
  canSell,
  onComplete,
}: {
  totalCents: number;
  method: CounterPaymentMethod;
  onMethod: (m: CounterPaymentMethod) => void;
  cash: string;
  onCash: (text: string) => void;
  cashRef: Ref<HTMLInputElement>;
  buyer: Buyer;
  onBuyer: (b: Buyer) => void;
  buyerOpen: boolean;
  onBuyerOpen: (open: boolean) => void;
  phase: SalePhase;
  canSell: boolean;
  onComplete: () => void;
}) {
  const { t, i18n } = useLingui();
  const money = (c: number) => formatCents(c, i18n.locale);
  const given = cash.trim() === "" ? null : parseEuros(cash, i18n.locale);
  const cashInvalid = method === "cash" && cash.trim() !== "" && given === null;
  const cashShort = method === "cash" && given !== null && given < totalCents;
  const change = method === "cash" && given !== null && given >= totalCents ? given - totalCents : null;
  const locked = phase.kind === "sending" || phase.kind === "unconfirmed";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onComplete();
  };

  return (
    <Paper withBorder p="md" data-testid="payment">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4">
              <Trans>Payment</Trans>
            </Title>
            <Text fw={800} fz={24} data-testid="payment-total">
              {money(totalCents)}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, lg: 1 }} spacing={6} role="radiogroup" aria-label={t`Payment method`}>
            {METHOD_KEYS.map(({ method: m, key }) => (
              <Button
                key={m}
                role="radio"
                aria-checked={method === m}
                variant={method === m ? "filled" : "default"}
                disabled={locked}
                onClick={() => onMethod(m)}
                justify="space-between"
                rightSection={<Kbd size="xs">{key}</Kbd>}
                px={8}
                fz="sm"
              >
                {i18n._(PAYMENT_METHOD_LABELS[m])}
              </Button>
            ))}
          </SimpleGrid>
          {method === "cash" && (
            <EurosField
              inputRef={cashRef}
              label={t`Amount given`}
              value={cash}
              onChange={onCash}
              testId="cash-given"
              size="md"
              disabled={locked}
              error={cashInvalid ? t`Enter an amount in euros, e.g. ${centsInput(5000, i18n.locale)}.` : cashShort ? t`Less than the total of ${money(totalCents)}.` : null}
            />
          )}
          {method === "cash" && (
            <Group justify="space-between" align="baseline">
              <Text fw={600}>
                <Trans>Change due</Trans>
              </Text>
              <Text fz={36} fw={800} lh={1.1} data-testid="change-due" aria-live="polite">
                {change === null ? "–" : money(change)}
              </Text>
            </Group>
          )}
          {method === "free_of_charge" && totalCents > 0 && (
            <Alert color="yellow" p="xs">
              <Trans>Only tickets with a total of {money(0)} are free of charge.</Trans>
            </Alert>
          )}
          <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => onBuyerOpen(!buyerOpen)} aria-expanded={buyerOpen} disabled={locked}>
            {buyerOpen ? t`Hide buyer details` : t`Add buyer details (optional)`}
          </Button>
          <Collapse expanded={buyerOpen}>
            <Stack gap={6}>
              <Group grow gap={6}>
                <TextInput label={t`First name`} value={buyer.firstName} onChange={(e) => onBuyer({ ...buyer, firstName: e.currentTarget.value })} disabled={locked} autoComplete="off" />
                <TextInput label={t`Last name`} value={buyer.lastName} onChange={(e) => onBuyer({ ...buyer, lastName: e.currentTarget.value })} disabled={locked} autoComplete="off" />
              </Group>
              <TextInput
                label={t`Email`}
                description={t`With an email the tickets are also sent by mail.`}
                type="email"
                value={buyer.email}
                onChange={(e) => onBuyer({ ...buyer, email: e.currentTarget.value })}
                disabled={locked}
                autoComplete="off"
              />
            </Stack>
          </Collapse>
          {phase.kind === "unconfirmed" && (
            <Alert color="orange" title={t`Not confirmed — retry`} data-testid="sale-unconfirmed">
              <Trans>The server's answer was lost, so it is not known whether the sale went through. Retrying is safe: the same sale is never made twice.</Trans>
            </Alert>
          )}
          <Button
            type="submit"
            size="lg"
            // The label wraps rather than being cut ("Verkauf abschließen" beside its key hint).
            h="auto"
            mih={50}
            py={8}
            styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
            color={phase.kind === "unconfirmed" ? "#a63c06" : "#237032"}
            disabled={!canSell || cashInvalid || cashShort}
            loading={phase.kind === "sending"}
            rightSection={<Kbd size="xs">Enter</Kbd>}
            data-testid="complete-sale"
          >
            {phase.kind === "unconfirmed" ? t`Retry sale` : t`Complete sale`}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** After the sale: the order number and the change due, large; print again or start the next sale. */
export function SaleDone({ result, onPrint, onNew, newRef }: { result: SaleResult; onPrint: () => void; onNew: () => void; newRef: Ref<HTMLButtonElement> }) {
  const { i18n } = useLingui();
  const money = (c: number) => formatCents(c, i18n.locale);
  const number = result.number;
  const method = i18n._(PAYMENT_METHOD_LABELS[result.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS] ?? PAYMENT_METHOD_LABELS.other);
  return (
    <Paper withBorder p="md" bg="green.0" data-testid="sale-done">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Sale complete</Trans>
        </Title>
        <Text>
          <Trans>
            Order <b data-testid="sale-number">{number}</b> · {money(result.totalCents)} · {method}
          </Trans>
        </Text>
        {result.changeCents !== null && (
          <Stack gap={0}>
            <Text fw={600}>
              <Trans>Change due</Trans>
            </Text>
            <Text fz={48} fw={800} lh={1.1} data-testid="sale-change" c="green.9">
              {money(result.changeCents)}
            </Text>
          </Stack>
        )}
        {result.emailed && (
          <Text size="sm">
            <Trans>The tickets were also sent by email.</Trans>
          </Text>
        )}
        <Stack gap="xs">
          <Button ref={newRef} onClick={onNew} size="md" justify="space-between" rightSection={<Kbd size="xs">N</Kbd>} data-testid="new-sale">
            <Trans>New sale</Trans>
          </Button>
          <Button variant="default" onClick={onPrint} justify="space-between" rightSection={<Kbd size="xs">P</Kbd>} data-testid="print-tickets">
            <Trans>Print tickets</Trans>
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
