import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ListPagination } from "../../../components/ListPagination";
import { Alert, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { canActForOrganiser } from "../../../../shared/permissions";
import { MY_TICKETS_PAGE_SIZES } from "../../../../shared/schemas/my-tickets";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { useUserInfo } from "../../../lib/session";
import { useTRPC } from "../../../lib/trpc";
import { TicketCards } from "./cards";
import { TicketFilters } from "./filters";
import type { TicketRow } from "./labels";
import { QuickChangeModal } from "./quick-change";
import { isFiltered, listInputOf, type MyTicketsQuery, myTicketsQueryString, parseMyTicketsQuery } from "./query-state";
import { type RowActions, TicketsTable } from "./table";

/** The area's URL state: read from the query string, written back to it (replacing the entry). */
function useMyTicketsQuery() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = useMemo(() => parseMyTicketsQuery(new URLSearchParams(search)), [search]);
  const setQuery = useCallback(
    (next: MyTicketsQuery) => {
      const qs = myTicketsQueryString(next);
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [location, navigate],
  );
  return { query, setQuery };
}

/**
 * /dashboard/tickets, "My Tickets" (createTickets or updateTickets, issue 22 item 2): every ticket
 * category of the organiser across events and dates with price, sale period, state, sold, held
 * and left, filtered by event and state and paged on the server. "Dates" shows a category's
 * figures per date; "Quick change" (updateTickets) changes what is safe after sales started.
 */
export default function MyTicketsArea() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const canChange = canActForOrganiser(info?.user, ["updateTickets"]);
  const canEditEvent = canActForOrganiser(info?.user, ["createEvent", "updateEvent"]);
  const { query, setQuery } = useMyTicketsQuery();
  const list = useQuery({ ...trpc.myTickets.list.queryOptions(listInputOf(query)), placeholderData: keepPreviousData });
  const narrow = useMediaQuery("(max-width: 48em)");
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [changing, setChanging] = useState<TicketRow | null>(null);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const current = Math.min(query.page, pages);
  // A page beyond the end (an old link, a filter that now matches fewer): go to the last one.
  const beyond = list.data !== undefined && total > 0 && query.page > pages;
  useEffect(() => {
    if (beyond) setQuery({ ...query, page: pages });
  }, [beyond, pages, query, setQuery]);

  const actions: RowActions = {
    expanded,
    onToggle: (id) =>
      setExpanded((before) => {
        const next = new Set(before);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    onChange: canChange ? setChanging : null,
    canEditEvent,
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>My Tickets</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          Every ticket category of your events and seasons. Price, quantity, sale end and visibility can be changed quickly, even while tickets sell; everything else is in the event's tickets step.
        </Trans>
      </Text>
      <TicketFilters query={query} setQuery={setQuery} events={list.data?.events ?? []} />
      {list.isPending && <PageLoader />}
      {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
      {list.data && total === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">
            {isFiltered(query) ? (
              <Trans>No tickets match these filters.</Trans>
            ) : (
              <Trans>No tickets yet. Ticket categories appear here once an event has them (step 4 of the event form).</Trans>
            )}
          </Text>
        </Paper>
      )}
      {list.data && total > 0 && (
        <>
          {narrow ? <TicketCards rows={list.data.rows} actions={actions} /> : <TicketsTable rows={list.data.rows} busy={list.isFetching} actions={actions} />}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              <Plural value={total} one={`# ticket category, page ${current} of ${pages}`} other={`# ticket categories, page ${current} of ${pages}`} />
            </Text>
            <Group gap="sm">
              <ListPagination total={pages} value={current} onChange={(page) => setQuery({ ...query, page })} />
              <Select
                aria-label={t`Ticket categories per page`}
                w={90}
                size="xs"
                allowDeselect={false}
                value={String(query.pageSize)}
                onChange={(v) => setQuery({ ...query, pageSize: Number(v) as MyTicketsQuery["pageSize"], page: 1 })}
                data={MY_TICKETS_PAGE_SIZES.map((n) => String(n))}
              />
            </Group>
          </Group>
        </>
      )}
      {canChange && <QuickChangeModal row={changing} onClose={() => setChanging(null)} canEditEvent={canEditEvent} />}
    </Stack>
  );
}
