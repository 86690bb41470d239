import { Badge, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import type { MessageSummary } from "./types";

type ViewProps = { rows: MessageSummary[]; busy: boolean; onOpen: (message: MessageSummary) => void };

/** Unread (bold, with a word for those who do not see bold) and open or handled. */
function StateBadges({ message }: { message: MessageSummary }) {
  return (
    <Group gap={4}>
      {message.readAt === null && (
        <Badge size="sm" color="blue.9" variant="filled">
          <Trans>Unread</Trans>
        </Badge>
      )}
      {message.handledAt === null ? (
        <Badge size="sm" color="gray.8" variant="outline">
          <Trans>Not handled</Trans>
        </Badge>
      ) : (
        <Badge size="sm" color="teal.9" variant="outline">
          <Trans>Handled</Trans>
        </Badge>
      )}
    </Group>
  );
}

function ReadButton({ message, onOpen }: { message: MessageSummary; onOpen: ViewProps["onOpen"] }) {
  const { t } = useLingui();
  const who = `${message.firstName} ${message.lastName}`;
  return (
    <Button size="xs" variant="outline" color="blue.9" aria-label={t`Read the message from ${who}`} onClick={() => onOpen(message)}>
      <Trans>Read</Trans>
    </Button>
  );
}

/** Wide screens: one row per message. */
export function MessageTable({ rows, busy, onOpen }: ViewProps) {
  const { t } = useLingui();
  const { dateTime } = useWalletMoney();
  return (
    // Focusable, so keyboard users can scroll the table when it is wider than the screen.
    <Table.ScrollContainer minWidth={760} tabIndex={0}>
      <Table highlightOnHover aria-label={t`Messages`} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Received</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>From</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Message</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Action</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => {
            const fw = m.readAt === null ? 700 : 400;
            return (
              <Table.Tr key={m.id} data-testid="message-row" data-unread={m.readAt === null || undefined}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Text size="sm" fw={fw}>
                    {dateTime(m.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={fw}>
                    {m.firstName} {m.lastName}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {m.email}
                  </Text>
                </Table.Td>
                <Table.Td maw={420}>
                  <Text size="sm" fw={fw} lineClamp={2}>
                    {m.preview}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StateBadges message={m} />
                </Table.Td>
                <Table.Td>
                  <ReadButton message={m} onOpen={onOpen} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per message. */
export function MessageCards({ rows, busy, onOpen }: ViewProps) {
  const { t } = useLingui();
  const { dateTime } = useWalletMoney();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Messages`} aria-busy={busy} style={{ listStyle: "none" }}>
      {rows.map((m) => {
        const fw = m.readAt === null ? 700 : 400;
        return (
          <Paper key={m.id} component="li" withBorder p="sm" data-testid="message-row" data-unread={m.readAt === null || undefined}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={fw}>
                    {m.firstName} {m.lastName}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {m.email}
                  </Text>
                </Stack>
                <StateBadges message={m} />
              </Group>
              <Text size="sm" fw={fw} lineClamp={3}>
                {m.preview}
              </Text>
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  {dateTime(m.createdAt)}
                </Text>
                <ReadButton message={m} onOpen={onOpen} />
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
