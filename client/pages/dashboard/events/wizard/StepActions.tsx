import { Button, Group } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { FormEvent } from "react";

/** The submitter of a step form: "close" saves the draft and returns to the list. */
export function wantsClose(event: FormEvent<HTMLFormElement> | undefined): boolean {
  const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null | undefined;
  return submitter?.name === "close";
}

/** Back / Save and close / Save and continue, at the bottom of every step form. */
export function StepActions({
  onBack,
  loading,
  nextLabel,
}: {
  onBack?: (() => void) | undefined;
  loading: boolean;
  nextLabel?: React.ReactNode;
}) {
  return (
    <Group justify="space-between" mt="xl">
      <div>
        {onBack && (
          <Button variant="default" onClick={onBack} disabled={loading}>
            <Trans>Back</Trans>
          </Button>
        )}
      </div>
      <Group>
        <Button type="submit" name="close" variant="light" loading={loading}>
          <Trans>Save draft and close</Trans>
        </Button>
        <Button type="submit" name="next" loading={loading}>
          {nextLabel ?? <Trans>Save and continue</Trans>}
        </Button>
      </Group>
    </Group>
  );
}
