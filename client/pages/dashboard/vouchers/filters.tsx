import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Select, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { VOUCHER_STATES } from "../../../../shared/rules/voucher";
import { VOUCHER_STATE_LABELS } from "./labels";
import { DEFAULT_VOUCHERS_QUERY, isFiltered, type VouchersQuery, withFilter } from "./query-state";
import { targetOptions, type VoucherTarget } from "./targets";

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
  return (
    <TextInput
      type="search"
      label={t`Search`}
      placeholder={t`Code or description`}
      value={text}
      maxLength={64}
      onChange={(e) => setText(e.currentTarget.value)}
      style={{ flex: 2, minWidth: 200 }}
    />
  );
}

/** Search, event and state of the voucher list; every change goes to the URL and back to page 1. */
export function VoucherFilters({ query, setQuery, targets }: { query: VouchersQuery; setQuery: (q: VouchersQuery) => void; targets: readonly VoucherTarget[] }) {
  const { t, i18n } = useLingui();
  const queryRef = useRef(query);
  queryRef.current = query;
  const [onSearch] = useState(() => (search: string) => setQuery(withFilter(queryRef.current, { search })));
  const change = (patch: Partial<VouchersQuery>) => setQuery(withFilter(query, patch));
  return (
    <>
      <Group align="flex-end" gap="sm">
        <SearchBox value={query.search} onSearch={onSearch} />
        <Select
          label={t`Event or season`}
          placeholder={t`All events`}
          clearable
          searchable
          value={query.eventId}
          onChange={(v) => change({ eventId: v })}
          data={targetOptions(targets, { events: t`Events`, seasons: t`Seasons` })}
          nothingFoundMessage={t`Nothing found.`}
          style={{ flex: 2, minWidth: 200 }}
        />
        <Select
          label={t`State`}
          placeholder={t`All states`}
          clearable
          value={query.state}
          onChange={(v) => change({ state: v as VouchersQuery["state"] })}
          data={VOUCHER_STATES.map((s) => ({ value: s, label: i18n._(VOUCHER_STATE_LABELS[s]) }))}
          style={{ flex: 1, minWidth: 160 }}
        />
        {isFiltered(query) && (
          <Button variant="subtle" onClick={() => setQuery({ ...DEFAULT_VOUCHERS_QUERY, pageSize: query.pageSize })}>
            <Trans>Reset filters</Trans>
          </Button>
        )}
      </Group>
      {query.batchId && (
        <Group gap="xs">
          <Text size="sm" fw={500}>
            <Trans>Codes of one bulk creation</Trans>
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => change({ batchId: null })}>
            <Trans>Show all codes again</Trans>
          </Button>
        </Group>
      )}
    </>
  );
}
