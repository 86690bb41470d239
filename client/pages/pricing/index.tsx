import { Badge, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { type BillingPeriod, PLANS, yearlySavingPercent } from "../../../shared/plans";
import { Link } from "wouter";
import { canActForOrganiser } from "../../../shared/permissions";
import { openAuth } from "../../components/AuthModals";
import { useUserInfo } from "../../lib/session";
import { PublicLayout } from "../../layout/PublicLayout";
import { BillingPeriodSwitch } from "./BillingPeriodSwitch";
import { PlanCard } from "./PlanCard";
import { PaymentMethods } from "../../components/PaymentMethods";

const INCLUDED = [
  msg`Online shop with your own event pages and organiser profile`,
  msg`Box office for sales at the counter`,
  msg`Seating-plan editor with blocks, rows and price categories`,
  msg`Events and seasons with season tickets`,
  msg`Resellers and event staff with QR-code check-in`,
  msg`Vouchers and discount codes`,
  msg`Team members with individual rights`,
  msg`Reports as PDF and CSV`,
  msg`Wallet with payouts to your bank account`,
  msg`Interface in German and English`,
];

const MAX_SAVING = Math.max(...PLANS.map(yearlySavingPercent));

export default function PricingPage() {
  const { i18n } = useLingui();
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  // A signed-in organiser (or team member with profile access) buys in its plan tab.
  const info = useUserInfo();
  const mayBuy = canActForOrganiser(info?.user, ["orgProfileAccess"]);
  return (
    <PublicLayout>
      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap="xl">
          <Stack gap="sm" align="center" ta="center">
            <Title order={1}>
              <Trans>Pricing</Trans>
            </Title>
            <Text c="dimmed" size="lg" maw={680}>
              <Trans>
                Choose a plan with the ticket contingent you need, as a monthly or a yearly subscription. Registering and
                preparing events is free; you need a plan to publish them.
              </Trans>
            </Text>
            <Group gap="sm" justify="center">
              <BillingPeriodSwitch value={period} onChange={setPeriod} />
              <Badge variant="light" color="green">
                <Trans>Save up to {MAX_SAVING}% with yearly billing</Trans>
              </Badge>
            </Group>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan.key}
                plan={plan}
                period={period}
                highlighted={plan.key === "professional"}
                action={
                  mayBuy ? (
                    <Button component={Link} href={`/dashboard/profile/plan?plan=${plan.key}&period=${period}`} variant={plan.key === "professional" ? "filled" : "light"} fullWidth>
                      <Trans>Choose this plan</Trans>
                    </Button>
                  ) : undefined
                }
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed" ta="center">
            <Trans>All prices in EUR, including VAT.</Trans>
          </Text>
          <Paper withBorder p={{ base: "md", sm: "xl" }}>
            <Stack gap="md">
              <Title order={2} size="h3">
                <Trans>Included in every plan</Trans>
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
                <List spacing="xs">
                  {INCLUDED.slice(0, Math.ceil(INCLUDED.length / 2)).map((item) => (
                    <List.Item key={item.id}>{i18n._(item)}</List.Item>
                  ))}
                </List>
                <List spacing="xs">
                  {INCLUDED.slice(Math.ceil(INCLUDED.length / 2)).map((item) => (
                    <List.Item key={item.id}>{i18n._(item)}</List.Item>
                  ))}
                </List>
              </SimpleGrid>
            </Stack>
          </Paper>
          <PaymentMethods />
          <Stack align="center" gap="sm" ta="center">
            <Title order={2} size="h3">
              <Trans>Not sure which plan fits?</Trans>
            </Title>
            <Text c="dimmed" maw={600}>
              <Trans>
                Register for free and prepare your events. You can choose your plan later in your profile under
                plan management.
              </Trans>
            </Text>
            <Button size="md" onClick={() => openAuth("register")}>
              <Trans>Register now</Trans>
            </Button>
          </Stack>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
