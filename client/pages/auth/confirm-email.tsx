import { Alert, Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useParams } from "wouter";
import { openAuth } from "../../components/AuthModals";
import { PublicLayout } from "../../layout/PublicLayout";
import { describeError } from "../../lib/errors";
import { clearUserInfo } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";

/**
 * /auth/confirm-email/{token}: the link of the mail sent to a new login address. It changes
 * nothing until the button is pressed (mail scanners open links).
 */
export default function ConfirmEmailPage() {
  const { token = "" } = useParams<{ token: string }>();
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const confirm = useMutation(
    trpc.account.access.confirmEmailChange.mutationOptions({
      // Every session of the account ended with the change.
      onSuccess: () => clearUserInfo(),
    }),
  );
  return (
    <PublicLayout>
      <Container size="xs" py={60}>
        <Paper withBorder p="xl" radius="md">
          <Stack>
            <Title order={1} size="h2">
              <Trans>Confirm your new email address</Trans>
            </Title>
            {confirm.isSuccess ? (
              <>
                <Alert color="green">
                  <Trans>Your email address is changed. Please log in with the new address.</Trans>
                </Alert>
                <Button onClick={() => openAuth("login")}>
                  <Trans>Log in</Trans>
                </Button>
              </>
            ) : (
              <>
                {confirm.isError && <Alert color="red">{describeError(i18n, confirm.error)}</Alert>}
                <Text>
                  <Trans>From now on you will sign in with the address this link was sent to. You will be signed out everywhere and log in again.</Trans>
                </Text>
                <Button loading={confirm.isPending} onClick={() => confirm.mutate({ token })}>
                  <Trans>Confirm email address</Trans>
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
