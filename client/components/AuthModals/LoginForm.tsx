import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import { ZLoginInput } from "../../../shared/schemas/auth";
import { useZodForm } from "../../hooks/use-zod-form";
import { describeError } from "../../lib/errors";
import { homePathFor, setUserInfo } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { openAuth } from "./store";

export function LoginForm() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const form = useZodForm(ZLoginInput, { mode: "uncontrolled", initialValues: { email: "", password: "" } });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (info) => {
        setUserInfo(info);
        openAuth(null);
        toast.success(t`Welcome back, ${info.user.firstName}!`);
        navigate(homePathFor(info));
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );

  return (
    <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label={t`Email or user name`}
          type="text"
          inputMode="email"
          autoCapitalize="none"
          autoComplete="username"
          required
          data-autofocus
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          required
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => openAuth("forgot")}>
            <Trans>Forgot password?</Trans>
          </Anchor>
          <Anchor component={Link} href="/event-staff/login" size="sm" onClick={() => openAuth(null)}>
            <Trans>Event staff login</Trans>
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          <Trans>Log in</Trans>
        </Button>
        <Text size="sm" ta="center">
          <Trans>No account yet?</Trans>{" "}
          <Anchor component="button" type="button" onClick={() => openAuth("register")}>
            <Trans>Register as an organiser</Trans>
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
