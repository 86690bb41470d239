import { Center, Loader, Stack, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

/** The splash shown for PRELOADER_MS at start (SPEC §1). */
export function Preloader() {
  return (
    <Center
      data-testid="preloader"
      pos="fixed"
      inset={0}
      bg="white"
      style={{ zIndex: 10000 }}
      aria-busy="true"
    >
      <Stack align="center" gap="md">
        <Title order={2} c="blue.7">
          <Trans>Ticketing</Trans>
        </Title>
        <Loader type="dots" />
      </Stack>
    </Center>
  );
}
