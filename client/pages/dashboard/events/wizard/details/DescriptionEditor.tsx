import { Stack, Text, Title } from "@mantine/core";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { ReactNode } from "react";

/** The event's description as rich text; reports "" for an empty editor. */
export function DescriptionEditor({
  initialHtml,
  onChange,
  error,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  error: ReactNode;
}) {
  const { t } = useLingui();
  const editor = useEditor({
    extensions: [
      // Only what the server's sanitiser keeps: no code, headings h2/h3.
      StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: false }),
      Link.configure({ openOnClick: false }),
    ],
    content: initialHtml,
    editorProps: { attributes: { "aria-label": t`Description`, "aria-multiline": "true", role: "textbox" } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h4">
          <Trans>Description</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Tell visitors what to expect. Links open in a new tab.</Trans>
        </Text>
      </div>
      <RichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: t`Bold`,
          italicControlLabel: t`Italic`,
          underlineControlLabel: t`Underline`,
          strikeControlLabel: t`Strikethrough`,
          h2ControlLabel: t`Heading 2`,
          h3ControlLabel: t`Heading 3`,
          bulletListControlLabel: t`Bullet list`,
          orderedListControlLabel: t`Numbered list`,
          linkControlLabel: t`Link`,
          unlinkControlLabel: t`Remove link`,
          blockquoteControlLabel: t`Quote`,
          linkEditorInputLabel: t`Link address`,
          linkEditorInputPlaceholder: t`https://example.com`,
          linkEditorExternalLink: t`Open the link in a new tab`,
          linkEditorInternalLink: t`Open the link in the same tab`,
          linkEditorSave: t`Save`,
        }}
      >
        <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-offset, 0px)">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} />
      </RichTextEditor>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
