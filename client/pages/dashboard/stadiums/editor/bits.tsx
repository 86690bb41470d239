import { Group, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";

export function UndoIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </svg>
  );
}
export function RedoIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="m15 14 5-5-5-5" />
      <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
    </svg>
  );
}

export function Stat({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export function Swatch({ color, label, inset }: { color: string; label: string; inset?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      <svg width="12" height="12" aria-hidden="true">
        {inset ? <rect x="3" y="3" width="6" height="6" fill={color} /> : <rect width="12" height="12" rx="2" fill={color} />}
      </svg>
      <Text size="xs">{label}</Text>
    </Group>
  );
}
