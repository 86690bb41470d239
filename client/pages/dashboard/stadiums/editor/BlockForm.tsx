import { Alert, Button, Group, NumberInput, Pill, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { removeBlock, setRowSeats, updateBlock, type BlockPatch } from "../../../../../shared/seating/editing";
import { MAX_ROWS, MAX_SEATS_PER_ROW, type SeatedBlock, type SeatingBlock, type StandingBlock } from "../../../../../shared/seating/layout";
import { rowNumber } from "../../../../../shared/seating/numbering";
import { ColorField, IntField } from "./fields";
import type { StadiumEditorState } from "./use-stadium-editor";

const COORDINATE = 100_000;

/** Choices of printed row numbers of a block (row index as value). */
export function rowOptions(block: SeatedBlock) {
  return Array.from({ length: block.rows }, (_, r) => ({ value: String(r), label: String(rowNumber(block, r)) }));
}

function SeatedFields({ block, locked, patch }: { block: SeatedBlock; locked: boolean; patch: (p: BlockPatch, key?: string) => void }) {
  const { t } = useLingui();
  return (
    <>
      <SimpleGrid cols={2}>
        <IntField label={t`Rows`} value={block.rows} min={1} max={MAX_ROWS} disabled={locked} commitOnBlur onCommit={(rows) => patch({ rows })} />
        <IntField
          label={t`Seats per row`}
          value={block.seatsPerRow}
          min={1}
          max={MAX_SEATS_PER_ROW}
          disabled={locked}
          commitOnBlur
          onCommit={(seatsPerRow) => patch({ seatsPerRow })}
        />
        <IntField label={t`First row number`} value={block.firstRow} min={0} max={9999} disabled={locked} onCommit={(firstRow) => patch({ firstRow }, "firstRow")} />
        <IntField label={t`First seat number`} value={block.firstSeat} min={0} max={9999} disabled={locked} onCommit={(firstSeat) => patch({ firstSeat }, "firstSeat")} />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`row-dir-${block.id}`}>
          <Trans>Row numbering</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby={`row-dir-${block.id}`}
          disabled={locked}
          value={block.rowDirection}
          onChange={(v) => patch({ rowDirection: v as SeatedBlock["rowDirection"] })}
          data={[
            { value: "DOWN", label: t`Top to bottom` },
            { value: "UP", label: t`Bottom to top` },
          ]}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`seat-dir-${block.id}`}>
          <Trans>Seat numbering</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby={`seat-dir-${block.id}`}
          disabled={locked}
          value={block.seatDirection}
          onChange={(v) => patch({ seatDirection: v as SeatedBlock["seatDirection"] })}
          data={[
            { value: "RIGHT", label: t`Left to right` },
            { value: "LEFT", label: t`Right to left` },
          ]}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`align-${block.id}`}>
          <Trans>Alignment of shorter rows</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby={`align-${block.id}`}
          disabled={locked}
          value={block.align}
          onChange={(v) => patch({ align: v as SeatedBlock["align"] })}
          data={[
            { value: "left", label: t`Left` },
            { value: "center", label: t`Centre` },
            { value: "right", label: t`Right` },
          ]}
        />
      </Stack>
    </>
  );
}

/** Shorter rows: seats per row for single rows (SPEC: per-row seat counts). */
function RowLengths({ block, locked, editor }: { block: SeatedBlock; locked: boolean; editor: StadiumEditorState }) {
  const { t } = useLingui();
  const [row, setRow] = useState<string | null>(null);
  const [seats, setSeats] = useState<number | string>("");
  const overrides = Object.entries(block.rowSeats).sort(([a], [b]) => Number(a) - Number(b));
  const apply = () => {
    if (row === null || typeof seats !== "number") return;
    editor.editLayout((l) => setRowSeats(l, block.id, Number(row), seats));
    setSeats("");
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        <Trans>Shorter rows</Trans>
      </Text>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label={t`Row`}
          data={rowOptions(block)}
          value={row}
          onChange={setRow}
          searchable
          disabled={locked}
          w={90}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={t`Seats in this row`}
          value={seats}
          onChange={setSeats}
          min={1}
          max={block.seatsPerRow}
          allowDecimal={false}
          clampBehavior="strict"
          disabled={locked}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={apply} disabled={locked || row === null || typeof seats !== "number"}>
          <Trans>Set</Trans>
        </Button>
      </Group>
      {overrides.length > 0 ? (
        <Group gap={6}>
          {overrides.map(([r, n]) => {
            const label = rowNumber(block, Number(r));
            return (
              <Pill
                key={r}
                withRemoveButton={!locked}
                removeButtonProps={{ "aria-label": t`Give row ${label} full length` }}
                onRemove={() => editor.editLayout((l) => setRowSeats(l, block.id, Number(r), null))}
              >
                {plural(n, { one: `Row ${label}: # seat`, other: `Row ${label}: # seats` })}
              </Pill>
            );
          })}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          <Trans>All rows have the full number of seats.</Trans>
        </Text>
      )}
    </Stack>
  );
}

