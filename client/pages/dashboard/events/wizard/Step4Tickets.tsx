import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  ColorSwatch,
  Divider,
  Group,
  Input,
  NumberInput,
  type NumberInputProps,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { DateTimePicker, TimeInput } from "@mantine/dates";
import { modals } from "@mantine/modals";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from "react";
import { z } from "zod";
import { centsToEuros, eurosToCents, formatCents, MAX_PRICE_CENTS } from "../../../../../shared/rules/money";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../../../../shared/rules/zoned";
import type { SeatingCategory } from "../../../../../shared/seating/layout";
import {
  MAX_BOOKING_OPTIONS,
  MAX_TICKET_CATEGORIES,
  newTicketCategory,
  type TTicketCategory,
  ZTicketCategories,
} from "../../../../../shared/schemas/tickets";
import { useZodForm } from "../../../../hooks/use-zod-form";
import { describeError, fieldErrorsOf } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { StepActions, wantsClose } from "./StepActions";
import type { EventDetail, StepProps, WizardKind } from "./types";

/** The server's input is `{ eventId, categories }`, so field paths match: "categories.0.priceCents". */
const ZTicketsForm = z.object({ categories: ZTicketCategories });

type SavedCategory = EventDetail["categories"][number];

/**
 * A saved category in the form's shape; its id doubles as the key conditions refer to. Without a
 * seating plan a ticket sells no seating category: a link left from an earlier plan is dropped.
 */
function toFormCategory(c: SavedCategory, seated: boolean): TTicketCategory {
  return {
    key: c.id,
    id: c.id,
    name: c.name,
    kind: c.kind,
    area: c.area,
    seatingCategoryId: seated ? c.seatingCategoryId : null,
    priceCents: c.priceCents,
    dailyQuantity: c.dailyQuantity,
    seatsPerTicket: c.seatsPerTicket,
    bookingOptions: c.bookingOptions.map((o) => ({ name: o.name, priceCents: o.priceCents, description: o.description })),
    webDescription: c.webDescription,
    pdfDescription: c.pdfDescription,
    saleStartMode: c.saleStartMode,
    saleStartAt: c.saleStartAt,
    saleEndMode: c.saleEndMode,
    saleEndAt: c.saleEndAt,
    validityStartTime: c.validityStartTime,
    validityEndTime: c.validityEndTime,
    visibility: c.visibility,
    selectability: c.selectability,
    conditionKey: c.conditionCategoryId,
    minPerOrder: c.minPerOrder,
    maxPerOrder: c.maxPerOrder,
    showRemaining: c.showRemaining,
    appliesTo: c.appliesTo,
  };
}

function useTicketsForm(detail: EventDetail) {
  return useZodForm(ZTicketsForm, {
    mode: "controlled",
    initialValues: { categories: detail.categories.map((c) => toFormCategory(c, detail.event.seatingMode === "template")) },
  });
}
type TicketsForm = ReturnType<typeof useTicketsForm>;

/** The categories of the event's seating plan; "loading" meanwhile, null without a plan or when it can't be read. */
type SeatingCategories = SeatingCategory[] | "loading" | null;

/**
 * The categories of the event's seating plan, for linking tickets to them. No query returns the
 * event's plan snapshot by itself: the first date's inventory carries it (every date sells the
 * same snapshot). A season has no dates of its own; its template's layout is used instead, which
 * is the snapshot too (saving a template copies it into the events using it).
 */
