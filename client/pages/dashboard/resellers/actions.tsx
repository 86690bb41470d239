import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, PasswordInput, Stack } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useMutation } from "@tanstack/react-query";
import { ZResellerPasswordReset } from "../../../../shared/schemas/resellers";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { useRefreshResellers } from "./use-resellers";

/** A reseller as the actions need it. */
export type ResellerRef = { id: string; name: string };

/** SPEC §5: at least 8 characters with at least one special character. */
export function PasswordRules() {
  return <Trans>At least 8 characters with at least one special character. Give it to the reseller yourself.</Trans>;
}

/** Activating at once; deactivating after a confirmation, since it signs the reseller out. */
export function useResellerStatus() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshResellers();
  const setActive = useMutation(
    trpc.resellerManage.setActive.mutationOptions({
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const change = (reseller: ResellerRef, active: boolean) => {
    const { name } = reseller;
    setActive.mutate(
      { id: reseller.id, active },
      {
        onSuccess: async () => {
          toast.success(active ? t`${name} is activated and can log in again.` : t`${name} is deactivated and has been signed out.`);
          await refresh();
        },
      },
    );
  };
  return {
    activate: (reseller: ResellerRef) => change(reseller, true),
    deactivate: (reseller: ResellerRef) => {
      const { name } = reseller;
      modals.openConfirmModal({
        title: t`Deactivate ${name}?`,
        closeButtonProps: { "aria-label": t`Close` },
        children: t`${name} is signed out at once and can neither log in nor sell until you activate the account again.`,
        labels: { confirm: t`Deactivate`, cancel: t`Cancel` },
        confirmProps: { color: "red" },
        onConfirm: () => change(reseller, false),
      });
    },
    busy: setActive.isPending,
  };
}

/** The owner types a new password twice; the reseller is signed out everywhere. */
function ResetPasswordForm({ reseller, onDone }: { reseller: ResellerRef; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const { name } = reseller;
  const form = useZodForm(ZResellerPasswordReset, { mode: "controlled", initialValues: { id: reseller.id, password: "", confirmPassword: "" } });
  const reset = useMutation(
    trpc.resellerManage.resetPassword.mutationOptions({
      onSuccess: () => {
        toast.success(t`The new password is set. ${name} has been signed out and logs in with it.`);
        onDone();
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => reset.mutate(values))} noValidate>
      <Stack>
        <PasswordInput
          label={t`New password`}
          description={<PasswordRules />}
          autoComplete="new-password"
          required
          data-autofocus
          {...form.getInputProps("password")}
        />
        <PasswordInput label={t`Confirm the new password`} autoComplete="new-password" required {...form.getInputProps("confirmPassword")} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={reset.isPending}>
            <Trans>Set password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The "Reset password" modal of a reseller (null: closed). */
export function ResetPasswordModal({ reseller, onClose }: { reseller: ResellerRef | null; onClose: () => void }) {
  const { t } = useLingui();
  const name = reseller?.name ?? "";
  return (
    <Modal opened={reseller !== null} onClose={onClose} title={t`New password for ${name}`}>
      {reseller && <ResetPasswordForm reseller={reseller} onDone={onClose} />}
    </Modal>
  );
}
