import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Code, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { MAX_BULK_VOUCHERS } from "../../../../shared/rules/voucher";
import { ZBulkVoucherInput } from "../../../../shared/schemas/vouchers";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { confirmLeave, setLeaveGuard } from "../../../lib/leave-guard";
import { toast } from "../../../lib/toast";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc";
import { type BulkFormValues, bulkInput, formSchema, initialTerms, TERMS_FIELDS, type TermsValues } from "./form-model";
import { exportUrlOf } from "./query-state";
import type { VoucherTarget } from "./targets";
import { serverErrorsOnFields } from "./server-errors";
import { TermsFields } from "./terms-fields";
import { focusFirstError, useDirtyGuard, VoucherModal } from "./voucher-form";

type Created = RouterOutputs["vouchers"]["bulkCreate"];
const schema = formSchema<BulkFormValues>(ZBulkVoucherInput, bulkInput);
const FIELDS = ["prefix", "count", ...TERMS_FIELDS] as const;
/** What a random part looks like (BULK_CODE_RANDOM_LENGTH characters). */
const SAMPLE = "K7M2X9QD";

/** The terms, the prefix and how many codes; one transaction on the server (all or none). */
function BulkForm({ targets, onCreated, onCancel }: { targets: readonly VoucherTarget[]; onCreated: (created: Created) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm<BulkFormValues>(schema, { mode: "controlled", initialValues: { ...initialTerms(), prefix: "", count: 100 } });
  useDirtyGuard(form.isDirty());
  const bulk = useMutation(
    trpc.vouchers.bulkCreate.mutationOptions({
      onSuccess: async (created) => {
        setLeaveGuard(false);
        const { count } = created;
        toast.success(<Plural value={count} one="# voucher code created." other="# voucher codes created." />);
        onCreated(created);
        await queryClient.invalidateQueries({ queryKey: trpc.vouchers.pathKey() });
      },
      onError: (error) => {
        const onFields = serverErrorsOnFields(i18n, error, FIELDS);
        if (onFields) form.setErrors(onFields);
      },
    }),
  );
  const example = `${form.getValues().prefix.trim().toUpperCase()}${SAMPLE}`;
  const max = MAX_BULK_VOUCHERS.toLocaleString(i18n.locale);
  const submit = form.onSubmit(
    (values) => bulk.mutate(bulkInput(values)),
    (_errors, _values, event) => focusFirstError((event?.currentTarget as HTMLElement | undefined) ?? null),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t`Create codes in bulk`}>
      <Stack>
        <Text size="sm" c="dimmed">
          <Trans>Every code gets the same terms and a random part of 8 characters after the prefix. All codes are created together, or none.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`Prefix`}
            description={t`Example: ${example}`}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            data-autofocus
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            {...form.getInputProps("prefix")}
          />
          <NumberInput
            label={t`Number of codes`}
            description={t`1 to ${max}`}
            required
            min={1}
            max={MAX_BULK_VOUCHERS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("count")}
          />
        </SimpleGrid>
        <TermsFields form={form as unknown as UseFormReturnType<TermsValues>} targets={targets} readOnly={false} proposeUntil />
        {bulk.error && (
          <Alert color="red" role="alert" title={t`No codes were created`}>
            {describeError(i18n, bulk.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={bulk.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={bulk.isPending}>
            <Trans>Create codes</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** After the creation: how many, a few of them, and the batch's CSV. */
function BulkDone({ created, onShow, onClose }: { created: Created; onShow: () => void; onClose: () => void }) {
  const { i18n } = useLingui();
  const lang = i18n.locale === "de" ? "de" : "en";
  const sample = created.codes.slice(0, 5);
  const { count } = created;
  return (
    <Stack>
      <Alert color="teal" role="status" title={<Plural value={count} one="# voucher code created" other="# voucher codes created" />}>
        <Trans>Download the codes as a CSV file to hand them out. You find them in the list too.</Trans>
      </Alert>
      {sample.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            <Trans>The first codes:</Trans>
          </Text>
          <Group gap="xs">
            {sample.map((code) => (
              <Code key={code}>{code}</Code>
            ))}
            {created.count > sample.length && <Text size="sm">…</Text>}
          </Group>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onShow}>
          <Trans>Show them in the list</Trans>
        </Button>
        <Button component="a" href={exportUrlOf({ batchId: created.batchId }, lang)} download>
          <Trans>Download CSV</Trans>
        </Button>
        <Button variant="default" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** "Create codes in bulk": the form, then what was created. */
export function BulkModal({ opened, targets, onClose, onShowBatch }: { opened: boolean; targets: readonly VoucherTarget[]; onClose: () => void; onShowBatch: (batchId: string) => void }) {
  const { t, i18n } = useLingui();
  const [created, setCreated] = useState<Created | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <VoucherModal opened={opened} title={t`Create codes in bulk`} onClose={close}>
      {opened &&
        (created ? (
          <BulkDone
            created={created}
            onClose={close}
            onShow={() => {
              onShowBatch(created.batchId);
              close();
            }}
          />
        ) : (
          <BulkForm targets={targets} onCreated={setCreated} onCancel={() => confirmLeave(i18n, close)} />
        ))}
    </VoucherModal>
  );
}