function useSeatingCategories(detail: EventDetail): SeatingCategories {
  const trpc = useTRPC();
  const seated = detail.event.seatingMode === "template";
  const firstDateId = detail.dates[0]?.id ?? null;
  const templateId = detail.event.stadiumTemplateId;
  const byDate = useQuery({
    ...trpc.seating.dateInventory.queryOptions({ eventDateId: firstDateId ?? "" }),
    enabled: seated && firstDateId !== null,
    select: (data) => data.layout?.categories ?? null,
  });
  const byTemplate = useQuery({
    ...trpc.stadiums.get.queryOptions({ id: templateId ?? "" }),
    enabled: seated && firstDateId === null && templateId !== null,
    select: (data) => data.template.layout.categories,
  });
  if (!seated) return null;
  const query = firstDateId !== null ? byDate : templateId !== null ? byTemplate : null;
  if (!query) return null;
  // Step 3 may just have chosen another plan: wait for fresh data rather than show the cached plan.
  if (query.isPending || !query.isFetchedAfterMount) return "loading";
  return query.data ?? null;
}

/** Chooses the seating-plan category a ticket sells; none means any seat. */
function SeatingCategorySelect({
  categories,
  value,
  onChange,
  error,
}: {
  categories: SeatingCategory[] | "loading";
  value: string | null;
  onChange: (value: string | null) => void;
  error: ReactNode;
}) {
  const { t } = useLingui();
  const known = categories === "loading" ? [] : categories;
  const colorOf = new Map(known.map((c) => [c.id, c.color]));
  const data = known.map((c) => ({ value: c.id, label: c.name }));
  // A category the plan no longer has stays visible, so it can be cleared (saving refuses it).
  if (value && categories !== "loading" && !colorOf.has(value)) data.push({ value, label: t`Unknown category (${value})` });
  const swatch = (id: string | null | undefined) => {
    const color = id ? colorOf.get(id) : undefined;
    return color ? <ColorSwatch color={color} size={14} /> : null;
  };
  return (
    <Select
      label={t`Seating category`}
      description={t`The seats and standing areas of the seating plan this ticket sells.`}
      placeholder={t`Any seat`}
      clearable
      disabled={categories === "loading"}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      leftSection={swatch(value)}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          {swatch(option.value)}
          <span>{option.label}</span>
        </Group>
      )}
    />
  );
}

function asDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "string" && value) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** Euros typed into the price field as cents; "" counts as 0, anything unreadable as null. */
function parseEuros(value: string | number): number | null {
  if (value === "") return 0;
  const euros = typeof value === "number" ? value : Number(value);
  return Number.isFinite(euros) ? eurosToCents(euros) : null;
}

/**
 * A price field that shows euros and reports cents. It keeps what was typed ("12," on the way to
 * "12,50") as long as it still means the form's value, and shows the form's value otherwise.
 */
function EuroInput({
  cents,
  onCentsChange,
  ...props
}: Omit<NumberInputProps, "value" | "onChange"> & { cents: number; onCentsChange: (cents: number) => void }) {
  const { i18n } = useLingui();
  const [typed, setTyped] = useState<string | number>(() => (cents === 0 ? "" : centsToEuros(cents)));
  const shown = parseEuros(typed) === cents ? typed : centsToEuros(cents);
  return (
    <NumberInput
      {...props}
      value={shown}
      onChange={(value) => {
        setTyped(value);
        onCentsChange(parseEuros(value) ?? 0);
      }}
      min={0}
      max={MAX_PRICE_CENTS / 100}
      allowNegative={false}
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator={i18n.locale === "de" ? "," : "."}
      allowedDecimalSeparators={[",", "."]}
      suffix=" €"
      inputMode="decimal"
    />
  );
}

