import { Paper, Select, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { STADIUM_TYPES, type StadiumType } from "../../../../../shared/seating/layout";
import { useStadiumTypeLabels } from "../shared";
import { Stat } from "./bits";
import type { useSaveStadium } from "./use-save-stadium";
import type { StadiumEditorState } from "./use-stadium-editor";

/** The template's name, type and comment, and its live capacity. */
export function TemplateFields({
  editor,
  fieldErrors,
}: {
  editor: StadiumEditorState;
  fieldErrors: ReturnType<typeof useSaveStadium>["fieldErrors"];
}) {
  const { t, i18n } = useLingui();
  const typeLabels = useStadiumTypeLabels();
  const number = (n: number) => new Intl.NumberFormat(i18n.locale).format(n);
  const { doc, readOnly } = editor;
  return (
    <>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextInput
            label={t`Name`}
            required
            maxLength={60}
            value={doc.name}
            disabled={readOnly}
            error={fieldErrors.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              editor.edit((d) => ({ ...d, name }), { key: "name" });
            }}
          />
          <Select
            label={t`Type`}
            value={doc.type}
            disabled={readOnly}
            allowDeselect={false}
            data={STADIUM_TYPES.map((type) => ({ value: type, label: typeLabels[type] }))}
            onChange={(v) => v && editor.edit((d) => ({ ...d, type: v as StadiumType }))}
          />
          <Textarea
            label={t`Comment`}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={500}
            value={doc.comment}
            disabled={readOnly}
            error={fieldErrors.comment}
            onChange={(e) => {
              const comment = e.currentTarget.value;
              editor.edit((d) => ({ ...d, comment }), { key: "comment" });
            }}
          />
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={3} spacing="xs">
        <Stat label={<Trans>Capacity</Trans>} value={number(editor.capacity.total)} testId="capacity-total" />
        <Stat label={<Trans>Fixed seats</Trans>} value={number(editor.capacity.fixed)} testId="capacity-fixed" />
        <Stat label={<Trans>Free seating</Trans>} value={number(editor.capacity.free)} testId="capacity-free" />
      </SimpleGrid>
    </>
  );
}
