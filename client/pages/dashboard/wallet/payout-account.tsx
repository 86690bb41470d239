import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { isAccountOwner } from "../../../../shared/permissions";
import { useUserInfo } from "../../../lib/session";

/** The profile's payment-details tab (client/pages/dashboard/profile/tabs.ts), outside the wallet's nested route. */
const PAYMENT_DETAILS_HREF = "~/dashboard/profile/payment";

type Props = {
  account: { bankName: string; ibanMasked: string } | null;
  balanceCents: number;
  onRequest: () => void;
};

/**
 * Where payouts go (the IBAN masked) and the "Request withdrawal" button. Without payment details a
 * notice says where to add them: a link for the account owner (the only one who may, decision 013),
 * a hint to ask the owner for a team member.
 */
export function PayoutAccount({ account, balanceCents, onRequest }: Props) {
  const { t } = useLingui();
  const info = useUserInfo();
  const owner = isAccountOwner(info?.user);
  const canRequest = account !== null && balanceCents > 0;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            <Trans>Payout account</Trans>
          </Title>
          {account ? (
            <>
              {account.bankName && <Text size="sm">{account.bankName}</Text>}
              <Text size="sm" ff="monospace" data-testid="wallet-iban" style={{ overflowWrap: "anywhere" }}>
                {account.ibanMasked}
              </Text>
              {owner && (
                <Anchor component={Link} href={PAYMENT_DETAILS_HREF} size="sm">
                  <Trans>Change payment details</Trans>
                </Anchor>
              )}
            </>
          ) : (
            <Alert color="yellow" title={t`No payment details yet`} p="sm">
              {owner ? (
                <Trans>
                  Add your bank details to request withdrawals:{" "}
                  <Anchor component={Link} href={PAYMENT_DETAILS_HREF} inherit fw={600}>
                    Payment details
                  </Anchor>
                </Trans>
              ) : (
                <Trans>Withdrawals need the account's bank details. Ask the account owner to add them in the payment details.</Trans>
              )}
            </Alert>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Button onClick={onRequest} disabled={!canRequest}>
            <Trans>Request withdrawal</Trans>
          </Button>
          {account !== null && balanceCents <= 0 && (
            <Text size="xs" c="dimmed">
              <Trans>There is no balance to withdraw.</Trans>
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
