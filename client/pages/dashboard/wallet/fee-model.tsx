import { Alert, List, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { describeError } from "../../../lib/errors";
import { useTRPC } from "../../../lib/trpc";
import { useWalletMoney } from "./labels";

/** VAT in basis points (1900) as the UI language writes a percentage ("19 %", "19%"). */
export function formatVatBp(bp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(bp / 10_000);
}

/** "How your payouts are calculated": the fee model of decision 024, with the platform's fee as the server states it. */
export function FeeModel() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const { money } = useWalletMoney();
  const fees = useQuery(trpc.wallet.fees.queryOptions());
  const fee = fees.data ? money(fees.data.serviceFeeCentsPerTicket) : "";
  const vat = fees.data ? formatVatBp(fees.data.serviceFeeVatBp, i18n.locale) : "";
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="wallet-fee-model">
      <Stack gap="sm">
        <Title order={2} size="h4" id="wallet-fee-model">
          <Trans>How your payouts are calculated</Trans>
        </Title>
        {fees.isError && <Alert color="red">{describeError(i18n, fees.error)}</Alert>}
        {fees.isPending && <Skeleton h={120} />}
        {fees.data && (
          <List size="sm" spacing={6} maw={900}>
            <List.Item>
              <Trans>
                Online buyers pay a service and processing fee of {fee} (incl. {vat} VAT) per chargeable ticket on top of the ticket price. It is the
                platform's fee and not part of your revenue.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>Your wallet receives what buyers paid for tickets and booking options, after vouchers. Free tickets carry no fee.</Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Box office sales are paid into your own till (cash or card at the counter) and the box office fee is yours; reseller sales are
                collected by the reseller. Neither passes through the wallet.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>Refunds and chargebacks take back what the buyer got back, less the service fees it included. A chargeback you win is credited again.</Trans>
            </List.Item>
            <List.Item>
              <Trans>
                A withdrawal is taken off your balance when you request it and paid by bank transfer once an admin has accepted it; a refused
                withdrawal goes back to your balance.
              </Trans>
            </List.Item>
          </List>
        )}
        <Text size="xs" c="dimmed">
          <Trans>Balance = paid online orders less fees, refunds, chargebacks and withdrawals.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
