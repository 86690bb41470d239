import { useLingui } from "@lingui/react/macro";
import { Button, Group, Select, SimpleGrid, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import "dayjs/locale/de";
import { useEffect, useRef, useState } from "react";
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_METHODS } from "../../../../shared/schemas/orders";
import { useTRPC } from "../../../lib/trpc";
import { CHANNEL_LABELS, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, useOrderDates } from "./labels";
import { DEFAULT_ORDERS_QUERY, type OrdersQuery, withFilter } from "./query-state";

/** The search box: typed freely, sent to the URL (and the server) once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  const sent = useRef(value);
  useEffect(() => {
    if (debounced.trim() === sent.current.trim()) return;
    sent.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);
  // The URL changed by itself (Back, "Reset filters"): show what it says.
  useEffect(() => {
    if (value.trim() !== sent.current.trim()) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  const label = t`Search by order number, buyer name or email, ticket code`;
  return (
    <TextInput
      type="search"
      label={t`Search`}
      placeholder={label}
      aria-description={label}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      style={{ flex: 1, minWidth: 240 }}
    />
  );
}

/** Search and filters of the orders list; every change goes to the URL and back to page 1. */
export function OrderFilters({ query, setQuery, collapsible }: { query: OrdersQuery; setQuery: (q: OrdersQuery) => void; collapsible: boolean }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const dates = useOrderDates();
  const options = useQuery(trpc.organiserOrders.filterOptions.queryOptions());
  const change = (patch: Partial<OrdersQuery>) => setQuery(withFilter(query, patch));
  const queryRef = useRef(query);
  queryRef.current = query;
  const [onSearch] = useState(() => (search: string) => setQuery(withFilter(queryRef.current, { search })));
  const events = options.data?.events ?? [];
  const event = events.find((e) => e.id === query.eventId);
  const isFiltered =
    query.search !== "" || query.eventId || query.from || query.to || query.status || query.paymentMethod || query.channel;
  const dateLocale = i18n.locale === "de" ? "de" : "en";
  const activeCount = [query.eventId, query.from, query.to, query.status, query.paymentMethod, query.channel].filter(Boolean).length;
  const [expanded, setExpanded] = useState(false);
  const shown = !collapsible || expanded;

  return (
    <>
      <Group align="flex-end">
        <SearchBox value={query.search} onSearch={onSearch} />
        {collapsible && (
          <Button variant="default" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} aria-controls="order-filters">
            {activeCount > 0 ? t`Filters (${activeCount})` : t`Filters`}
          </Button>
        )}
        {isFiltered && (
          <Button variant="subtle" onClick={() => setQuery({ ...DEFAULT_ORDERS_QUERY, pageSize: query.pageSize, sort: query.sort, direction: query.direction })}>
            {t`Reset filters`}
          </Button>
        )}
      </Group>
      <SimpleGrid id="order-filters" cols={{ base: 1, xs: 2, md: 4 }} style={shown ? undefined : { display: "none" }}>
        <Select
          label={t`Event`}
          placeholder={t`All events`}
          clearable
          searchable
          value={query.eventId}
          onChange={(v) => change({ eventId: v })}
          data={events.map((e) => ({ value: e.id, label: e.isSeason ? t`${e.name} (season)` : e.name }))}
        />
        <Select
          label={t`Event date`}
          placeholder={event?.isSeason ? t`Whole season` : t`All dates`}
          clearable
          disabled={!event || event.isSeason || event.dates.length === 0}
          value={query.scopeId}
          onChange={(v) => change({ scopeId: v })}
          data={(event?.dates ?? []).map((d) => ({ value: d.id, label: dates.dateTime(d.startsAt) }))}
        />
        <DateInput
          label={t`Ordered from`}
          placeholder={t`Any day`}
          clearable
          locale={dateLocale}
          valueFormat="DD.MM.YYYY"
          maxDate={query.to ?? undefined}
          value={query.from}
          onChange={(v) => change({ from: v || null })}
        />
        <DateInput
          label={t`Ordered until`}
          placeholder={t`Any day`}
          clearable
          locale={dateLocale}
          valueFormat="DD.MM.YYYY"
          minDate={query.from ?? undefined}
          value={query.to}
          onChange={(v) => change({ to: v || null })}
        />
        <Select
          label={t`Status`}
          placeholder={t`All statuses`}
          clearable
          value={query.status}
          onChange={(v) => change({ status: v as OrdersQuery["status"] })}
          data={ORDER_STATUSES.map((s) => ({ value: s, label: i18n._(ORDER_STATUS_LABELS[s]) }))}
        />
        <Select
          label={t`Payment method`}
          placeholder={t`All payment methods`}
          clearable
          value={query.paymentMethod}
          onChange={(v) => change({ paymentMethod: v as OrdersQuery["paymentMethod"] })}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: i18n._(PAYMENT_METHOD_LABELS[m]) }))}
        />
        <Select
          label={t`Channel`}
          placeholder={t`All channels`}
          clearable
          value={query.channel}
          onChange={(v) => change({ channel: v as OrdersQuery["channel"] })}
          data={ORDER_CHANNELS.map((c) => ({ value: c, label: i18n._(CHANNEL_LABELS[c]) }))}
        />
      </SimpleGrid>
    </>
  );
}
