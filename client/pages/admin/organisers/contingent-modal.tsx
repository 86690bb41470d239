import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CONTINGENT_ADJUSTMENT_MAX } from "../../../../shared/schemas/admin-organisers";
import { describeCode, describeError, fieldErrorsOf } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { newAdjustmentKey, type OrganiserDetail } from "./labels";

type Errors = Partial<Record<"delta" | "reason", string>>;

function ContingentForm({ detail, onClose }: { detail: OrganiserDetail; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // One key per opened form: a double click or a retry after a lost answer counts once.
  const [key] = useState(newAdjustmentKey);
  const [delta, setDelta] = useState<number | string>("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const adjust = useMutation(
    trpc.admin.organisers.adjustContingent.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }) }),
  );
  const now = detail.plan.ticketContingent;
  const change = typeof delta === "number" && Number.isInteger(delta) ? delta : null;
  const after = change !== null ? now + change : null;
  const name = detail.organiser.name;
  const nowText = i18n.number(now);
  const afterText = after !== null ? i18n.number(after) : "–";

  const check = (): Errors => {
    const next: Errors = {};
    if (change === null || change === 0) next.delta = t`Enter a whole number of tickets other than 0.`;
    else if (after !== null && after < 0) next.delta = describeCode(i18n, "CONTINGENT_BELOW_ZERO");
    if (reason.trim() === "") next.reason = t`Give a reason: it is kept in the audit log.`;
    return next;
  };

  const submit = async () => {
    const local = check();
    setErrors(local);
    setFormError(null);
    if (Object.values(local).some(Boolean) || change === null) return;
    try {
      const result = await adjust.mutateAsync({ organiserId: detail.organiser.id, delta: change, reason: reason.trim(), idempotencyKey: key });
      const left = i18n.number(result.ticketContingent);
      toast.success(t`The contingent of ${name} is now ${left} tickets.`);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(i18n, error);
      if (fields.delta || fields.reason) setErrors({ delta: fields.delta, reason: fields.reason });
      else setFormError(describeError(i18n, error));
    }
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
        <Text size="sm">
          <Trans>
            Contingent now: <strong>{nowText}</strong> tickets
          </Trans>
        </Text>
        <NumberInput
          label={t`Change in tickets`}
          description={t`Positive adds tickets, negative takes them away.`}
          allowDecimal={false}
          allowNegative
          min={-CONTINGENT_ADJUSTMENT_MAX}
          max={CONTINGENT_ADJUSTMENT_MAX}
          clampBehavior="strict"
          thousandSeparator={i18n.locale === "de" ? "." : ","}
          value={delta}
          onChange={(v) => {
            setDelta(v);
            setErrors((e) => ({ ...e, delta: undefined }));
          }}
          error={errors.delta}
          required
          data-autofocus
        />
        <Text size="sm" aria-live="polite">
          <Trans>
            Contingent afterwards: <strong>{afterText}</strong> tickets
          </Trans>
        </Text>
        <Textarea
          label={t`Reason`}
          description={t`For the audit log, e.g. the offline payment's reference.`}
          autosize
          minRows={2}
          maxLength={1000}
          required
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setErrors((x) => ({ ...x, reason: undefined }));
          }}
          error={errors.reason}
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" color="blue.9" loading={adjust.isPending}>
            <Trans>Save correction</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Adjust contingent": adds or takes away tickets by hand, through the contingent's ledger. */
export function ContingentModal({ detail, opened, onClose }: { detail: OrganiserDetail; opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Adjust contingent`}
      centered
     
    >
      {opened && <ContingentForm detail={detail} onClose={onClose} />}
    </Modal>
  );
}
