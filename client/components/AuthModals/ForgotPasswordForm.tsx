import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { ZForgotPasswordInput } from "../../../shared/schemas/auth";
import { useZodForm } from "../../hooks/use-zod-form";
import { appCodeOf, describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { openAuth } from "./store";

export function ForgotPasswordForm() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const form = useZodForm(ZForgotPasswordInput, { mode: "uncontrolled", initialValues: { email: "" } });
  const request = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onSuccess: () => toast.success(t`Reset email sent. Please check your inbox.`),
      onError: (error) => {
        if (form.setServerErrors(error)) return;
        // SPEC §8: anything but a known answer is the generic "try again later".
        toast.error(
          appCodeOf(error) === "TOO_MANY_REQUESTS" ? describeError(i18n, error) : t`Something went wrong. Please try again later.`,
        );
      },
    }),
  );

  if (request.isSuccess) {
    return (
      <Stack>
        <Alert color="green" title={t`Reset email sent`}>
          <Trans>We sent you an email with a link to set a new password. The link is valid for 60 minutes.</Trans>
        </Alert>
        <Button variant="light" onClick={() => openAuth("login")}>
          <Trans>Back to login</Trans>
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => request.mutate(values))} noValidate>
      <Stack>
        <Text size="sm">
          <Trans>Enter the email address of your account. We will send you a link to set a new password.</Trans>
        </Text>
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="email"
          required
          data-autofocus
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          <Trans>Send reset link</Trans>
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => openAuth("login")}>
          <Trans>Back to login</Trans>
        </Anchor>
      </Stack>
    </form>
  );
}
