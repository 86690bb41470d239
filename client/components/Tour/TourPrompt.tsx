import { Trans } from "@lingui/react/macro";
import { Button, Dialog, Group, Text, Title } from "@mantine/core";
import { useId, useRef } from "react";

/**
 * The tutorial-mode prompt (SPEC §2): offered on the dashboard home until the tour is taken or
 * skipped. A dialog beside the page, not over it: a newcomer can still use the dashboard around
 * it. Focus moves to it once; Escape skips.
 */
export function TourPrompt({ opened, onTake, onSkip }: { opened: boolean; onTake: () => void; onSkip: () => void }) {
  const titleId = useId();
  const textId = useId();
  const takeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      opened={opened}
      withCloseButton={false}
      position={{ bottom: 16, right: 16 }}
      size="min(360px, calc(100vw - 32px))"
      shadow="lg"
      withBorder
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="tour-prompt"
      transitionProps={{ onEntered: () => takeRef.current?.focus() }}
      onKeyDown={(e) => {
        if (e.key === "Escape") onSkip();
      }}
    >
      <Title order={2} size="h4" id={titleId} mb={4}>
        <Trans>New here? Take the tour</Trans>
      </Title>
      <Text size="sm" id={textId} mb="sm">
        <Trans>A short guided tour shows the areas of your dashboard. You can start it again at any time under Help.</Trans>
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onSkip}>
          <Trans>Skip</Trans>
        </Button>
        <Button ref={takeRef} onClick={onTake}>
          <Trans>Take the tour</Trans>
        </Button>
      </Group>
    </Dialog>
  );
}
