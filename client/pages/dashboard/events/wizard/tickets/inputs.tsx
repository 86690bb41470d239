import { ColorSwatch, Group, Input, NumberInput, type NumberInputProps, SegmentedControl, Select } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import { centsToEuros, eurosToCents, MAX_PRICE_CENTS } from "../../../../../../shared/rules/money";
import type { SeatingCategory } from "../../../../../../shared/seating/layout";

/** Chooses the seating-plan category a ticket sells; none means any seat. */
export function SeatingCategorySelect({
  categories,
  value,
  onChange,
  error,
}: {
  categories: SeatingCategory[];
  value: string | null;
  onChange: (value: string | null) => void;
  error: ReactNode;
}) {
  const { t } = useLingui();
  const colorOf = new Map(categories.map((c) => [c.id, c.color]));
  const data = categories.map((c) => ({ value: c.id, label: c.name }));
  // A category the plan no longer has stays visible, so it can be cleared (saving refuses it).
  if (value && !colorOf.has(value)) data.push({ value, label: t`Unknown category (${value})` });
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

export function asDate(value: unknown): Date | null {
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

/** Cents as the field shows a price it did not get typed: two decimals ("15.50", "25.00"). */
function eurosText(cents: number): string {
  return centsToEuros(cents).toFixed(2);
}

/**
 * A price field that shows euros and reports cents. It keeps what was typed ("12," on the way to
 * "12,50") as long as it still means the form's value, and shows the form's value otherwise,
 * with two decimals (also once the field is left).
 *
 * No fixedDecimalScale: with it "15" already reads "15.00 €", so the decimal separator typed next
 * only moves the caret over the "." and leaves the text as it was. The number input then still
 * has a 0 ms timer of the keystroke before, which puts the caret back where that keystroke left
 * it as long as the text is unchanged; when keys come faster than timers run (a busy page) it ran
 * after the move and "15,50" became 1550.00 €. Without padding while typing, every keystroke
 * changes the text and such a late timer does nothing.
 */
export function EuroInput({
  cents,
  onCentsChange,
  onBlur,
  ...props
}: Omit<NumberInputProps, "value" | "onChange"> & { cents: number; onCentsChange: (cents: number) => void }) {
  const { i18n } = useLingui();
  const [typed, setTyped] = useState<string | number>(() => (cents === 0 ? "" : eurosText(cents)));
  const shown = parseEuros(typed) === cents ? typed : eurosText(cents);
  return (
    <NumberInput
      {...props}
      value={shown}
      valueIsNumericString
      onChange={(value) => {
        setTyped(value);
        onCentsChange(parseEuros(value) ?? 0);
      }}
      onBlur={(event) => {
        setTyped((before) => (before === "" ? before : eurosText(cents)));
        onBlur?.(event);
      }}
      min={0}
      max={MAX_PRICE_CENTS / 100}
      allowNegative={false}
      decimalScale={2}
      decimalSeparator={i18n.locale === "de" ? "," : "."}
      allowedDecimalSeparators={[",", "."]}
      suffix=" €"
      inputMode="decimal"
    />
  );
}

/** A SegmentedControl with a visible label that screen readers announce for the group. */
export function LabelledSegments({
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
