import { Alert, Anchor, Paper, Radio, Select, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "wouter";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { StepActions, wantsClose } from "./StepActions";
import type { StepProps } from "./types";

/**
 * Step 3, Stadium Template: free admission (tickets by category, no seats), or an active
 * seating plan whose seats every date of the event then sells.
 */
export function Step3Seating({ kind, detail, onDirtyChange, onSaved, onBack }: StepProps) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const event = detail?.event;
  const [mode, setMode] = useState<"free" | "template">(event?.seatingMode ?? "free");
  const [templateId, setTemplateId] = useState<string | null>(event?.stadiumTemplateId ?? null);
  const templates = useQuery({ ...trpc.events.seatingTemplates.queryOptions({ id: event?.id ?? "" }), enabled: !!event });
  const save = useMutation(trpc.events.saveSeating.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const dirty = mode !== (event?.seatingMode ?? "free") || templateId !== (event?.stadiumTemplateId ?? null);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const numbers = new Intl.NumberFormat(i18n.locale);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!event) return;
    if (mode === "template" && !templateId) {
      setError(t`Choose a seating plan.`);
      return;
    }
    try {
      await save.mutateAsync(
        mode === "template" && templateId ? { id: event.id, seatingMode: "template", templateId } : { id: event.id, seatingMode: "free" },
      );
      onSaved({ eventId: event.id, close: wantsClose(e) });
    } catch (err) {
      toast.error(describeError(i18n, err));
    }
  };

  const options = (templates.data ?? []).map((tpl) => ({
    value: tpl.id,
    label: t`${tpl.name} (${numbers.format(tpl.capacity)} places)`,
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={3} size="h4">
          <Trans>Seating</Trans>
        </Title>
        <Radio.Group
          value={mode}
          onChange={(v) => setMode(v === "template" ? "template" : "free")}
          label={kind === "season" ? t`How season ticket holders get in` : t`How buyers get in`}
        >
          <Stack mt="xs">
            <Paper withBorder p="md">
              <Radio
                value="free"
                label={t`No seating plan (free admission)`}
                description={t`Buyers choose a ticket category and a quantity; no seats are assigned. The ticket categories of the next step set how many tickets are sold per date.`}
              />
            </Paper>
            <Paper withBorder p="md">
              <Radio
                value="template"
                label={t`Seating plan`}
                description={t`Buyers pick their seats on the plan. Every date of the event gets its own copy of the plan; later changes to the template never move a seat someone bought.`}
              />
              {mode === "template" && (
                <Stack mt="sm" gap="xs">
                  {templates.isSuccess && options.length === 0 ? (
                    <Alert color="yellow">
                      <Trans>You have no active seating plan of a matching type yet.</Trans>{" "}
                      <Anchor component={Link} href="~/dashboard/stadiums">
                        <Trans>Create one under Stadiums.</Trans>
                      </Anchor>
                    </Alert>
                  ) : (
                    <Select
                      label={t`Seating plan`}
                      data={options}
                      value={templateId}
                      onChange={(v) => {
                        setTemplateId(v);
                        setError(null);
                      }}
                      error={error}
                      searchable
                      maw={480}
                    />
                  )}
                </Stack>
              )}
            </Paper>
          </Stack>
        </Radio.Group>
        {event && event.seatingMode === "template" && detail && detail.seating.seats + detail.seating.standing > 0 && (
          <Text size="sm" c="dimmed">
            <Trans>
              Currently {numbers.format(detail.seating.seats)} seats and {numbers.format(detail.seating.standing)} standing places over all dates.
            </Trans>
          </Text>
        )}
        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}
