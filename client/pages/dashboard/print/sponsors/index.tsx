import { Alert, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { SPONSOR_LOGO_LIMIT } from "../../../../../shared/limits";
import { PageLoader } from "../../../../components/PageLoader";
import { describeError } from "../../../../lib/errors";
import { type RouterOutputs, useTRPC } from "../../../../lib/trpc";
import { SponsorSlots } from "./slots";
import { TicketPreview } from "./preview";

export type SponsorEvent = RouterOutputs["sponsors"]["events"][number];

/** The chosen event or season lives in the URL (`?event=<id>`): a reload or a shared link keeps it. */
function useChosenEvent(events: SponsorEvent[] | undefined) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get("event");
  const chosen = events?.find((e) => e.id === wanted) ?? events?.[0] ?? null;
  const choose = useCallback((id: string) => navigate(`${location}?event=${encodeURIComponent(id)}`, { replace: true }), [location, navigate]);
  return { chosen, choose };
}

/**
 * /dashboard/print/sponsors (printAreaAccess, issue 20, SPEC §9): an event's or season's
 * sponsors, up to 4 JPEG or PNG logos in their order, printed at the foot of the hard tickets
 * and the A4 e-tickets (a season ticket carries the season's).
 */
export function SponsorsPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const events = useQuery(trpc.sponsors.events.queryOptions());
  const { chosen, choose } = useChosenEvent(events.data);
  const options = useMemo(() => {
    const label = (e: SponsorEvent) => {
      const name = e.name;
      const logos = e.logos;
      const limit = SPONSOR_LOGO_LIMIT;
      return t`${name} (${logos} of ${limit} logos)`;
    };
    const seasons = (events.data ?? []).filter((e) => e.isSeason);
    const single = (events.data ?? []).filter((e) => !e.isSeason);
    return [
      ...(single.length ? [{ group: t`Events`, items: single.map((e) => ({ value: e.id, label: label(e) })) }] : []),
      ...(seasons.length ? [{ group: t`Seasons`, items: seasons.map((e) => ({ value: e.id, label: label(e) })) }] : []),
    ];
  }, [events.data, t]);

  return (
    <Stack maw={1100}>
      <div>
        <Title order={1} size="h2">
          <Trans>Sponsors</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Up to 4 sponsor logos per event or season, printed in this order at the foot of the hard tickets and of the A4 e-tickets. A season ticket
            shows the season's logos.
          </Trans>
        </Text>
      </div>
      {events.isPending ? (
        <PageLoader />
      ) : events.isError ? (
        <Alert color="red">{describeError(i18n, events.error)}</Alert>
      ) : !chosen ? (
        <Alert color="blue" title={t`No events yet`}>
          <Trans>Create an event or a season first; then add its sponsors' logos here.</Trans>
        </Alert>
      ) : (
        <>
          <Select
            label={t`Event or season`}
            data={options}
            value={chosen.id}
            onChange={(id) => id && choose(id)}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t`No event or season matches.`}
            maw={560}
          />
          <SponsorLogos key={chosen.id} event={chosen} />
        </>
      )}
    </Stack>
  );
}

/** The chosen event's slots and the preview of its tickets' foot. */
function SponsorLogos({ event }: { event: SponsorEvent }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const list = useQuery(trpc.sponsors.list.queryOptions({ eventId: event.id }));
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <Alert color="red">{describeError(i18n, list.error)}</Alert>;
  return (
    <Stack>
      <SponsorSlots eventId={event.id} logos={list.data} />
      <Paper withBorder p="md" radius="md">
        <TicketPreview logos={list.data} />
      </Paper>
    </Stack>
  );
}
