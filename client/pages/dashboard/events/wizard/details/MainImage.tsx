import { AspectRatio, Button, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import type { FileRejection } from "@mantine/dropzone";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { ErrorList, ImageDropzone, imageUrl, RECOMMENDED, type Size, uploadEventImage, useUploadMessages } from "./uploads";

/** The main image: upload, a 2:1 preview of how it is cropped, its size and the recommendation. */
export function MainImage({
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
