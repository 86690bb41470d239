import { Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { periodLabel } from "../../../lib/plans";
import { scrollRegion, useWalletMoney } from "../../dashboard/wallet/labels";
import { ContingentModal } from "./contingent-modal";
import { contingentReasonLabel, type OrganiserDetail } from "./labels";
import { PlanModal } from "./plan-modal";
import { Fact, Section } from "./profile-section";

/** The latest changes of the contingent: when, why, by how much. */
function ContingentEntries({ entries }: { entries: OrganiserDetail["plan"]["entries"] }) {
  const { t, i18n } = useLingui();
  const { dateTime } = useWalletMoney();
  const signed = new Intl.NumberFormat(i18n.locale, { signDisplay: "exceptZero" });
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No changes of the contingent yet.</Trans>
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={300} scrollAreaProps={scrollRegion(t`Latest contingent changes`)}>
      <Table verticalSpacing={4} aria-label={t`Latest contingent changes`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>When</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Why</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Tickets</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{dateTime(e.createdAt)}</Table.Td>
              <Table.Td>{contingentReasonLabel(i18n, e.reason)}</Table.Td>
              <Table.Td ta="right" c={e.delta < 0 ? "red.9" : undefined}>
                {signed.format(e.delta)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The plan (kind, period, running or expired), the contingent left and its latest changes; set or correct them by hand. */
export function PlanSection({ detail }: { detail: OrganiserDetail }) {
  const { t, i18n } = useLingui();
  const { day } = useWalletMoney();
  const [open, setOpen] = useState<"plan" | "contingent" | null>(null);
  const { plan } = detail;
  const name = detail.organiser.name;
  const state =
    plan.plan === "none" ? null : plan.active ? (
      <Badge color="teal.9" miw="max-content">
        <Trans>In progress</Trans>
      </Badge>
    ) : (
      <Badge color="gray.7" miw="max-content">
        <Trans>Expired</Trans>
      </Badge>
    );
  return (
    <Section
      id="organiser-plan"
      title={t`Plan and contingent`}
      actions={
        <Group gap="xs">
          <Button size="xs" color="blue.9" onClick={() => setOpen("plan")} aria-label={t`Set plan of ${name}`}>
            <Trans>Set plan</Trans>
          </Button>
          <Button size="xs" variant="outline" color="blue.9" onClick={() => setOpen("contingent")} aria-label={t`Adjust contingent of ${name}`}>
            <Trans>Adjust contingent</Trans>
          </Button>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact
          label={t`Plan`}
          value={
            <Group gap="xs">
              <span data-testid="plan-kind">{periodLabel(i18n, plan.plan)}</span>
              {state}
            </Group>
          }
        />
        <Fact label={t`Since`} value={plan.planSince ? day(plan.planSince) : null} testId="plan-since" />
        <Fact label={t`Until`} value={plan.planUntil ? day(plan.planUntil) : null} testId="plan-until" />
        <Fact label={t`Contingent left`} value={i18n.number(plan.ticketContingent)} testId="plan-contingent" />
      </SimpleGrid>
      <Stack gap={4}>
        <Title order={3} size="h6">
          <Trans>Latest contingent changes</Trans>
        </Title>
        <ContingentEntries entries={plan.entries} />
      </Stack>
      <PlanModal detail={detail} opened={open === "plan"} onClose={() => setOpen(null)} />
      <ContingentModal detail={detail} opened={open === "contingent"} onClose={() => setOpen(null)} />
    </Section>
  );
}
