import { ActionIcon, AspectRatio, Group, Image, Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { FileRejection } from "@mantine/dropzone";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { MAX_MEDIA_IMAGES } from "../../../../../../shared/schemas/events";
import { ErrorList, ImageDropzone, imageUrl, type Size, uploadEventImage, useUploadMessages } from "./uploads";

/** Up to MAX_MEDIA_IMAGES further images, as a grid of removable thumbnails. */
export function MediaImages({
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
