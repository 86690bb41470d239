import { Loader, Paper, Progress, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { WaitingRoomStatus } from "../../../shared/schemas/waiting-room";
import { Stat } from "../Stat";

type Waiting = Extract<WaitingRoomStatus, { state: "waiting" }>;

/** "less than a minute" / "about 3 minutes" / "about 2 hours". */
function useWaitText() {
  const { t } = useLingui();
  return (seconds: number) => {
    if (seconds < 60) return t`less than a minute`;
    const minutes = Math.round(seconds / 60);
    if (minutes < 90) return plural(minutes, { one: "about # minute", other: "about # minutes" });
    const hours = Math.round(minutes / 60);
    return plural(hours, { one: "about # hour", other: "about # hours" });
  };
}

/**
 * The waiting page (decision 033): the buyer's place, the people ahead, the estimated wait and a
 * progress bar, updated by itself. Screen readers hear the place and wait when they change.
 */
export function WaitingPage({ eventName, status, firstWait }: { eventName: string; status: Waiting | null; firstWait: number | null }) {
  const { t, i18n } = useLingui();
  const waitText = useWaitText();
  const number = new Intl.NumberFormat(i18n.locale);
  // How much of the wait first estimated has passed (an estimate may grow: never below 0).
  const start = Math.max(firstWait ?? 0, 1);
  const progress = status ? Math.round(Math.min(1, Math.max(0, (start - status.waitSeconds) / start)) * 100) : 0;
  const position = status ? number.format(status.position) : "";
  const wait = status ? waitText(status.waitSeconds) : "";
  return (
    <Paper withBorder p={{ base: "md", sm: "xl" }} data-testid="waiting-room">
      <Stack gap="md">
        <Title order={2} size="h3">
          <Trans>You are in the queue</Trans>
        </Title>
        <Text>
          <Trans>
            Many people want tickets for {eventName} right now. To keep it fair, buyers are let into the shop in the order they arrived. This page
            updates by itself: you do not need to reload it.
          </Trans>
        </Text>
        {status ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Stat label={t`Your place in the queue`} value={position} testId="waiting-position" />
              <Stat label={t`People ahead of you`} value={number.format(status.ahead)} testId="waiting-ahead" />
              <Stat label={t`Estimated wait`} value={wait} testId="waiting-wait" />
            </SimpleGrid>
            <Progress value={progress} size="lg" aria-label={t`Your progress in the queue`} animated striped />
          </>
        ) : (
          <Loader size="sm" aria-label={t`Joining the queue...`} />
        )}
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="waiting-announcement">
          {status ? t`You are number ${position} in the queue. Estimated wait: ${wait}.` : ""}
        </VisuallyHidden>
        <Text size="sm" c="dimmed">
          <Trans>Keep this page open. If you reload it or come back within two minutes, you keep your place.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
