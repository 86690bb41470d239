import { Alert, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Route, Switch } from "wouter";
import { canActForOrganiser } from "../../../../shared/permissions";
import { AreaNotFound } from "../../../layout/AreaShell/AreaNotFound";
import { describeError } from "../../../lib/errors";
import { useUserInfo } from "../../../lib/session";
import { useTRPC } from "../../../lib/trpc";
import { FeeModel } from "./fee-model";
import { WalletFigures } from "./figures";
import { LedgerSection } from "./ledger";
import { PayoutAccount } from "./payout-account";
import { WithdrawalsSection } from "./withdrawals";
import { WithdrawModal } from "./withdraw-modal";

/**
 * The wallet (issue 22 item 4, SPEC §3, decision 024): what the platform collected online for the
 * organiser and paid out. Figures from the ledger, the payout account, withdrawals (requested here,
 * decided by an admin) and every ledger entry.
 */
function WalletPage() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const summary = useQuery(trpc.wallet.summary.queryOptions());
  const withdrawals = useQuery(trpc.wallet.withdrawals.queryOptions());
  const [withdrawing, setWithdrawing] = useState(false);
  const data = summary.data;

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Wallet</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Your share of the tickets sold online, and your payouts.</Trans>
        </Text>
      </Stack>
      {summary.isError && <Alert color="red">{describeError(i18n, summary.error)}</Alert>}
      <WalletFigures summary={data} />
      {data && <PayoutAccount account={data.payoutAccount} balanceCents={data.balanceCents} onRequest={() => setWithdrawing(true)} />}
      <WithdrawalsSection rows={withdrawals.data} error={withdrawals.isError ? describeError(i18n, withdrawals.error) : null} />
      <FeeModel />
      <LedgerSection />
      {data?.payoutAccount && (
        <WithdrawModal opened={withdrawing} balanceCents={data.balanceCents} account={data.payoutAccount} onClose={() => setWithdrawing(false)} />
      )}
    </Stack>
  );
}

/** /dashboard/wallet (mounted with `nest`): the wallet for the owner and team members with walletAccess. */
export default function WalletArea() {
  const info = useUserInfo();
  if (!canActForOrganiser(info?.user, ["walletAccess"])) return <AreaNotFound />;
  return (
    <Switch>
      <Route path="/" component={WalletPage} />
      <Route component={AreaNotFound} />
    </Switch>
  );
}
