import {
  ActionIcon,
  Alert,
  AspectRatio,
  Button,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Dropzone, type FileRejection, MIME_TYPES } from "@mantine/dropzone";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useState } from "react";
import { youtubeEmbedUrl } from "../../../../../shared/rules/youtube";
import { MAX_FAQ, MAX_MEDIA_IMAGES, ZEventDetails } from "../../../../../shared/schemas/events";
import { useZodForm } from "../../../../hooks/use-zod-form";
import { describeError, translateFieldMessage } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { UploadError, uploadImage } from "../../../../lib/upload";
import { useTRPC } from "../../../../lib/trpc";
import { StepActions, wantsClose } from "./StepActions";
import type { EventDetail, StepProps } from "./types";

/** SPEC §9: the event image is a JPEG or PNG of at most 10 MB, ideally 2160x1080 (2:1). */
const UPLOAD_URL = "/api/uploads/event-image";
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const RECOMMENDED = { width: 2160, height: 1080 };
const ACCEPTED_TYPES = [MIME_TYPES.jpeg, MIME_TYPES.png];

type Size = { width: number; height: number };

const imageUrl = (id: string) => `/uploads/${id}`;
const uploadEventImage = (file: File) => uploadImage(UPLOAD_URL, file);

/** Translated reasons for failed uploads and for files the dropzone refused. */
function useUploadMessages() {
  const { t, i18n } = useLingui();
  const describeUploadError = (error: unknown): string => {
    const code = error instanceof UploadError ? error.code : "INTERNAL";
    if (code === "NETWORK") return t`No response received from the server.`;
    const text = translateFieldMessage(i18n, code);
    return text === code ? t`An unknown error occurred.` : text;
  };
  const describeRejection = (rejection: FileRejection): string => {
    const name = rejection.file.name;
    const codes = rejection.errors.map((e) => e.code);
    let reason = t`This file cannot be used.`;
    if (codes.includes("file-invalid-type")) reason = t`Only JPEG and PNG images are accepted.`;
    else if (codes.includes("file-too-large")) reason = t`The file is larger than 10 MB.`;
    else if (codes.includes("too-many-files")) reason = t`Please choose one image at a time.`;
    return t`${name}: ${reason}`;
  };
  return { describeUploadError, describeRejection };
}

function ImageDropzone({
  multiple,
  loading,
  label,
  onSelect,
}: {
  multiple: boolean;
  loading: boolean;
  label: string;
  /** Accepted files and refused ones of one drop or pick, together. */
  onSelect: (files: File[], rejections: FileRejection[]) => void;
}) {
  return (
    <Dropzone
      // onDropAny sees accepted and refused files of a drop at once; onDrop would only see half.
      onDropAny={onSelect}
      onDrop={() => {}}
      accept={ACCEPTED_TYPES}
      maxSize={MAX_IMAGE_BYTES}
      multiple={multiple}
      loading={loading}
      role="button"
      aria-label={label}
      aria-busy={loading}
    >
      <Stack align="center" justify="center" gap={4} mih={120} style={{ pointerEvents: "none" }}>
        <Dropzone.Accept>
          <Text fw={500}>{multiple ? <Trans>Drop the images here</Trans> : <Trans>Drop the image here</Trans>}</Text>
        </Dropzone.Accept>
        <Dropzone.Reject>
          <Text fw={500} c="red">
            <Trans>Only JPEG or PNG images up to 10 MB</Trans>
          </Text>
        </Dropzone.Reject>
        <Dropzone.Idle>
          <Text fw={500}>
            {multiple ? (
              <Trans>Drag images here or click to choose files</Trans>
            ) : (
              <Trans>Drag an image here or click to choose a file</Trans>
            )}
          </Text>
        </Dropzone.Idle>
        <Text size="sm" c="dimmed" ta="center">
          <Trans>JPEG or PNG, up to 10 MB</Trans>
        </Text>
      </Stack>
    </Dropzone>
  );
}

