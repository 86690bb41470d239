import { Button, Divider, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { layoutBounds } from "../../../../../shared/seating/geometry";
import { setSeatsActive } from "../../../../../shared/seating/editing";
import type { SeatedBlock, SeatingBlock } from "../../../../../shared/seating/layout";
import { applySeats, blockSeatIndexes, EMPTY_SELECTION, rowSeatIndexes, selectionSize } from "../../../../../shared/seating/selection";
import { BackgroundImage } from "./BackgroundImage";
import { BlockForm, rowOptions } from "./BlockForm";
import { IntField } from "./fields";
import type { StadiumEditorState } from "./use-stadium-editor";

/** Selecting seats by row or block, and (de)activating the selection. */
export function SeatTools({ editor, block, allowActivation }: { editor: StadiumEditorState; block: SeatedBlock | null; allowActivation: boolean }) {
  const { t } = useLingui();
  const [row, setRow] = useState<string | null>(null);
  const count = selectionSize(editor.selection);
  const lockedInSelection = [...editor.selection.keys()].some((id) => editor.isBlockLocked(id));
  const name = block?.name ?? "";
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            <Trans>Seat selection</Trans>
          </Text>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="selection-count">
            <Plural value={count} one="# seat selected" other="# seats selected" />
          </Text>
        </Group>
        {block && (
          <Group gap="xs" align="center">
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => editor.setSelection((s) => applySeats(s, block.id, blockSeatIndexes(block), "add"))}
            >
              {t`Whole block ${name}`}
            </Button>
            <Select
              aria-label={t`Row`}
              placeholder={t`Row`}
              data={rowOptions(block)}
              value={row}
              onChange={setRow}
              searchable
              size="xs"
              w={80}
            />
            <Button
              variant="default"
              size="compact-sm"
              disabled={row === null}
              onClick={() => row !== null && editor.setSelection((s) => applySeats(s, block.id, rowSeatIndexes(block, Number(row)), "toggle"))}
            >
              <Trans>Select row</Trans>
            </Button>
          </Group>
        )}
        <Group gap="xs">
          {allowActivation && (
            <>
              <Button
                size="compact-sm"
                color="gray"
                disabled={count === 0 || lockedInSelection || editor.readOnly}
                onClick={() => editor.editLayout((l) => setSeatsActive(l, editor.selection, false))}
              >
                <Trans>Deactivate</Trans>
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                disabled={count === 0 || lockedInSelection || editor.readOnly}
                onClick={() => editor.editLayout((l) => setSeatsActive(l, editor.selection, true))}
              >
                <Trans>Activate</Trans>
              </Button>
            </>
          )}
          <Button size="compact-sm" variant="subtle" disabled={count === 0} onClick={() => editor.setSelection(EMPTY_SELECTION)}>
            <Trans>Clear selection</Trans>
          </Button>
        </Group>
        {allowActivation && lockedInSelection && (
          <Text size="xs" c="orange">
            <Trans>Seats of blocks with sold tickets cannot be activated or deactivated.</Trans>
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <Trans>
            Click seats to select them; Shift+click selects a whole row. With the "Select seats" tool, drag a rectangle over the plan
            (hold Shift to add to the selection).
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

/** The LAYOUT tab: blocks (add, choose, edit), seat activation, plan size and venue image. */
export function LayoutPanel({
  editor,
  selectedBlock,
  onSelectBlock,
  onAddBlock,
  onDuplicateBlock,
}: {
  editor: StadiumEditorState;
  selectedBlock: SeatingBlock | null;
  onSelectBlock: (id: string | null) => void;
  onAddBlock: (kind: "seated" | "standing") => void;
  onDuplicateBlock: (id: string) => void;
}) {
  const { t } = useLingui();
  const { layout } = editor.doc;
  const readOnly = editor.readOnly;
  const fitToBlocks = () =>
    editor.editLayout((l) => {
      const b = layoutBounds({ ...l, width: 1, height: 1 });
      const width = Math.max(100, Math.ceil(b.x + b.width + 50));
      const height = Math.max(100, Math.ceil(b.y + b.height + 50));
      return width === l.width && height === l.height ? l : { ...l, width, height };
    });

  return (
    <Stack gap="md">
      {!readOnly && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Button onClick={() => onAddBlock("seated")}>
            <Trans>Add seated block</Trans>
          </Button>
          <Button variant="light" onClick={() => onAddBlock("standing")}>
            <Trans>Add standing area</Trans>
          </Button>
        </SimpleGrid>
      )}
      <Select
        label={t`Block`}
        placeholder={layout.blocks.length ? t`Choose a block` : t`No blocks yet`}
        searchable
        clearable
        nothingFoundMessage={t`No block of that name`}
        data={layout.blocks.map((b) => ({
          value: b.id,
          label: b.kind === "standing" ? t`${b.name} (standing)` : b.name,
        }))}
        value={selectedBlock?.id ?? null}
        onChange={onSelectBlock}
      />
      {selectedBlock ? (
        <BlockForm
          key={selectedBlock.id}
          block={selectedBlock}
          editor={editor}
          onDuplicate={() => onDuplicateBlock(selectedBlock.id)}
          onDeleted={() => onSelectBlock(null)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Select a block on the plan or in the list to edit it.</Trans>
        </Text>
      )}
      <SeatTools editor={editor} block={selectedBlock?.kind === "seated" ? selectedBlock : null} allowActivation />
      <Divider />
      <Title order={4} size="h5">
        <Trans>Plan size</Trans>
      </Title>
      <SimpleGrid cols={2}>
        <IntField
          label={t`Plan width`}
          value={layout.width}
          min={1}
          max={200_000}
          disabled={readOnly}
          commitOnBlur
          onCommit={(width) => editor.editLayout((l) => ({ ...l, width }))}
        />
        <IntField
          label={t`Plan height`}
          value={layout.height}
          min={1}
          max={200_000}
          disabled={readOnly}
          commitOnBlur
          onCommit={(height) => editor.editLayout((l) => ({ ...l, height }))}
        />
      </SimpleGrid>
      {!readOnly && (
        <Button variant="default" size="compact-sm" onClick={fitToBlocks} style={{ alignSelf: "flex-start" }}>
          <Trans>Fit the plan to its blocks</Trans>
        </Button>
      )}
      <BackgroundImage
        uploadId={layout.backgroundUploadId}
        disabled={readOnly}
        onChange={(backgroundUploadId) => editor.editLayout((l) => ({ ...l, backgroundUploadId }))}
      />
    </Stack>
  );
}
