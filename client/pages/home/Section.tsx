import { Box, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

type SectionProps = {
  /** Anchor for the navigation links ("/#branches" ...). */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Alternating backgrounds keep the long page readable. */
  shaded?: boolean;
  children: ReactNode;
};

/** One titled block of the home page, reachable through its anchor. */
export function Section({ id, title, intro, shaded = false, children }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: 48, md: 80 }}
      bg={shaded ? "gray.0" : undefined}
      style={{ scrollMarginTop: 16 }}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" align="center" ta="center">
            <Title order={2} id={headingId}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" size="lg" maw={720}>
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
