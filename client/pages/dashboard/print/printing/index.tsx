import { Alert, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { PageLoader } from "../../../../components/PageLoader";
import { describeError } from "../../../../lib/errors";
import { useTRPC } from "../../../../lib/trpc";
import { NewRunPanel } from "./new-run";
import { RunsPanel } from "./runs";

/**
 * /dashboard/print/printing (printAreaAccess, issue 20): hard tickets printed in runs (DIN long,
 * one ticket per page), and the list of runs with "Print again" and "Void".
 */
export function PrintingPage() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const dates = useQuery(trpc.print.dates.queryOptions());
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          <Trans>Printing</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Hard tickets for an event date: print-ready in DIN long, one ticket per page.</Trans>
        </Text>
      </div>
      {dates.isPending ? (
        <PageLoader />
      ) : dates.isError ? (
        <Alert color="red">{describeError(i18n, dates.error)}</Alert>
      ) : (
        <>
          <NewRunPanel events={dates.data} />
          <RunsPanel events={dates.data} />
        </>
      )}
    </Stack>
  );
}
