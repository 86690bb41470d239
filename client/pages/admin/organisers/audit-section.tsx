import { Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import { AuditChanges } from "../audit/entry";
import { actionLabel } from "../audit/labels";
import type { OrganiserDetail } from "./labels";
import { Section } from "./profile-section";

type Entry = OrganiserDetail["audit"][number];

function EntryItem({ entry }: { entry: Entry }) {
  const { t, i18n } = useLingui();
  const { dateTime } = useWalletMoney();
  const when = dateTime(entry.at);
  const admin = entry.adminEmail ?? t`a deleted admin account`;
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
        <AuditChanges before={entry.before} after={entry.after} quiet />
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
