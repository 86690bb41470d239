import { ColorInput, NumberInput } from "@mantine/core";
import { type ReactNode, useState } from "react";

/** A local draft that follows `value` whenever it changes from outside (undo, drag). */
function useDraft<T>(value: T) {
  const [draft, setDraft] = useState<T | string>(value);
  const [previous, setPrevious] = useState(value);
  if (previous !== value) {
    setPrevious(value);
    setDraft(value);
  }
  return [draft, setDraft] as const;
}

export const SWATCHES = [
  "#1c7ed6",
  "#e03131",
  "#2f9e44",
  "#f08c00",
  "#7048e8",
  "#0c8599",
  "#c2255c",
  "#5c940d",
  "#e8590c",
  "#495057",
];

/**
 * A whole-number input that commits valid numbers to the document. With `commitOnBlur` it
 * commits only on blur or Enter (fields like rows, where the keystrokes in between would be
 * destructive); invalid or empty drafts fall back to the current value.
 */
export function IntField({
  label,
  value,
  min,
  max,
  step,
  disabled,
  commitOnBlur,
  onCommit,
  description,
  suffix,
}: {
  label: ReactNode;
  value: number;
  min: number;
  max: number;
  step?: number;
  disabled?: boolean;
  commitOnBlur?: boolean;
  onCommit: (value: number) => void;
  description?: ReactNode;
  suffix?: string;
}) {
  const [draft, setDraft] = useDraft<number>(value);
  const valid = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
  const commit = () => {
    if (valid(draft)) {
      if (draft !== value) onCommit(draft);
    } else setDraft(value);
  };
  return (
    <NumberInput
      label={label}
      description={description}
      value={draft}
      min={min}
      max={max}
      step={step}
      suffix={suffix}
      allowDecimal={false}
      allowNegative={min < 0}
      clampBehavior="blur"
      disabled={disabled}
      onChange={(v) => {
        setDraft(v);
        if (!commitOnBlur && valid(v) && v !== value) onCommit(v);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
      }}
    />
  );
}

/** A colour input that commits only complete #rrggbb values. */
export function ColorField({
  label,
  value,
  disabled,
  onCommit,
  ariaLabel,
  w,
}: {
  label?: ReactNode;
  value: string;
  disabled?: boolean;
  onCommit: (value: string) => void;
  ariaLabel?: string;
  w?: number | string;
}) {
  const [draft, setDraft] = useDraft(value);
  const valid = (v: string) => /^#[0-9a-fA-F]{6}$/.test(v);
  return (
    <ColorInput
      label={label}
      aria-label={ariaLabel}
      w={w}
      format="hex"
      withEyeDropper={false}
      swatches={SWATCHES}
      swatchesPerRow={5}
      value={String(draft)}
      disabled={disabled}
      onChange={(v) => {
        setDraft(v);
        if (valid(v) && v.toLowerCase() !== value.toLowerCase()) onCommit(v.toLowerCase());
      }}
      onBlur={() => {
        if (!valid(String(draft))) setDraft(value);
      }}
    />
  );
}
