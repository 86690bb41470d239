import { Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { WithdrawalStatus } from "../../../../shared/schemas/wallet";
import { scrollRegion, useWalletMoney } from "../../dashboard/wallet/labels";
import { BankDetails } from "./bank-details";
import { darkerOnHover } from "./format";
import type { Decision } from "./decision-modal";
import type { QueuedWithdrawal } from "./types";

type ViewProps = { rows: QueuedWithdrawal[]; status: WithdrawalStatus; busy: boolean; onDecide: (decision: Decision) => void };

/** The organiser's balance now; below zero (a refund used the money since) in red, with a word for those who do not see red. */
function Balance({ cents }: { cents: number }) {
  const { money } = useWalletMoney();
  if (cents >= 0) return <Text size="sm">{money(cents)}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" c="red.9" fw={700} data-testid="balance-below-zero">
        {money(cents)}
      </Text>
      <Text size="xs" c="red.9">
        <Trans>Below zero: cannot be accepted</Trans>
      </Text>
    </Stack>
  );
}

/** A decided withdrawal: when, and the payout reference or the refusal reason. */
function Outcome({ withdrawal }: { withdrawal: QueuedWithdrawal }) {
  const { dateTime } = useWalletMoney();
  const reference = withdrawal.payoutReference;
  const reason = withdrawal.refusalReason;
  const decided = withdrawal.decidedAt ? dateTime(withdrawal.decidedAt) : "–";
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        <Trans>Decided on {decided}</Trans>
      </Text>
      {reference && (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          <Trans>Reference: {reference}</Trans>
        </Text>
      )}
      {reason && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <Trans>Reason: {reason}</Trans>
        </Text>
      )}
    </Stack>
  );
}

function DecideButtons({ withdrawal, onDecide }: { withdrawal: QueuedWithdrawal; onDecide: ViewProps["onDecide"] }) {
  const { t } = useLingui();
  const { money } = useWalletMoney();
  const what = `${money(withdrawal.amountCents)}, ${withdrawal.organiserName}`;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" color="teal.9" style={darkerOnHover("teal-9")} aria-label={t`Accept withdrawal: ${what}`} onClick={() => onDecide({ kind: "accept", withdrawal })}>
        <Trans>Accept</Trans>
      </Button>
      <Button size="xs" color="red.9" variant="outline" aria-label={t`Refuse withdrawal: ${what}`} onClick={() => onDecide({ kind: "refuse", withdrawal })}>
        <Trans>Refuse</Trans>
      </Button>
    </Group>
  );
}

/** At 1400 px: one row per withdrawal; pending ones with the balance and the decision buttons. */
export function QueueTable({ rows, status, busy, onDecide }: ViewProps) {
  const { t } = useLingui();
  const { money, dateTime } = useWalletMoney();
  const pending = status === "pending";
  return (
    <Table.ScrollContainer minWidth={880} scrollAreaProps={scrollRegion(t`Withdrawals`)}>
      <Table verticalSpacing="sm" aria-label={t`Withdrawals`} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Organiser</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Amount</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Requested on</Trans>
            </Table.Th>
            {pending && (
              <Table.Th ta="right">
                <Trans>Balance now</Trans>
              </Table.Th>
            )}
            <Table.Th>
              <Trans>Bank account</Trans>
            </Table.Th>
            <Table.Th>{pending ? <Trans>Decision</Trans> : <Trans>Reference or reason</Trans>}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((w) => (
            <Table.Tr key={w.id} data-testid="queue-row" data-withdrawal-id={w.id}>
              <Table.Td>{w.organiserName}</Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: "nowrap" }}>
                {money(w.amountCents)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTime(w.requestedAt)}</Table.Td>
              {pending && (
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  <Balance cents={w.balanceCents} />
                </Table.Td>
              )}
              <Table.Td>
                <BankDetails withdrawal={w} />
              </Table.Td>
              <Table.Td>{pending ? <DecideButtons withdrawal={w} onDecide={onDecide} /> : <Outcome withdrawal={w} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On phones (390 px): a card per withdrawal, the amount and organiser first. */
export function QueueCards({ rows, status, onDecide }: ViewProps) {
  const { t } = useLingui();
  const { money, dateTime } = useWalletMoney();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Withdrawals`} style={{ listStyle: "none" }}>
      {rows.map((w) => {
        const requested = dateTime(w.requestedAt);
        return (
          <Paper key={w.id} withBorder p="sm" component="li" data-testid="queue-row" data-withdrawal-id={w.id}>
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{w.organiserName}</Text>
                  <Text size="xs" c="dimmed">
                    <Trans>Requested on {requested}</Trans>
                  </Text>
                </Stack>
                <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                  {money(w.amountCents)}
                </Text>
              </Group>
              {status === "pending" && (
                <Group gap="xs" align="flex-start">
                  <Text size="sm" c="dimmed">
                    <Trans>Balance now:</Trans>
                  </Text>
                  <Balance cents={w.balanceCents} />
                </Group>
              )}
              <BankDetails withdrawal={w} />
              {status === "pending" ? <DecideButtons withdrawal={w} onDecide={onDecide} /> : <Outcome withdrawal={w} />}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
