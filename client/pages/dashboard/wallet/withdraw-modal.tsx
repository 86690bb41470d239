import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { appCodeOf, describeCode, describeError, fieldErrorsOf } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { HundredthsInput } from "../vouchers/inputs";
import { newWithdrawalKey, useWalletMoney } from "./labels";

type Props = {
  balanceCents: number;
  account: { bankName: string; ibanMasked: string };
  onClose: () => void;
};

/** The codes the amount field answers for (the rest shows above the buttons). */
const AMOUNT_CODES = new Set(["WITHDRAWAL_ABOVE_BALANCE", "WITHDRAWAL_AMOUNT_INVALID"]);

/**
 * The withdrawal form, mounted while the modal is open: the amount in euros (prefilled with the
 * balance, at most the balance), one idempotency key per opening so a double click or a retry
 * makes one withdrawal. The server checks the balance again under its lock; its answer is shown
 * in the form.
 */
function WithdrawForm({ balanceCents, account, onClose }: Props) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { money } = useWalletMoney();
  const [idempotencyKey] = useState(newWithdrawalKey);
  const [amountCents, setAmountCents] = useState<number | null>(balanceCents);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const request = useMutation(
    trpc.wallet.requestWithdrawal.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.wallet.pathKey() }),
    }),
  );

  /** The same rules the server applies, so the common mistakes need no round trip. */
  const localError = (cents: number | null): string | null => {
    if (cents === null || Number.isNaN(cents)) return describeCode(i18n, "WITHDRAWAL_AMOUNT_INVALID");
    if (cents <= 0) return describeCode(i18n, "WITHDRAWAL_AMOUNT_INVALID");
    if (cents > balanceCents) return describeCode(i18n, "WITHDRAWAL_ABOVE_BALANCE");
    return null;
  };

  const submit = async () => {
    const local = localError(amountCents);
    setAmountError(local);
    setFormError(null);
    if (local !== null || amountCents === null) return;
    try {
      const withdrawal = await request.mutateAsync({ amountCents, idempotencyKey });
      const amount = money(withdrawal.amountCents);
      toast.success(t`Withdrawal of ${amount} requested.`);
      onClose();
    } catch (error) {
      const code = appCodeOf(error);
      const field = fieldErrorsOf(i18n, error).amountCents;
      if (field) setAmountError(field);
      else if (code && AMOUNT_CODES.has(code)) setAmountError(describeError(i18n, error));
      else setFormError(describeError(i18n, error));
    }
  };

  const bank = account.bankName;
  const iban = account.ibanMasked;
  const balance = money(balanceCents);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Text size="sm">
          <Trans>
            Available balance: <strong>{balance}</strong>
          </Trans>
        </Text>
        <HundredthsInput
          label={t`Amount`}
          description={t`At most your available balance.`}
          unit="euro"
          max={balanceCents}
          clampBehavior="none"
          value={amountCents}
          onHundredths={(cents) => {
            setAmountCents(cents);
            if (amountError) setAmountError(localError(cents));
          }}
          error={amountError}
          data-autofocus
          required
        />
        <Text size="sm" c="dimmed">
          {bank ? (
            <Trans>Paid by bank transfer to {bank}, {iban}, once an admin has accepted the withdrawal.</Trans>
          ) : (
            <Trans>Paid by bank transfer to {iban} once an admin has accepted the withdrawal.</Trans>
          )}
        </Text>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={request.isPending}>
            <Trans>Request withdrawal</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Request withdrawal": a modal whose form (and idempotency key) is new each time it opens. */
export function WithdrawModal({ opened, ...props }: Props & { opened: boolean }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={t`Request withdrawal`}
      centered
     
      // Error texts dark enough on white (WCAG AA), as in the voucher form.
    >
      {opened && <WithdrawForm {...props} />}
    </Modal>
  );
}
