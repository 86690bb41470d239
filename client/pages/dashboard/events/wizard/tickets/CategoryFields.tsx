import { Divider, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Select } from "@mantine/core";
import { DateTimePicker, TimeInput } from "@mantine/dates";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ChangeEvent } from "react";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../../../../../shared/rules/zoned";
import type { SeatingCategory } from "../../../../../../shared/seating/layout";
import type { TTicketCategory } from "../../../../../../shared/schemas/tickets";
import { BookingOptions } from "./BookingOptions";
import type { TicketsForm, Wording } from "./form";
import { asDate, EuroInput, LabelledSegments, SeatingCategorySelect } from "./inputs";


/** Every field of one ticket category. */
export function CategoryFields({
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
  seatingCategories: SeatingCategory[] | null;
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
