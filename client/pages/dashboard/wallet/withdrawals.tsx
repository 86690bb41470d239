import { Alert, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import type { WithdrawalView } from "../../../../shared/schemas/wallet";
import { scrollRegion, useWalletMoney, WITHDRAWAL_METHOD_LABELS, WithdrawalStatusBadge } from "./labels";

/** What the organiser learns of a decision: the payout's reference, or why it was refused. */
function Outcome({ withdrawal }: { withdrawal: WithdrawalView }) {
  const { dateTime } = useWalletMoney();
  const reference = withdrawal.payoutReference;
  const reason = withdrawal.refusalReason;
  const decided = withdrawal.decidedAt ? dateTime(withdrawal.decidedAt) : null;
  return (
    <Stack gap={2}>
      {withdrawal.status === "accepted" && reference && (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          <Trans>Reference: {reference}</Trans>
        </Text>
      )}
      {withdrawal.status === "refused" && reason && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <Trans>Reason: {reason}</Trans>
        </Text>
      )}
      {withdrawal.status === "pending" && (
        <Text size="sm" c="dimmed">
          <Trans>Waiting for review</Trans>
        </Text>
      )}
      {decided && (
        <Text size="xs" c="dimmed">
          <Trans>Decided on {decided}</Trans>
        </Text>
      )}
    </Stack>
  );
}

function WithdrawalsTable({ rows }: { rows: WithdrawalView[] }) {
  const { t, i18n } = useLingui();
  const { money, dateTime } = useWalletMoney();
  return (
    <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollRegion(t`Withdrawals`)}>
      <Table verticalSpacing="sm" aria-label={t`Withdrawals`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Date</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Method</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Amount</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Reference or reason</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((w) => (
            <Table.Tr key={w.id} data-testid="withdrawal-row">
              <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTime(w.requestedAt)}</Table.Td>
              <Table.Td>
                <WithdrawalStatusBadge status={w.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{i18n._(WITHDRAWAL_METHOD_LABELS[w.method])}</Text>
                <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: "nowrap" }}>
                  {w.ibanMasked}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: "nowrap" }}>
                {money(w.amountCents)}
              </Table.Td>
              <Table.Td>
                <Outcome withdrawal={w} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WithdrawalCards({ rows }: { rows: WithdrawalView[] }) {
  const { t, i18n } = useLingui();
  const { money, dateTime } = useWalletMoney();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Withdrawals`} style={{ listStyle: "none" }}>
      {rows.map((w) => (
        <Paper key={w.id} withBorder p="sm" component="li" data-testid="withdrawal-row">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{money(w.amountCents)}</Text>
              <WithdrawalStatusBadge status={w.status} />
            </Group>
            <Text size="xs" c="dimmed">
              {dateTime(w.requestedAt)} · {i18n._(WITHDRAWAL_METHOD_LABELS[w.method])} · <span style={{ whiteSpace: "nowrap" }}>{w.ibanMasked}</span>
            </Text>
            <Outcome withdrawal={w} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** SPEC §3: the withdrawals (status, date, method, amount), newest first; a table, cards on phones. */
export function WithdrawalsSection({ rows, error }: { rows: WithdrawalView[] | undefined; error: string | null }) {
  const narrow = useMediaQuery("(max-width: 48em)");
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Withdrawals</Trans>
        </Title>
        {error && <Alert color="red">{error}</Alert>}
        {!rows && !error && <Skeleton h={120} />}
        {rows && rows.length === 0 && (
          <Text c="dimmed" size="sm">
            <Trans>No withdrawals yet.</Trans>
          </Text>
        )}
        {rows && rows.length > 0 && (narrow ? <WithdrawalCards rows={rows} /> : <WithdrawalsTable rows={rows} />)}
      </Stack>
    </Paper>
  );
}
