import { ActionIcon, Alert, Badge, Button, Grid, Group, SegmentedControl, Stack, Tabs, Text, Title, Tooltip } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { SeatingEditMode, SeatingTab } from "../../../../../shared/enums";
import { addBlock, createSeatedBlock, createStandingBlock, duplicateBlock, nextBlockName, restoreBlocks, updateBlock } from "../../../../../shared/seating/editing";
import { blockSize } from "../../../../../shared/seating/geometry";
import type { StadiumType } from "../../../../../shared/seating/layout";
import { applySeats, applySeatsByBlock, EMPTY_SELECTION, rowSeatIndexes } from "../../../../../shared/seating/selection";
import { SeatingPlan, type PlanInteraction, type SeatingPlanHandle } from "../../../../components/SeatingPlan";
import { INACTIVE_COLOR } from "../../../../components/SeatingPlan/colors";
import { confirmLeave, setLeaveGuard } from "../../../../lib/leave-guard";
import { useTRPC } from "../../../../lib/trpc";
import { stadiumPaths } from "../shared";
import { RedoIcon, Swatch, UndoIcon } from "./bits";
import { CategoriesPanel } from "./CategoriesPanel";
import { SWATCHES } from "./fields";
import { LayoutPanel } from "./LayoutPanel";
import { placeFree, snapTo } from "./place-free";
import { SaveProblems } from "./SaveProblems";
import { TemplateFields } from "./TemplateFields";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { useSaveStadium } from "./use-save-stadium";
import { type StadiumDoc, useStadiumEditor } from "./use-stadium-editor";

/**
 * The stadium seating-plan editor (SPEC §2): name, comment and type; the plan with the LAYOUT
 * and CATEGORIES tabs; undo/redo; live capacity; the edit modes READONLY, FULL_EDIT and
 * LIMITED_EDIT; the unsaved-changes guard.
 */
