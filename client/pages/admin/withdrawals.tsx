import { Alert, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from "@mantine/core";
import { ListPagination } from "../../components/ListPagination";
import { useMediaQuery } from "@mantine/hooks";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from "../../../shared/schemas/wallet";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { WITHDRAWAL_STATUS_LABELS } from "../dashboard/wallet/labels";
import { type Decision, DecisionModal } from "./withdrawals/decision-modal";
import { QueueCards, QueueTable } from "./withdrawals/queue-view";

const PAGE_SIZE = 25;

/**
 * /admin-dashboard/withdrawals (issue 23 item 2, SPEC §4 withdrawal states): the organisers'
 * withdrawal requests by state. Pending ones oldest first (first come, first paid) with the
 * organiser's balance now and the full bank details; the admin pays out by bank transfer, then
 * accepts with the bank's reference, or refuses with a reason. Decided ones newest first.
 */
export default function AdminWithdrawals() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const narrow = useMediaQuery("(max-width: 48em)");
  const [status, setStatus] = useState<WithdrawalStatus>("pending");
  const [pageNumber, setPage] = useState(1);
  const [decision, setDecision] = useState<Decision | null>(null);
  const list = useQuery({ ...trpc.admin.withdrawals.list.queryOptions({ status, page: pageNumber, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(pageNumber, pages);
  const rows = list.data?.entries ?? [];

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Withdrawals</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Organisers&apos; payout requests. Transfer the amount to the account shown, then accept with the bank&apos;s reference; or refuse with a reason.</Trans>
        </Text>
      </Stack>
      <SegmentedControl
        aria-label={t`Withdrawal status`}
        value={status}
        onChange={(value) => {
          setStatus(value as WithdrawalStatus);
          setPage(1);
        }}
        data={WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: i18n._(WITHDRAWAL_STATUS_LABELS[s]) }))}
        w={{ base: "100%", xs: "auto" }}
        style={{ alignSelf: "flex-start" }}
      />
      <Paper withBorder p="md">
        <Stack gap="sm">
          {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
          {list.isPending && <Skeleton h={160} />}
          {list.data && total === 0 && (
            <Text c="dimmed" size="sm">
              {status === "pending" ? (
                <Trans>No withdrawal is waiting for a decision.</Trans>
              ) : status === "accepted" ? (
                <Trans>No accepted withdrawals yet.</Trans>
              ) : (
                <Trans>No refused withdrawals yet.</Trans>
              )}
            </Text>
          )}
          {list.data && total > 0 && (
            <>
              {narrow ? (
                <QueueCards rows={rows} status={status} busy={list.isFetching} onDecide={setDecision} />
              ) : (
                <QueueTable rows={rows} status={status} busy={list.isFetching} onDecide={setDecision} />
              )}
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  <Plural value={total} one={`# withdrawal, page ${current} of ${pages}`} other={`# withdrawals, page ${current} of ${pages}`} />
                </Text>
                {pages > 1 && (
                  <ListPagination total={pages} value={current} onChange={setPage} />
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </Stack>
  );
}
