import { useLingui } from "@lingui/react/macro";
import { Input, NumberInput, type NumberInputProps, SegmentedControl } from "@mantine/core";
import { useId, useState } from "react";
import { eurosToCents } from "../../../../shared/rules/money";

/** Typed euros (or percent) to hundredths (cents, or basis points); "" is null, anything unreadable NaN. */
function parseHundredths(value: string | number): number | null {
  if (value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? eurosToCents(n) : Number.NaN;
}

/** Hundredths as the field shows a value it did not get typed: two decimals ("15.50"). */
const shownText = (hundredths: number | null) => (hundredths === null || Number.isNaN(hundredths) ? "" : (hundredths / 100).toFixed(2));

/**
 * A field that shows euros or percent with up to two decimals and reports integer hundredths:
 * cents (via eurosToCents) or basis points (10000 = 100 %). It keeps what was typed ("12," on
 * the way to "12,50") while that still means the form's value (as the ticket price field does).
 */
export function HundredthsInput({
  value,
  onHundredths,
  unit,
  max,
  onBlur,
  ...props
}: Omit<NumberInputProps, "value" | "onChange" | "max" | "onValueChange"> & {
  value: number | null;
  onHundredths: (value: number | null) => void;
  unit: "euro" | "percent";
  /** In hundredths. */
  max: number;
}) {
  const { i18n } = useLingui();
  const [typed, setTyped] = useState<string | number>(() => shownText(value));
  const same = (a: number | null, b: number | null) => a === b || (Number.isNaN(a) && Number.isNaN(b));
  const shown = same(parseHundredths(typed), value) ? typed : shownText(value);
  return (
    <NumberInput
      {...props}
      value={shown}
      valueIsNumericString
      onChange={(next) => {
        setTyped(next);
        onHundredths(parseHundredths(next));
      }}
      onBlur={(event) => {
        setTyped((before) => (before === "" ? before : shownText(value)));
        onBlur?.(event);
      }}
      min={0}
      max={max / 100}
      allowNegative={false}
      decimalScale={2}
      decimalSeparator={i18n.locale === "de" ? "," : "."}
      allowedDecimalSeparators={[",", "."]}
      suffix={unit === "euro" ? " €" : " %"}
      inputMode="decimal"
    />
  );
}

/** A SegmentedControl with a visible label that screen readers announce for the group. */
export function LabelledSegments<T extends string>({
  label,
  data,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  data: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  readOnly: boolean;
}) {
  const id = useId();
  return (
    <div>
      <Input.Label id={`${id}-label`} labelElement="div">
        {label}
      </Input.Label>
      <SegmentedControl fullWidth data={data} value={value} onChange={(v) => onChange(v as T)} readOnly={readOnly} aria-labelledby={`${id}-label`} />
    </div>
  );
}
