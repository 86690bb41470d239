import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { DateInput, TimeInput } from "@mantine/dates";
import type { UseFormReturnType } from "@mantine/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { expandSchedule } from "../../../../../shared/rules/recurrence";
import type { Schedule } from "../../../../../shared/rules/schedule-types";

type FormWithSchedule = UseFormReturnType<{ schedule: Schedule } & Record<string, unknown>>;

const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["Europe/Berlin", "Europe/Vienna", "Europe/Zurich", "UTC"];
  }
})();

function daysBetween(start: string, end: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 86_400_000) + 1 : 1;
}

/** The dates part of step 1: one or several days, repeat, times per day or for all, extra dates. */
export function ScheduleEditor({ form, locked = false }: { form: FormWithSchedule; locked?: boolean }) {
  const { t, i18n } = useLingui();
  const schedule = form.getValues().schedule;
  const runLength = schedule.kind === "multiple_days" && schedule.endDate ? Math.max(1, daysBetween(schedule.startDate, schedule.endDate)) : 1;

  // Keep per-day rows in step with the number of days of the run.
  const setRunDays = (length: number) => {
    if (schedule.times.mode !== "per_day") return;
    const days = schedule.times.days.slice(0, length);
    while (days.length < length) days.push({ start: "19:00", end: "22:00" });
    form.setFieldValue("schedule.times", { mode: "per_day", days });
  };

  const preview = useMemo(() => {
    try {
      const dates = expandSchedule(schedule);
      return { dates, error: false };
    } catch {
      return { dates: [], error: true };
    }
  }, [schedule]);
  const formatter = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: schedule.timeZone || "Europe/Berlin",
  });

  return (
    <Stack>
      <Title order={3} size="h4">
        <Trans>Dates and times</Trans>
      </Title>
      {locked && (
        <Alert color="blue">
          <Trans>The event is on sale: its dates can no longer be changed, but you can add dates.</Trans>
        </Alert>
      )}
      <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t`Time zone`}
          searchable
          data={TIME_ZONES}
          allowDeselect={false}
          {...form.getInputProps("schedule.timeZone")}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            <Trans>Duration</Trans>
          </Text>
          <SegmentedControl
            fullWidth
            data={[
              { value: "one_day", label: t`One day` },
              { value: "multiple_days", label: t`Multiple days` },
            ]}
            {...form.getInputProps("schedule.kind")}
            onChange={(value) => {
              form.setFieldValue("schedule.kind", value as Schedule["kind"]);
              if (value === "one_day") form.setFieldValue("schedule.times", { mode: "all_days", start: "19:00", end: "22:00" });
              else form.setFieldValue("schedule.endDate", schedule.endDate ?? schedule.startDate);
            }}
          />
        </div>
        <DateInput
          label={schedule.kind === "one_day" ? t`Date` : t`First day`}
          valueFormat="DD.MM.YYYY"
          required
          {...form.getInputProps("schedule.startDate")}
          onChange={(value) => form.setFieldValue("schedule.startDate", value ?? "")}
        />
        {schedule.kind === "multiple_days" && (
          <DateInput
            label={t`Last day`}
            valueFormat="DD.MM.YYYY"
            required
            minDate={schedule.startDate || undefined}
            {...form.getInputProps("schedule.endDate")}
            onChange={(value) => {
              form.setFieldValue("schedule.endDate", value ?? "");
              if (value && schedule.startDate) setRunDays(Math.max(1, daysBetween(schedule.startDate, value)));
            }}
          />
        )}
      </SimpleGrid>

      <Radio.Group
        label={t`Repeat`}
        {...form.getInputProps("schedule.repeat")}
        onChange={(value) => {
          form.setFieldValue("schedule.repeat", value as Schedule["repeat"]);
          if (value !== "once" && !schedule.repeatEnd) form.setFieldValue("schedule.repeatEnd", { kind: "count", count: 4 });
          if (value === "once") form.setFieldValue("schedule.repeatEnd", undefined);
        }}
      >
        <Group mt="xs">
          <Radio value="once" label={t`One time`} />
          <Radio value="weekly" label={t`Weekly`} />
          <Radio value="monthly" label={t`Monthly`} />
          <Radio value="yearly" label={t`Yearly`} />
        </Group>
      </Radio.Group>
      {schedule.repeat !== "once" && schedule.repeatEnd && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Ends`}
            allowDeselect={false}
            data={[
              { value: "count", label: t`After a number of events` },
              { value: "until", label: t`On an end date` },
            ]}
            value={schedule.repeatEnd.kind}
            onChange={(value) =>
              form.setFieldValue(
                "schedule.repeatEnd",
                value === "until" ? { kind: "until", date: schedule.startDate } : { kind: "count", count: 4 },
              )
            }
          />
          {schedule.repeatEnd.kind === "count" ? (
            <NumberInput label={t`Number of events`} min={1} max={500} allowDecimal={false} {...form.getInputProps("schedule.repeatEnd.count")} />
          ) : (
            <DateInput
              label={t`End date`}
              valueFormat="DD.MM.YYYY"
              minDate={schedule.startDate || undefined}
              {...form.getInputProps("schedule.repeatEnd.date")}
              onChange={(value) => form.setFieldValue("schedule.repeatEnd.date", value ?? "")}
            />
          )}
        </SimpleGrid>
      )}

      {schedule.kind === "multiple_days" && (
        <SegmentedControl
          w="fit-content"
          data={[
            { value: "all_days", label: t`Same times every day` },
            { value: "per_day", label: t`Times per day` },
          ]}
          value={schedule.times.mode}
          onChange={(value) =>
            form.setFieldValue(
              "schedule.times",
              value === "per_day"
                ? { mode: "per_day", days: Array.from({ length: runLength }, () => ({ start: "19:00", end: "22:00" })) }
                : { mode: "all_days", start: "19:00", end: "22:00" },
            )
          }
        />
      )}
      {schedule.times.mode === "all_days" ? (
        <SimpleGrid cols={{ base: 2 }} maw={400}>
          <TimeInput label={t`Start time`} required {...form.getInputProps("schedule.times.start")} />
          <TimeInput label={t`End time`} required {...form.getInputProps("schedule.times.end")} />
        </SimpleGrid>
      ) : (
        <Stack gap="xs">
          {schedule.times.days.map((_, index) => (
            <Group key={index} align="flex-end">
              <Text w={70} size="sm">
                <Trans>Day {index + 1}</Trans>
              </Text>
              <TimeInput label={t`Start time`} {...form.getInputProps(`schedule.times.days.${index}.start`)} />
              <TimeInput label={t`End time`} {...form.getInputProps(`schedule.times.days.${index}.end`)} />
            </Group>
          ))}
        </Stack>
      )}

      </Stack>
      </fieldset>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          <Trans>Additional dates</Trans>
        </Text>
        {schedule.additionalDates.map((_, index) => (
          <Group key={index} align="flex-end" wrap="wrap">
            <DateInput
              label={t`Date`}
              valueFormat="DD.MM.YYYY"
              {...form.getInputProps(`schedule.additionalDates.${index}.date`)}
              onChange={(value) => form.setFieldValue(`schedule.additionalDates.${index}.date`, value ?? "")}
            />
            <TimeInput label={t`Start time`} {...form.getInputProps(`schedule.additionalDates.${index}.start`)} />
            <TimeInput label={t`End time`} {...form.getInputProps(`schedule.additionalDates.${index}.end`)} />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t`Remove additional date`}
              onClick={() => form.removeListItem("schedule.additionalDates", index)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          w="fit-content"
          onClick={() =>
            form.insertListItem("schedule.additionalDates", { date: schedule.startDate, start: "19:00", end: "22:00" })
          }
        >
          <Trans>Add a date</Trans>
        </Button>
      </Stack>

      <Paper withBorder p="sm" bg="gray.0">
        {preview.error || preview.dates.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Complete the dates and times to see the event dates.</Trans>
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600} data-testid="date-count">
              <Trans>{preview.dates.length} event dates</Trans>
            </Text>
            {preview.dates.slice(0, 8).map((d) => (
              <Text size="sm" key={d.startsAt.toISOString()}>
                {formatter.format(d.startsAt)}
                {d.isAdditional ? ` (${t`additional`})` : ""}
              </Text>
            ))}
            {preview.dates.length > 8 && (
              <Text size="sm" c="dimmed">
                <Trans>and {preview.dates.length - 8} more</Trans>
              </Text>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
