import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Route, Switch } from "wouter";
import { PageLoader } from "../../components/PageLoader";
import { AreaShell } from "../../layout/AreaShell";
import { AreaNotFound } from "../../layout/AreaShell/AreaNotFound";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";

function ResellerHome() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const home = useQuery(trpc.resellers.home.queryOptions());
  if (home.isPending) return <PageLoader />;
  if (home.isError) return <Alert color="red">{describeError(i18n, home.error)}</Alert>;
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Welcome, {home.data.name}</Trans>
      </Title>
      {home.data.organiserName && (
        <Text c="dimmed">
          <Trans>You sell tickets for {home.data.organiserName}.</Trans>
        </Text>
      )}
      <Paper withBorder p="md">
        <Text>
          <Trans>No events have been allocated to you yet. The organiser assigns events and ticket prices to you.</Trans>
        </Text>
      </Paper>
    </Stack>
  );
}

/** /reseller-dash/*: the reseller's area. */
export default function ResellerArea() {
  const { t } = useLingui();
  return (
    <AreaShell title={t`Reseller dashboard`} nav={[{ href: "/", label: t`Overview` }]}>
      <Switch>
        <Route path="/" component={ResellerHome} />
        <Route component={AreaNotFound} />
      </Switch>
    </AreaShell>
  );
}
