import { Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { formatIban } from "./format";
import type { QueuedWithdrawal } from "./types";

/** Where the money goes, in full (the admin pays it out): bank, IBAN in groups of four, BIC. */
export function BankDetails({ withdrawal }: { withdrawal: Pick<QueuedWithdrawal, "bankName" | "accountNumber" | "bic"> }) {
  const iban = formatIban(withdrawal.accountNumber);
  const bic = withdrawal.bic;
  return (
    <Stack gap={0}>
      {withdrawal.bankName && <Text size="sm">{withdrawal.bankName}</Text>}
      <Text size="sm" ff="monospace" data-testid="withdrawal-iban" style={{ whiteSpace: "nowrap" }}>
        {iban}
      </Text>
      {bic && (
        <Text size="xs" c="dimmed" ff="monospace">
          <Trans>BIC {bic}</Trans>
        </Text>
      )}
    </Stack>
  );
}
