import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { CURRENCY } from "../../../shared/constants";
import { type BillingPeriod, type Plan, contingentFor, periodPriceCents } from "../../../shared/plans";
import type { ReactNode } from "react";
import { openAuth } from "../../components/AuthModals";
import { PLAN_TEXTS } from "../../lib/plans";

type PlanCardProps = {
  plan: Plan;
  period: BillingPeriod;
  highlighted?: boolean;
  /** The card's button (default: register); the plan tab puts its buy button here. */
  action?: ReactNode;
};

/** One plan with its price and contingent for the chosen billing period. */
export function PlanCard({ plan, period, highlighted = false, action }: PlanCardProps) {
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
        <Stack mt="auto" gap={0}>
          {action ?? (
            <Button variant={highlighted ? "filled" : "light"} fullWidth onClick={() => openAuth("register")}>
              <Trans>Register now</Trans>
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