/** The texts that differ between an event's tickets and a season's season tickets. */
function useWording(kind: WizardKind) {
  const { t } = useLingui();
  if (kind === "season") {
    return {
      title: t`Season tickets`,
      intro: t`The season tickets buyers can choose. Prices are in euros.`,
      add: t`Add season ticket category`,
      emptyTitle: t`No season tickets yet`,
      emptyText: t`Publishing the season needs at least one season ticket category. You can save the draft without one.`,
      untitled: (position: number) => t`Season ticket ${position}`,
      quantityLabel: t`Number of season tickets`,
      quantityHelp: t`How many of these season tickets can be sold.`,
      quantitySummary: (quantity: number) => t`${quantity} available`,
      removeTitle: t`Remove this season ticket category?`,
    };
  }
  return {
    title: t`Tickets`,
    intro: t`The ticket categories buyers can choose. Prices are in euros.`,
    add: t`Add ticket category`,
    emptyTitle: t`No ticket categories yet`,
    emptyText: t`Publishing the event needs at least one ticket category. You can save the draft without one.`,
    untitled: (position: number) => t`Ticket category ${position}`,
    quantityLabel: t`Quantity per day`,
    quantityHelp: t`How many of these tickets can be sold for each date of the event.`,
    quantitySummary: (quantity: number) => t`${quantity} per day`,
    removeTitle: t`Remove this ticket category?`,
  };
}
type Wording = ReturnType<typeof useWording>;

/** A SegmentedControl with a visible label that screen readers announce for the group. */
function LabelledSegments({
  label,
  description,
  data,
  value,
  onChange,
}: {
  label: string;
  description?: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <Input.Label id={`${id}-label`} labelElement="div">
        {label}
      </Input.Label>
      {description && (
        <Input.Description id={`${id}-description`} mb={5}>
          {description}
        </Input.Description>
      )}
      <SegmentedControl
        fullWidth
        data={data}
        value={value}
        onChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
      />
    </div>
  );
}

function BookingOptions({ form, index }: { form: TicketsForm; index: number }) {
  const { t } = useLingui();
  const path = `categories.${index}.bookingOptions` as const;
  const options = form.getValues().categories[index]?.bookingOptions ?? [];
  const max = MAX_BOOKING_OPTIONS;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        <Trans>Extras buyers can add to this ticket, e.g. parking or a drink voucher (up to {max}).</Trans>
      </Text>
      {options.map((option, i) => {
        const position = i + 1;
        return (
          <Paper key={i} withBorder p="sm">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  <Trans>Booking option {position}</Trans>
                </Text>
                <Button variant="subtle" color="red" size="xs" onClick={() => form.removeListItem(path, i)}>
                  <Trans>Remove booking option {position}</Trans>
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t`Name`} required {...form.getInputProps(`${path}.${i}.name`)} />
                <EuroInput
                  label={t`Price`}
                  description={t`0 € for an extra without surcharge.`}
                  cents={option.priceCents}
                  onCentsChange={(value) => form.setFieldValue(`${path}.${i}.priceCents`, value)}
                  error={form.errors[`${path}.${i}.priceCents`]}
                />
              </SimpleGrid>
              <Textarea
                label={t`Description`}
                autosize
                minRows={1}
                maxRows={4}
                value={option.description ?? ""}
                onChange={(e) => form.setFieldValue(`${path}.${i}.description`, e.currentTarget.value || null)}
                error={form.errors[`${path}.${i}.description`]}
              />
            </Stack>
          </Paper>
        );
      })}
      {form.errors[path] && (
        <Text size="sm" c="red" role="alert">
          {form.errors[path]}
        </Text>
      )}
      <div>
        <Button
          variant="light"
          size="xs"
          disabled={options.length >= MAX_BOOKING_OPTIONS}
          onClick={() => form.insertListItem(path, { name: "", priceCents: 0, description: null })}
        >
          <Trans>Add booking option</Trans>
        </Button>
      </div>
    </Stack>
  );
}

