import { Button, Drawer, Group, Kbd, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { CounterScope } from "./model";
import { BoxOfficeSettingsForm } from "./settings";

export function SettingsDrawer({ opened, onClose, eventId }: { opened: boolean; onClose: () => void; eventId: string }) {
  const { t } = useLingui();
  return (
    <Drawer opened={opened} onClose={onClose} title={t`Box office settings`} position="right">
      {opened && <BoxOfficeSettingsForm eventId={eventId} framed={false} onSaved={onClose} />}
    </Drawer>
  );
}

export function CounterHeader({
  scope,
  when,
  onShift,
  onSettings,
  onKeys,
}: {
  scope: CounterScope;
  when: string;
  onShift: (() => void) | null;
  onSettings: (() => void) | null;
  onKeys: () => void;
}) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" align="flex-start" gap="xs">
      <Stack gap={0}>
        <Title order={1} size="h3">
          <Trans>Box office: {scope.eventName}</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          {when}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button component={Link} href="/" variant="default" size="xs">
          <Trans>Change date</Trans>
        </Button>
        {onShift && (
          <Button variant="default" size="xs" onClick={onShift} data-testid="open-shift-panel">
            <Trans>My shift</Trans>
          </Button>
        )}
        {onSettings && (
          <Button variant="default" size="xs" onClick={onSettings}>
            <Trans>Settings</Trans>
          </Button>
        )}
        <Button variant="subtle" size="xs" onClick={onKeys} aria-label={t`Keyboard shortcuts`}>
          ?
        </Button>
      </Group>
    </Group>
  );
}

/** The visible legend of the counter's keys (the full list in the "?" drawer). */
export function ShortcutLegend({ full = false }: { full?: boolean }) {
  const { t } = useLingui();
  const keys: [string, string][] = [
    ["1–9", t`Category`],
    ["+ / −", t`Quantity`],
    ["B", t`Best available / add`],
    ["C", t`Cash`],
    ["K", t`Card`],
    ["P", t`PayPal`],
    ["F", t`Free of charge`],
    ["O", t`Other`],
    ["Enter / F9", t`Complete sale`],
    ["P / Ctrl+P", t`Print (after the sale)`],
    ["N / Esc", t`New sale`],
  ];
  if (full) {
    return (
      <Stack gap={6}>
        {keys.map(([k, label]) => (
          <Group key={k} justify="space-between">
            <Kbd>{k}</Kbd>
            <Text size="sm">{label}</Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          <Trans>Shortcuts do not fire while you type in a field. On the seating plan, + and − zoom and Enter picks the seat under the cursor.</Trans>
        </Text>
      </Stack>
    );
  }
  return (
    <Group gap="sm" aria-label={t`Keyboard shortcuts`} role="list" data-testid="shortcut-legend" visibleFrom="sm">
      {keys.map(([k, label]) => (
        <Group key={k} gap={4} role="listitem" wrap="nowrap">
          <Kbd size="xs">{k}</Kbd>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
