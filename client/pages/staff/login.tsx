import { Anchor, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import { ZAgentLoginInput } from "../../../shared/schemas/auth";
import { useZodForm } from "../../hooks/use-zod-form";
import { PublicLayout } from "../../layout/PublicLayout";
import { appCodeOf, describeError } from "../../lib/errors";
import { homePathFor, setUserInfo } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

/** /event-staff/login: event staff sign in with the name and password the organiser gave them. */
export default function StaffLoginPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const form = useZodForm(ZAgentLoginInput, { mode: "uncontrolled", initialValues: { username: "", password: "" } });
  const login = useMutation(
    trpc.auth.agentLogin.mutationOptions({
      onSuccess: (info) => {
        setUserInfo(info);
        navigate(homePathFor(info));
      },
      onError: (error) => {
        if (form.setServerErrors(error)) return;
        // Staff sign in with a name, not an email (SPEC §8's login error speaks of an email).
        toast.error(appCodeOf(error) === "INVALID_CREDENTIALS" ? t`Error logging in: staff name or password is wrong.` : describeError(i18n, error));
      },
    }),
  );
  return (
    <PublicLayout>
      <Container size="xs" py={60}>
        <Paper withBorder p="xl">
          <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
            <Stack>
              <Title order={1} size="h2">
                <Trans>Event staff login</Trans>
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>Sign in with the staff name and password you received from the organiser.</Trans>
              </Text>
              <TextInput
                label={t`Staff name`}
                autoComplete="username"
                required
                key={form.key("username")}
                {...form.getInputProps("username")}
              />
              <PasswordInput
                label={t`Password`}
                autoComplete="current-password"
                required
                key={form.key("password")}
                {...form.getInputProps("password")}
              />
              <Button type="submit" loading={login.isPending}>
                <Trans>Log in</Trans>
              </Button>
              <Anchor component={Link} href="/" size="sm">
                <Trans>Back to the start page</Trans>
              </Anchor>
            </Stack>
          </form>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
