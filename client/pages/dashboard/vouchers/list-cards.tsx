import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { MouseEvent } from "react";
import { Link } from "wouter";
import type { RouterOutputs } from "../../../lib/trpc";
import { useVoucherTexts, VoucherStateBadge } from "./labels";

export type VoucherRow = RouterOutputs["vouchers"]["list"]["rows"][number];

type Props = { rows: VoucherRow[]; hrefOf: (voucherId: string) => string; onOpen: (voucherId: string) => void };

function EventText({ row }: { row: VoucherRow }) {
  return (
    <>
      {row.eventName}
      {row.isSeason && (
        <Text span size="xs" c="dimmed">
          {" "}
          <Trans>(season)</Trans>
        </Text>
      )}
    </>
  );
}

/** The code as the link that opens the voucher (keyboard, new tab). */
function CodeLink({ row, href, nowrap = false }: { row: VoucherRow; href: string; nowrap?: boolean }) {
  const { t } = useLingui();
  const { code } = row;
  return (
    <Anchor component={Link} href={href} fw={600} ff="monospace" aria-label={t`Open voucher ${code}`} style={nowrap ? { whiteSpace: "nowrap" } : { overflowWrap: "anywhere" }}>
      {code}
    </Anchor>
  );
}

/** One table row: code, event, value, order values, uses, state, validity. */
function VoucherTableRow({ row, href, onOpen }: { row: VoucherRow; href: string; onOpen: (voucherId: string) => void }) {
  const texts = useVoucherTexts();
  const from = texts.from(row);
  const until = texts.until(row);
  // A click anywhere on the row opens it; the code is the link.
  const onClick = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest("a, button")) return;
    onOpen(row.id);
  };
  const nowrap = { whiteSpace: "nowrap" } as const;
  return (
    <Table.Tr data-testid="voucher-row" onClick={onClick} style={{ cursor: "pointer" }}>
      <Table.Td>
        <CodeLink row={row} href={href} nowrap />
        {row.description && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={220}>
            {row.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <EventText row={row} />
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={nowrap}>
        {texts.value(row)}
      </Table.Td>
      <Table.Td ta="right" style={nowrap}>
        {texts.money(row.minOrderCents)}
      </Table.Td>
      <Table.Td ta="right" style={nowrap}>
        {texts.money(row.maxOrderCents)}
      </Table.Td>
      <Table.Td ta="right" style={nowrap} data-testid="voucher-uses">
        {texts.uses(row)}
      </Table.Td>
      <Table.Td>
        <VoucherStateBadge state={row.state} />
      </Table.Td>
      <Table.Td>
        <Text size="xs" style={nowrap}>
          <Trans>from {from}</Trans>
        </Text>
        <Text size="xs" style={nowrap}>
          <Trans>until {until}</Trans>
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Wide screens: the vouchers as a table; a click anywhere on a row opens it. */
export function VouchersTable({ rows, hrefOf, onOpen, busy }: Props & { busy: boolean }) {
  const { t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t`Vouchers`} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Code</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Event</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Value</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Min. order value</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Max. order value</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Used / limit</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Valid</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <VoucherTableRow key={row.id} row={row} href={hrefOf(row.id)} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One card: the same facts as a table row. */
function VoucherCard({ row, href }: { row: VoucherRow; href: string }) {
  const texts = useVoucherTexts();
  const uses = texts.uses(row);
  const min = texts.money(row.minOrderCents);
  const max = texts.money(row.maxOrderCents);
  const from = texts.from(row);
  const until = texts.until(row);
  return (
    <Paper withBorder p="sm" component="li" data-testid="voucher-row">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <CodeLink row={row} href={href} />
          <VoucherStateBadge state={row.state} />
        </Group>
        <Text size="sm">
          <EventText row={row} />
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={700}>
            {texts.value(row)}
          </Text>
          <Text size="sm" data-testid="voucher-uses">
            <Trans>Used: {uses}</Trans>
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          <Trans>
            Order value {min} – {max}
          </Trans>
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>
            Valid {from} – {until}
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

/** Narrow screens: the vouchers as cards. */
export function VoucherCards({ rows, hrefOf }: Omit<Props, "onOpen">) {
  const { t } = useLingui();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Vouchers`} style={{ listStyle: "none" }}>
      {rows.map((row) => (
        <VoucherCard key={row.id} row={row} href={hrefOf(row.id)} />
      ))}
    </Stack>
  );
}
