import { Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { StepActions, wantsClose } from "./StepActions";
import type { StepProps } from "./types";

/** Step 3, Stadium Template: how buyers get in. Free admission sells tickets by category. */
export function Step3Seating({ kind, detail, onSaved, onBack }: StepProps) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const save = useMutation(trpc.events.saveSeating.mutationOptions());
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!detail) return;
    try {
      await save.mutateAsync({ id: detail.event.id, seatingMode: "free" });
      onSaved({ eventId: detail.event.id, close: wantsClose(e) });
    } catch (error) {
      toast.error(describeError(i18n, error));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={3} size="h4">
          <Trans>Seating</Trans>
        </Title>
        <Radio.Group value="free" label={kind === "season" ? t`How season ticket holders get in` : t`How buyers get in`}>
          <Paper withBorder p="md" mt="xs">
            <Radio
              value="free"
              label={t`No seating plan (free admission)`}
              description={t`Buyers choose a ticket category and a quantity; no seats are assigned. The ticket categories of the next step set how many tickets are sold per date.`}
            />
          </Paper>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          <Trans>Seats are assigned only with a stadium template.</Trans>
        </Text>
        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}
