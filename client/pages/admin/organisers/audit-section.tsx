import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import { actionLabel, changedFields, fieldLabel, formatValue } from "../audit/labels";
import type { OrganiserDetail } from "./labels";
import { Section } from "./profile-section";

type Entry = OrganiserDetail["audit"][number];

function EntryItem({ entry }: { entry: Entry }) {
  const { t, i18n } = useLingui();
  const { money, dateTime } = useWalletMoney();
  const formats = { money, dateTime };
  const when = dateTime(entry.at);
  const admin = entry.adminEmail ?? t`a deleted admin account`;
  const changes = changedFields(entry.before, entry.after);
  return (
    <Paper withBorder p="sm" component="li" data-testid="organiser-audit-entry" data-action={entry.action}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" align="flex-start">
          <Badge color="blue.9" miw="max-content">
            {actionLabel(i18n, entry.action)}
          </Badge>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            <Trans>
              {when} by {admin}
            </Trans>
          </Text>
        </Group>
        {changes.length > 0 && (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
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
        )}
      </Stack>
    </Paper>
  );
}

/** The latest admin actions on the organiser and its withdrawals; the whole log is one link away. */
export function AuditSection({ detail }: { detail: OrganiserDetail }) {
  const { t } = useLingui();
  return (
    <Section
      id="organiser-audit"
      title={t`Admin actions`}
      actions={
        <Anchor component={Link} href="/audit" size="sm">
          <Trans>Audit log</Trans>
        </Anchor>
      }
    >
      {detail.audit.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No administrator has changed this organiser yet.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label={t`Admin actions`} style={{ listStyle: "none" }}>
          {detail.audit.map((entry) => (
            <EntryItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Section>
  );
}
