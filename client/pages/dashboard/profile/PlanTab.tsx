import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearch } from "wouter";
import { type BillingPeriod, isContingentShort, PLANS, planByKey } from "../../../../shared/plans";
import { formatCents } from "../../../../shared/rules/money";
import { ContingentPrompt } from "../../../components/ContingentPrompt";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { periodLabel, planSummary } from "../../../lib/plans";
import { toast } from "../../../lib/toast";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc";
import { BillingPeriodSwitch } from "../../pricing/BillingPeriodSwitch";
import { PlanCard } from "../../pricing/PlanCard";

type PlanState = RouterOutputs["account"]["plan"]["state"];
type Purchase = PlanState["purchases"][number];

/** Plan management tab (orgProfileAccess): the running plan and its contingent, buying one through the payment provider. */
export default function PlanTab() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const params = new URLSearchParams(useSearch());
  const returnedId = params.get("purchase");
  const state = useQuery({
    ...trpc.account.plan.state.queryOptions(),
    // Back from the payment page before its news arrived: look again until it is settled.
    refetchInterval: (q) => (returnedId && q.state.data?.purchases.find((p) => p.id === returnedId)?.status === "pending" && !params.get("cancelled") ? 2000 : false),
  });
  if (state.isPending) return <PageLoader />;
  if (state.isError) return <Alert color="red">{describeError(i18n, state.error)}</Alert>;
  const s = state.data;
  const returned = returnedId ? (s.purchases.find((p) => p.id === returnedId) ?? null) : null;
  const preselected = planByKey(params.get("plan") ?? "")?.key ?? null;
  const initialPeriod: BillingPeriod = params.get("period") === "yearly" ? "yearly" : "monthly";
  return (
    <Stack>
      {returned && <ReturnNotice purchase={returned} cancelled={params.get("cancelled") === "1"} />}
      <CurrentPlan state={s} />
      {s.plan !== "none" && isContingentShort(s.ticketContingent, s.liveNeed) && <ContingentPrompt balance={s.ticketContingent} liveNeed={s.liveNeed} withButton={false} />}
      {s.openPurchaseId && s.openPurchaseId !== returned?.id && <OpenPurchase purchase={s.purchases.find((p) => p.id === s.openPurchaseId)!} />}
      <BuyPlans preselected={preselected} initialPeriod={initialPeriod} disabled={s.openPurchaseId !== null} />
      {s.purchases.length > 0 && <PurchaseHistory purchases={s.purchases} />}
    </Stack>
  );
}

