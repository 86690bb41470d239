import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, Group, Input, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useId, useState } from "react";
import { MAX_ROWS, MAX_SEATS_PER_ROW } from "../../../../shared/seating/layout";
import { seatsInRow } from "../../../../shared/seating/numbering";
import type { SeatedBlock } from "../../../../shared/seating/layout";
import { numberingOf, type PickerBlock, rangeKeys, rowLabel, seatLabel, seatRuns } from "./seat-keys";

type Props = {
  blocks: readonly PickerBlock[];
  value: string[];
  onChange: (keys: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
};

/** Row and seat choices of one block: Selects with the printed labels, or numbers counted from 1. */
function RowAndSeats({ block, onAdd, disabled }: { block: PickerBlock; onAdd: (keys: string[]) => void; disabled: boolean }) {
  const { t } = useLingui();
  const numbering = numberingOf(block);
  const [row, setRow] = useState<number | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const inRow = numbering && row !== null ? seatsInRow(numbering as SeatedBlock, row) : MAX_SEATS_PER_ROW;
  const ready = row !== null && from !== null && to !== null;
  const add = () => {
    if (!ready) return;
    onAdd(rangeKeys(block.id, row, from, to));
    setFrom(null);
    setTo(null);
  };
  const index = (v: string | number | null) => (v === null || v === "" ? null : Number(v));
  const rows = numbering ? Array.from({ length: numbering.rows }, (_, r) => ({ value: String(r), label: rowLabel(block, r) })) : [];
  const seats = row !== null ? Array.from({ length: inRow }, (_, s) => ({ value: String(s), label: seatLabel(block, row, s) })) : [];
  return (
    <>
      {!numbering && (
        <Text size="xs" c="dimmed">
          <Trans>Rows and seats are counted from 1, from the block's first row and each row's first seat.</Trans>
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {numbering ? (
          <>
            <Select label={t`Row`} data={rows} searchable value={row === null ? null : String(row)} onChange={(v) => { setRow(index(v)); setFrom(null); setTo(null); }} disabled={disabled} />
            <Select label={t`From seat`} data={seats} searchable value={from === null ? null : String(from)} onChange={(v) => setFrom(index(v))} disabled={disabled || row === null} />
            <Select label={t`To seat`} data={seats} searchable value={to === null ? null : String(to)} onChange={(v) => setTo(index(v))} disabled={disabled || row === null} />
          </>
        ) : (
          <>
            <NumberInput label={t`Row`} min={1} max={MAX_ROWS} allowDecimal={false} value={row === null ? "" : row + 1} onChange={(v) => setRow(index(v) === null ? null : Number(v) - 1)} disabled={disabled} />
            <NumberInput label={t`From seat`} min={1} max={MAX_SEATS_PER_ROW} allowDecimal={false} value={from === null ? "" : from + 1} onChange={(v) => setFrom(index(v) === null ? null : Number(v) - 1)} disabled={disabled} />
            <NumberInput label={t`To seat`} min={1} max={MAX_SEATS_PER_ROW} allowDecimal={false} value={to === null ? "" : to + 1} onChange={(v) => setTo(index(v) === null ? null : Number(v) - 1)} disabled={disabled} />
          </>
        )}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="light" size="xs" onClick={add} disabled={disabled || !ready}>
          <Trans>Add seats</Trans>
        </Button>
      </Group>
    </>
  );
}

/**
 * Seats a voucher is limited to: a block, a row and a range of seats at a time, shown as
 * "Block, row, seats" runs with their printed labels (the keys stay inside the form).
 */
export function SeatPicker({ blocks, value, onChange, error, disabled = false }: Props) {
  const { t } = useLingui();
  const id = useId();
  const seated = blocks.filter((b) => b.kind === "seated");
  const [blockId, setBlockId] = useState<string | null>(null);
  const block = seated.find((b) => b.id === blockId);
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const { runs, unreadable } = seatRuns(value);
  const remove = (keys: readonly string[]) => onChange(value.filter((k) => !keys.includes(k)));
  if (seated.length === 0) return null;
  return (
    <Paper withBorder p="sm" role="group" aria-labelledby={`${id}-label`}>
      <Stack gap="xs">
        <div>
          <Input.Label id={`${id}-label`} labelElement="div">
            <Trans>Seats (optional)</Trans>
          </Input.Label>
          <Input.Description>
            <Trans>Limit the voucher to single seats: choose a block, a row and the first and last seat, then add them.</Trans>
          </Input.Description>
        </div>
        {runs.length + unreadable.length > 0 && (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }} data-testid="voucher-seat-runs">
            {runs.map((run) => {
              const b = byId.get(run.blockId);
              const name = b?.name ?? run.blockId;
              const rowText = b ? rowLabel(b, run.row) : String(run.row + 1);
              const first = b ? seatLabel(b, run.row, run.from) : String(run.from + 1);
              const last = b ? seatLabel(b, run.row, run.to) : String(run.to + 1);
              const [low, high] = Number(first) <= Number(last) ? [first, last] : [last, first];
              const text = run.from === run.to ? t`${name}, row ${rowText}, seat ${low}` : t`${name}, row ${rowText}, seats ${low}–${high}`;
              return (
                <Group key={run.keys[0]} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">{text}</Text>
                  {!disabled && (
                    <ActionIcon variant="subtle" color="red" size="sm" aria-label={t`Remove ${text}`} onClick={() => remove(run.keys)}>
                      ×
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
            {unreadable.map((text) => (
              <Group key={text} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" ff="monospace">
                  {text}
                </Text>
                {!disabled && (
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label={t`Remove ${text}`} onClick={() => remove([text])}>
                    ×
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {!disabled && (
          <>
            <Select label={t`Block`} placeholder={t`Choose a block`} data={seated.map((b) => ({ value: b.id, label: b.name }))} value={blockId} onChange={setBlockId} searchable />
            {block && <RowAndSeats key={block.id} block={block} onAdd={(keys) => onChange([...new Set([...value, ...keys])])} disabled={disabled} />}
          </>
        )}
        {error && (
          <Text size="xs" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
