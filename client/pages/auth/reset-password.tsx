import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { ZResetPasswordInput } from "../../../shared/schemas/auth";
import { openAuth } from "../../components/AuthModals";
import { PageLoader } from "../../components/PageLoader";
import { useZodForm } from "../../hooks/use-zod-form";
import { PublicLayout } from "../../layout/PublicLayout";
import { appCodeOf, describeError } from "../../lib/errors";
import { clearUserInfo } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

function ResetForm({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const form = useZodForm(ZResetPasswordInput, {
    mode: "uncontrolled",
    initialValues: { token, password: "", confirmPassword: "" },
  });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: () => {
        // Every session ended with the change, this browser's too.
        clearUserInfo();
        toast.success(t`Password has been reset`);
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );

  if (reset.isSuccess) {
    return (
      <Stack>
        <Alert color="green" title={t`Password has been reset`}>
          <Trans>You can now log in with your new password. You were signed out everywhere else.</Trans>
        </Alert>
        <Button onClick={() => openAuth("login")}>
          <Trans>Log in</Trans>
        </Button>
      </Stack>
    );
  }
  const code = appCodeOf(reset.error);
  return (
    <form onSubmit={form.onSubmit((values) => reset.mutate(values))} noValidate>
      <Stack>
        {(code === "INVALID_TOKEN" || code === "TOKEN_EXPIRED") && (
          <Alert color="red">{describeError(i18n, reset.error)}</Alert>
        )}
        <PasswordInput
          label={t`New password`}
          description={t`At least 8 characters with an uppercase and a lowercase letter, a digit and a special character.`}
          autoComplete="new-password"
          required
          data-autofocus
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <PasswordInput
          label={t`Confirm new password`}
          autoComplete="new-password"
          required
          key={form.key("confirmPassword")}
          {...form.getInputProps("confirmPassword")}
        />
        <Button type="submit" loading={reset.isPending}>
          <Trans>Set new password</Trans>
        </Button>
      </Stack>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { token = "" } = useParams<{ token: string }>();
  const trpc = useTRPC();
  const { i18n } = useLingui();
  const check = useQuery(trpc.auth.checkResetToken.queryOptions({ token }));
  return (
    <PublicLayout>
      <Container size="xs" py={60}>
        <Paper withBorder p="xl" radius="md">
          <Stack>
            <Title order={1} size="h2">
              <Trans>Set a new password</Trans>
            </Title>
            {check.isPending && <PageLoader />}
            {check.isError && <Alert color="red">{describeError(i18n, check.error)}</Alert>}
            {check.data?.status === "valid" && <ResetForm token={token} />}
            {(check.data?.status === "invalid" || check.data?.status === "expired") && (
              <Stack>
                <Alert color="red">
                  {check.data.status === "expired" ? (
                    <Trans>This link has expired. Please request a new one.</Trans>
                  ) : (
                    <Trans>This link is invalid or has already been used.</Trans>
                  )}
                </Alert>
                <Text size="sm">
                  <Trans>You can ask for a new link from the login dialog.</Trans>
                </Text>
                <Button variant="light" onClick={() => openAuth("forgot")}>
                  <Trans>Request a new link</Trans>
                </Button>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