export function EditorView({
  templateId,
  initial,
  initialVersion,
  editMode,
  soldSeatKeys,
}: {
  templateId: string | null;
  initial: StadiumDoc;
  initialVersion: number;
  editMode: SeatingEditMode;
  soldSeatKeys: readonly string[];
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const editor = useStadiumEditor(initial, editMode, soldSeatKeys);
  const { doc, readOnly } = editor;
  const { layout } = doc;
  const [version, setVersion] = useState(initialVersion);
  const [tab, setTab] = useState<SeatingTab>("LAYOUT");
  const [tool, setTool] = useState<PlanInteraction>(readOnly ? "view" : "move");
  const [selectedBlockId, setSelectedBlockId] = useState<string | null>(null);
  const [activeCategoryId, setActiveCategoryId] = useState<string | null>(null);
  const planRef = useRef<SeatingPlanHandle>(null);

  const saver = useSaveStadium({
    templateId,
    version,
    editor,
    onSaved: setVersion,
    onCreated: (id) => {
      setLeaveGuard(false);
      navigate(stadiumPaths.edit(id), { replace: true });
    },
  });

  const selectedBlock = useMemo(() => layout.blocks.find((b) => b.id === selectedBlockId) ?? null, [layout.blocks, selectedBlockId]);
  const refusedIds = useMemo(() => (saver.problem?.kind === "refused" ? saver.problem.blocks.map((b) => b.id) : []), [saver.problem]);

  // The unsaved-changes guard (SPEC §2: closing a form warns that entered data will be lost).
  useEffect(() => {
    setLeaveGuard(editor.isDirty && !readOnly);
  }, [editor.isDirty, readOnly]);
  useEffect(() => () => setLeaveGuard(false), []);

  useEditorShortcuts(!readOnly, { undo: editor.undo, redo: editor.redo, save: () => void saver.submit() });

  const changeTab = (value: string | null) => {
    if (value !== "LAYOUT" && value !== "CATEGORIES") return;
    setTab(value);
    if (value === "CATEGORIES" && tool === "move") setTool("select");
    if (value === "LAYOUT" && tool === "select" && !readOnly) setTool("move");
  };

  const addNewBlock = (kind: "seated" | "standing") => {
    const centre = planRef.current?.center() ?? { x: layout.width / 2, y: layout.height / 2 };
    const id = `b-${crypto.randomUUID().slice(0, 8)}`;
    const base = { id, name: nextBlockName(layout), x: 0, y: 0, color: SWATCHES[layout.blocks.length % SWATCHES.length]! };
    const block = kind === "seated" ? createSeatedBlock(base) : createStandingBlock(base);
    const size = blockSize(block);
    const placed = placeFree({ ...block, x: snapTo(centre.x - size.width / 2), y: snapTo(centre.y - size.height / 2) }, layout.blocks);
    if (editor.editLayout((l) => addBlock(l, placed))) {
      setSelectedBlockId(id);
      setTool("move");
    }
  };

  const duplicate = (sourceId: string) => {
    const id = `b-${crypto.randomUUID().slice(0, 8)}`;
    if (editor.editLayout((l) => duplicateBlock(l, sourceId, id))) setSelectedBlockId(id);
  };

  const selectBlock = (id: string | null) => {
    setSelectedBlockId(id);
    if (id) planRef.current?.zoomToBlock(id);
  };

  const { setSelection } = editor;
  const onSeatClick = useCallback(
    (seat: { blockId: string; row: number; seat: number }, modifiers: { shiftKey: boolean }) => {
      setSelectedBlockId(seat.blockId);
      if (readOnly) return;
      const block = layout.blocks.find((b) => b.id === seat.blockId);
      if (!block || block.kind !== "seated") return;
      const seats = modifiers.shiftKey ? rowSeatIndexes(block, seat.row) : [`${seat.row}:${seat.seat}`];
      setSelection((s) => applySeats(s, block.id, seats, "toggle"));
    },
    [layout.blocks, readOnly, setSelection],
  );

  const soldText = t`sold or reserved on an event`;
  const describeSeat = useCallback(
    (seat: { key: string; blockId: string; row: number; seat: number }, text: string) =>
      editor.sold.get(seat.blockId)?.has(`${seat.row}:${seat.seat}`) ? `${text}, ${soldText}` : text,
    [editor.sold, soldText],
  );

  const loadSaved = async (keepMine: boolean) => {
    if (!templateId) return;
    const fresh = await queryClient.fetchQuery({ ...trpc.stadiums.get.queryOptions({ id: templateId }), staleTime: 0 });
    setVersion(fresh.template.version);
    if (keepMine) await saver.submit(fresh.template.version);
    else {
      editor.reset(docOf(fresh.template));
      saver.clearProblem();
    }
  };

  const close = () => confirmLeave(i18n, () => navigate(stadiumPaths.list));
  const title = doc.name.trim() || (templateId ? t`Stadium` : t`New stadium`);
  const problem = saver.problem;
  const highlight = useMemo(
    () => ({ blockIds: refusedIds, categoryId: tab === "CATEGORIES" ? activeCategoryId : null }),
    [refusedIds, tab, activeCategoryId],
  );
  const toolOptions = [
    ...(tab === "LAYOUT" && !readOnly ? [{ value: "move", label: t`Move blocks` }] : []),
    ...(!readOnly ? [{ value: "select", label: t`Select seats` }] : []),
    { value: "view", label: t`Pan` },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {editMode === "READONLY" && <Badge color="gray">{t`Read only`}</Badge>}
          {editMode === "LIMITED_EDIT" && <Badge color="yellow">{t`Limited editing`}</Badge>}
          {editor.isDirty && !readOnly && (
            <Badge color="orange" variant="light" data-testid="unsaved-badge">
              {t`Unsaved changes`}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {!readOnly && (
            <>
              <Tooltip label={t`Undo (Ctrl+Z)`}>
                <ActionIcon variant="default" size="lg" aria-label={t`Undo`} disabled={!editor.canUndo} onClick={editor.undo}>
                  <UndoIcon />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t`Redo (Ctrl+Shift+Z)`}>
                <ActionIcon variant="default" size="lg" aria-label={t`Redo`} disabled={!editor.canRedo} onClick={editor.redo}>
                  <RedoIcon />
                </ActionIcon>
              </Tooltip>
              <Button onClick={() => void saver.submit()} loading={saver.saving} disabled={templateId !== null && !editor.isDirty}>
                {templateId ? <Trans>Save</Trans> : <Trans>Create stadium</Trans>}
              </Button>
            </>
          )}
          <Button variant="default" onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Group>

      {editMode === "READONLY" && (
        <Alert color="blue">
          <Trans>You may only view this seating plan. Changing stadium templates needs the right "update stadium template".</Trans>
        </Alert>
      )}
      {editMode === "LIMITED_EDIT" && (
        <Alert color="yellow" title={t`Tickets have been sold on this seating plan`}>
          <Trans>
            An event using this stadium has sold or reserved seats. You can still add blocks and change names, colours and the
            categories of unsold seats. Existing blocks keep their position, size and seats and cannot be deleted, and sold seats
            keep their category.
          </Trans>
        </Alert>
      )}

      <SaveProblems
        problem={problem}
        onLoadSaved={(keepMine) => void loadSaved(keepMine)}
        onRestoreBlocks={(ids) => {
          editor.editLayout((l) => restoreBlocks(l, editor.history.saved.layout, ids));
          saver.clearProblem();
        }}
        onShowBlock={selectBlock}
      />

      <TemplateFields editor={editor} fieldErrors={saver.fieldErrors} />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              {toolOptions.length > 1 ? (
                <SegmentedControl
                  size="xs"
                  aria-label={t`Tool`}
                  value={tool}
                  onChange={(v) => setTool(v as PlanInteraction)}
                  data={toolOptions}
                />
              ) : (
                <span />
              )}
              <Text size="xs" c="dimmed">
                {tool === "move" ? (
                  <Trans>Drag blocks to move them; drag empty space to pan.</Trans>
                ) : tool === "select" ? (
                  <Trans>Drag a rectangle to select seats; Alt+drag pans.</Trans>
                ) : (
                  <Trans>Drag to pan; wheel or pinch to zoom.</Trans>
                )}
              </Text>
            </Group>
            <SeatingPlan
              ref={planRef}
              layout={layout}
              label={t`Seating plan of ${title}`}
              seatState={editor.seatState}
              seatStateToken={editor.seatStateToken}
              colorBy={tab === "LAYOUT" ? "block" : "category"}
              interaction={tool}
              canMoveBlock={(id) => !editor.isBlockLocked(id)}
              onSeatClick={onSeatClick}
              onBlockClick={(id, modifiers) => {
                setSelectedBlockId(id);
                if (id === null && tool === "select" && !modifiers.shiftKey) setSelection(EMPTY_SELECTION);
              }}
              onSeatsSelected={(seats, modifiers) =>
                setSelection((s) => applySeatsByBlock(s, seats, modifiers.shiftKey || modifiers.ctrlKey ? "add" : "replace"))
              }
              onBlockMove={(id, x, y) => editor.editLayout((l) => updateBlock(l, id, { x, y }))}
              selectedBlockId={selectedBlockId}
              highlight={highlight}
              describeSeat={describeSeat}
              fitKey={templateId}
              height="clamp(360px, 62vh, 860px)"
            />
            {layout.blocks.length === 0 && (
              <Text size="sm" c="dimmed" ta="center">
                <Trans>The plan is empty. Add a seated block or a standing area to start.</Trans>
              </Text>
            )}
            <Group gap="md" wrap="wrap" aria-label={t`Legend`}>
              {tab === "CATEGORIES" && layout.categories.map((c) => <Swatch key={c.id} color={c.color} label={c.name} />)}
              {tab === "CATEGORIES" && <Swatch color="#868e96" label={t`No category`} />}
              <Swatch color={INACTIVE_COLOR} label={t`Deactivated seat`} inset />
              {editor.sold.size > 0 && <Swatch color="#212529" label={t`Sold or reserved on an event`} inset />}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Tabs value={tab} onChange={changeTab} keepMounted={false}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="LAYOUT">
                <Trans>Layout</Trans>
              </Tabs.Tab>
              <Tabs.Tab value="CATEGORIES">
                <Trans>Categories</Trans>
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="LAYOUT">
              <LayoutPanel
                editor={editor}
                selectedBlock={selectedBlock}
                onSelectBlock={selectBlock}
                onAddBlock={addNewBlock}
                onDuplicateBlock={duplicate}
              />
            </Tabs.Panel>
            <Tabs.Panel value="CATEGORIES">
              <CategoriesPanel
                editor={editor}
                selectedBlock={selectedBlock}
                activeCategoryId={activeCategoryId}
                onActiveCategoryChange={setActiveCategoryId}
              />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The editor's document from a template the server sent. */
export function docOf(template: { name: string; comment: string | null; type: StadiumType; layout: StadiumDoc["layout"] }): StadiumDoc {
  return { name: template.name, comment: template.comment ?? "", type: template.type, layout: template.layout };
}
