import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Anchor, Badge, Group, Menu, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { Link } from "wouter";
import type { ResellerRef } from "./actions";
import { type ResellerRow, resellerPaths, useResellerFormats } from "./use-resellers";

export type RowActions = {
  onResetPassword: (reseller: ResellerRef) => void;
  onActivate: (reseller: ResellerRef) => void;
  onDeactivate: (reseller: ResellerRef) => void;
  busy: boolean;
};
type Props = RowActions & { rows: ResellerRow[] };

/** Activated or deactivated (SPEC §4). */
export function ResellerStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? "teal.9" : "gray.7"} miw="max-content" data-testid="reseller-status">
      {active ? <Trans>Activated</Trans> : <Trans>Deactivated</Trans>}
    </Badge>
  );
}

function NameLink({ row }: { row: ResellerRow }) {
  return (
    <Anchor component={Link} href={resellerPaths.edit(row.id)} fw={600} style={{ overflowWrap: "anywhere" }}>
      {row.name}
    </Anchor>
  );
}

function EventNames({ row }: { row: ResellerRow }) {
  return row.events.length > 0 ? (
    <>{row.events.map((e) => e.eventName).join(", ")}</>
  ) : (
    <Text span size="sm" c="dimmed">
      <Trans>No events</Trans>
    </Text>
  );
}

/** Edit, reset password, activate or deactivate: one menu per reseller. */
function ActionsMenu({ row, onResetPassword, onActivate, onDeactivate, busy }: RowActions & { row: ResellerRow }) {
  const { t } = useLingui();
  const { name } = row;
  const ref = { id: row.id, name: row.name };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t`Actions for ${name}`} disabled={busy}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} href={resellerPaths.edit(row.id)}>
          <Trans>Edit</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => onResetPassword(ref)}>
          <Trans>Reset password</Trans>
        </Menu.Item>
        {row.active ? (
          <Menu.Item color="red" onClick={() => onDeactivate(ref)}>
            <Trans>Deactivate</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => onActivate(ref)}>
            <Trans>Activate</Trans>
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Wide screens: one row per reseller. */
export function ResellersTable({ rows, ...actions }: Props) {
  const { t } = useLingui();
  const formats = useResellerFormats();
  const nowrap = { whiteSpace: "nowrap" } as const;
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t`Resellers`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Email</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>City</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Events</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Tickets sold</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Revenue</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="reseller-row">
              <Table.Td>
                <NameLink row={row} />
                <Text size="xs" c="dimmed" style={nowrap}>
                  {row.mobile}
                </Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
              <Table.Td>
                {row.city}
                <Text size="xs" c="dimmed">
                  {formats.country(row.country)}
                </Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={2}>
                  <EventNames row={row} />
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formats.number(row.ticketsSold)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formats.money(row.revenueCents)}
              </Table.Td>
              <Table.Td>
                <ResellerStatusBadge active={row.active} />
              </Table.Td>
              <Table.Td>
                <ActionsMenu row={row} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Narrow screens: the same facts as the table, one card per reseller. */
export function ResellerCards({ rows, ...actions }: Props) {
  const { t } = useLingui();
  const formats = useResellerFormats();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Resellers`} style={{ listStyle: "none" }}>
      {rows.map((row) => (
        <Paper key={row.id} withBorder p="sm" component="li" data-testid="reseller-row">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <NameLink row={row} />
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {row.email}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <ResellerStatusBadge active={row.active} />
                <ActionsMenu row={row} {...actions} />
              </Group>
            </Group>
            <Text size="sm">
              {row.city}, {formats.country(row.country)} · {row.mobile}
            </Text>
            <Text size="sm">
              <EventNames row={row} />
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>Tickets sold</Trans>
                </Text>
                <Text size="sm" fw={600}>
                  {formats.number(row.ticketsSold)}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>Revenue</Trans>
                </Text>
                <Text size="sm" fw={600}>
                  {formats.money(row.revenueCents)}
                </Text>
              </div>
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
