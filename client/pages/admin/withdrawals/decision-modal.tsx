import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { appCodeOf, describeCode, describeError, fieldErrorsOf } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import { BankDetails } from "./bank-details";
import { darkerOnHover } from "./format";
import type { QueuedWithdrawal } from "./types";

export type Decision = { kind: "accept" | "refuse"; withdrawal: QueuedWithdrawal };

/** The server's answers that belong to the typed field (the rest shows above the buttons). */
const FIELD_CODES = new Set(["VALIDATION", "REASON_REQUIRED"]);

/**
 * Accepting asks for the bank's reference of the transfer made (the organiser reads it); refusing
 * asks for the reason (the organiser reads it, the amount goes back to the balance). The server
 * decides under the organiser's wallet lock; its refusal is shown here. The lists are read again
 * either way: a withdrawal another admin decided meanwhile leaves the pending tab.
 */
function DecisionForm({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { money } = useWalletMoney();
  const { kind, withdrawal } = decision;
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  const accept = useMutation(trpc.admin.withdrawals.accept.mutationOptions({ onSettled: refresh }));
  const refuse = useMutation(trpc.admin.withdrawals.refuse.mutationOptions({ onSettled: refresh }));
  const amount = money(withdrawal.amountCents);
  const organiser = withdrawal.organiserName;

  const localError = (value: string): string | null => {
    if (value.trim() !== "") return null;
    return kind === "accept" ? t`Enter the bank's reference of the transfer.` : describeCode(i18n, "REASON_REQUIRED");
  };

  const submit = async () => {
    const local = localError(text);
    setFieldError(local);
    setFormError(null);
    if (local) return;
    try {
      if (kind === "accept") {
        await accept.mutateAsync({ withdrawalId: withdrawal.id, payoutReference: text.trim() });
        toast.success(t`The withdrawal of ${amount} to ${organiser} is accepted; the organiser is notified.`);
      } else {
        await refuse.mutateAsync({ withdrawalId: withdrawal.id, reason: text.trim() });
        toast.success(t`The withdrawal of ${amount} to ${organiser} is refused; the organiser is notified.`);
      }
      onClose();
    } catch (error) {
      const code = appCodeOf(error);
      const field = Object.values(fieldErrorsOf(i18n, error))[0];
      if (code && FIELD_CODES.has(code)) setFieldError(field ?? describeError(i18n, error));
      else setFormError(describeError(i18n, error));
    }
  };

  const fieldProps = {
    value: text,
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setText(value);
      if (fieldError) setFieldError(localError(value));
    },
    error: fieldError,
    required: true,
    "data-autofocus": true,
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Stack gap={4}>
          <Text size="sm">
            <Trans>
              <strong>{amount}</strong> to {organiser}
            </Trans>
          </Text>
          <BankDetails withdrawal={withdrawal} />
        </Stack>
        {kind === "accept" ? (
          <>
            <Text size="sm">
              <Trans>Transfer the amount to this account first, then record the bank&apos;s reference of the transfer.</Trans>
            </Text>
            <TextInput
              label={t`Payout reference`}
              description={t`The bank's reference of the transfer, e.g. the SEPA end-to-end reference. The organiser sees it.`}
              maxLength={140}
              autoComplete="off"
              {...fieldProps}
            />
          </>
        ) : (
          <Textarea
            label={t`Reason (the organiser reads it)`}
            description={t`The amount goes back to the organiser's balance.`}
            autosize
            minRows={3}
            maxLength={1000}
            {...fieldProps}
          />
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          {kind === "accept" ? (
            <Button type="submit" color="teal.9" style={darkerOnHover("teal-9")} loading={accept.isPending}>
              <Trans>Accept withdrawal</Trans>
            </Button>
          ) : (
            <Button type="submit" color="red.9" style={darkerOnHover("red-9")} loading={refuse.isPending}>
              <Trans>Refuse withdrawal</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The accept or refuse dialog of one pending withdrawal; its form is new each time it opens. */
export function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={decision !== null}
      onClose={onClose}
      title={decision?.kind === "refuse" ? t`Refuse withdrawal` : t`Accept withdrawal`}
      centered
     
      // Error texts dark enough on white (WCAG AA), as in the wallet's form.
    >
      {decision && <DecisionForm key={`${decision.kind}:${decision.withdrawal.id}`} decision={decision} onClose={onClose} />}
    </Modal>
  );
}
