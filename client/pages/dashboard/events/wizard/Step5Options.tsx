import { ActionIcon, Button, Group, NumberInput, Paper, PasswordInput, Radio, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { refineAccessCode, ZEventOptionsBase } from "../../../../../shared/schemas/events";
import { useZodForm } from "../../../../hooks/use-zod-form";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { StepActions, wantsClose } from "./StepActions";
import type { StepProps } from "./types";

const ZOptionsForm = ZEventOptionsBase.superRefine(refineAccessCode);

/** A stable key for a participant field from its label. */
function fieldKey(label: string, index: number): string {
  const slug = label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, 30);
  return slug ? `${slug}_${index}` : `field_${index}`;
}

/** Step 5, More Options: limits, VAT, participant information and visibility. */
export function Step5Options({ kind, detail, onDirtyChange, onSaved, onBack }: StepProps) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const event = detail!.event;
  const form = useZodForm(ZOptionsForm, {
    mode: "controlled",
    initialValues: {
      dailyAttendeeLimit: event.dailyAttendeeLimit,
      vatPercent: event.vatRateBp / 100,
      participantFields: event.participantFields,
      visibility: event.visibility,
      accessCode: event.accessCode ?? "",
      dailySeasonTicketLimit: event.dailySeasonTicketLimit,
    },
    transformValues: (v) => ({
      ...v,
      participantFields: (v.participantFields ?? []).map((f, i) => ({ ...f, key: f.key || fieldKey(f.label, i) })),
    }),
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const save = useMutation(trpc.events.saveOptions.mutationOptions());
  const values = form.getValues();

  const submit = form.onSubmit(async (v, e) => {
    try {
      await save.mutateAsync({ id: event.id, ...v, participantFields: v.participantFields ?? [] });
      form.resetDirty();
      onSaved({ eventId: event.id, close: wantsClose(e) });
    } catch (error) {
      if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={3} size="h4">
          <Trans>More options</Trans>
        </Title>
        <Group grow align="flex-start">
          {kind === "season" ? (
            <NumberInput
              label={t`Daily season ticket limit`}
              description={t`Leave empty for no limit.`}
              min={1}
              allowDecimal={false}
              {...form.getInputProps("dailySeasonTicketLimit")}
              onChange={(v) => form.setFieldValue("dailySeasonTicketLimit", v === "" ? null : Number(v))}
            />
          ) : (
            <NumberInput
              label={t`Daily attendee limit`}
              description={t`Leave empty for no limit. The limit overrides ticket counts: seats per ticket count towards it.`}
              min={1}
              allowDecimal={false}
              {...form.getInputProps("dailyAttendeeLimit")}
              onChange={(v) => form.setFieldValue("dailyAttendeeLimit", v === "" ? null : Number(v))}
            />
          )}
          <NumberInput
            label={t`VAT (%)`}
            min={0}
            max={100}
            decimalScale={2}
            required
            {...form.getInputProps("vatPercent")}
          />
        </Group>

        <Stack gap="xs">
          <Text fw={500} size="sm">
            <Trans>Participant information</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>Information buyers give for every ticket at checkout, e.g. the name of the attendee.</Trans>
          </Text>
          {values.participantFields?.map((_, index) => (
            <Paper withBorder p="xs" key={index}>
              <Group align="flex-end">
                <TextInput
                  style={{ flex: 1 }}
                  label={t`Field name`}
                  required
                  {...form.getInputProps(`participantFields.${index}.label`)}
                />
                <Switch label={t`Required`} {...form.getInputProps(`participantFields.${index}.required`, { type: "checkbox" })} />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t`Remove field`}
                  onClick={() => form.removeListItem("participantFields", index)}
                >
                  ×
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          <Button
            variant="light"
            w="fit-content"
            onClick={() => form.insertListItem("participantFields", { key: "", label: "", required: false })}
          >
            <Trans>Add a field</Trans>
          </Button>
        </Stack>

        <Radio.Group label={t`Visibility`} {...form.getInputProps("visibility")}>
          <Stack mt="xs" gap="xs">
            <Radio value="public" label={t`Public`} description={t`Listed on your profile and found by everybody.`} />
            <Radio value="hidden" label={t`Hidden`} description={t`Not listed; reachable only through its link.`} />
            <Radio value="code" label={t`Visible through code`} description={t`Tickets are shown only after entering the access code.`} />
          </Stack>
        </Radio.Group>
        {values.visibility === "code" && (
          <PasswordInput label={t`Access code`} required maw={320} {...form.getInputProps("accessCode")} />
        )}
        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}