function StandingFields({ block, locked, patch }: { block: StandingBlock; locked: boolean; patch: (p: BlockPatch, key?: string) => void }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={2}>
      <IntField label={t`Width`} value={block.width} min={1} max={100_000} disabled={locked} onCommit={(width) => patch({ width }, "width")} />
      <IntField label={t`Height`} value={block.height} min={1} max={100_000} disabled={locked} onCommit={(height) => patch({ height }, "height")} />
      <IntField label={t`Capacity`} value={block.capacity} min={1} max={200_000} disabled={locked} onCommit={(capacity) => patch({ capacity }, "capacity")} />
      <NumberInput
        label={t`Daily amount`}
        description={t`Tickets per date, when lower than the capacity`}
        value={block.dailyAmount ?? ""}
        min={1}
        max={200_000}
        allowDecimal={false}
        disabled={locked}
        placeholder={t`Full capacity`}
        onChange={(v) => {
          if (v === "") patch({ dailyAmount: null }, "dailyAmount");
          else if (typeof v === "number" && Number.isInteger(v) && v >= 1) patch({ dailyAmount: v }, "dailyAmount");
        }}
      />
    </SimpleGrid>
  );
}

/** Every setting of one block; layout fields are locked for saved blocks in LIMITED_EDIT. */
export function BlockForm({
  block,
  editor,
  onDuplicate,
  onDeleted,
}: {
  block: SeatingBlock;
  editor: StadiumEditorState;
  onDuplicate: () => void;
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const locked = editor.isBlockLocked(block);
  const readOnly = editor.readOnly;
  const patch = (p: BlockPatch, key?: string) =>
    editor.editLayout((l) => updateBlock(l, block.id, p), key ? { key: `block:${block.id}:${key}` } : undefined);
  const name = block.name;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: block.kind === "standing" ? t`Delete standing area "${name}"?` : t`Delete block "${name}"?`,
      children: t`You can bring it back with Undo until you leave the editor.`,
      labels: { confirm: t`Delete`, cancel: t`Keep` },
      confirmProps: { color: "red" },
      onConfirm: () => {
        if (editor.editLayout((l) => removeBlock(l, block.id))) onDeleted();
      },
    });

  return (
    <Stack gap="sm" data-testid="block-form">
      {locked && !readOnly && (
        <Alert color="yellow" p="xs">
          <Text size="sm">
            <Trans>Tickets have been sold on this seating plan: this block keeps its position, size and seats. Its name, colour and the categories of unsold seats can still change.</Trans>
          </Text>
        </Alert>
      )}
      <TextInput
        label={block.kind === "standing" ? t`Name of the standing area` : t`Block name`}
        value={block.name}
        maxLength={60}
        disabled={readOnly}
        error={block.name.trim() === "" ? t`This field is required.` : undefined}
        onChange={(e) => patch({ name: e.currentTarget.value }, "name")}
      />
      <ColorField label={t`Colour`} value={block.color} disabled={readOnly} onCommit={(color) => patch({ color }, "color")} />
      <SimpleGrid cols={3}>
        <IntField label={t`X`} value={block.x} min={-COORDINATE} max={COORDINATE} disabled={locked} onCommit={(x) => patch({ x }, "x")} />
        <IntField label={t`Y`} value={block.y} min={-COORDINATE} max={COORDINATE} disabled={locked} onCommit={(y) => patch({ y }, "y")} />
        <IntField
          label={t`Rotation`}
          suffix="°"
          value={Math.round(block.rotation)}
          min={0}
          max={359}
          step={5}
          disabled={locked}
          onCommit={(rotation) => patch({ rotation }, "rotation")}
        />
      </SimpleGrid>
      {block.kind === "seated" ? (
        <>
          <SeatedFields block={block} locked={locked} patch={patch} />
          <RowLengths block={block} locked={locked} editor={editor} />
        </>
      ) : (
        <StandingFields block={block} locked={locked} patch={patch} />
      )}
      <Switch
        label={t`Box office only`}
        description={t`Sold only at the box office, not in the online shop`}
        checked={block.boxofficeOnly}
        disabled={readOnly}
        onChange={(e) => patch({ boxofficeOnly: e.currentTarget.checked })}
      />
      {!readOnly && (
        <Group justify="space-between">
          <Button variant="default" onClick={onDuplicate}>
            <Trans>Duplicate</Trans>
          </Button>
          <Button color="red" variant="light" onClick={confirmDelete} disabled={locked}>
            {block.kind === "standing" ? <Trans>Delete standing area</Trans> : <Trans>Delete block</Trans>}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