/** Every field of one ticket category. */
function CategoryFields({
  form,
  index,
  wording,
  timeZone,
  others,
  limit,
  seatingCategories,
}: {
  form: TicketsForm;
  index: number;
  wording: Wording;
  timeZone: string;
  /** The other categories of the list, for conditions. */
  others: { value: string; label: string }[];
  /** The daily attendee (or season ticket) limit of the event, if any. */
  limit: number | null;
  /** The categories of the event's seating plan; null hides the choice (free seating). */
  seatingCategories: SeatingCategories;
}) {
  const { t, i18n } = useLingui();
  const p = `categories.${index}` as const;
  const c = form.getValues().categories[index];
  if (!c) return null;
  const error = (field: string) => form.errors[`${p}.${field}`];
  const isFree = c.kind === "free";
  const needsCondition = c.visibility !== "always" || c.selectability !== "always";
  const dateFormat = i18n.locale === "de" ? "DD.MM.YYYY HH:mm" : "DD/MM/YYYY HH:mm";
  const zoneHint = t`Date and time in the event's time zone (${timeZone}).`;

  const dateProps = (field: "saleStartAt" | "saleEndAt") => {
    const date = asDate(c[field]);
    return {
      value: date ? dateToZonedWallTime(date, timeZone) : null,
      onChange: (value: string | null) => form.setFieldValue(`${p}.${field}`, value ? zonedWallTimeToDate(value, timeZone) : null),
      error: error(field),
      valueFormat: dateFormat,
      description: zoneHint,
      clearable: true,
      required: true,
      popoverProps: { withinPortal: true },
    };
  };
  const timeProps = (field: "validityStartTime" | "validityEndTime") => ({
    value: c[field] ?? "",
    onChange: (e: ChangeEvent<HTMLInputElement>) => form.setFieldValue(`${p}.${field}`, e.currentTarget.value || null),
    error: error(field),
  });
  const optionalText = (field: "area" | "webDescription" | "pdfDescription") => ({
    value: c[field] ?? "",
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.setFieldValue(`${p}.${field}`, e.currentTarget.value || null),
    error: error(field),
  });
  /** A condition needs the other category; back to "always" for both, it needs none. */
  const setConditions = (next: Pick<TTicketCategory, "visibility" | "selectability">) => {
    form.setFieldValue(`${p}.visibility`, next.visibility);
    form.setFieldValue(`${p}.selectability`, next.selectability);
    if (next.visibility === "always" && next.selectability === "always") form.setFieldValue(`${p}.conditionKey`, null);
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t`Name`}
          description={t`Shown to buyers, e.g. Adult, Child or VIP.`}
          required
          maxLength={100}
          {...form.getInputProps(`${p}.name`)}
        />
        <TextInput
          label={t`Area`}
          description={t`Optional: the part of the venue this ticket is for, e.g. Standing area.`}
          maxLength={100}
          {...optionalText("area")}
        />
        <LabelledSegments
          label={t`Type`}
          description={t`A free ticket has no price.`}
          data={[
            { value: "chargeable", label: t`Chargeable` },
            { value: "free", label: t`Free of charge` },
          ]}
          value={c.kind}
          onChange={(value) => {
            form.setFieldValue(`${p}.kind`, value as TTicketCategory["kind"]);
            if (value === "free") form.setFieldValue(`${p}.priceCents`, 0);
          }}
        />
        {!isFree && (
          <EuroInput
            label={t`Price (EUR)`}
            description={t`What a buyer pays for one ticket, in euros.`}
            required
            cents={c.priceCents}
            onCentsChange={(value) => form.setFieldValue(`${p}.priceCents`, value)}
            error={error("priceCents")}
          />
        )}
        <NumberInput
          label={wording.quantityLabel}
          description={wording.quantityHelp}
          required
          min={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(`${p}.dailyQuantity`)}
        />
        <NumberInput
          label={t`Seats per ticket`}
          description={t`How many places one ticket takes, e.g. 2 for a couple ticket. Needed when the event has a daily attendee limit, because that limit overrides ticket counts.`}
          required
          min={1}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(`${p}.seatsPerTicket`)}
        />
      </SimpleGrid>
      {seatingCategories !== null && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SeatingCategorySelect
            categories={seatingCategories}
            value={c.seatingCategoryId ?? null}
            onChange={(value) => form.setFieldValue(`${p}.seatingCategoryId`, value)}
            error={error("seatingCategoryId")}
          />
        </SimpleGrid>
      )}
      {limit !== null && (
        <Text size="sm" c="dimmed">
          <Trans>
            This event has a daily limit of {limit}. It overrides the ticket quantities: every ticket sold counts with its
            seats per ticket towards the limit.
          </Trans>
        </Text>
      )}

      <Divider label={t`Booking options`} labelPosition="left" />
      <BookingOptions form={form} index={index} />

      <Divider label={t`Descriptions`} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={t`Web description`}
          description={t`Shown with the ticket on the event page.`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          {...optionalText("webDescription")}
        />
        <Textarea
          label={t`PDF ticket description`}
          description={t`Printed on the PDF ticket, e.g. entrance or conditions.`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={500}
          {...optionalText("pdfDescription")}
        />
      </SimpleGrid>

      <Divider label={t`Sale period`} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap="xs">
          <Radio.Group
            label={t`Sale start`}
            value={c.saleStartMode}
            onChange={(value) => form.setFieldValue(`${p}.saleStartMode`, value as TTicketCategory["saleStartMode"])}
          >
            <Stack gap={6} mt={6}>
              <Radio value="on_release" label={t`When the event is published`} />
              <Radio value="at" label={t`On a date`} />
            </Stack>
          </Radio.Group>
          {c.saleStartMode === "at" && <DateTimePicker label={t`Sale starts on`} {...dateProps("saleStartAt")} />}
        </Stack>
        <Stack gap="xs">
          <Radio.Group
            label={t`Sale end`}
            value={c.saleEndMode}
            onChange={(value) => form.setFieldValue(`${p}.saleEndMode`, value as TTicketCategory["saleEndMode"])}
          >
            <Stack gap={6} mt={6}>
              <Radio value="event_end" label={t`When the event ends`} />
              <Radio value="at" label={t`On a date`} />
            </Stack>
          </Radio.Group>
          {c.saleEndMode === "at" && <DateTimePicker label={t`Sale ends on`} {...dateProps("saleEndAt")} />}
        </Stack>
      </SimpleGrid>

      <Divider label={t`Validity`} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TimeInput
          label={t`Valid from`}
          description={t`Time of day from which the ticket admits entry. Leave empty for the whole event.`}
          {...timeProps("validityStartTime")}
        />
        <TimeInput
          label={t`Valid until`}
          description={t`Time of day until which the ticket admits entry.`}
          {...timeProps("validityEndTime")}
        />
      </SimpleGrid>

      <Divider label={t`Conditions`} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t`Visibility`}
          description={t`When buyers see this ticket.`}
          allowDeselect={false}
          data={[
            { value: "always", label: t`Always` },
            { value: "with_other_selected", label: t`Only when another ticket is selected` },
          ]}
          value={c.visibility}
          onChange={(value) =>
            value && setConditions({ visibility: value as TTicketCategory["visibility"], selectability: c.selectability })
          }
        />
        <Select
          label={t`Selectability`}
          description={t`When buyers can choose this ticket.`}
          allowDeselect={false}
          data={[
            { value: "always", label: t`Always` },
            { value: "with_other_selected", label: t`Only when another ticket is selected` },
            { value: "other_sold_out", label: t`Only when another ticket is sold out` },
          ]}
          value={c.selectability}
          onChange={(value) =>
            value && setConditions({ visibility: c.visibility, selectability: value as TTicketCategory["selectability"] })
          }
        />
        {needsCondition && (
          <Select
            label={t`Other ticket category`}
            description={
              others.length === 0 ? t`Add another ticket category first.` : t`The ticket the condition refers to.`
            }
            required
            disabled={others.length === 0}
            data={others}
            value={c.conditionKey ?? null}
            onChange={(value) => form.setFieldValue(`${p}.conditionKey`, value)}
            error={error("conditionKey")}
          />
        )}
      </SimpleGrid>

      <Divider label={t`Order and display`} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t`Minimum per order`}
          description={t`The fewest of these tickets one order may contain.`}
          required
          min={1}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(`${p}.minPerOrder`)}
        />
        <NumberInput
          label={t`Maximum per order`}
          description={t`The most of these tickets one order may contain.`}
          required
          min={1}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(`${p}.maxPerOrder`)}
        />
        <LabelledSegments
          label={t`Applies to`}
          description={t`Where this ticket is sold.`}
          data={[
            { value: "boxoffice", label: t`Boxoffice` },
            { value: "boxoffice_online", label: t`Boxoffice & Online` },
          ]}
          value={c.appliesTo}
          onChange={(value) => form.setFieldValue(`${p}.appliesTo`, value as TTicketCategory["appliesTo"])}
        />
        <Switch
          mt={{ sm: "lg" }}
          label={t`Show the remaining number`}
          description={t`Buyers see how many of these tickets are left.`}
          {...form.getInputProps(`${p}.showRemaining`, { type: "checkbox" })}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Step 4 of the form: the ticket categories of an event, or the season tickets of a season. */
