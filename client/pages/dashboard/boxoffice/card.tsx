import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { describeError } from "../../../lib/errors";
import { useTRPC } from "../../../lib/trpc";
import { useBoxOfficeRights } from "./settings";

/** The dashboard home's box office card: the next date's counter at once, or any other date. */
export function BoxOfficeCard() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const rights = useBoxOfficeRights();
  const dates = useQuery({ ...trpc.boxOffice.dates.queryOptions(), enabled: rights.counter });
  if (!rights.counter) return null;
  const next = dates.data?.[0];
  const when = next ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: next.timeZone }).format(next.startsAt) : "";
  return (
    <Paper withBorder p="md" data-testid="boxoffice-card">
      <Stack gap="xs">
        <Text fw={600}>
          <Trans>Box office</Trans>
        </Text>
        {dates.isError ? (
          <Text size="sm" c="red.8">
            {describeError(i18n, dates.error)}
          </Text>
        ) : next ? (
          <Text size="sm">
            <Trans>
              Next: {next.eventName}, {when}
            </Trans>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {dates.isPending ? t`Loading...` : t`No date on sale at the moment.`}
          </Text>
        )}
        <Group gap="xs">
          {next && (
            <Button component={Link} href={`/boxoffice/${next.scopeId}`}>
              <Trans>Open counter</Trans>
            </Button>
          )}
          <Button component={Link} href="/boxoffice" variant="default">
            {next ? t`Other dates` : t`Box office`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
