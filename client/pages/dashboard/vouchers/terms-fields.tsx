import { Trans, useLingui } from "@lingui/react/macro";
import { MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import type { UseFormReturnType } from "@mantine/form";
import "dayjs/locale/de";
import { useState } from "react";
import { MAX_ORDER_VALUE_CENTS, MAX_VOUCHER_FIXED_CENTS, MAX_VOUCHER_USES } from "../../../../shared/rules/voucher";
import { proposedUntil, type TermsValues, VOUCHER_TIME_ZONE } from "./form-model";
import { HundredthsInput, LabelledSegments } from "./inputs";
import { SeatPicker } from "./seat-picker";
import { categoryOptions, keepOn, targetOptions, type VoucherTarget } from "./targets";

type Props = {
  form: UseFormReturnType<TermsValues>;
  targets: readonly VoucherTarget[];
  readOnly: boolean;
  /** New vouchers: the end of the validity follows its start (+10 days) until it is changed. */
  proposeUntil: boolean;
  /** An existing voucher's uses, shown beside its limit. */
  uses?: { usedCount: number; reservedCount: number } | undefined;
};

/** Everything of a voucher but its code: shared by the voucher form and the bulk creation. */
export function TermsFields({ form, targets, readOnly, proposeUntil, uses }: Props) {
  const { t, i18n } = useLingui();
  const values = form.getValues();
  const target = targets.find((x) => x.id === values.eventId);
  const used = uses?.usedCount ?? 0;
  const reserved = uses?.reservedCount ?? 0;
  const dateLocale = i18n.locale === "de" ? "de" : "en";
  const timeZone = VOUCHER_TIME_ZONE;
  // Until the end is chosen by hand it follows the start (SPEC §9: 10 days).
  const [untilChosen, setUntilChosen] = useState(false);
  const valueProps = (field: "value" | "minOrderCents" | "maxOrderCents") => {
    const { error, onFocus, onBlur } = form.getInputProps(field);
    return { error: error as string | undefined, onFocus, onBlur, value: values[field], onHundredths: (v: number | null) => form.setFieldValue(field, v) };
  };
  const dateProps = (field: "validFrom" | "validUntil") => ({
    ...form.getInputProps(field),
    value: values[field] || null,
    valueFormat: "DD.MM.YYYY HH:mm",
    locale: dateLocale,
    required: true,
    readOnly,
  });

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t`Event or season`}
          required
          searchable
          placeholder={t`Choose an event or season`}
          nothingFoundMessage={t`Nothing found.`}
          data={targetOptions(targets, { events: t`Events`, seasons: t`Seasons` })}
          {...form.getInputProps("eventId")}
          value={values.eventId || null}
          onChange={(v) => {
            const next = targets.find((x) => x.id === v);
            form.setValues({ eventId: v ?? "", ...keepOn(next, values) });
          }}
          readOnly={readOnly}
        />
        <MultiSelect
          label={t`Ticket categories`}
          description={target?.isSeason ? t`A season's voucher also works for the tickets of its events.` : undefined}
          required
          searchable
          placeholder={!target ? t`Choose the event first` : values.ticketCategoryIds.length === 0 ? t`Choose at least one` : undefined}
          disabled={!target}
          data={categoryOptions(target, i18n.locale)}
          nothingFoundMessage={t`Nothing found.`}
          {...form.getInputProps("ticketCategoryIds")}
          readOnly={readOnly}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabelledSegments
          label={t`Discount type`}
          data={[
            { value: "percent" as const, label: t`Percentage` },
            { value: "fixed" as const, label: t`Fixed amount` },
          ]}
          value={values.kind}
          onChange={(v) => form.setFieldValue("kind", v)}
          readOnly={readOnly}
        />
        <HundredthsInput
          key={values.kind}
          label={values.kind === "percent" ? t`Discount in percent` : t`Discount in euros`}
          required
          unit={values.kind === "percent" ? "percent" : "euro"}
          max={values.kind === "percent" ? 10_000 : MAX_VOUCHER_FIXED_CENTS}
          readOnly={readOnly}
          {...valueProps("value")}
        />
        <HundredthsInput
          label={t`Minimum order value`}
          description={t`The order must reach this value (0 for none).`}
          required
          unit="euro"
          max={MAX_ORDER_VALUE_CENTS}
          readOnly={readOnly}
          {...valueProps("minOrderCents")}
        />
        <HundredthsInput
          label={t`Maximum order value`}
          description={t`The voucher does not work for larger orders.`}
          required
          unit="euro"
          max={MAX_ORDER_VALUE_CENTS}
          readOnly={readOnly}
          {...valueProps("maxOrderCents")}
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Switch
          label={t`Limit the number of redemptions`}
          description={values.limited ? undefined : t`Unlimited: the code can be redeemed any number of times.`}
          checked={values.limited}
          onChange={(e) => !readOnly && form.setFieldValue("limited", e.currentTarget.checked)}
          disabled={readOnly}
        />
        {values.limited && (
          <NumberInput
            label={t`Maximum redemptions`}
            required
            min={1}
            max={MAX_VOUCHER_USES}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={i18n.locale === "de" ? "." : ","}
            decimalSeparator={i18n.locale === "de" ? "," : "."}
            maw={320}
            readOnly={readOnly}
            {...form.getInputProps("maxUses")}
          />
        )}
        {uses && (
          <Text size="sm" data-testid="voucher-used-count">
            <Trans>Redeemed so far: {used}</Trans>
            {reserved > 0 && (
              <>
                {" · "}
                <Trans>held by checkouts in progress: {reserved}</Trans>
              </>
            )}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimePicker
          label={t`Valid from`}
          description={t`Time zone: ${timeZone}`}
          {...dateProps("validFrom")}
          onChange={(v) => {
            const from = v ?? "";
            form.setFieldValue("validFrom", from);
            if (proposeUntil && !untilChosen) form.setFieldValue("validUntil", proposedUntil(from));
          }}
        />
        <DateTimePicker
          label={t`Valid until`}
          description={proposeUntil ? t`Proposed: 10 days after the start.` : t`Time zone: ${timeZone}`}
          {...dateProps("validUntil")}
          onChange={(v) => {
            setUntilChosen(true);
            form.setFieldValue("validUntil", v ?? "");
          }}
        />
      </SimpleGrid>
      {target && target.blocks.length > 0 && (
        <MultiSelect
          label={t`Blocks (optional)`}
          description={t`Only tickets in these blocks get the discount. Leave empty for the whole plan.`}
          searchable
          data={target.blocks.map((b) => ({ value: b.id, label: b.kind === "standing" ? t`${b.name} (standing)` : b.name }))}
          nothingFoundMessage={t`Nothing found.`}
          {...form.getInputProps("blockIds")}
          readOnly={readOnly}
        />
      )}
      {target && (
        <SeatPicker
          blocks={target.blocks}
          value={values.seatKeys}
          onChange={(keys) => form.setFieldValue("seatKeys", keys)}
          error={form.errors.seatKeys as string | undefined}
          disabled={readOnly}
        />
      )}
      <Textarea label={t`Description`} autosize minRows={2} maxRows={6} maxLength={1000} readOnly={readOnly} {...form.getInputProps("description")} />
      <LabelledSegments
        label={t`Status`}
        data={[
          { value: "active" as const, label: t`Active` },
          { value: "inactive" as const, label: t`Inactive` },
        ]}
        value={values.status}
        onChange={(v) => form.setFieldValue("status", v)}
        readOnly={readOnly}
      />
    </Stack>
  );
}