export function Step4Tickets(props: StepProps) {
  if (!props.detail) {
    return (
      <Alert color="yellow">
        <Trans>Save the event data in the first step before adding tickets.</Trans>
      </Alert>
    );
  }
  return <TicketsEditor {...props} detail={props.detail} />;
}

function TicketsEditor({ kind, detail, onDirtyChange, onSaved, onBack }: StepProps & { detail: EventDetail }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const wording = useWording(kind);
  const { event } = detail;
  const form = useTicketsForm(detail);
  const seatingCategories = useSeatingCategories(detail);
  const categories = form.getValues().categories;
  const [opened, setOpened] = useState<string[]>(() => (categories.length === 1 ? [categories[0]!.key] : []));
  const limit = (kind === "season" ? event.dailySeasonTicketLimit : event.dailyAttendeeLimit) ?? null;
  const timeZone = event.timeZone || "Europe/Berlin";

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const save = useMutation(trpc.tickets.save.mutationOptions());

  /** Opens the categories that have an error, so the messages are visible. */
  const openWithErrors = (paths: string[]) => {
    const current = form.getValues().categories;
    const keys = paths.flatMap((path) => {
      const match = /^categories\.(\d+)\./.exec(path);
      const category = match ? current[Number(match[1])] : undefined;
      return category ? [category.key] : [];
    });
    if (keys.length > 0) setOpened((open) => [...new Set([...open, ...keys])]);
  };

  const submit = form.onSubmit(
    async (values, e) => {
      try {
        await save.mutateAsync({ eventId: event.id, categories: values.categories });
        form.resetDirty();
        onDirtyChange(false);
        onSaved({ eventId: event.id, close: wantsClose(e) });
      } catch (error) {
        if (form.setServerErrors(error)) openWithErrors(Object.keys(fieldErrorsOf(i18n, error)));
        else toast.error(describeError(i18n, error));
      }
    },
    (errors) => openWithErrors(Object.keys(errors)),
  );

  const add = () => {
    const category = newTicketCategory(crypto.randomUUID());
    form.insertListItem("categories", category);
    setOpened((open) => [...open, category.key]);
  };

  const remove = (index: number) => {
    const removed = categories[index];
    if (!removed) return;
    const apply = () => {
      form.removeListItem("categories", index);
      // A condition pointing at the removed category has to be chosen again.
      form.getValues().categories.forEach((other, i) => {
        if (other.conditionKey === removed.key) form.setFieldValue(`categories.${i}.conditionKey`, null);
      });
    };
    // A saved category is deleted when the step is saved; ask first. A new one just goes.
    if (!removed.id) {
      apply();
      return;
    }
    modals.openConfirmModal({
      title: wording.removeTitle,
      children: (
        <Text size="sm">
          <Trans>It is deleted when you save this step. Until then you can leave without saving to keep it.</Trans>
        </Text>
      ),
      labels: { confirm: t`Remove`, cancel: t`Cancel` },
      confirmProps: { color: "red" },
      onConfirm: apply,
    });
  };

  const labelOf = (c: TTicketCategory, i: number) => c.name.trim() || wording.untitled(i + 1);
  const listError = form.errors.categories;

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <div>
          <Title order={3} size="h4">
            {wording.title}
          </Title>
          <Text size="sm" c="dimmed">
            {wording.intro}
          </Text>
        </div>

        {listError && (
          <Alert color="red" role="alert">
            {listError}
          </Alert>
        )}

        {categories.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Stack align="center" gap="xs">
              <Text fw={600}>{wording.emptyTitle}</Text>
              <Text size="sm" c="dimmed" maw={480}>
                {wording.emptyText}
              </Text>
              <Button onClick={add} mt="xs">
                {wording.add}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <>
            <Accordion multiple value={opened} onChange={setOpened} variant="separated" chevronPosition="left">
              {categories.map((c, index) => {
                const label = labelOf(c, index);
                const hasError = Object.keys(form.errors).some((path) => path.startsWith(`categories.${index}.`));
                const quantity = typeof c.dailyQuantity === "number" ? c.dailyQuantity : null;
                const seatingCategory = Array.isArray(seatingCategories)
                  ? seatingCategories.find((s) => s.id === c.seatingCategoryId)
                  : undefined;
                const others = categories.flatMap((other, i) =>
                  i === index ? [] : [{ value: other.key, label: labelOf(other, i) }],
                );
                return (
                  <Accordion.Item key={c.key} value={c.key}>
                    <Group wrap="nowrap" gap={4} pr="xs">
                      <Accordion.Control style={{ flex: 1, minWidth: 0 }}>
                        <Group gap="xs" wrap="wrap">
                          <Text fw={600} truncate maw="100%">
                            {label}
                          </Text>
                          <Badge variant="light" color={c.kind === "free" ? "teal" : "blue"}>
                            {c.kind === "free" ? t`Free of charge` : formatCents(c.priceCents, i18n.locale)}
                          </Badge>
                          {seatingCategory && (
                            <Badge variant="outline" color="gray" leftSection={<ColorSwatch color={seatingCategory.color} size={10} />}>
                              {seatingCategory.name}
                            </Badge>
                          )}
                          {quantity !== null && (
                            <Text size="sm" c="dimmed">
                              {wording.quantitySummary(quantity)}
                            </Text>
                          )}
                          {hasError && (
                            <Badge color="red" variant="filled">
                              {t`Please check`}
                            </Badge>
                          )}
                        </Group>
                      </Accordion.Control>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t`Move ${label} up`}
                        title={t`Move up`}
                        disabled={index === 0}
                        onClick={() => form.reorderListItem("categories", { from: index, to: index - 1 })}
                      >
                        <span aria-hidden="true">↑</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t`Move ${label} down`}
                        title={t`Move down`}
                        disabled={index === categories.length - 1}
                        onClick={() => form.reorderListItem("categories", { from: index, to: index + 1 })}
                      >
                        <span aria-hidden="true">↓</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t`Remove ${label}`}
                        title={t`Remove`}
                        onClick={() => remove(index)}
                      >
                        <span aria-hidden="true">✕</span>
                      </ActionIcon>
                    </Group>
                    <Accordion.Panel>
                      {/* Only open categories mount their fields: a long list stays quick to type in. */}
                      {opened.includes(c.key) && (
                        <CategoryFields
                          form={form}
                          index={index}
                          wording={wording}
                          timeZone={timeZone}
                          others={others}
                          limit={limit}
                          seatingCategories={seatingCategories}
                        />
                      )}
                    </Accordion.Panel>
                  </Accordion.Item>
                );
              })}
            </Accordion>
            <div>
              <Button variant="light" onClick={add} disabled={categories.length >= MAX_TICKET_CATEGORIES}>
                {wording.add}
              </Button>
            </div>
          </>
        )}

        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}
