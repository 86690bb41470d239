import { Anchor, Badge, Box, Code, Group, Paper, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "../../../lib/trpc";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import { actionLabel, changedFields, fieldLabel, formatValue, recordedAmountCents, targetLabel } from "./labels";

export type AuditEntry = RouterOutputs["admin"]["audit"]["list"]["entries"][number];

/** A record's id as people compare them: its first eight characters. */
const shortId = (id: string) => id.slice(0, 8);

/**
 * What changed: one line per field whose value differs, "before → after" (the audit log, and an
 * organiser's latest admin actions). Nothing changed: a line saying so, or nothing with `quiet`.
 */
export function AuditChanges({ before, after, quiet = false }: { before: unknown; after: unknown; quiet?: boolean }) {
  const { i18n } = useLingui();
  const { money, dateTime } = useWalletMoney();
  const formats = { money, dateTime };
  const changes = changedFields(before, after);
  if (changes.length === 0)
    return quiet ? null : (
      <Text size="sm" c="dimmed">
        <Trans>No field changed.</Trans>
      </Text>
    );
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }} data-testid="audit-changes">
      {changes.map((c) => (
        <Text key={c.key} size="sm" component="li" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
          <Text span fw={600} size="sm">
            {fieldLabel(i18n, c.key)}:
          </Text>{" "}
          <Text span c="dimmed" size="sm">
            {formatValue(i18n, c.key, c.before, formats)}
          </Text>{" "}
          <span aria-hidden>→</span>
          <VisuallyHidden>
            <Trans>changed to</Trans>
          </VisuallyHidden>{" "}
          <Text span size="sm">
            {formatValue(i18n, c.key, c.after, formats)}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/**
 * One audit log entry: when, which admin, the action, its target (the id shortened; a
 * withdrawal's amount), the changed fields, and the raw record behind "Show details".
 */
export function AuditEntryCard({ entry, onOnlyTarget }: { entry: AuditEntry; onOnlyTarget: (targetId: string) => void }) {
  const { t, i18n } = useLingui();
  const { money, dateTime } = useWalletMoney();
  const amount = entry.targetType === "withdrawal" ? recordedAmountCents(entry.before, entry.after) : null;
  const target = targetLabel(i18n, entry.targetType);
  const id = shortId(entry.targetId);
  const admin = entry.adminEmail ?? t`a deleted admin account`;
  const when = dateTime(entry.at);
  return (
    <Paper withBorder p="sm" component="li" data-testid="audit-entry" data-action={entry.action}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge color="blue.9" miw="max-content">
                {actionLabel(i18n, entry.action)}
              </Badge>
              <Text size="sm" fw={600}>
                {target}{" "}
                <Text span ff="monospace" size="sm" title={entry.targetId}>
                  {id}
                </Text>
                {amount !== null && <> · {money(amount)}</>}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              <Trans>
                {when} by {admin}
              </Trans>
            </Text>
          </Stack>
          <Anchor component="button" type="button" size="xs" onClick={() => onOnlyTarget(entry.targetId)}>
            <Trans>Only this record</Trans>
            <VisuallyHidden>
              {" "}
              ({target} {id})
            </VisuallyHidden>
          </Anchor>
        </Group>
        <AuditChanges before={entry.before} after={entry.after} />
        <Box component="details">
          <Text component="summary" size="sm" c="blue.9" style={{ cursor: "pointer" }}>
            <Trans>Show details</Trans>
          </Text>
          <Code block mt="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {JSON.stringify({ targetId: entry.targetId, before: entry.before, after: entry.after }, null, 2)}
          </Code>
        </Box>
      </Stack>
    </Paper>
  );
}
