import { Button, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";

/** An unknown path inside a signed-in area (dashboard, admin, reseller). */
export function AreaNotFound() {
  return (
    <Stack align="flex-start">
      <Title order={1} size="h2">
        404
      </Title>
      <Text>
        <Trans>This page does not exist.</Trans>
      </Text>
      <Button component={Link} href="/">
        <Trans>Back to the overview</Trans>
      </Button>
    </Stack>
  );
}
