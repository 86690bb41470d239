import { ActionIcon, Alert, Badge, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  addCategory,
  assignCategory,
  removeCategory,
  setBlockCategory,
  updateCategory,
} from "../../../../../shared/seating/editing";
import { MAX_CATEGORIES, type SeatingBlock } from "../../../../../shared/seating/layout";
import { selectionSize } from "../../../../../shared/seating/selection";
import { ColorField, SWATCHES } from "./fields";
import { SeatTools } from "./LayoutPanel";
import type { StadiumEditorState } from "./use-stadium-editor";

function newCategoryId(): string {
  return `c-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * The CATEGORIES tab: define categories (name, colour), see their capacity live, and assign
 * them to blocks, rows or single seats. A category without places shows SPEC §8's
 * "Not enough tickets".
 */
export function CategoriesPanel({
  editor,
  selectedBlock,
  activeCategoryId,
  onActiveCategoryChange,
}: {
  editor: StadiumEditorState;
  selectedBlock: SeatingBlock | null;
  activeCategoryId: string | null;
  onActiveCategoryChange: (id: string | null) => void;
}) {
  const { t, i18n } = useLingui();
  const { layout } = editor.doc;
  const readOnly = editor.readOnly;
  const byCategory = editor.capacity.byCategory;
  const uncategorised = byCategory[""] ?? 0;
  const selected = selectionSize(editor.selection);
  const number = (n: number) => new Intl.NumberFormat(i18n.locale).format(n);
  const active = layout.categories.find((c) => c.id === activeCategoryId) ?? null;

  const add = () => {
    const id = newCategoryId();
    const n = layout.categories.length + 1;
    const color = SWATCHES[(n - 1) % SWATCHES.length]!;
    if (editor.editLayout((l) => addCategory(l, { id, name: t`Category ${n}`, color }))) onActiveCategoryChange(id);
  };

  const confirmRemove = (id: string, name: string, places: number) => {
    const remove = () => {
      if (editor.editLayout((l) => removeCategory(l, id)) && activeCategoryId === id) onActiveCategoryChange(null);
    };
    if (places === 0) return remove();
    modals.openConfirmModal({
      title: t`Delete category "${name}"?`,
      children: t`Its places fall back to their row's or block's category, or have none.`,
      labels: { confirm: t`Delete`, cancel: t`Keep` },
      confirmProps: { color: "red" },
      onConfirm: remove,
    });
  };

  const blockName = selectedBlock?.name ?? "";
  const activeName = active?.name ?? "";

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={4} size="h5">
          <Trans>Categories</Trans>
        </Title>
        {!readOnly && (
          <Button size="compact-sm" onClick={add} disabled={layout.categories.length >= MAX_CATEGORIES}>
            <Trans>Add category</Trans>
          </Button>
        )}
      </Group>
      {layout.categories.length === 0 && (
        <Alert color="blue" p="sm">
          <Trans>Add categories (for example "Parkett" or "Rang") and assign them to blocks, rows or seats. Tickets are sold per category.</Trans>
        </Alert>
      )}
      <Radio.Group value={activeCategoryId ?? ""} onChange={(v) => onActiveCategoryChange(v || null)} aria-label={t`Category to assign and highlight`}>
        <Stack gap="xs">
          {layout.categories.map((category) => {
            const places = byCategory[category.id] ?? 0;
            const name = category.name;
            return (
              <Paper
                key={category.id}
                withBorder
                p="xs"
                data-testid="category-row"
                style={category.id === activeCategoryId ? { borderColor: "var(--mantine-color-blue-6)" } : undefined}
              >
                <Stack gap={6}>
                  <Group gap="xs" wrap="nowrap">
                    <Radio value={category.id} aria-label={t`Choose ${name}`} />
                    <TextInput
                      aria-label={t`Name of the category`}
                      value={category.name}
                      maxLength={60}
                      disabled={readOnly}
                      error={category.name.trim() === ""}
                      style={{ flex: 1, minWidth: 0 }}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        editor.editLayout((l) => updateCategory(l, category.id, { name: value }), { key: `category:${category.id}:name` });
                      }}
                    />
                    {!readOnly && (
                      <ActionIcon variant="subtle" color="red" aria-label={t`Delete category ${name}`} onClick={() => confirmRemove(category.id, name, places)}>
                        ×
                      </ActionIcon>
                    )}
                  </Group>
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <ColorField
                      ariaLabel={t`Colour of ${name}`}
                      value={category.color}
                      disabled={readOnly}
                      w={132}
                      onCommit={(color) => editor.editLayout((l) => updateCategory(l, category.id, { color }), { key: `category:${category.id}:color` })}
                    />
                    <Badge variant="light" color={places > 0 ? "blue" : "red"}>
                      <Plural value={places} one="# place" other="# places" />
                    </Badge>
                  </Group>
                  {places === 0 && (
                    <Text size="xs" c="red" role="alert">
                      <Trans>Not enough tickets: no seats or places are assigned to this category.</Trans>
                    </Text>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      </Radio.Group>
      {uncategorised > 0 && layout.categories.length > 0 && (
        <Alert color="yellow" p="xs">
          <Text size="sm">
            <Plural
              value={uncategorised}
              one="# place has no category yet and cannot be sold."
              other="# places have no category yet and cannot be sold."
            />
          </Text>
        </Alert>
      )}
      {!readOnly && layout.categories.length > 0 && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {active ? t`Assign "${activeName}"` : <Trans>Choose a category above to assign it</Trans>}
            </Text>
            <Group gap="xs">
              <Button
                size="compact-sm"
                disabled={!active || selected === 0}
                onClick={() => active && editor.editLayout((l) => assignCategory(l, editor.selection, active.id))}
              >
                <Plural value={selected} one="To the selected seat" other="To # selected seats" />
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                disabled={!active || !selectedBlock}
                onClick={() => active && selectedBlock && editor.editLayout((l) => setBlockCategory(l, selectedBlock.id, active.id))}
              >
                {selectedBlock ? t`To all of ${blockName}` : <Trans>To a whole block</Trans>}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                disabled={selected === 0}
                onClick={() => editor.editLayout((l) => assignCategory(l, editor.selection, null))}
              >
                <Trans>Reset to the block's category</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <SeatTools editor={editor} block={selectedBlock?.kind === "seated" ? selectedBlock : null} allowActivation={false} />
      {!readOnly && (
        <Text size="xs" c="dimmed">
          <Trans>Tip: the chosen category stands out on the plan; seats of other categories are drawn paler.</Trans>
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t`Places in categories: ${number(editor.capacity.total - uncategorised)} of ${number(editor.capacity.total)}`}
      </Text>
    </Stack>
  );
}
