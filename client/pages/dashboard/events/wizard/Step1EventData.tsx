import { MultiSelect, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { DateInput, DateTimePicker } from "@mantine/dates";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { z } from "zod";
import { BRANCHES, subcategoriesOf } from "../../../../../shared/branches";
import { COUNTRY_CODES } from "../../../../../shared/countries";
import { isReleased } from "../../../../../shared/rules/event-status";
import type { Schedule } from "../../../../../shared/rules/schedule-types";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../../../../shared/rules/zoned";
import { step1FormSchema, type TStep1Input, type ZSeasonForm } from "../../../../../shared/schemas/event-step1";
import { useZodForm } from "../../../../hooks/use-zod-form";
import { useBranchLabels } from "../../../../lib/branch-labels";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { ScheduleEditor } from "./ScheduleEditor";
import { StepActions, wantsClose } from "./StepActions";
import type { EventDetail, StepProps } from "./types";

const SEASON_TIME_ZONE = "Europe/Berlin";

/** A new event's first suggested day: a week ahead in Berlin (today's evening may be over already). */
function aWeekAhead(): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: SEASON_TIME_ZONE }).format(new Date(Date.now() + 7 * 86_400_000));
}

function initialSchedule(detail: EventDetail | null): Schedule {
  return (
    detail?.event.schedule ?? {
      timeZone: SEASON_TIME_ZONE,
      kind: "one_day",
      startDate: aWeekAhead(),
      repeat: "once",
      times: { mode: "all_days", start: "19:00", end: "22:00" },
      additionalDates: [],
    }
  );
}

type Step1Values = {
  data: {
    name: string;
    category: string;
    subcategory: string;
    address: string;
    addressAddition: string;
    city: string;
    zip: string;
    country: string;
  };
  schedule: Schedule;
  season: z.input<typeof ZSeasonForm>;
};

/** Step 1, Event Data: what, where and when (a season: its period and its events). */
export function Step1EventData({ kind, detail, onDirtyChange, onSaved }: StepProps) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const branchLabel = useBranchLabels();
  const event = detail?.event;
  const isSeason = kind === "season";
  // The form holds select and picker values as typed (strings); the schema checks them as the server does.
  const schema = useMemo(() => step1FormSchema(isSeason ? "season" : "event") as unknown as z.ZodType<unknown, Step1Values>, [isSeason]);
  const form = useZodForm<Step1Values>(schema, {
    mode: "controlled",
    initialValues: {
      data: {
        name: event?.name ?? "",
        category: event?.category ?? "",
        subcategory: event?.subcategory ?? "",
        address: event?.address ?? "",
        addressAddition: event?.addressAddition ?? "",
        city: event?.city ?? "",
        zip: event?.zip ?? "",
        country: event?.country ?? "DE",
      },
      schedule: initialSchedule(detail ?? null),
      season: {
        seasonStart: event?.seasonStart ?? aWeekAhead(),
        seasonSaleEnd: event?.seasonSaleEnd ? dateToZonedWallTime(event.seasonSaleEnd, SEASON_TIME_ZONE) : "",
        childEventIds: detail?.childEvents.map((c) => c.id) ?? [],
      },
    },
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const candidates = useQuery({
    ...trpc.events.seasonCandidates.queryOptions({ seasonId: event?.id }),
    enabled: isSeason,
  });
  const create = useMutation(trpc.events.create.mutationOptions());
  const save = useMutation(trpc.events.saveData.mutationOptions());
  const countryNames = useMemo(() => new Intl.DisplayNames([i18n.locale], { type: "region" }), [i18n.locale]);
  const values = form.getValues();

  const submit = form.onSubmit(async (v, e) => {
    const step = isSeason
      ? {
          type: "SEASONAL" as const,
          data: v.data,
          season: {
            seasonStart: v.season.seasonStart,
            seasonSaleEnd: zonedWallTimeToDate(v.season.seasonSaleEnd, SEASON_TIME_ZONE),
            childEventIds: v.season.childEventIds,
          },
        }
      : { type: "REGULAR" as const, data: v.data, schedule: v.schedule };
    // The form holds plain strings; the schema validated them as the enums the API expects.
    type EventData = TStep1Input["data"];
    const payload = {
      ...step,
      data: { ...step.data, category: step.data.category as EventData["category"], country: step.data.country as EventData["country"] },
    };
    try {
      const { id } = event ? await save.mutateAsync({ id: event.id, ...payload }) : await create.mutateAsync(payload);
      form.resetDirty();
      onSaved({ eventId: id, close: wantsClose(e) });
    } catch (error) {
      if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={3} size="h4">
          {isSeason ? t`Season data` : t`Event data`}
        </Title>
        <TextInput label={isSeason ? t`Season name` : t`Event name`} required {...form.getInputProps("data.name")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Category`}
            required
            data={BRANCHES.map((b) => ({ value: b.key, label: branchLabel.branch(b.key) }))}
            {...form.getInputProps("data.category")}
            onChange={(value) => {
              form.setFieldValue("data.category", value ?? "");
              form.setFieldValue("data.subcategory", "");
            }}
          />
          <Select
            label={t`Subcategory`}
            required
            disabled={!values.data.category}
            data={subcategoriesOf(values.data.category).map((s) => ({ value: s, label: branchLabel.subcategory(s) }))}
            {...form.getInputProps("data.subcategory")}
          />
          <TextInput label={t`Address`} required {...form.getInputProps("data.address")} />
          <TextInput label={t`Address addition`} {...form.getInputProps("data.addressAddition")} />
          <TextInput label={t`ZIP code`} required {...form.getInputProps("data.zip")} />
          <TextInput label={t`City`} required {...form.getInputProps("data.city")} />
          <Select
            label={t`Country`}
            required
            searchable
            allowDeselect={false}
            data={COUNTRY_CODES.map((c) => ({ value: c, label: countryNames.of(c) ?? c }))}
            {...form.getInputProps("data.country")}
          />
        </SimpleGrid>
        {isSeason ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateInput
              label={t`Season start`}
              valueFormat="DD.MM.YYYY"
              required
              {...form.getInputProps("season.seasonStart")}
              onChange={(value) => form.setFieldValue("season.seasonStart", value ?? "")}
            />
            <DateTimePicker
              label={t`End of season ticket sales`}
              description={t`Time zone: ${SEASON_TIME_ZONE}`}
              valueFormat="DD.MM.YYYY HH:mm"
              required
              {...form.getInputProps("season.seasonSaleEnd")}
              onChange={(value) => form.setFieldValue("season.seasonSaleEnd", value ?? "")}
            />
            <MultiSelect
              label={t`Events within the season`}
              description={plural(values.season.childEventIds.length, {
                one: "# event selected. It becomes part of the season.",
                other: "# events selected. They become part of the season.",
              })}
              searchable
              data={(candidates.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              {...form.getInputProps("season.childEventIds")}
            />
          </SimpleGrid>
        ) : (
          <ScheduleEditor form={form as never} locked={event ? isReleased(event.status) : false} />
        )}
        <StepActions loading={create.isPending || save.isPending} />
      </Stack>
    </form>
  );
}
