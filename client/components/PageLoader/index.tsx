import { Center, Loader, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

/** The fallback of every lazy page (SPEC §1: "Loading..."). */
export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">
          <Trans>Loading...</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
