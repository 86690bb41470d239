import { Card, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";

export type Feature = { key: string; title: MessageDescriptor; text: MessageDescriptor };

/** Cards with a short title and text, numbered so the grid reads well without icons. */
export function FeatureGrid({ items, cols }: { items: readonly Feature[]; cols: { base: number; sm: number; md: number } }) {
  const { i18n } = useLingui();
  return (
    <SimpleGrid cols={cols} spacing="lg">
      {items.map((item, index) => (
        <Card key={item.key} withBorder padding="lg">
          <ThemeIcon variant="light" size="lg" radius="xl" mb="sm" aria-hidden>
            <Text fw={700} size="sm">
              {index + 1}
            </Text>
          </ThemeIcon>
          <Title order={3} size="h5" mb={6}>
            {i18n._(item.title)}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._(item.text)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
