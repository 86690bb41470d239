import { Alert, Button, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, Redirect, Route, Switch, useParams, useSearchParams } from "wouter";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { useTRPC } from "../../../lib/trpc";
import { CounterPage } from "./counter";
import { useBoxOfficeRights } from "./settings";
import { PastShifts } from "./shifts";

function Counter() {
  const { scopeId = "" } = useParams<{ scopeId: string }>();
  return <CounterPage key={scopeId} scopeId={scopeId} />;
}

/** /dashboard/boxoffice: the dates the counter can sell (soonest first; ?event= one event's) and the past shifts. */
function ChooseDate() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const rights = useBoxOfficeRights();
  const [params] = useSearchParams();
  const eventId = params.get("event") ?? undefined;
  const dates = useQuery({ ...trpc.boxOffice.dates.queryOptions(eventId ? { eventId } : undefined), enabled: rights.counter });
  if (!rights.counter) {
    return (
      <Alert color="yellow">
        <Trans>Your team account does not have the right to work the box office. Ask the organiser to grant it.</Trans>
      </Alert>
    );
  }
  if (dates.isPending) return <PageLoader />;
  if (dates.isError) return <Alert color="red">{describeError(i18n, dates.error)}</Alert>;
  // From an event's dashboard: its only date opens at once.
  if (eventId && dates.data.length === 1) return <Redirect to={`/${dates.data[0]!.scopeId}`} replace />;
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Box office</Trans>
      </Title>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          <Trans>Choose a date to sell</Trans>
        </Title>
        {dates.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No published event date can be sold at the counter right now.</Trans>
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table data-testid="boxoffice-dates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Event`}</Table.Th>
                  <Table.Th>{t`Date`}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dates.data.map((d, i) => {
                  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: d.timeZone }).format(d.startsAt);
                  return (
                    <Table.Tr key={d.scopeId}>
                      <Table.Td>{d.eventName}</Table.Td>
                      <Table.Td>{when}</Table.Td>
                      <Table.Td>
                        <Button component={Link} href={`/${d.scopeId}`} size="xs" variant={i === 0 ? "filled" : "light"} aria-label={t`Open counter: ${d.eventName}, ${when}`}>
                          <Trans>Open counter</Trans>
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <PastShifts />
    </Stack>
  );
}

/** /dashboard/boxoffice/*: choose a date, then the counter of that date. */
export default function BoxOfficeArea() {
  return (
    <Switch>
      <Route path="/" component={ChooseDate} />
      <Route path="/:scopeId" component={Counter} />
    </Switch>
  );
}
