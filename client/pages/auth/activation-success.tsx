import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { openAuth } from "../../components/AuthModals";
import { PublicLayout } from "../../layout/PublicLayout";

export default function ActivationSuccessPage() {
  return (
    <PublicLayout>
      <Container size="xs" py={60}>
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="green" aria-hidden>
              ✓
            </ThemeIcon>
            <Title order={1} size="h2">
              <Trans>Your account is activated</Trans>
            </Title>
            <Text>
              <Trans>Thank you for confirming your email address. You can now log in and set up your first event.</Trans>
            </Text>
            <Button onClick={() => openAuth("login")}>
              <Trans>Log in</Trans>
            </Button>
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
