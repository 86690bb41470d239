import { Alert, Badge, Group, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ListPagination } from "../../components/ListPagination";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { MessageDrawer } from "./messages/drawer";
import { MessageCards, MessageTable } from "./messages/list-view";
import type { MessageState, MessageSummary } from "./messages/types";

const PAGE_SIZE = 25;

/**
 * /admin-dashboard/messages (issue 23 item 4): the messages visitors sent through the home page's
 * contact form, newest first; those not handled yet are shown first, unread ones in bold. Reading
 * one opens it in a drawer (and marks it read); from there the admin replies by email and marks
 * it handled.
 */
export default function AdminMessages() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const narrow = useMediaQuery("(max-width: 48em)");
  const [state, setState] = useState<MessageState>("open");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [pageNumber, setPage] = useState(1);
  const [opened, setOpened] = useState<MessageSummary | null>(null);
  const list = useQuery({
    ...trpc.admin.messages.list.queryOptions({ state, search: debounced === "" ? null : debounced, page: pageNumber, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(pageNumber, pages);
  const rows = list.data?.entries ?? [];
  const unread = list.data?.unread ?? 0;
  const open = list.data?.open ?? 0;

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Messages</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Messages sent through the contact form on the home page, newest first.</Trans>
        </Text>
      </Stack>
      {list.data && (
        <Group gap="xs" aria-live="polite">
          <Badge color="blue.9" variant="outline" data-testid="messages-unread">
            <Plural value={unread} one="# unread" other="# unread" />
          </Badge>
          <Badge color="gray.8" variant="outline" data-testid="messages-open">
            <Plural value={open} one="# not handled" other="# not handled" />
          </Badge>
        </Group>
      )}
      <Group align="flex-end" gap="sm">
        <SegmentedControl
          aria-label={t`Message state`}
          value={state}
          onChange={(value) => {
            setState(value as MessageState);
            setPage(1);
          }}
          data={[
            { value: "open", label: t`Not handled` },
            { value: "handled", label: t`Handled` },
            { value: "all", label: t`All` },
          ]}
          w={{ base: "100%", xs: "auto" }}
        />
        <TextInput
          label={t`Search`}
          placeholder={t`Name, email or text`}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: "100%", xs: 280 }}
          maxLength={200}
        />
      </Group>
      <Paper withBorder p="md">
        <Stack gap="sm">
          {list.isError && <Alert color="red">{describeError(i18n, list.error)}</Alert>}
          {list.isPending && <Skeleton h={160} />}
          {list.data && total === 0 && (
            <Text c="dimmed" size="sm">
              {debounced !== "" ? (
                <Trans>No message matches this search.</Trans>
              ) : state === "open" ? (
                <Trans>Every message is handled.</Trans>
              ) : state === "handled" ? (
                <Trans>No handled messages yet.</Trans>
              ) : (
                <Trans>No messages yet.</Trans>
              )}
            </Text>
          )}
          {list.data && total > 0 && (
            <>
              {narrow ? (
                <MessageCards rows={rows} busy={list.isFetching} onOpen={setOpened} />
              ) : (
                <MessageTable rows={rows} busy={list.isFetching} onOpen={setOpened} />
              )}
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  <Plural value={total} one={`# message, page ${current} of ${pages}`} other={`# messages, page ${current} of ${pages}`} />
                </Text>
                {pages > 1 && <ListPagination total={pages} value={current} onChange={setPage} />}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      <MessageDrawer summary={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
