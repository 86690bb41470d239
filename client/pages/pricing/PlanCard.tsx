import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CURRENCY } from "../../../shared/constants";
import { type BillingPeriod, type Plan, type PlanKey, contingentFor, periodPriceCents } from "../../../shared/plans";
import { openAuth } from "../../components/AuthModals";

const PLAN_TEXTS: Record<PlanKey, { name: MessageDescriptor; text: MessageDescriptor }> = {
  starter: {
    name: msg`Starter`,
    text: msg`For clubs, small venues and organisers with a few events a month.`,
  },
  professional: {
    name: msg`Professional`,
    text: msg`For theatres, concert organisers and sports clubs with regular events and seasons.`,
  },
  enterprise: {
    name: msg`Enterprise`,
    text: msg`For arenas, festivals and trade fairs that sell large contingents.`,
  },
};

type PlanCardProps = { plan: Plan; period: BillingPeriod; highlighted?: boolean };

export function PlanCard({ plan, period, highlighted = false }: PlanCardProps) {
  const { t, i18n } = useLingui();
  const money = (cents: number) => i18n.number(cents / 100, { style: "currency", currency: CURRENCY });
  const perMonth = money(period === "yearly" ? plan.yearlyPerMonthCents : plan.monthlyCents);
  const total = money(periodPriceCents(plan, period));
  const tickets = i18n.number(contingentFor(plan, period));
  const texts = PLAN_TEXTS[plan.key];
  return (
    <Card withBorder shadow={highlighted ? "md" : "xs"} padding="xl" style={highlighted ? { borderColor: "var(--mantine-color-blue-6)", borderWidth: 2 } : undefined}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3">
            {i18n._(texts.name)}
          </Title>
          {highlighted && (
            <Badge variant="filled">
              <Trans>Recommended</Trans>
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {i18n._(texts.text)}
        </Text>
        <div>
          <Group gap={6} align="baseline">
            <Text component="span" fz={36} fw={800} lh={1}>
              {perMonth}
            </Text>
            <Text component="span" c="dimmed">
              <Trans>per month</Trans>
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {period === "yearly" ? t`Billed yearly: ${total}` : t`Billed monthly`}
          </Text>
        </div>
        <Text fw={600}>{period === "yearly" ? t`${tickets} tickets per year` : t`${tickets} tickets per month`}</Text>
        <Button mt="auto" variant={highlighted ? "filled" : "light"} fullWidth onClick={() => openAuth("register")}>
          <Trans>Register now</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
