import { Alert, Button, Group, Image, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection, MIME_TYPES } from "@mantine/dropzone";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { IMAGE_PIXEL_LIMITS } from "../../../../../shared/limits";
import { UploadError, uploadImage } from "../../../../lib/upload";

/** SPEC §9: the stadium image is a JPG, PNG or SVG of at least 2000x2000 px and at most 5 MB. */
const UPLOAD_URL = "/api/uploads/stadium-image";
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = IMAGE_PIXEL_LIMITS.stadium_image.maxWidth;
const ACCEPTED = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.svg];

const uploadStadiumImage = (file: File) => uploadImage(UPLOAD_URL, file);

/** The venue image shown under the plan: upload, preview, remove. */
export function BackgroundImage({
  uploadId,
  disabled,
  onChange,
}: {
  uploadId: string | null;
  disabled: boolean;
  onChange: (id: string | null) => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reasonOf = (code: string): string => {
    if (code === "NETWORK") return t`No response received from the server.`;
    if (code === "UPLOAD_TOO_LARGE") return t`The file is larger than 5 MB.`;
    if (code === "INVALID_UPLOAD") return t`The image must be a JPG, PNG or SVG file of at least 2000 x 2000 pixels.`;
    if (code === "IMAGE_TOO_LARGE") return t`The image has too many pixels: at most ${MAX_SIDE} x ${MAX_SIDE}. Please scale it down.`;
    if (code === "FORBIDDEN") return t`You do not have permission to do this.`;
    return t`An unknown error occurred.`;
  };
  const rejectionText = (rejection: FileRejection): string => {
    const name = rejection.file.name;
    const codes = rejection.errors.map((e) => e.code);
    const reason = codes.includes("file-too-large")
      ? t`The file is larger than 5 MB.`
      : codes.includes("file-invalid-type")
        ? t`Only JPG, PNG and SVG images are accepted.`
        : t`This file cannot be used.`;
    return t`${name}: ${reason}`;
  };

  const upload = async (files: File[], rejections: FileRejection[]) => {
    setError(rejections[0] ? rejectionText(rejections[0]) : null);
    const file = files[0];
    if (!file) return;
    setBusy(true);
    try {
      const uploaded = await uploadStadiumImage(file);
      onChange(uploaded.id);
    } catch (err) {
      const name = file.name;
      const reason = reasonOf(err instanceof UploadError ? err.code : "INTERNAL");
      setError(t`${name}: ${reason}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        <Trans>Venue image</Trans>
      </Text>
      {uploadId && (
        <Group align="flex-start" wrap="nowrap">
          <Image src={`/uploads/${uploadId}`} alt={t`Venue image`} h={96} w={96} fit="contain" radius="sm" bg="gray.1" />
          {!disabled && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange(null)}>
              <Trans>Remove image</Trans>
            </Button>
          )}
        </Group>
      )}
      {!disabled && (
        <Dropzone
          onDropAny={upload}
          onDrop={() => {}}
          accept={ACCEPTED}
          maxSize={MAX_BYTES}
          multiple={false}
          loading={busy}
          role="button"
          aria-label={uploadId ? t`Replace the venue image` : t`Upload a venue image`}
          aria-busy={busy}
          p="sm"
        >
          <Stack align="center" gap={2} style={{ pointerEvents: "none" }}>
            <Text size="sm" fw={500} ta="center">
              {uploadId ? <Trans>Drop a new image here or click to replace it</Trans> : <Trans>Drop an image here or click to choose one</Trans>}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              <Trans>JPG, PNG or SVG, at least 2000 x 2000 pixels, up to 5 MB. It is shown under the plan.</Trans>
            </Text>
          </Stack>
        </Dropzone>
      )}
      {error && (
        <Alert color="red" p="xs" role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      )}
    </Stack>
  );
}
