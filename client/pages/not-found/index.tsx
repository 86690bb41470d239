import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { PublicLayout } from "../../layout/PublicLayout";

export default function NotFoundPage() {
  return (
    <PublicLayout>
      <Container size="sm" py={80}>
        <Stack align="center" ta="center">
          <Title order={1}>404</Title>
          <Text size="lg">
            <Trans>This page does not exist.</Trans>
          </Text>
          <Button component={Link} href="/">
            <Trans>Back to the start page</Trans>
          </Button>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