function CurrentPlan({ state: s }: { state: PlanState }) {
  const { t, i18n } = useLingui();
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>Your plan</Trans>
          </Title>
          {s.plan === "none" ? (
            <Badge color="gray.7">{t`No plan`}</Badge>
          ) : s.planActive ? (
            <Badge color="teal.9">{t`In progress`}</Badge>
          ) : (
            <Badge color="red.9">{t`Expired`}</Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label={t`Subscription`} value={s.plan === "none" ? t`No plan` : periodLabel(i18n, s.plan)} />
          <Fact label={t`Since`} value={s.planSince ? day.format(s.planSince) : "–"} />
          <Fact label={t`Until`} value={s.planUntil ? day.format(s.planUntil) : "–"} />
          <Fact label={t`Tickets left`} value={i18n.number(s.ticketContingent)} testId="plan-contingent" />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          <Trans>
            Every ticket sold uses one ticket of your contingent; tickets of cancelled orders come back. To publish an event, your
            plan must run and the contingent must cover the tickets the event can sell.
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function ReturnNotice({ purchase, cancelled }: { purchase: Purchase; cancelled: boolean }) {
  const { t } = useLingui();
  if (purchase.status === "paid") {
    return (
      <Alert color="teal" styles={{ title: { color: "var(--mantine-color-teal-9)" } }} title={t`Thank you, your plan is paid`} role="status" data-testid="plan-notice">
        <Plural value={purchase.tickets} one="# ticket was added to your contingent." other="# tickets were added to your contingent." />
      </Alert>
    );
  }
  if (purchase.status === "failed") {
    return (
      <Alert color="red" styles={{ title: { color: "var(--mantine-color-red-9)" } }} title={t`The payment did not go through`} role="alert" data-testid="plan-notice">
        <Trans>Nothing was charged and your plan is unchanged. You can buy a plan again.</Trans>
      </Alert>
    );
  }
  if (cancelled) return <OpenPurchase purchase={purchase} />;
  return (
    <Alert color="blue" title={t`Waiting for the payment`} role="status" data-testid="plan-notice">
      <Trans>The payment provider has not confirmed the payment yet. This page updates by itself.</Trans>
    </Alert>
  );
}

/** A purchase still waiting for its payment: pay it, or give it up. */
function OpenPurchase({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.plan.state.queryKey() });
  const pay = useMutation(
    trpc.account.plan.pay.mutationOptions({
      onSuccess: (res) => (res.redirectUrl ? window.location.assign(res.redirectUrl) : void refresh()),
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const cancel = useMutation(
    trpc.account.plan.cancel.mutationOptions({ onSuccess: () => void refresh(), onError: (error) => toast.error(describeError(i18n, error)) }),
  );
  return (
    <Alert color="blue" title={t`A plan purchase is waiting for its payment`} data-testid="plan-open">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{planSummary(i18n, { planKey: purchase.planKey, period: purchase.period === "yearly" ? "yearly" : "monthly", tickets: purchase.tickets })}</Text>
        <Group gap="xs">
          <Button size="xs" loading={pay.isPending} onClick={() => pay.mutate({ purchaseId: purchase.id })}>
            <Trans>Continue payment</Trans>
          </Button>
          <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => cancel.mutate({ purchaseId: purchase.id })}>
            <Trans>Cancel purchase</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function BuyPlans({ preselected, initialPeriod, disabled }: { preselected: string | null; initialPeriod: BillingPeriod; disabled: boolean }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
  const buy = useMutation(
    trpc.account.plan.buy.mutationOptions({
      onSuccess: (res) => {
        if (res.redirectUrl) window.location.assign(res.redirectUrl);
        else void queryClient.invalidateQueries({ queryKey: trpc.account.plan.state.queryKey() });
      },
      onError: (error) => {
        toast.error(describeError(i18n, error));
        void queryClient.invalidateQueries({ queryKey: trpc.account.plan.state.queryKey() });
      },
    }),
  );
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          <Trans>Buy a plan</Trans>
        </Title>
        <BillingPeriodSwitch value={period} onChange={setPeriod} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {PLANS.map((plan) => {
          const chosen = preselected ? plan.key === preselected : plan.key === "professional";
          return (
            <PlanCard
              key={plan.key}
              plan={plan}
              period={period}
              highlighted={chosen}
              action={
                <Button
                  fullWidth
                  variant={chosen ? "filled" : "light"}
                  disabled={disabled || (buy.isPending && buy.variables?.planKey !== plan.key)}
                  loading={buy.isPending && buy.variables?.planKey === plan.key}
                  // A new key per click: a retried request of this click returns the same purchase.
                  onClick={() => buy.mutate({ planKey: plan.key, period, idempotencyKey: crypto.randomUUID() })}
                >
                  {period === "yearly" ? t`Buy yearly` : t`Buy monthly`}
                </Button>
              }
            />
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        <Trans>Prices include 19 % VAT. You pay with our payment provider; the invoice appears under Invoices.</Trans>
      </Text>
    </Stack>
  );
}

function PurchaseHistory({ purchases }: { purchases: Purchase[] }) {
  const { t, i18n } = useLingui();
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" });
  const statusBadge = (status: Purchase["status"]) =>
    status === "paid" ? <Badge color="teal.9">{t`Paid`}</Badge> : status === "failed" ? <Badge color="red.9">{t`Failed`}</Badge> : <Badge color="gray.7">{t`Waiting for payment`}</Badge>;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Purchases</Trans>
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Date`}</Table.Th>
                <Table.Th>{t`Plan`}</Table.Th>
                <Table.Th>{t`Period`}</Table.Th>
                <Table.Th ta="right">{t`Amount`}</Table.Th>
                <Table.Th>{t`Status`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {purchases.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{day.format(p.createdAt)}</Table.Td>
                  <Table.Td>{planSummary(i18n, { planKey: p.planKey, period: p.period === "yearly" ? "yearly" : "monthly", tickets: p.tickets })}</Table.Td>
                  <Table.Td>{p.periodStart && p.periodEnd ? `${day.format(p.periodStart)} – ${day.format(p.periodEnd)}` : "–"}</Table.Td>
                  <Table.Td ta="right">{formatCents(p.amountCents, i18n.locale)}</Table.Td>
                  <Table.Td>{statusBadge(p.status)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
