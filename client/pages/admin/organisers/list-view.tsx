import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { isPlanActive } from "../../../../shared/plans";
import { VerificationBadge } from "../../../components/VerificationBadge";
import { periodLabel } from "../../../lib/plans";
import { scrollRegion, useWalletMoney } from "../../dashboard/wallet/labels";
import type { OrganiserRow } from "./labels";

type ViewProps = { rows: OrganiserRow[]; busy: boolean };

export const detailHref = (id: string) => `/organisers/${id}`;

function AccountBadge({ disabledAt }: { disabledAt: Date | null }) {
  return disabledAt ? (
    <Badge color="red.9" miw="max-content">
      <Trans>Disabled</Trans>
    </Badge>
  ) : (
    <Badge color="teal.9" miw="max-content">
      <Trans>Active</Trans>
    </Badge>
  );
}

function Owner({ row }: { row: OrganiserRow }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" style={{ overflowWrap: "break-word" }}>
        {row.ownerEmail ?? "–"}
      </Text>
      {row.ownerStatus === "pending" && (
        <Badge size="xs" color="gray.7">
          <Trans>not activated</Trans>
        </Badge>
      )}
    </Group>
  );
}

/** "yearly, until 1 Jan 2027"; an expired plan says so. */
function PlanText({ row, nowrap = false }: { row: OrganiserRow; nowrap?: boolean }) {
  const { i18n } = useLingui();
  const { day } = useWalletMoney();
  const period = periodLabel(i18n, row.plan);
  if (row.plan === "none" || !row.planUntil) return <Text size="sm">{period}</Text>;
  const until = day(row.planUntil);
  return (
    <Text size="sm" style={nowrap ? { whiteSpace: "nowrap" } : undefined}>
      {isPlanActive(row) ? <Trans>{period}, until {until}</Trans> : <Trans>{period}, expired {until}</Trans>}
    </Text>
  );
}

function NameLink({ row }: { row: OrganiserRow }) {
  const { t } = useLingui();
  const name = row.name;
  return (
    <Anchor component={Link} href={detailHref(row.id)} fw={600} aria-label={t`Open organiser ${name}`} style={{ overflowWrap: "break-word" }}>
      {row.name}
    </Anchor>
  );
}

/** At 1400 px: one row per organiser; the whole row opens it (the name is the keyboard's link). */
export function OrganisersTable({ rows, busy }: ViewProps) {
  const { t, i18n } = useLingui();
  const { money } = useWalletMoney();
  const [, navigate] = useLocation();
  return (
    <Table.ScrollContainer minWidth={1000} scrollAreaProps={scrollRegion(t`Organisers`)}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t`Organisers`} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Owner</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Verification</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Plan</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Contingent left</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Events</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Revenue</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Account</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="organiser-row" data-organiser-id={row.id} onClick={(e) => {
                // The name is a link of its own: a click on it navigates once.
                if (!(e.target as HTMLElement).closest("a, button")) navigate(detailHref(row.id));
              }} style={{ cursor: "pointer" }}>
              <Table.Td miw={180}>
                <NameLink row={row} />
              </Table.Td>
              <Table.Td>
                <Owner row={row} />
              </Table.Td>
              <Table.Td>
                <VerificationBadge state={row.verificationState} />
              </Table.Td>
              <Table.Td>
                <PlanText row={row} nowrap />
              </Table.Td>
              <Table.Td ta="right">{i18n.number(row.ticketContingent)}</Table.Td>
              <Table.Td ta="right">{i18n.number(row.events)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {money(row.revenueCents)}
              </Table.Td>
              <Table.Td>
                <AccountBadge disabledAt={row.disabledAt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** At 390 px: one card per organiser, nothing to scroll sideways. */
export function OrganiserCards({ rows, busy }: ViewProps) {
  const { t, i18n } = useLingui();
  const { money } = useWalletMoney();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Organisers`} aria-busy={busy} style={{ listStyle: "none" }}>
      {rows.map((row) => (
        <Paper key={row.id} withBorder p="sm" component="li" data-testid="organiser-row" data-organiser-id={row.id}>
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <NameLink row={row} />
              <AccountBadge disabledAt={row.disabledAt} />
            </Group>
            <Owner row={row} />
            <Group gap="xs">
              <VerificationBadge state={row.verificationState} />
            </Group>
            <SimpleGrid cols={2} spacing="xs">
              <Fact label={t`Plan`}>
                <PlanText row={row} />
              </Fact>
              <Fact label={t`Contingent left`}>{i18n.number(row.ticketContingent)}</Fact>
              <Fact label={t`Events`}>{i18n.number(row.events)}</Fact>
              <Fact label={t`Revenue`}>{money(row.revenueCents)}</Fact>
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
