import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Select } from "@mantine/core";
import { MY_TICKET_STATES } from "../../../../shared/schemas/my-tickets";
import type { RouterOutputs } from "../../../lib/trpc";
import { TICKET_STATE_LABELS } from "./labels";
import { DEFAULT_MY_TICKETS_QUERY, isFiltered, type MyTicketsQuery, withFilter } from "./query-state";

type EventOption = RouterOutputs["myTickets"]["list"]["events"][number];

/** The event and state filters; every change goes to the URL and back to page 1. */
export function TicketFilters({ query, setQuery, events }: { query: MyTicketsQuery; setQuery: (q: MyTicketsQuery) => void; events: readonly EventOption[] }) {
  const { t, i18n } = useLingui();
  const change = (patch: Partial<MyTicketsQuery>) => setQuery(withFilter(query, patch));
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t`Event or season`}
        placeholder={t`All events`}
        clearable
        searchable
        value={query.eventId}
        onChange={(v) => change({ eventId: v })}
        data={events.map((e) => ({ value: e.id, label: e.isSeason ? t`${e.name} (season)` : e.name }))}
        nothingFoundMessage={t`Nothing found.`}
        style={{ flex: 2, minWidth: 220 }}
      />
      <Select
        label={t`State`}
        placeholder={t`All states`}
        clearable
        value={query.state}
        onChange={(v) => change({ state: v as MyTicketsQuery["state"] })}
        data={MY_TICKET_STATES.map((s) => ({ value: s, label: i18n._(TICKET_STATE_LABELS[s]) }))}
        style={{ flex: 1, minWidth: 180 }}
      />
      {isFiltered(query) && (
        <Button variant="subtle" onClick={() => setQuery({ ...DEFAULT_MY_TICKETS_QUERY, pageSize: query.pageSize })}>
          <Trans>Reset filters</Trans>
        </Button>
      )}
    </Group>
  );
}
