import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSearch } from "wouter";
import { openAuth } from "../../components/AuthModals";
import { PublicLayout } from "../../layout/PublicLayout";

/** /activation-error: a bad or expired link, or (reason=already-activated) a second click. */
export default function ActivationErrorPage() {
  const params = new URLSearchParams(useSearch());
  const alreadyActivated = params.get("reason") === "already-activated";
  return (
    <PublicLayout>
      <Container size="xs" py={60}>
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color={alreadyActivated ? "blue" : "red"} aria-hidden>
              {alreadyActivated ? "i" : "!"}
            </ThemeIcon>
            <Title order={1} size="h2">
              {alreadyActivated ? <Trans>Account already activated</Trans> : <Trans>Activation failed</Trans>}
            </Title>
            <Text>
              {alreadyActivated ? (
                <Trans>This account has already been activated. You can log in with your email address and password.</Trans>
              ) : (
                <Trans>
                  The activation link is invalid or has expired. Register again or contact us if the problem persists.
                </Trans>
              )}
            </Text>
            <Button onClick={() => openAuth(alreadyActivated ? "login" : "register")}>
              {alreadyActivated ? <Trans>Log in</Trans> : <Trans>Register</Trans>}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
