import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ZChangeEmail, ZChangePassword } from "../../../../shared/schemas/account";
import { PageLoader } from "../../../components/PageLoader";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";

function PasswordForm() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const form = useZodForm(ZChangePassword, { mode: "uncontrolled", initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });
  const change = useMutation(
    trpc.account.access.changePassword.mutationOptions({
      onSuccess: () => {
        form.reset();
        toast.success(t`Your password is changed. You were signed out on every other device.`);
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
        <Stack>
          <Title order={2} size="h4">
            <Trans>Change password</Trans>
          </Title>
          <PasswordInput label={t`Current password`} autoComplete="current-password" required key={form.key("currentPassword")} {...form.getInputProps("currentPassword")} />
          <PasswordInput
            label={t`New password`}
            description={t`At least 8 characters with an uppercase and a lowercase letter, a digit and a special character.`}
            autoComplete="new-password"
            required
            key={form.key("newPassword")}
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput label={t`Confirm new password`} autoComplete="new-password" required key={form.key("confirmPassword")} {...form.getInputProps("confirmPassword")} />
          <Group>
            <Button type="submit" loading={change.isPending}>
              <Trans>Change password</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function EmailForm({ email, pendingEmail }: { email: string | null; pendingEmail: string | null }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.access.loginDetails.queryKey() });
  const form = useZodForm(ZChangeEmail, { mode: "uncontrolled", initialValues: { newEmail: "", currentPassword: "" } });
  const request = useMutation(
    trpc.account.access.requestEmailChange.mutationOptions({
      onSuccess: async () => {
        form.reset();
        toast.success(t`We sent a confirmation link to the new address.`);
        await refresh();
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  const cancel = useMutation(
    trpc.account.access.cancelEmailChange.mutationOptions({
      onSuccess: refresh,
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit((values) => request.mutate(values))} noValidate>
        <Stack>
          <Title order={2} size="h4">
            <Trans>Change email address</Trans>
          </Title>
          <Text size="sm">
            {email ? <Trans>You sign in with {email}.</Trans> : <Trans>You sign in with your user name; you can add an email address.</Trans>}
          </Text>
          {pendingEmail && (
            <Alert color="blue" title={t`Waiting for confirmation`}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  <Trans>We sent a link to {pendingEmail}. Your login changes once you open it; until then the current address stays in use.</Trans>
                </Text>
                <Button size="xs" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                  <Trans>Cancel the change</Trans>
                </Button>
              </Stack>
            </Alert>
          )}
          <TextInput label={t`New email address`} type="email" autoComplete="email" required key={form.key("newEmail")} {...form.getInputProps("newEmail")} />
          <PasswordInput label={t`Current password`} autoComplete="current-password" required key={form.key("currentPassword")} {...form.getInputProps("currentPassword")} />
          <Group>
            <Button type="submit" loading={request.isPending}>
              <Trans>Send confirmation link</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Login details tab: the user's own email address (confirmed by a link) and password. */
export default function LoginTab() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const details = useQuery(trpc.account.access.loginDetails.queryOptions());
  if (details.isPending) return <PageLoader />;
  if (details.isError) return <Alert color="red">{describeError(i18n, details.error)}</Alert>;
  return (
    <Stack maw={560}>
      {details.data.username && (
        <Text size="sm">
          <Trans>Your user name: {details.data.username}</Trans>
        </Text>
      )}
      <EmailForm email={details.data.email} pendingEmail={details.data.pendingEmail} />
      <PasswordForm />
    </Stack>
  );
}
