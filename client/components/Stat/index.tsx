import { Paper, Text } from "@mantine/core";

/** One figure on a card: a label, the value, an optional hint (dashboard home, admin figures). */
export function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string | undefined; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
