import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useParams } from "wouter";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import { PageLoader } from "../../components/PageLoader";
import { useLogout } from "../../hooks/use-logout";
import { describeError } from "../../lib/errors";
import { useUserInfo } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";

/** /event-staff/{agentId}: the agent's home. */
export default function StaffHomePage() {
  const { agentId } = useParams<{ agentId: string }>();
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const [, navigate] = useLocation();
  const logout = useLogout();
  const home = useQuery(trpc.staff.home.queryOptions());

  // An agent only has their own page.
  useEffect(() => {
    if (info && info.user.id !== agentId) navigate(`/event-staff/${info.user.id}`, { replace: true });
  }, [info, agentId, navigate]);

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            <Trans>Event staff</Trans>
          </Title>
          <Group gap="xs">
            <LanguageSwitcher />
            <Button variant="default" onClick={() => void logout()}>
              <Trans>Logout</Trans>
            </Button>
          </Group>
        </Group>
        {home.isPending && <PageLoader />}
        {home.isError && <Alert color="red">{describeError(i18n, home.error)}</Alert>}
        {home.data && (
          <Paper withBorder p="lg">
            <Stack gap="xs">
              <Text fw={600} data-testid="signed-in-user">
                {home.data.name}
              </Text>
              {home.data.organiserName && (
                <Text c="dimmed">
                  <Trans>Staff of {home.data.organiserName}</Trans>
                </Text>
              )}
              {home.data.eventId === null && (
                <Alert color="yellow">
                  <Trans>You are not assigned to an event yet. The organiser assigns you to the event you check in for.</Trans>
                </Alert>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
