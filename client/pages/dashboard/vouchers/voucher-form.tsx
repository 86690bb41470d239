import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { bulkCode, VOUCHER_CODE_MAX } from "../../../../shared/rules/voucher";
import { ZCreateVoucherInput } from "../../../../shared/schemas/vouchers";
import type { UseFormReturnType } from "@mantine/form";
import { PageLoader } from "../../../components/PageLoader";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { confirmLeave, setLeaveGuard } from "../../../lib/leave-guard";
import { toast } from "../../../lib/toast";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc";
import { createInput, formSchema, initialTerms, TERMS_FIELDS, type TermsValues, termsOf, type VoucherFormValues } from "./form-model";
import type { VoucherTarget } from "./targets";
import { serverErrorsOnFields } from "./server-errors";
import { TermsFields } from "./terms-fields";

type Voucher = RouterOutputs["vouchers"]["get"];
const schema = formSchema<VoucherFormValues>(ZCreateVoucherInput, createInput);
const FIELDS = ["code", ...TERMS_FIELDS] as const;

/** A random code to start from (the organiser may type another). */
function suggestCode(): string {
  const random = new Uint32Array(8);
  crypto.getRandomValues(random);
  let i = 0;
  return bulkCode("", (n) => random[i++]! % n);
}

/** Moves the keyboard focus to the first field with an error (the modal may be scrolled). */
export function focusFirstError(root: HTMLElement | null) {
  window.setTimeout(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

/** The modal around a voucher form: closing it while the form is dirty asks first (SPEC §2). */
export function VoucherModal({ opened, title, onClose, children }: { opened: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery("(max-width: 36em)");
  return (
    <Modal.Root opened={opened} onClose={() => confirmLeave(i18n, onClose)} size="xl" fullScreen={phone === true}>
      <Modal.Overlay />
      {/* Error texts in red.9 (5.7:1 on white): the theme's red.6 is below WCAG AA (3.3:1). */}
      <Modal.Content>
        {/* A div, not Mantine's <header>: the page's header stays the only banner landmark. */}
        <Modal.Header renderRoot={(props) => <div {...props} />}>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t`Close`} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** Registers the leave guard while the form has unsaved changes; drops it when the form goes. */
export function useDirtyGuard(dirty: boolean) {
  useEffect(() => setLeaveGuard(dirty), [dirty]);
  useEffect(() => () => setLeaveGuard(false), []);
}

type FormProps = { targets: readonly VoucherTarget[]; onDone: () => void; onCancel: () => void };

/** The target of a stored voucher stays choosable even when the targets no longer list it. */
function withTargetOf(targets: readonly VoucherTarget[], voucher: Voucher | undefined): readonly VoucherTarget[] {
  if (!voucher || targets.some((x) => x.id === voucher.eventId)) return targets;
  return [...targets, { id: voucher.eventId, name: voucher.eventName, isSeason: voucher.isSeason, seasonId: null, categories: [], blocks: [] }];
}

/** One voucher: new (`voucher` undefined), edited (`canUpdate`), or only shown. */
function VoucherForm({ targets, voucher, canUpdate, onDone, onCancel }: FormProps & { voucher?: Voucher; canUpdate: boolean }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const readOnly = voucher !== undefined && !canUpdate;
  const form = useZodForm<VoucherFormValues>(schema, {
    mode: "controlled",
    initialValues: voucher ? { ...termsOf(voucher), code: voucher.code } : { ...initialTerms(), code: "" },
  });
  useDirtyGuard(form.isDirty() && !readOnly);
  const onSuccess = async (code: string) => {
    setLeaveGuard(false);
    toast.success(voucher ? t`Voucher ${code} saved.` : t`Voucher ${code} created.`);
    await queryClient.invalidateQueries({ queryKey: trpc.vouchers.pathKey() });
    onDone();
  };
  const onError = (error: unknown) => {
    const onFields = serverErrorsOnFields(i18n, error, FIELDS);
    if (onFields) form.setErrors(onFields);
  };
  const create = useMutation(trpc.vouchers.create.mutationOptions({ onError }));
  const update = useMutation(trpc.vouchers.update.mutationOptions({ onError }));
  const saving = create.isPending || update.isPending;
  const failed = create.error ?? update.error;
  const submit = form.onSubmit(
    (values) => {
      const input = createInput(values);
      const code = input.code.trim().toUpperCase();
      if (voucher) update.mutate({ ...input, voucherId: voucher.id }, { onSuccess: () => void onSuccess(code) });
      else create.mutate(input, { onSuccess: () => void onSuccess(code) });
    },
    (_errors, _values, event) => focusFirstError((event?.currentTarget as HTMLElement | undefined) ?? null),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t`Voucher`}>
      <Stack>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t`Code`}
            description={t`3 to 64 letters, digits, hyphens or underscores. Buyers type it at checkout; upper and lower case are the same.`}
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={VOUCHER_CODE_MAX}
            readOnly={readOnly}
            data-autofocus
            style={{ flex: 1 }}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            {...form.getInputProps("code")}
          />
          {!voucher && (
            <Button variant="default" onClick={() => form.setFieldValue("code", suggestCode())} mb={form.errors.code ? 22 : 0}>
              <Trans>Suggest a code</Trans>
            </Button>
          )}
        </Group>
        <TermsFields
          form={form as unknown as UseFormReturnType<TermsValues>}
          targets={withTargetOf(targets, voucher)}
          readOnly={readOnly}
          proposeUntil={!voucher}
          uses={voucher ? { usedCount: voucher.usedCount, reservedCount: voucher.reservedCount } : undefined}
        />
        {failed && (
          <Alert color="red" role="alert" title={t`Nothing was saved`}>
            {describeError(i18n, failed)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {readOnly ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={saving}>
              {voucher ? <Trans>Save</Trans> : <Trans>Create voucher</Trans>}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** A new voucher in a modal. */
export function NewVoucherModal({ opened, targets, onClose }: { opened: boolean; targets: readonly VoucherTarget[]; onClose: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <VoucherModal opened={opened} title={t`New voucher`} onClose={onClose}>
      {opened && <VoucherForm targets={targets} canUpdate onDone={onClose} onCancel={() => confirmLeave(i18n, onClose)} />}
    </VoucherModal>
  );
}

/** A stored voucher in a modal: its form with updateVoucher, read-only without. */
export function EditVoucherModal({ voucherId, targets, canUpdate, onClose }: { voucherId: string; targets: readonly VoucherTarget[]; canUpdate: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const voucher = useQuery(trpc.vouchers.get.queryOptions({ voucherId }));
  const code = voucher.data?.code ?? "";
  return (
    <VoucherModal opened title={canUpdate ? t`Edit voucher ${code}` : t`Voucher ${code}`} onClose={onClose}>
      {voucher.isPending && <PageLoader />}
      {voucher.isError && (
        <Stack>
          <Alert color="red" role="alert">
            {describeError(i18n, voucher.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </Group>
        </Stack>
      )}
      {voucher.data && <VoucherForm key={voucher.data.id} targets={targets} voucher={voucher.data} canUpdate={canUpdate} onDone={onClose} onCancel={() => confirmLeave(i18n, onClose)} />}
    </VoucherModal>
  );
}
