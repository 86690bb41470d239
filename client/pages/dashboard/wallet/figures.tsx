import { Group, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { WalletSummary } from "../../../../shared/schemas/wallet";
import { useWalletMoney, WithdrawalStatusBadge } from "./labels";

function Figure({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
      {hint && (
        <Text component="div" size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** SPEC §3 Wallet: balance, total revenue, total fees, total withdrawn and the last withdrawal. */
export function WalletFigures({ summary }: { summary: WalletSummary | undefined }) {
  const { t } = useLingui();
  const { money, day } = useWalletMoney();
  if (!summary) {
    return (
      <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={92} />
        ))}
      </SimpleGrid>
    );
  }
  const pending = money(summary.pendingCents);
  const last = summary.lastWithdrawal;
  return (
    <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }}>
      <Figure
        label={t`Balance`}
        value={money(summary.balanceCents)}
        hint={summary.pendingCents > 0 ? <Trans>{pending} in pending withdrawals already deducted</Trans> : <Trans>Available to withdraw</Trans>}
        testId="wallet-balance"
      />
      <Figure label={t`Total revenue`} value={money(summary.totalRevenueCents)} hint={<Trans>Paid online by buyers, less refunds and chargebacks</Trans>} testId="wallet-revenue" />
      <Figure label={t`Total fees`} value={money(summary.totalFeesCents)} hint={<Trans>Service and processing fees</Trans>} testId="wallet-fees" />
      <Figure label={t`Total withdrawn`} value={money(summary.totalWithdrawnCents)} hint={<Trans>Accepted withdrawals</Trans>} testId="wallet-withdrawn" />
      <Figure
        label={t`Last withdrawal`}
        value={last ? money(last.amountCents) : "–"}
        hint={
          last ? (
            <Group gap={6} wrap="wrap" mt={2}>
              <WithdrawalStatusBadge status={last.status} />
              <span>{day(last.requestedAt)}</span>
            </Group>
          ) : (
            <Trans>No withdrawal yet</Trans>
          )
        }
        testId="wallet-last-withdrawal"
      />
    </SimpleGrid>
  );
}
