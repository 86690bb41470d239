import { Group, Select, TextInput } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

/** The search box and status filter above a dashboard list. */
export function ListFilters<S extends string>({
  search,
  onSearchChange,
  searchLabel,
  status,
  onStatusChange,
  statuses,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  searchLabel: string;
  status: S | null;
  onStatusChange: (value: S | null) => void;
  statuses: { value: S; label: string }[];
}) {
  const { t } = useLingui();
  return (
    <Group>
      <TextInput
        placeholder={searchLabel}
        aria-label={searchLabel}
        value={search}
        onChange={(e) => onSearchChange(e.currentTarget.value)}
        style={{ flex: 1, minWidth: 200 }}
      />
      <Select
        aria-label={t`Status`}
        placeholder={t`All statuses`}
        clearable
        value={status}
        onChange={(v) => onStatusChange(v as S | null)}
        data={statuses}
      />
    </Group>
  );
}
