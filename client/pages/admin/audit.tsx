import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { ListPagination } from "../../components/ListPagination";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { AuditEntryCard } from "./audit/entry";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_LABELS, AUDIT_TARGET_TYPES } from "./audit/labels";

const PAGE_SIZE = 25;
const ALL = "all";

/**
 * /admin-dashboard/audit (issue 23 item 5): every administrator's decision or change, newest
 * first, with who made it, on which record, and what changed. Filterable by action, by the kind
 * of record and by one record.
 */
export default function AdminAudit() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [action, setAction] = useState<string | null>(null);
  const [targetType, setTargetType] = useState<string | null>(null);
  const [targetId, setTargetId] = useState<string | null>(null);
  const [pageNumber, setPage] = useState(1);
  const list = useQuery({ ...trpc.admin.audit.list.queryOptions({ action, targetType, targetId, page: pageNumber, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(pageNumber, pages);
  const filtered = action !== null || targetType !== null || targetId !== null;
  const onlyId = targetId?.slice(0, 8) ?? "";

  const choose = (set: (value: string | null) => void) => (value: string | null) => {
    set(value === ALL || value === null ? null : value);
    setPage(1);
  };

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Audit log</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Every decision and change made by an administrator, newest first.</Trans>
        </Text>
      </Stack>
      <Group align="flex-end" gap="sm">
        <Select
          label={t`Action`}
          w={{ base: "100%", xs: 280 }}
          allowDeselect={false}
          value={action ?? ALL}
          onChange={choose(setAction)}
          data={[{ value: ALL, label: t`All actions` }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: i18n._(AUDIT_ACTION_LABELS[a]) }))]}
        />
        <Select
          label={t`Record type`}
          w={{ base: "100%", xs: 220 }}
          allowDeselect={false}
          value={targetType ?? ALL}
          onChange={choose(setTargetType)}
          data={[{ value: ALL, label: t`All records` }, ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: i18n._(AUDIT_TARGET_LABELS[type]) }))]}
        />
        {targetId && (
          <Button variant="light" color="blue.9" onClick={() => choose(setTargetId)(null)}>
            <Trans>Record {onlyId}: show all records</Trans>
          </Button>
        )}
      </Group>
      {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
      {list.isPending && <Skeleton h={200} />}
      {list.data && total === 0 && (
        <Paper withBorder p="md">
          <Text c="dimmed" size="sm">
            {filtered ? <Trans>No entries match these filters.</Trans> : <Trans>No administrator has made a change yet.</Trans>}
          </Text>
        </Paper>
      )}
      {list.data && total > 0 && (
        <>
          <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Audit log`} aria-busy={list.isFetching} style={{ listStyle: "none" }}>
            {list.data.entries.map((entry) => (
              <AuditEntryCard
                key={entry.id}
                entry={entry}
                onOnlyTarget={(id) => {
                  setTargetId(id);
                  setPage(1);
                }}
              />
            ))}
          </Stack>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              <Plural value={total} one={`# log entry, page ${current} of ${pages}`} other={`# log entries, page ${current} of ${pages}`} />
            </Text>
            {pages > 1 && (
              <ListPagination total={pages} value={current} onChange={setPage} />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