function ErrorList({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" role="alert">
      <Stack gap={2}>
        {errors.map((error, i) => (
          <Text key={i} size="sm">
            {error}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** The main image: upload, a 2:1 preview of how it is cropped, its size and the recommendation. */
function MainImage({
  imageId,
  error,
  onChange,
  onBusyChange,
}: {
  imageId: string | null;
  error: ReactNode;
  onChange: (id: string | null) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  const { describeUploadError, describeRejection } = useUploadMessages();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [sizes, setSizes] = useState<Record<string, Size>>({});
  const size = imageId ? sizes[imageId] : undefined;

  const upload = async (files: File[], rejections: FileRejection[]) => {
    setErrors(rejections.map(describeRejection));
    const file = files[0];
    if (!file) return;
    setBusy(true);
    onBusyChange(true);
    try {
      const uploaded = await uploadEventImage(file);
      setSizes((s) => ({ ...s, [uploaded.id]: { width: uploaded.width, height: uploaded.height } }));
      onChange(uploaded.id);
    } catch (err) {
      const name = file.name;
      const reason = describeUploadError(err);
      setErrors([t`${name}: ${reason}`]);
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  const isSmall = size !== undefined && (size.width < RECOMMENDED.width || size.height < RECOMMENDED.height);
  const width = size?.width ?? 0;
  const height = size?.height ?? 0;

  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h4">
          <Trans>Main image</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Shown at the top of the event page. JPEG or PNG, up to 10 MB; recommended 2160x1080 pixels (2:1). The preview
            shows how the image is cropped.
          </Trans>
        </Text>
      </div>
      {imageId ? (
        <Paper withBorder p="xs" maw={640}>
          <Stack gap="xs">
            <AspectRatio ratio={2}>
              <Image
                src={imageUrl(imageId)}
                alt={t`Main image preview`}
                fit="cover"
                radius="sm"
                onLoad={(e) => {
                  const img = e.currentTarget;
                  if (!sizes[imageId]) setSizes((s) => ({ ...s, [imageId]: { width: img.naturalWidth, height: img.naturalHeight } }));
                }}
              />
            </AspectRatio>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">{size ? <Trans>{width} x {height} pixels</Trans> : <Trans>Loading image…</Trans>}</Text>
              <Button variant="light" color="red" size="xs" onClick={() => onChange(null)}>
                <Trans>Remove image</Trans>
              </Button>
            </Group>
            {isSmall && (
              <Text size="sm" c="orange.8">
                <Trans>
                  This image is smaller than the recommended 2160x1080 pixels and may look blurry on large screens.
                </Trans>
              </Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <ImageDropzone
          multiple={false}
          loading={busy}
          label={t`Upload the main image`}
          onSelect={(files, rejections) => void upload(files, rejections)}
        />
      )}
      {busy && (
        <Text size="sm" aria-live="polite">
          <Trans>Uploading…</Trans>
        </Text>
      )}
      <ErrorList errors={errors} />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Up to MAX_MEDIA_IMAGES further images, as a grid of removable thumbnails. */
function MediaImages({
  ids,
  error,
  onAdd,
  onRemove,
  onBusyChange,
}: {
  ids: string[];
  error: ReactNode;
  onAdd: (id: string) => void;
  onRemove: (index: number) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  const { describeUploadError, describeRejection } = useUploadMessages();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [sizes, setSizes] = useState<Record<string, Size>>({});
  const remaining = MAX_MEDIA_IMAGES - ids.length;
  const count = ids.length;
  const max = MAX_MEDIA_IMAGES;

  const upload = async (files: File[], rejections: FileRejection[]) => {
    const accepted = files.slice(0, Math.max(0, remaining));
    const skipped = files.length - accepted.length;
    const failures = rejections.map(describeRejection);
    if (skipped > 0) failures.push(t`Only ${max} media images are allowed; ${skipped} file(s) were not uploaded.`);
    setErrors(failures);
    if (accepted.length === 0) return;
    setProgress({ done: 0, total: accepted.length });
    onBusyChange(true);
    // One after the other, so the images keep the order they were chosen in.
    for (const [i, file] of accepted.entries()) {
      try {
        const uploaded = await uploadEventImage(file);
        setSizes((s) => ({ ...s, [uploaded.id]: { width: uploaded.width, height: uploaded.height } }));
        onAdd(uploaded.id);
      } catch (err) {
        const name = file.name;
        const reason = describeUploadError(err);
        failures.push(t`${name}: ${reason}`);
        setErrors([...failures]);
      }
      setProgress({ done: i + 1, total: accepted.length });
    }
    setProgress(null);
    onBusyChange(false);
  };

  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;

  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h4">
          <Trans>Media images</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Up to {max} more images for the gallery of the event page ({count} of {max} used).
          </Trans>
        </Text>
      </div>
      {ids.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {ids.map((id, index) => {
            const size = sizes[id];
            const position = index + 1;
            const width = size?.width ?? 0;
            const height = size?.height ?? 0;
            return (
              <Paper key={id} withBorder p={6} pos="relative">
                <AspectRatio ratio={4 / 3}>
                  <Image
                    src={imageUrl(id)}
                    alt={t`Media image ${position}`}
                    fit="cover"
                    radius="sm"
                    onLoad={(e) => {
                      const img = e.currentTarget;
                      if (!sizes[id]) setSizes((s) => ({ ...s, [id]: { width: img.naturalWidth, height: img.naturalHeight } }));
                    }}
                  />
                </AspectRatio>
                <Group justify="space-between" gap={4} mt={6} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {size && <Trans>{width} x {height}</Trans>}
                  </Text>
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="sm"
                    aria-label={t`Remove media image ${position}`}
                    title={t`Remove media image ${position}`}
                    onClick={() => onRemove(index)}
                  >
                    <span aria-hidden="true">✕</span>
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {remaining > 0 || progress ? (
        <ImageDropzone
          multiple
          loading={progress !== null}
          label={t`Upload media images`}
          onSelect={(files, rejections) => void upload(files, rejections)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>The maximum of {max} media images is reached. Remove one to add another.</Trans>
        </Text>
      )}
      {progress && (
        <Stack gap={4} maw={360} aria-live="polite">
          <Text size="sm">
            <Trans>
              Uploading {done} of {total}…
            </Trans>
          </Text>
          <Progress value={(done / total) * 100} aria-label={t`Upload progress`} />
        </Stack>
      )}
      <ErrorList errors={errors} />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Step 2 of the event (or season) form: images, video, description and FAQ. */
export function Step2Details(props: StepProps) {
  if (!props.detail) {
    return (
      <Alert color="yellow">
        <Trans>Save the event data in the first step before adding details.</Trans>
      </Alert>
    );
  }
  return <DetailsForm {...props} detail={props.detail} />;
}

function DetailsForm({ detail, onDirtyChange, onSaved, onBack }: StepProps & { detail: EventDetail }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const { event } = detail;
  const [busyUploads, setBusyUploads] = useState(0);
  const form = useZodForm(ZEventDetails, {
    initialValues: {
      imageId: event.imageId ?? null,
      mediaImageIds: event.mediaImageIds ?? [],
      youtubeUrl: event.youtubeUrl ?? "",
      descriptionHtml: event.descriptionHtml ?? "",
      faq: event.faq ?? [],
    },
    validateInputOnBlur: ["youtubeUrl"],
  });
  const values = form.getValues();

  const editor = useEditor({
    extensions: [
      // Only what the server's sanitiser keeps: no code, headings h2/h3.
      StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: false }),
      Link.configure({ openOnClick: false }),
    ],
    content: event.descriptionHtml ?? "",
    editorProps: { attributes: { "aria-label": t`Description`, "aria-multiline": "true", role: "textbox" } },
    onUpdate: ({ editor: e }) => form.setFieldValue("descriptionHtml", e.isEmpty ? "" : e.getHTML()),
  });

  const dirty = form.isDirty() || busyUploads > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const trackBusy = (busy: boolean) => setBusyUploads((n) => Math.max(0, n + (busy ? 1 : -1)));

  const save = useMutation(trpc.events.saveDetails.mutationOptions());

  const submit = form.onSubmit((submitted, formEvent) => {
    const close = wantsClose(formEvent);
    save.mutate(
      { id: event.id, ...submitted, descriptionHtml: submitted.descriptionHtml || null },
      {
        onSuccess: () => {
          form.resetDirty(submitted);
          onDirtyChange(false);
          onSaved({ eventId: event.id, close });
        },
        onError: (error) => {
          if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
        },
      },
    );
  });

  const embedUrl = values.youtubeUrl ? youtubeEmbedUrl(values.youtubeUrl) : null;
  const faq = values.faq ?? [];
  const mediaImageIds = values.mediaImageIds ?? [];
  const maxFaq = MAX_FAQ;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xl">
        <MainImage
          imageId={values.imageId ?? null}
          error={form.errors.imageId}
          onChange={(id) => form.setFieldValue("imageId", id)}
          onBusyChange={trackBusy}
        />

        <MediaImages
          ids={mediaImageIds}
          error={form.errors.mediaImageIds}
          onAdd={(id) => form.insertListItem("mediaImageIds", id)}
          onRemove={(index) => form.removeListItem("mediaImageIds", index)}
          onBusyChange={trackBusy}
        />

        <Stack gap="xs">
          <Title order={3} size="h4">
            <Trans>Video</Trans>
          </Title>
          <TextInput
            label={t`YouTube link`}
            description={t`Only YouTube links are accepted, e.g. https://www.youtube.com/watch?v=…`}
            type="url"
            inputMode="url"
            autoComplete="off"
            {...form.getInputProps("youtubeUrl")}
          />
          {embedUrl && (
            <AspectRatio ratio={16 / 9} maw={640}>
              <iframe
                src={embedUrl}
                title={t`Preview of the YouTube video`}
                style={{ border: 0 }}
                loading="lazy"
                referrerPolicy="strict-origin-when-cross-origin"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            </AspectRatio>
          )}
        </Stack>

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
          {form.errors.descriptionHtml && (
            <Text size="sm" c="red" role="alert">
              {form.errors.descriptionHtml}
            </Text>
          )}
        </Stack>

        <Stack gap="sm">
          <div>
            <Title order={3} size="h4">
              <Trans>Frequently asked questions</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>Answer common questions of visitors (up to {maxFaq}).</Trans>
            </Text>
          </div>
          {faq.length === 0 && (
            <Text size="sm" c="dimmed">
              <Trans>No questions yet.</Trans>
            </Text>
          )}
          {faq.map((_, index) => {
            const position = index + 1;
            return (
              <Paper key={index} withBorder p="sm">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text fw={500} size="sm">
                      <Trans>Question {position}</Trans>
                    </Text>
                    <Button variant="subtle" color="red" size="xs" onClick={() => form.removeListItem("faq", index)}>
                      <Trans>Remove question {position}</Trans>
                    </Button>
                  </Group>
                  <TextInput label={t`Question`} required {...form.getInputProps(`faq.${index}.question`)} />
                  <Textarea label={t`Answer`} required autosize minRows={2} maxRows={8} {...form.getInputProps(`faq.${index}.answer`)} />
                </Stack>
              </Paper>
            );
          })}
          {form.errors.faq && (
            <Text size="sm" c="red" role="alert">
              {form.errors.faq}
            </Text>
          )}
          <div>
            <Button
              variant="light"
              onClick={() => form.insertListItem("faq", { question: "", answer: "" })}
              disabled={faq.length >= MAX_FAQ}
            >
              <Trans>Add question</Trans>
            </Button>
          </div>
        </Stack>

        <StepActions onBack={onBack} loading={save.isPending || busyUploads > 0} />
      </Stack>
    </form>
  );
}
